#!/usr/bin/env bash
# Start-up of a batch that finds no parameters (issue 10; every first run, and every run on a GPU machine whose disk
# does not survive the session): R1CS recording, shape id, setup on the GPU, the key resident on the device, then the
# proofs. Three runs of one shape, each its own process:
#
#   new     a fresh cache: R1CS recorded in pieces in parallel, the key kept on the device from the setup's points
#   old     a fresh cache, the previous path: -Djzk.r1cs.parallelRecord=false -Djzk.setup.keepKey=false (serial
#           recording; the key read back from the file just written, checked and decompressed on the device). The
#           QAP scalars' column sums and the shape id hashed beside the scalars have no switch: compare "u, v, w at
#           τ" and "shape id" with an older bundle's "QAP scalars" and unaccounted setup time
#   cached  new's cache again: the key loaded from the file (what every later run pays)
#
# Each run's output is $OUT/<run>.txt; $OUT/summary.txt keeps the lines that split the start-up:
#   r1cs: … recorded in K pieces on C cores: head + pieces X s, concatenation Y s      (new only: parallel recording)
#   shape id: … s beside the setup's scalars (… s; then waited … s for the hash)           (new; old/cached: "shape id: … s")
#   setup phases 2^N: lagrange … s, QAP scalars … s (u, v, w at τ … s)
#   setup 2^N: fixed-base batches + compressed writes … s
#   key resident from the setup's points on …: … GiB, device copies … s                 (new)
#   key load: <file> into …, … GiB on the device, … s                                      (old)
#   key load: <file> into …, … s, beside the shape id (then waited … s for the hash)         (cached)
#   timings: circuit R1CS (recorded once per shape) / shape id (new: "shape id + setup scalars (overlapped)", the
#            R1CS hashed on one thread while the setup's Lagrange and QAP scalars run on the others) / setup (…) /
#            key load (…) / parameters (cache load or generation) / total
#
# Usage: [OUT=dir] [BUNDLE=dir] [DEVICE=cuda:0] [K=2] [CACHE=/tmp/jzk-su] scripts/startup-setup.sh
#   K challenges of the 11-layer, depth-30 StackedDRG shape: 1 → 7.3 M constraints (2^23), 2 → 14.6 M (2^24),
#   4 → 29.2 M (2^25). BUNDLE: a bundle from scripts/gpu-bundle.sh (its run.sh); without it the checkout's ./jzk.
set -uo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
OUT=${OUT:-./startup-setup-out}
DEVICE=${DEVICE:-cuda:0}
K=${K:-2}
CACHE=${CACHE:-/tmp/jzk-su}
SHAPE=${SHAPE:-"--shape stacked-drg --challenges $K"}
mkdir -p "$OUT"
. "$ROOT/scripts/jzk-launcher.sh"
jzk_launcher
rm -rf "$CACHE-new" "$CACHE-old"
: >"$OUT/summary.txt"
# run NAME CACHE EXTRA_JAVA_OPTS
run() {
    local t0=$SECONDS
    echo "== $1 ($(date -u +%T))" | tee -a "$OUT/summary.txt"
    JZK_CDS=off JZK_CACHE="$2" JZK_JAVA_OPTS="-Xmx100g -XX:+UseG1GC -Djzk.setup.timing=true $3" \
        "${JZK[@]}" batch $SHAPE --partitions 1 --count 2 --device "$DEVICE" --cache "$2" --timings \
        >"$OUT/$1.txt" 2>&1
    local rc=$?
    grep -E '^(r1cs:|shape id:|setup|key |jzk: setup|timings:|\[[0-9]+/[0-9]+\]|wall )' "$OUT/$1.txt" >>"$OUT/summary.txt"
    echo "rc $rc, command $((SECONDS - t0)) s" | tee -a "$OUT/summary.txt"
}
run new "$CACHE-new" ""
run old "$CACHE-old" "-Djzk.r1cs.parallelRecord=false -Djzk.setup.keepKey=false"
rm -rf "$CACHE-old"
run cached "$CACHE-new" ""
cat "$OUT/summary.txt"
