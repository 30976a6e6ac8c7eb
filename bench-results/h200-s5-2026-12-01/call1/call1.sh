#!/usr/bin/env bash
# Session 5 device call 1: (1) the G2 MSM at more than one resident segment (synthetic witness-like scalars,
# per-kernel profile), (2) #15's same-call BlsBench A/B: main 8fe2ccd (before the structure work) vs this main,
# (3) the 2^25 StackedDRG row, with the per-kernel profile.
set -u
B=$PWD/.gpu/bundle
R=$OUT/c1; mkdir -p $R
echo libnvidia-opencl.so.1 > /etc/OpenCL/vendors/nvidia.icd
log() { echo "[$(date -u +%T)] $*" | tee -a $R/steps.txt; }
DEADLINE=${DEADLINE:-570}
step() { local name=$1 lim=$2; shift 2; local left=$((DEADLINE - SECONDS - 10)); if [ $left -lt 20 ]; then log "== $name: skipped (deadline)"; return; fi; [ $lim -gt $left ] && lim=$left; log "== $name (limit $lim s): $*"; local t0=$SECONDS; timeout -k 5 -s INT $lim "$@" > $R/$name.txt 2>&1; local rc=$?; log "== $name: rc $rc in $((SECONDS-t0)) s"; (cd $OUT && tar czf c1.tgz c1); }
{ date -u; nvidia-smi --query-gpu=name,driver_version,memory.total,clocks.max.sm --format=csv,noheader; nproc; free -g | head -2; df -h /tmp | tail -1; } > $R/machine.txt 2>&1
git log --oneline -1 > $R/commit.txt 2>/dev/null || true
export JZK_CACHE=/tmp/jzkc
NOCPU="-Djzk.bench.cpuMaxLgNtt=0 -Djzk.bench.cpuMaxLgMsm=0"
K="ntt=20,24 msm1=20,22,24 msm2=22 reps=5 msmItems= backends=cuda:0"
JZK_JAVA_OPTS="-Xmx100g $NOCPU -Djzk.kernel.profile=true" step mix 170 $B/run.sh jzk.bench.kernels.BlsBench msm1mix=24,25,26 msm2mix=24,25,26 zeros=0.514 ones=0.475 reps=3 backends=cuda:0
AB8() { $B/jdk/bin/java --enable-native-access=ALL-UNNAMED -Xss8m -Xmx64g $NOCPU -cp "$PWD/.gpu/ab8/lib/*" jzk.tornado.bls.BlsBench $K; }
JZK_JAVA_OPTS="-Xmx64g $NOCPU" step ab-main1 60 $B/run.sh jzk.bench.kernels.BlsBench $K
step ab-8fe2ccd1 60 AB8
JZK_JAVA_OPTS="-Xmx64g $NOCPU -Djzk.jit.carryChains=false -Djzk.jit.maxnreg=0" step ab-main-nocarry 60 $B/run.sh jzk.bench.kernels.BlsBench $K
step ab-8fe2ccd2 60 AB8
JZK_JAVA_OPTS="-Xmx64g $NOCPU" step ab-main2 60 $B/run.sh jzk.bench.kernels.BlsBench $K
nvidia-smi --query-gpu=memory.used --format=csv,noheader,nounits -lms 500 > $R/gpumem.csv 2>/dev/null &
SMI=$!
JZK_JAVA_OPTS="-Xmx100g -XX:+UseG1GC -Djzk.kernel.profile=true -Djzk.setup.timing=true" step c25 330 $B/run.sh jzk.cli.Main batch --shape stacked-drg --challenges 4 --partitions 1 --count 2 --device cuda:0 --cache /tmp/c25 --timings --json $R/c25.json
kill $SMI 2>/dev/null
awk -F', *' '$1>m{m=$1} END{print "peak GPU memory (nvidia-smi) MiB: " m}' $R/gpumem.csv >> $R/steps.txt
rm -f $R/gpumem.csv
cd $OUT && tar czf c1.tgz c1 && rm -rf c1
