#!/usr/bin/env bash
# Installs Debian's PostgreSQL server for the cluster tests (jzk.cluster, ClusterTest), which start their own
# throw-away cluster under target/ with initdb/pg_ctl on 127.0.0.1. Idempotent and quiet; needs root for apt-get.
# The system's own cluster that the package creates is stopped: the tests never use it.
set -euo pipefail
if ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1; then
  exit 0
fi
if command -v apt-get >/dev/null && [ "$(id -u)" = 0 ]; then
  echo "install-postgresql: installing postgresql"
  apt-get update -qq >/dev/null
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql >/dev/null
  if command -v pg_lsclusters >/dev/null; then
    pg_lsclusters -h 2>/dev/null | while read -r ver name _; do
      pg_ctlcluster "$ver" "$name" stop >/dev/null 2>&1 || true
    done || true
  fi
else
  echo "install-postgresql: PostgreSQL server missing (apt-get install postgresql as root); cluster tests will be skipped" >&2
fi
