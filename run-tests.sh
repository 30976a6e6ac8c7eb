#!/usr/bin/env bash
# Runs every test of every module on the devices this machine has (jvm always; OpenCL on PoCL; CUDA when a
# GPU is present). Installs the OpenCL runtime first (setup-tornado.sh), chromium for the timeline chart's
# screenshot test (scripts/setup-chromium.sh) and PostgreSQL's server for the cluster tests
# (scripts/install-postgresql.sh). Extra arguments go to Maven.
set -euo pipefail
cd "$(dirname "$0")"
./setup-tornado.sh --no-build
scripts/setup-chromium.sh
scripts/install-postgresql.sh
. scripts/java-home.sh
exec mvn -B -ntp test "$@"
