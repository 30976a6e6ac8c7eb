#!/usr/bin/env bash
# Groth16 full proof on the CPU: jzk vs `snarkjs groth16 prove`, same zkey and witness, alternating in one run.
#
# Usage: scripts/bench-groth16-vs-snarkjs.sh LG [RUNS]        (RUNS counted runs of each, default 3)
#   env: SHAPE=mul|square (default mul: big.circom's chain acc*s + i, B almost empty; square: acc², dense B/G2)
#        JZK_XMX (default 8g)   JZK_OPTS (extra JVM flags, e.g. -Djzk.prover.timing=true)
#        SKIP_BUILD=1 (use the classes already built)   REGEN=1 (remake the cached inputs)
#
# Inputs without snarkjs's powers-of-tau ceremony: jzk builds a chain circuit of 2^LG − 3 constraints (+ 3 input
# rows = 2^LG), makes snarkjs-family keys from known toxic waste (SnarkjsSetup) and writes circuit.zkey,
# circuit.wtns, vk.json; `snarkjs groth16 verify` must accept a jzk proof for it (sanity check, every time).
# Inputs are cached in .cache/bench-groth16/lgLG-SHAPE/ (ignored by git); a rerun skips the setup.
# Then jzk.bench.snarkjs.SnarkjsBench alternates one jzk proof (warm JVM, every proof verified) and one snarkjs
# process, RUNS times each, and prints medians of wall and CPU time. The whole log goes to
# bench-results/raw/groth16-vs-snarkjs-<date>-lgLG-SHAPE.log (ignored; copy what you keep into a bench-results .md).
# Expected time on the 2-core CI box (load ~2): LG=16: inputs ~30 s once, then ~10 s per (jzk + snarkjs) round;
# LG=20: inputs ~3.5 min once, then ~2.3 min per round (jzk ~35 s, snarkjs ~100 s): RUNS=2 ≈ 11 min first, ~6 min cached.
set -euo pipefail
cd "$(dirname "$0")/.."
LG=${1:?usage: scripts/bench-groth16-vs-snarkjs.sh LG [RUNS]}
RUNS=${2:-3}
SHAPE=${SHAPE:-mul}
case "$SHAPE" in mul|square) ;; *) echo "SHAPE must be mul or square" >&2; exit 2;; esac
. scripts/java-home.sh
command -v snarkjs >/dev/null || { echo "snarkjs not on PATH (npm install -g snarkjs@0.7.6)" >&2; exit 1; }

mkdir -p bench-results/raw
LOG=bench-results/raw/groth16-vs-snarkjs-$(date -u +%Y%m%dT%H%M%SZ)-lg$LG-$SHAPE.log
exec > >(tee "$LOG") 2>&1

CPFILE=bench/target/bench-classpath.txt
if [ -z "${SKIP_BUILD:-}" ] || [ ! -s "$CPFILE" ]; then
  # one reactor build, so that bench's sibling modules resolve without being installed in ~/.m2; each module
  # writes CPFILE in turn and bench, the last, wins (test-compile: bench uses tornado-kernels' test classes)
  mvn -q -B -pl bench -am test-compile dependency:build-classpath -Dmdep.includeScope=runtime \
    -Dmdep.outputFile="$(pwd)/$CPFILE"
fi
CP="field-arith/target/classes:tornado-kernels/target/classes:tornado-kernels/target/test-classes"
CP="$CP:prover/target/classes:server/target/classes:cluster/target/classes:bench/target/classes:$(cat "$CPFILE")"
JAVA=("$JAVA_HOME/bin/java" "-Xmx${JZK_XMX:-8g}" "-Djzk.clkTck=$(getconf CLK_TCK)" ${JZK_OPTS:-} -cp "$CP")

echo "== jzk Groth16 CPU prove vs snarkjs groth16 prove, 2^$LG, shape $SHAPE, $RUNS runs each"
echo "date:      $(date -u '+%Y-%m-%d %H:%M:%S UTC')"
echo "commit:    $(git rev-parse --short HEAD)$(git diff --quiet HEAD -- . 2>/dev/null || echo ' (+ uncommitted changes)') ($(git rev-parse --abbrev-ref HEAD))"
echo "machine:   $(nproc) CPUs, $(sed -n 's/^model name\s*: //p' /proc/cpuinfo | sort | uniq -c | sed 's/^ *//' | paste -sd';'), $(free -g | awk '/^Mem:/{print $2}') GiB RAM, $(uname -sr)"
echo "java:      $("$JAVA_HOME/bin/java" -version 2>&1 | head -1)   ($JAVA_HOME)"
echo "node:      $(node --version)   snarkjs: $(npm ls -g snarkjs 2>/dev/null | grep -o 'snarkjs@[0-9.]*' | head -1)"
echo "load avg:  $(cut -d' ' -f1-3 /proc/loadavg) (before)"
echo "command:   $0 $*   (SHAPE=$SHAPE)"

DIR=.cache/bench-groth16/lg$LG-$SHAPE
if [ -n "${REGEN:-}" ] || [ ! -f "$DIR/done" ]; then
  rm -rf "$DIR"
  echo "== generating inputs in $DIR (jzk circuit + SnarkjsSetup, no ptau)"
  start=$(date +%s)
  "${JAVA[@]}" jzk.bench.snarkjs.SnarkjsBenchInputs "$LG" "$DIR" "$SHAPE"
  echo "input generation: $(( $(date +%s) - start )) s wall (JVM start, synthesis, setup, file writing, one jzk proof)"
  touch "$DIR/done"
else
  echo "== using cached inputs in $DIR ($(du -sh "$DIR" | cut -f1)); REGEN=1 remakes them"
fi

echo "== sanity: snarkjs groth16 verify of a jzk proof for this zkey"
if ! snarkjs groth16 verify "$DIR/vk.json" "$DIR/public.json" "$DIR/proof.json" | tee /dev/stderr | grep -q 'OK!'; then
  echo "snarkjs rejected jzk's proof: the inputs are not usable" >&2
  exit 1
fi

echo "== alternating runs (jzk run 0 = JIT warm-up)"
"${JAVA[@]}" jzk.bench.snarkjs.SnarkjsBench "$DIR/circuit.zkey" "$DIR/circuit.wtns" "$RUNS"
echo "load avg:  $(cut -d' ' -f1-3 /proc/loadavg) (after)"
echo "log:       $LOG"
