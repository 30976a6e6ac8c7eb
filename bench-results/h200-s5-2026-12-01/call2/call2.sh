#!/usr/bin/env bash
# Session 5 device call 2: the straight-line bucket reduction (reducePartsG1/G2) A/B in BlsBench, then the 2^26
# StackedDRG row (K = 9) with the per-kernel profile.
set -u
B=$PWD/.gpu/bundle
R=$OUT/c2; mkdir -p $R
echo libnvidia-opencl.so.1 > /etc/OpenCL/vendors/nvidia.icd
log() { echo "[$(date -u +%T)] $*" | tee -a $R/steps.txt; }
DEADLINE=${DEADLINE:-570}
step() { local name=$1 lim=$2; shift 2; local left=$((DEADLINE - SECONDS - 10)); if [ $left -lt 20 ]; then log "== $name: skipped (deadline)"; return; fi; [ $lim -gt $left ] && lim=$left; log "== $name (limit $lim s): $*"; local t0=$SECONDS; timeout -k 5 -s INT $lim "$@" > $R/$name.txt 2>&1; local rc=$?; log "== $name: rc $rc in $((SECONDS-t0)) s"; (cd $OUT && tar czf c2.tgz c2); }
{ date -u; nvidia-smi --query-gpu=name,driver_version,memory.total,clocks.max.sm --format=csv,noheader; nproc; free -g | head -2; df -h /tmp | tail -1; } > $R/machine.txt 2>&1
export JZK_CACHE=/tmp/jzkc
NOCPU="-Djzk.bench.cpuMaxLgNtt=0 -Djzk.bench.cpuMaxLgMsm=0"
K="msm1=22,24 msm2=22 reps=5 msmItems= backends=cuda:0"
JZK_JAVA_OPTS="-Xmx64g $NOCPU -Djzk.kernel.profile=true" step straight 60 $B/run.sh jzk.bench.kernels.BlsBench $K
JZK_JAVA_OPTS="-Xmx64g $NOCPU -Djzk.kernel.profile=true -Djzk.msm.straightReduce=false" step generic 60 $B/run.sh jzk.bench.kernels.BlsBench $K
nvidia-smi --query-gpu=memory.used --format=csv,noheader,nounits -lms 500 > $R/gpumem.csv 2>/dev/null &
SMI=$!
JZK_JAVA_OPTS="-Xmx100g -XX:+UseG1GC -Djzk.kernel.profile=true -Djzk.setup.timing=true" step c26 420 $B/run.sh jzk.cli.Main batch --shape stacked-drg --challenges 9 --partitions 1 --count 3 --device cuda:0 --cache /tmp/c26 --timings --json $R/c26.json
kill $SMI 2>/dev/null
awk -F', *' '$1>m{m=$1} END{print "peak GPU memory (nvidia-smi) MiB: " m}' $R/gpumem.csv >> $R/steps.txt
rm -f $R/gpumem.csv
cd $OUT && tar czf c2.tgz c2 && rm -rf c2
