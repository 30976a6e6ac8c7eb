#!/usr/bin/env bash
# Regenerates field-arith/src/main/java/jzk/arith/MontgomeryUnrolled.java from jzk.arith.MontgomeryGenerator
# (test sources). The generator is self-contained (JDK only), so it is compiled alone with javac: this works
# even when the main sources do not compile yet because they call a method the generator is about to add.
set -euo pipefail
cd "$(dirname "$0")/.."
if [ -z "${JAVA_HOME:-}" ] || ! "$JAVA_HOME/bin/java" -version 2>&1 | grep -q 'version "2[5-9]'; then
  export JAVA_HOME=/usr/lib/jvm/temurin-25-jdk-amd64
fi
[ -x "$JAVA_HOME/bin/java" ] || { echo "regenerate-montgomery.sh: JDK 25 not found; set JAVA_HOME" >&2; exit 1; }
OUT=$(mktemp -d)
trap 'rm -rf "$OUT"' EXIT
"$JAVA_HOME/bin/javac" -d "$OUT" field-arith/src/test/java/jzk/arith/MontgomeryGenerator.java
"$JAVA_HOME/bin/java" -cp "$OUT" jzk.arith.MontgomeryGenerator field-arith/src/main/java/jzk/arith/MontgomeryUnrolled.java
