#!/usr/bin/env bash
# Session 9, call 2 (issue 11): the NTT A/B of call 1 again, interleaved (default, jzk.jit.foldVectorIndex,
# jzk.ntt.twiddles=stage, both; twice each, alternating, one process a row); the MSM rows with and without the folded
# vector index; then the kept NTT plans in the batch (scripts/keep-plans-ab.sh, 2^24, four rows).
set -u
echo libnvidia-opencl.so.1 > /etc/OpenCL/vendors/nvidia.icd
export JZK_CACHE=/tmp/jzk-cache-s9c2 JZK_KERNEL_CACHE=/tmp/jzk-kernels-s9c2 JZK_CDS=off
O=/tmp/s9c2; mkdir -p $O
GUARD=${GUARD:-300}
{ date -u; nvidia-smi --query-gpu=name,driver_version,clocks.max.sm --format=csv,noheader; nproc; } > $O/machine.txt 2>&1
B=$PWD/.gpu/bundle/run.sh
left() { echo $(( GUARD - SECONDS )); }
lim() { local t=$1 l=$(left); [ $t -gt $l ] && t=$l; echo $t; }
step() { local name=$1 t=$2 opts=$3; shift 3; local t0=$SECONDS; t=$(lim $t)
  [ $t -lt 15 ] && { echo "$name skipped (no time left)" >> $O/machine.txt; return; }
  JZK_JAVA_OPTS="-Xmx96g $opts" timeout $t "$@" > $O/$name.txt 2>&1
  echo "$name rc $? in $((SECONDS - t0)) s (limit $t)" >> $O/machine.txt; }
NTT="ntt=20,24 reps=21 warm=300 backends=cuda:0"
for i in 1 2; do
  step ntt-default-$i 30 "-Djzk.bench.cpuMaxLgNtt=16" $B jzk.bench.kernels.BlsBench $NTT
  step ntt-vidx-$i 30 "-Djzk.bench.cpuMaxLgNtt=16 -Djzk.jit.foldVectorIndex=true" $B jzk.bench.kernels.BlsBench $NTT
  step ntt-stage-$i 30 "-Djzk.bench.cpuMaxLgNtt=16 -Djzk.ntt.twiddles=stage" $B jzk.bench.kernels.BlsBench $NTT
  step ntt-both-$i 30 "-Djzk.bench.cpuMaxLgNtt=16 -Djzk.ntt.twiddles=stage -Djzk.jit.foldVectorIndex=true" $B \
    jzk.bench.kernels.BlsBench $NTT
done
for f in false true; do
  step msm-vidx-$f 60 "-Djzk.bench.cpuMaxLgMsm=0 -Djzk.jit.foldVectorIndex=$f" $B jzk.bench.kernels.BlsBench \
    msm1=20,24 msm2=22 reps=5 warm=300 msmItems= backends=cuda:0
done
cat $O/machine.txt
for f in $O/ntt-*.txt $O/msm-*.txt; do echo "== $(basename $f)"; grep -E "^\| (ntt|msm)" $f | cut -d'|' -f2-6; done
cd /tmp && tar czf $OUT/s9c2.tgz s9c2
