#!/usr/bin/env bash
# Session 4 device call D: the final main on CUDA (conformance), the 2^24 row with the straight-line G2 ones' sum,
# the 2^20 latency and the 2^22 row.
set -u
B=$PWD/.gpu/bundle
TOP=$OUT; R=$OUT/a; mkdir -p $R
echo libnvidia-opencl.so.1 > /etc/OpenCL/vendors/nvidia.icd
log() { echo "[$(date -u +%T)] $*" | tee -a $R/steps.txt; }
DEADLINE=${DEADLINE:-235}
step() { local name=$1 lim=$2; shift 2; local left=$((DEADLINE - SECONDS - 10)); if [ $left -lt 20 ]; then log "== $name: skipped (deadline)"; return; fi; [ $lim -gt $left ] && lim=$left; log "== $name (limit $lim s): $*"; local t0=$SECONDS; timeout -k 5 -s INT $lim "$@" > $R/$name.txt 2>&1; local rc=$?; log "== $name: rc $rc in $((SECONDS-t0)) s"; (cd $TOP && tar czf callD.tgz a 2>/dev/null); }
{ date -u; nvidia-smi --query-gpu=name,driver_version,memory.total --format=csv,noheader; nproc; free -g | head -2; df -h /tmp | tail -1; } > $R/machine.txt 2>&1
git log --oneline -1 > $R/commit.txt 2>/dev/null || true
nvidia-smi --query-gpu=memory.used --format=csv,noheader,nounits -lms 500 > $R/gpumem.csv 2>/dev/null &
SMI=$!
export JZK_CACHE=/tmp/jzkc
step selftest 120 $B/run.sh jzk.bench.runtime.SelfTest
# 2^24 StackedDRG row again, with the straight-line G2 ones' sum (B2 MSM)
OUT=$R/c2 CACHE=/tmp/jzk-c2 LIMIT=110 step c2-size24 120 bash scripts/porep-c2-full.sh size 24
OUT=$R/c2 CACHE=/tmp/jzk-c2 LIMIT=70 SHAPE="--shape stacked-drg --challenges 2" PARTITIONS=1 COUNT=2 step c2-prove24 80 bash scripts/porep-c2-full.sh prove
rm -rf /tmp/jzk-c2
JZK_JAVA_OPTS=-Xmx64g step b2p20 90 $B/run.sh jzk.cli.Main batch --shape stacked-drg --challenges 1 --layers 1 --depth 10 --partitions 1 --count 8 --concurrency 1 --device cuda:0 --json $R/b2p20.json
# 2^22 row: StackedDRG K=1, 5 layers (4,105,724 constraints)
OUT=$R/c22 CACHE=/tmp/jzk-c22 LIMIT=80 step c2-size22 90 bash scripts/porep-c2-full.sh size 22
OUT=$R/c22 CACHE=/tmp/jzk-c22 LIMIT=80 SHAPE="--shape stacked-drg --challenges 1 --layers 5" PARTITIONS=1 COUNT=3 step c2-prove22 90 bash scripts/porep-c2-full.sh prove
kill $SMI 2>/dev/null
awk -F', *' '$1>m{m=$1} END{print "peak GPU memory (nvidia-smi) MiB: " m}' $R/gpumem.csv >> $R/steps.txt
rm -f $R/gpumem.csv
cd $OUT && tar czf callD.tgz a && rm -rf a
