#!/usr/bin/env bash
# Builds a self-contained bundle for a GPU host that has no Java:
#   .gpu/bundle/jdk     a jlinked JDK 25 runtime (java.base, java.management, jdk.management, java.logging,
#                       jdk.unsupported; jdk.httpserver for jzk serve's /status and /metrics; java.sql for jzk
#                       worker, whose command the CLI instantiates at every start; jdk.jfr, +1 MB, so a call can
#                       record where the host's time goes: -XX:StartFlightRecording, then bin/jfr print)
#   .gpu/bundle/lib     the project's jars and their runtime dependencies (the bench module's among them, with
#                       tornado-kernels' test jar: jzk.bench.runtime.SelfTest runs the JIT conformance cases)
#   .gpu/bundle/run.sh  run.sh MAINCLASS args...  (native access enabled, libjsig preloaded; see RUNTIME.md)
# Usage: scripts/gpu-bundle.sh [OUTPUT_DIR]   (default .gpu/bundle; .gpu/ is git-ignored). Extra Maven flags
# (e.g. -o for offline) come from $MVN_FLAGS. Fails if the bundle exceeds 64 MiB.
set -euo pipefail
cd "$(dirname "$0")/.."
export JAVA_HOME=${JAVA_HOME:-/usr/lib/jvm/temurin-25-jdk-amd64}
. scripts/java-home.sh
OUT=${1:-.gpu/bundle}
LIMIT_BYTES=$((64 * 1024 * 1024))

rm -rf "$OUT"
mkdir -p "$OUT/lib"
OUT_ABS=$(cd "$OUT" && pwd)

echo "gpu-bundle: building jars"
# a plain package: cli's own copy-dependencies execution lays out cli/target/lib with every module jar and
# third-party dependency (the same class path ./jzk uses); the bundle takes that
# (a lib folder left by an older build may hold jars no longer depended on: laid out afresh)
rm -rf cli/target/lib
# shellcheck disable=SC2086
mvn -q -B ${MVN_FLAGS:-} -DskipTests package
cp cli/target/cli-*.jar cli/target/lib/*.jar "$OUT/lib/"
# jzk serve speaks plaintext gRPC (loopback, or behind a TLS proxy): netty's BoringSSL natives (tcnative for five
# platforms, ~6 MB of the jar) are dropped from the bundle's copy; the epoll transport stays
if command -v zip >/dev/null; then
  for j in "$OUT"/lib/grpc-netty-shaded-*.jar; do
    zip -q -d "$j" 'META-INF/native/*tcnative*' >/dev/null
  done
fi

echo "gpu-bundle: jlink"
jlink --add-modules java.base,java.management,jdk.management,java.logging,jdk.unsupported,jdk.httpserver,java.sql,jdk.jfr \
      --strip-debug --no-header-files --no-man-pages --compress=zip-9 --output "$OUT/jdk"

# libjvm.so's static symbol table (not needed to run; the dynamic symbols stay): 29.8 -> 24.8 MB, what keeps the
# bundle with gRPC (jzk serve) and the PostgreSQL driver (jzk worker) under 64 MiB
if command -v strip >/dev/null; then
  strip --strip-unneeded "$OUT/jdk/lib/server/libjvm.so"
fi

cp scripts/cds-exec.sh "$OUT/cds-exec.sh"
cat > "$OUT/run.sh" <<'RUN'
#!/usr/bin/env bash
# run.sh MAINCLASS args...  e.g. run.sh jzk.bench.runtime.SelfTest --bench
HERE=$(cd "$(dirname "$0")" && pwd)
# keep the JVM's SIGFPE handler when PoCL/LLVM or a driver installs its own (see tornado-kernels/RUNTIME.md)
export LD_PRELOAD="$HERE/jdk/lib/libjsig.so${LD_PRELOAD:+:$LD_PRELOAD}"
# progress (jzk.tornado.progress.Progress): a bar when stderr is a terminal, else plain lines; JZK_PROGRESS overrides
if [[ -z "${JZK_PROGRESS:-}" ]]; then
  if [[ -t 2 ]]; then export JZK_PROGRESS=terminal; else export JZK_PROGRESS=lines; fi
fi
# AppCDS (cds-exec.sh): one archive per main class and first argument (jzk.cli.Main prove ≠ jzk.cli.Main version),
# recorded by the first run, mapped by the next; JZK_CDS=off disables it
name="${1:-none}-${2:-none}"
[[ "$name" =~ ^[A-Za-z0-9._-]+$ ]] || name="${1:-none}-other"
. "$HERE/cds-exec.sh"
# the runtime's own CDS archives, which the per-command ones build on: made on the GPU host at the first run
# (~2 s; 28 MB that would not fit the 64 MiB bundle), with and without compressed oops (a heap of 32 GiB or more)
if [[ "${JZK_CDS:-on}" != off && ! -f "$HERE/jdk/lib/server/classes_nocoops.jsa" && -w "$HERE/jdk/lib/server" ]]; then
  "$HERE/jdk/bin/java" -Xshare:dump -Xlog:cds=off >/dev/null 2>&1 || true
  "$HERE/jdk/bin/java" -XX:-UseCompressedOops -Xshare:dump -Xlog:cds=off >/dev/null 2>&1 || true
fi
# protobuf (jzk serve) reads arrays through sun.misc.Unsafe: allowed, without the JDK's warning
cds_exec "$HERE/cds/$name.jsa" "$HERE/run.sh" \
  "$HERE/jdk/bin/java" --enable-native-access=ALL-UNNAMED --sun-misc-unsafe-memory-access=allow -Xss8m ${JZK_JAVA_OPTS:-} \
  -cp "$HERE/lib/*" "$@"
RUN
chmod +x "$OUT/run.sh"

size=$(du -sb "$OUT" | cut -f1)
echo "gpu-bundle: $OUT is $((size / 1024 / 1024)) MiB ($(ls "$OUT/lib" | wc -l) jars)"
if [ "$size" -gt "$LIMIT_BYTES" ]; then
  echo "gpu-bundle: bundle exceeds 64 MiB" >&2
  exit 1
fi
# JZK_CDS=off: no CDS archive written into the bundle by this check (the 64 MiB are counted above)
JZK_CDS=off "$OUT/run.sh" -version 2>&1 | head -1 >/dev/null || { echo "gpu-bundle: bundled java does not start" >&2; exit 1; }
