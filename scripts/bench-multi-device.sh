#!/usr/bin/env bash
# Issue 16's "done when": Groth16 batches on one device and on several, the throughput ratio and each device's busy
# fraction, as a Markdown table (jzk.cli.DeviceScaling) plus every batch's summary and JSON report.
#
# Usage: scripts/bench-multi-device.sh OUT_DIR DEVICES [SIZES]
#   DEVICES  comma list; the 1-device runs use its first name: cuda:0,cuda:1 (two GPUs) or cuda:0,opencl:0:0 (two
#            logical devices of one GPU: CUDA and the NVIDIA OpenCL ICD)
#   SIZES    comma list of 1m (1,051,700 constraints, domain 2^21, 2 partitions a proof, 12 proofs),
#            2p24 (16,770,570 constraints, domain 2^24, 1 partition, 6 proofs), 2p25 (16,827,200 constraints,
#            domain 2^25, 1 partition, 4 proofs); default 1m,2p24,2p25
#            (and tiny: 2 partitions of the smallest PoRep shape, a smoke run for the jvm device and PoCL)
# Environment: RUN (the GPU bundle's run.sh: the batches run as "$RUN jzk.cli.Main", the table as
#   "$RUN jzk.cli.DeviceScaling"; unset: ./jzk and the java of $JAVA_HOME on its class path), JZK_CACHE (parameters:
#   generated on the first run of a size, 35-45 s at 2^24/2^25 on an H200, then loaded), EXTRA (more batch options,
#   e.g. "--gpu-workers 2"), WORKERS (synthesis threads, default 4).
# Each size runs once before the measured runs (kernel compile, parameter generation and first upload stay out of
# the figures: every measured run starts with parameters on disk and compiled kernels in the driver's cache, but
# each run is a new process, so each uploads its key once per device).
set -euo pipefail
OUT=${1:?usage: bench-multi-device.sh OUT_DIR DEVICES [SIZES]}
DEVICES=${2:?usage: bench-multi-device.sh OUT_DIR DEVICES [SIZES]}
SIZES=${3:-1m,2p24,2p25}
WORKERS=${WORKERS:-4}
FIRST=${DEVICES%%,*}
mkdir -p "$OUT"
OUT=$(cd "$OUT" && pwd)
if [ -n "${RUN:-}" ]; then
  JZK="$RUN jzk.cli.Main"
else
  cd "$(dirname "$0")/.."
  JZK=./jzk
  . scripts/java-home.sh
fi
table() {
  if [ -n "${RUN:-}" ]; then
    $RUN jzk.cli.DeviceScaling "$@"
  else
    "$JAVA_HOME/bin/java" -cp "cli/target/cli-0.1.0-SNAPSHOT.jar:cli/target/lib/*" jzk.cli.DeviceScaling "$@"
  fi
}

shape() {
  case "$1" in
    1m)   echo "--challenges 130 --depth 30 --partitions 2 --count 12 --concurrency 4" ;;
    2p24) echo "--challenges 2073 --depth 30 --partitions 1 --count 6 --concurrency 4" ;;
    2p25) echo "--challenges 2080 --depth 30 --partitions 1 --count 4 --concurrency 4" ;;
    tiny) echo "--challenges 1 --depth 2 --partitions 2 --count 2 --concurrency 2" ;;
    *) echo "unknown size '$1' (1m, 2p24, 2p25, tiny)" >&2; exit 2 ;;
  esac
}

args=()
for s in ${SIZES//,/ }; do
  opts="$(shape "$s") --partition-workers $WORKERS --lookahead 2 ${EXTRA:-}"
  echo "== $s: warm-up on $DEVICES"
  # shellcheck disable=SC2086
  $JZK batch $opts --count 1 --device "$DEVICES" > "$OUT/$s-warmup.txt" 2>&1 || true
  for d in "$FIRST" "$DEVICES"; do
    n=$(echo "$d" | tr ',' '\n' | wc -l)
    echo "== $s on $d"
    # shellcheck disable=SC2086
    $JZK batch $opts --device "$d" --json "$OUT/$s-${n}dev.json" > "$OUT/$s-${n}dev.txt" 2>&1 \
      || echo "   (exit $?: see $OUT/$s-${n}dev.txt)"
    grep -E '^(wall|  device|GPU busy|device busy)' "$OUT/$s-${n}dev.txt" || true
  done
  args+=("$s" "$OUT/$s-1dev.json" "$OUT/$s-$(echo "$DEVICES" | tr ',' '\n' | wc -l)dev.json")
done
table "${args[@]}" | tee "$OUT/scaling.md"
