#!/usr/bin/env bash
# Session 9, call 1 (issue 11): sppark's NTT rows and BlsBench's in one call, with the new "ntt pinned" row (pinned
# host memory, device buffer allocated and freed in the call, column-block copies overlapping the first and last
# pass: sppark's with-transfers meaning) at jzk.ntt.hostChunks 8 (default), 1, 4, 16; the stage-major twiddles;
# the folded vector index (jzk.jit.foldVectorIndex, when the bundle has it); the launch path under JFR (where the
# host's ~12 µs a launch go); the kept NTT plans in the batch (scripts/keep-plans-ab.sh, 2^24).
# Every step's limit is cut to what is left of GUARD seconds, so the tar at the end always runs.
set -u
echo libnvidia-opencl.so.1 > /etc/OpenCL/vendors/nvidia.icd
export JZK_CACHE=/tmp/jzk-cache-s9c1 JZK_KERNEL_CACHE=/tmp/jzk-kernels-s9c1 JZK_CDS=off
O=/tmp/s9c1; mkdir -p $O
GUARD=${GUARD:-300}
{ date -u; nvidia-smi --query-gpu=name,driver_version,clocks.max.sm --format=csv,noheader; nproc; } > $O/machine.txt 2>&1
B=$PWD/.gpu/bundle/run.sh
S=$PWD/.gpu/sppark/sppark-bench
left() { echo $(( GUARD - SECONDS )); }
lim() { local t=$1 l=$(left); [ $t -gt $l ] && t=$l; echo $t; }
step() { local name=$1 t=$2 opts=$3; shift 3; local t0=$SECONDS; t=$(lim $t)
  [ $t -lt 15 ] && { echo "$name skipped (no time left)" >> $O/machine.txt; return; }
  JZK_JAVA_OPTS="-Xmx96g $opts" timeout $t "$@" > $O/$name.txt 2>&1
  echo "$name rc $? in $((SECONDS - t0)) s (limit $t)" >> $O/machine.txt; }
NTT="ntt=20,24 reps=21 warm=300 backends=cuda:0,opencl:1:0"
step rows-selftest 100 "" $B jzk.bench.runtime.SelfTest --device cuda:0 --rows=24
step sppark 40 "" $S - 20,24 5 -
step ntt-default 60 "-Djzk.bench.cpuMaxLgNtt=16" $B jzk.bench.kernels.BlsBench $NTT
for k in 1 4 16; do
  step ntt-chunks$k 30 "-Djzk.bench.cpuMaxLgNtt=16 -Djzk.ntt.hostChunks=$k" $B jzk.bench.kernels.BlsBench ntt=24 \
    reps=11 warm=300 backends=cuda:0
done
step ntt-stage 40 "-Djzk.bench.cpuMaxLgNtt=16 -Djzk.ntt.twiddles=stage" $B jzk.bench.kernels.BlsBench ntt=20,24 \
  reps=21 warm=300 backends=cuda:0
if [ -n "${VIDX:-}" ]; then
  step ntt-vidx 40 "-Djzk.bench.cpuMaxLgNtt=16 -Djzk.jit.foldVectorIndex=true" $B jzk.bench.kernels.BlsBench \
    ntt=20,24 reps=21 warm=300 backends=cuda:0
  step ntt-vidx-stage 40 "-Djzk.bench.cpuMaxLgNtt=16 -Djzk.jit.foldVectorIndex=true -Djzk.ntt.twiddles=stage" $B \
    jzk.bench.kernels.BlsBench ntt=20,24 reps=21 warm=300 backends=cuda:0
fi
step launch-jfr 40 "-XX:StartFlightRecording=filename=$O/launch.jfr,settings=profile" $B jzk.bench.kernels.LaunchProbe \
  device=cuda:0 n=100000 lg=12
.gpu/bundle/jdk/bin/jfr print --events jdk.ExecutionSample,jdk.NativeMethodSample $O/launch.jfr > $O/launch-samples.txt 2>&1
cat $O/machine.txt
grep -h -E "^NTT|^\| ntt" $O/sppark.txt $O/ntt-*.txt
cd /tmp && tar czf $OUT/s9c1.tgz s9c1
