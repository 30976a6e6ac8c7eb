#!/usr/bin/env bash
# Session 8, call 3 (issue 11): this session's two NTT paths, A/B in one process image each, same call as sppark.
# wide = jzk.jit.wideAccess (16-byte global/shared accesses from the JIT), quad = jzk.ntt.layout=quad (the radix-4
# pass with local memory in 16-byte quads, whose accesses the JIT can widen). NTT rows after up to 300 warm-up runs
# (1 s), 2^20 checked against the CPU FrDomain, every row between PTX and NVIDIA OpenCL; the MSM rows with wide on and
# off (the JIT pass touches every kernel); conformance with both on; Nsight Compute on the passes with both on.
set -u
echo libnvidia-opencl.so.1 > /etc/OpenCL/vendors/nvidia.icd
export JZK_CACHE=/tmp/jzk-cache-s8c3 JZK_KERNEL_CACHE=/tmp/jzk-kernels-s8c3 JZK_CDS=off
O=/tmp/s8c3; mkdir -p $O
GUARD=${GUARD:-480}
{ date -u; nvidia-smi --query-gpu=name,driver_version,clocks.max.sm --format=csv,noheader; nproc; } > $O/machine.txt 2>&1
B=$PWD/.gpu/bundle/run.sh
S=$PWD/.gpu/sppark/sppark-bench
left() { echo $(( GUARD - SECONDS )); }
lim() { local t=$1 l=$(left); [ $t -gt $l ] && t=$l; echo $t; }
step() { local name=$1 t=$2 opts=$3; shift 3; local t0=$SECONDS; t=$(lim $t)
  [ $t -lt 15 ] && { echo "$name skipped (no time left)" >> $O/machine.txt; return; }
  JZK_JAVA_OPTS="-Xmx96g $opts" timeout $t "$@" > $O/$name.txt 2>&1
  echo "$name rc $? in $((SECONDS - t0)) s (limit $t)" >> $O/machine.txt; }
W="-Djzk.jit.wideAccess=true"; E="-Djzk.ntt.layout=quad"; C="-Djzk.bench.cpuMaxLgNtt=20 -Djzk.bench.cpuMaxLgMsm=0"
NTT="ntt=20,24 reps=21 warm=300 backends=cuda:0,opencl:1:0"
step sppark 40 "" $S - 20,24 5 -
step ntt-base 60 "$C" $B jzk.bench.kernels.BlsBench $NTT
step ntt-wide 60 "$C $W" $B jzk.bench.kernels.BlsBench $NTT
step ntt-wide-quad 60 "$C $W $E" $B jzk.bench.kernels.BlsBench $NTT
step ntt-quad 40 "$C $E" $B jzk.bench.kernels.BlsBench ntt=20,24 reps=21 warm=300 backends=cuda:0
step msm-base 90 "$C" $B jzk.bench.kernels.BlsBench msm1=20,24 msm2=22 reps=5 warm=300 msmItems= backends=cuda:0,opencl:1:0
step msm-wide 90 "$C $W" $B jzk.bench.kernels.BlsBench msm1=20,24 msm2=22 reps=5 warm=300 msmItems= backends=cuda:0,opencl:1:0
step selftest 120 "$W $E" $B jzk.bench.runtime.SelfTest
step ncu24 60 "-Djzk.bench.cpuMaxLgNtt=0 $W $E" ncu --clock-control none --target-processes all --set full -k 'regex:^jzk_pass4' \
  --launch-count 3 -o $O/jzk24 $B jzk.bench.kernels.BlsBench ntt=24 reps=1 backends=cuda:0
ncu -i $O/jzk24.ncu-rep --page details > $O/jzk24-details.txt 2>&1
cat $O/machine.txt
cd /tmp && tar czf $OUT/s8c3.tgz s8c3
