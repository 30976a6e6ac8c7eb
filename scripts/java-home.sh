# Sourced by every jzk script: picks a JDK 25+ for JAVA_HOME or stops with one line saying why.
# Honours a JAVA_HOME that already points to a JDK >= 25; else uses Temurin 25 where Debian/Adoptium put it.
jzk_java_major() { "$1/bin/java" -XshowSettings:properties -version 2>&1 | sed -n 's/^ *java.specification.version = //p'; }
if [ -n "${JAVA_HOME:-}" ] && [ -x "$JAVA_HOME/bin/javac" ] && [ "$(jzk_java_major "$JAVA_HOME")" -ge 25 ] 2>/dev/null; then
  :
elif [ -x /usr/lib/jvm/temurin-25-jdk-amd64/bin/javac ]; then
  export JAVA_HOME=/usr/lib/jvm/temurin-25-jdk-amd64
else
  echo "jzk: no JDK 25 found (set JAVA_HOME to a JDK >= 25, e.g. Temurin 25 at /usr/lib/jvm/temurin-25-jdk-amd64)" >&2
  exit 1
fi
export PATH="$JAVA_HOME/bin:$PATH"
export MAVEN_OPTS="${MAVEN_OPTS:-} --sun-misc-unsafe-memory-access=allow"
