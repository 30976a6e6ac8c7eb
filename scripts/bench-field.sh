#!/usr/bin/env bash
# JMH benchmarks of field-arith (jzk vs Milagro AMCL 0.4.0 side by side), package jzk.arith.bench.
# Usage: scripts/bench-field.sh [JMH args...]   default: short run, 1 fork, all jzk.arith.bench benchmarks
#   e.g. scripts/bench-field.sh 'PairingBench' -wi 3 -i 5     or     scripts/bench-field.sh -l   (list)
set -euo pipefail
cd "$(dirname "$0")/.."
if [ -z "${JAVA_HOME:-}" ] || ! "$JAVA_HOME/bin/java" -version 2>&1 | grep -q 'version "2[5-9]'; then
  export JAVA_HOME=/usr/lib/jvm/temurin-25-jdk-amd64
fi
[ -x "$JAVA_HOME/bin/java" ] || { echo "bench-field.sh: JDK 25 not found; set JAVA_HOME to a JDK >= 25" >&2; exit 1; }
mvn -q -B -pl field-arith -am test-compile
CPFILE=field-arith/target/bench-classpath.txt
mvn -q -B -pl field-arith dependency:build-classpath -Dmdep.includeScope=test -Dmdep.outputFile="$(pwd)/$CPFILE" >/dev/null
CP="field-arith/target/test-classes:field-arith/target/classes:$(cat "$CPFILE")"
if [ $# -eq 0 ]; then
  set -- 'jzk.arith.bench' -wi 2 -w 1s -i 3 -r 1s -f 1
fi
exec "$JAVA_HOME/bin/java" -cp "$CP" org.openjdk.jmh.Main "$@"
