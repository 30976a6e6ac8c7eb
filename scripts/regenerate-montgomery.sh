#!/usr/bin/env bash
# Regenerates field-arith/src/main/java/jzk/arith/MontgomeryUnrolled.java from jzk.arith.MontgomeryGenerator
# (test scope). Bootstraps with a placeholder when the file is missing so the module compiles.
set -euo pipefail
cd "$(dirname "$0")/.."
if [ -z "${JAVA_HOME:-}" ] || ! "$JAVA_HOME/bin/java" -version 2>&1 | grep -q 'version "2[5-9]'; then
  export JAVA_HOME=/usr/lib/jvm/temurin-25-jdk-amd64
fi
[ -x "$JAVA_HOME/bin/java" ] || { echo "JDK 25 not found (set JAVA_HOME)"; exit 1; }
mvn -q -B -pl field-arith -am test-compile -DskipTests
CP="field-arith/target/classes:field-arith/target/test-classes"
"$JAVA_HOME/bin/java" -cp "$CP" jzk.arith.MontgomeryGenerator field-arith/src/main/java/jzk/arith/MontgomeryUnrolled.java
