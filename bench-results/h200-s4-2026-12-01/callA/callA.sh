#!/usr/bin/env bash
# Session 4 device call A: validation of the merged main on CUDA, #15 selftest + BlsBench rerun, #14 start-up,
# #10 2^20 latency and the 2^24 stacked-drg calibration, #16 two logical devices on one H200.
set -u
B=$PWD/.gpu/bundle
R=$OUT/a; mkdir -p $R
echo libnvidia-opencl.so.1 > /etc/OpenCL/vendors/nvidia.icd
log() { echo "[$(date -u +%T)] $*" | tee -a $R/steps.txt; }
DEADLINE=${DEADLINE:-555}
step() { local name=$1 lim=$2; shift 2; local left=$((DEADLINE - SECONDS - 10)); if [ $left -lt 20 ]; then log "== $name: skipped (deadline)"; return; fi; [ $lim -gt $left ] && lim=$left; log "== $name (limit $lim s): $*"; local t0=$SECONDS; timeout -k 5 -s INT $lim "$@" > $R/$name.txt 2>&1; local rc=$?; log "== $name: rc $rc in $((SECONDS-t0)) s"; }
{ date -u; nvidia-smi --query-gpu=name,driver_version,memory.total --format=csv,noheader; nproc; free -g | head -2; df -h /tmp | tail -1; } > $R/machine.txt 2>&1
git log --oneline -1 > $R/commit.txt 2>/dev/null || true
nvidia-smi --query-gpu=memory.used --format=csv,noheader,nounits -lms 500 > $R/gpumem.csv 2>/dev/null &
SMI=$!
export JZK_CACHE=/tmp/jzkc
step devices 60 $B/run.sh jzk.cli.Main devices
OCL=$(grep -o 'opencl:[0-9]*:[0-9]*' $R/devices.txt | while read d; do grep -q "$d.*NVIDIA" $R/devices.txt && echo $d; done | head -1)
OCL=${OCL:-opencl:1:0}
log "NVIDIA OpenCL device: $OCL"
step selftest 120 $B/run.sh jzk.bench.runtime.SelfTest
JZK_JAVA_OPTS="-Xmx64g -Djzk.bench.cpuMaxLgNtt=0 -Djzk.bench.cpuMaxLgMsm=0" step blsbench 150 $B/run.sh jzk.bench.kernels.BlsBench ntt=20,24 msm1=20,22,24 msm2=22 frmul=1 reps=5 msmItems= backends=cuda:0
# start-up (#14): a cached 1 M-constraint prove; first run generates parameters and records caches
P="--shape stacked-drg --challenges 1 --layers 1 --depth 10 --device cuda:0 --partitions 1"
step prove-first 150 $B/run.sh jzk.cli.Main prove $P --proof /tmp/p.json --public /tmp/pub.json --timings
step startup 150 bash scripts/startup-bench.sh $R/startup.tsv 3 "after=$B/run.sh jzk.cli.Main" -- $P
JZK_KERNEL_CACHE=none JZK_CDS=off step startup-nocache 100 bash scripts/startup-bench.sh $R/startup-nocache.tsv 2 "nocache=$B/run.sh jzk.cli.Main" -- $P
step prove-timings 60 $B/run.sh jzk.cli.Main prove $P --proof /tmp/p.json --public /tmp/pub.json --timings
# 2^20 latency in-process, key resident (#10)
JZK_JAVA_OPTS=-Xmx64g step b2p20 120 $B/run.sh jzk.cli.Main batch --shape stacked-drg --challenges 1 --layers 1 --depth 10 --partitions 1 --count 8 --concurrency 1 --device cuda:0 --json $R/b2p20.json
JZK_JAVA_OPTS=-Xmx64g step b2p20x2 120 $B/run.sh jzk.cli.Main batch --shape stacked-drg --challenges 1 --layers 1 --depth 10 --partitions 2 --count 6 --device cuda:0 --json $R/b2p20x2.json
# two logical devices of one GPU (#16)
JZK_JAVA_OPTS=-Xmx64g step multi 150 $B/run.sh jzk.cli.Main batch --shape stacked-drg --challenges 1 --layers 1 --depth 10 --partitions 2 --count 6 --device cuda:0,$OCL --json $R/multi.json
# 2^24 stacked-drg calibration (#10): setup on the GPU, then 2 single-partition proofs through the resident key
export BUNDLE=$B OUT2=$R/c2
OUT=$R/c2 CACHE=/tmp/jzk-c2 LIMIT=200 step c2-size24 230 bash scripts/porep-c2-full.sh size 24
OUT=$R/c2 CACHE=/tmp/jzk-c2 LIMIT=200 SHAPE="--shape stacked-drg --challenges 2" PARTITIONS=1 COUNT=2 step c2-prove24 230 bash scripts/porep-c2-full.sh prove
kill $SMI 2>/dev/null
awk -F', *' '$1>m{m=$1} END{print "peak GPU memory (nvidia-smi) MiB: " m}' $R/gpumem.csv >> $R/steps.txt
rm -f $R/gpumem.csv
cd $OUT && tar czf callA.tgz a && rm -rf a
