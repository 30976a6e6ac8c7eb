#!/usr/bin/env bash
# Session 7, call 5 (issue 11): this session's three paths in one call with sppark. "all" = every new path on
# (radix-4 NTT passes, the copy pipeline (default), OpenCL products as inline PTX on NVIDIA's OpenCL (default auto)),
# PTX and NVIDIA OpenCL on the same inputs (NTT 2^20 checked against the CPU, MSM rows between the two backends);
# then the baselines (radix 2, the session-6 copy), the portable OpenCL C form, 2^27 NTT, copy rates, conformance.
# Every step's limit is cut to what is left of GUARD seconds, so the tar at the end always runs.
set -u
echo libnvidia-opencl.so.1 > /etc/OpenCL/vendors/nvidia.icd
export JZK_CACHE=/tmp/jzk-cache-c5
O=/tmp/c5; mkdir -p $O
GUARD=${GUARD:-525}
{ date -u; nvidia-smi --query-gpu=name,driver_version,clocks.max.sm --format=csv,noheader; nproc; } > $O/machine.txt 2>&1
B=.gpu/bundle/run.sh
left() { echo $(( GUARD - SECONDS )); }
step() { local name=$1 t=$2 opts=$3; shift 3; local t0=$SECONDS l=$(left)
  [ $l -lt 20 ] && { echo "$name skipped (no time left)" >> $O/machine.txt; return; }
  [ $t -gt $l ] && t=$l
  JZK_JAVA_OPTS="-Xmx96g $opts" timeout $t $B "$@" > $O/$name.txt 2>&1
  echo "$name rc $? in $((SECONDS - t0)) s (limit $t)" >> $O/machine.txt; }
t0=$SECONDS; timeout 90 .gpu/sppark/sppark-bench 20,22,24 20,24 5 22 > $O/sppark.txt 2>&1; echo "sppark rc $? in $((SECONDS - t0)) s" >> $O/machine.txt
NEW="-Djzk.ntt.radix=4 -Djzk.bench.cpuMaxLgNtt=20 -Djzk.bench.cpuMaxLgMsm=0"
step all 300 "$NEW" jzk.bench.kernels.BlsBench ntt=20,24 msm1=20,22,24 msm2=22 frmul=1 fpmul=1 reps=5 msmItems= backends=cuda:0,opencl:1:0
step base 90 "-Djzk.ntt.radix=2 -Djzk.copy.threads=0 -Djzk.bench.cpuMaxLgNtt=0 -Djzk.bench.cpuMaxLgMsm=0" jzk.bench.kernels.BlsBench ntt=20,24 msm1=24 reps=5 msmItems= backends=cuda:0
step radix4-oldcopy 60 "-Djzk.ntt.radix=4 -Djzk.copy.threads=0 -Djzk.bench.cpuMaxLgNtt=0" jzk.bench.kernels.BlsBench ntt=20,24 reps=5 backends=cuda:0
step selftest 120 "" jzk.bench.runtime.SelfTest
step ntt27 100 "-Djzk.ntt.radix=4 -Djzk.bench.cpuMaxLgNtt=0" jzk.bench.kernels.BlsBench ntt=27 reps=2 backends=cuda:0,opencl:1:0
step copy-rates 80 "" jzk.bench.kernels.CopyBench mib=512 threads=0,4,16 chunkMiB=2,8 reps=3 device=cuda:0
step ocl-c 150 "-Djzk.ntt.radix=4 -Djzk.jit.openClProducts=c -Djzk.bench.cpuMaxLgNtt=0 -Djzk.bench.cpuMaxLgMsm=0" jzk.bench.kernels.BlsBench ntt=24 msm1=22,24 frmul=1 fpmul=1 reps=3 msmItems= backends=opencl:1:0
rm -rf .gpu/bundle/cds; cat $O/machine.txt
cd /tmp && tar czf $OUT/c5.tgz c5
