#!/usr/bin/env bash
# Session 8, call 2 (issue 11): the NTT 2^20's host time. LaunchProbe (launch, finish, NTT host vs device time, cold
# and after 2000 warm-up rounds), BlsBench's NTT rows with 1 and 300 warm-up runs, and Nsight Compute on sppark's
# NTT kernels (call 1's launch count was used up by sppark-bench's MSM self-check kernels).
set -u
echo libnvidia-opencl.so.1 > /etc/OpenCL/vendors/nvidia.icd
export JZK_CACHE=/tmp/jzk-cache-s8c2 JZK_KERNEL_CACHE=/tmp/jzk-kernels-s8c2 JZK_CDS=off
O=/tmp/s8c2; mkdir -p $O
GUARD=${GUARD:-420}
{ date -u; nvidia-smi --query-gpu=name,driver_version,clocks.max.sm --format=csv,noheader; nproc; } > $O/machine.txt 2>&1
B=$PWD/.gpu/bundle/run.sh
S=$PWD/.gpu/sppark/sppark-bench
N="ncu --clock-control none --target-processes all --set full"
left() { echo $(( GUARD - SECONDS )); }
lim() { local t=$1 l=$(left); [ $t -gt $l ] && t=$l; echo $t; }
step() { local name=$1 t=$2 opts=$3; shift 3; local t0=$SECONDS; t=$(lim $t)
  [ $t -lt 15 ] && { echo "$name skipped (no time left)" >> $O/machine.txt; return; }
  JZK_JAVA_OPTS="-Xmx96g $opts" timeout $t "$@" > $O/$name.txt 2>&1
  echo "$name rc $? in $((SECONDS - t0)) s (limit $t)" >> $O/machine.txt; }
step probe-cuda 90 "" $B jzk.bench.kernels.LaunchProbe device=cuda:0 n=2000 lg=20
step probe-ocl 90 "" $B jzk.bench.kernels.LaunchProbe device=opencl:1:0 n=2000 lg=20
step ntt-warm1 60 "-Djzk.bench.cpuMaxLgNtt=0" $B jzk.bench.kernels.BlsBench ntt=20,24 reps=21 backends=cuda:0,opencl:1:0
step ntt-warm300 90 "-Djzk.bench.cpuMaxLgNtt=0" $B jzk.bench.kernels.BlsBench ntt=20,24 reps=21 warm=300 backends=cuda:0,opencl:1:0
step sppark 40 "" $S - 20,24 5 -
step spp-ncu24 90 "" $N -k 'regex:NTT|bit_rev' --launch-count 8 -o $O/spp24 $S - 24 1 -
ncu -i $O/spp24.ncu-rep --page details > $O/spp24-details.txt 2>&1
step spp-ncu20 60 "" $N -k 'regex:NTT|bit_rev' --launch-count 8 -o $O/spp20 $S - 20 1 -
ncu -i $O/spp20.ncu-rep --page details > $O/spp20-details.txt 2>&1
cat $O/machine.txt
cd /tmp && tar czf $OUT/s8c2.tgz s8c2
