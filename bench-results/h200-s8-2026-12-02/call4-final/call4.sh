#!/usr/bin/env bash
# Session 8, call 4 (issue 11): the ratio table with this session's defaults (16-byte accesses, quad local layout),
# sppark and BlsBench in one call (every row after up to 300 warm-up runs, at most 1 s); then the stage-major
# twiddle tables (jzk.ntt.twiddles=stage) and the 2^20 split 7+7+6 (jzk.ntt.lgBlock=8) against the defaults;
# conformance; the batch's GPU stage at 2^20 and 2^24 (one process a row, every proof verified).
# Every step's limit is cut to what is left of GUARD seconds, so the tar at the end always runs.
set -u
echo libnvidia-opencl.so.1 > /etc/OpenCL/vendors/nvidia.icd
export JZK_CACHE=/tmp/jzk-cache-s8c4 JZK_KERNEL_CACHE=/tmp/jzk-kernels-s8c4 JZK_CDS=off
O=/tmp/s8c4; mkdir -p $O
GUARD=${GUARD:-540}
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
step sppark 60 "" $S 20,22,24 20,24 5 22
step peer-jzk 240 "-Djzk.bench.cpuMaxLgNtt=20 -Djzk.bench.cpuMaxLgMsm=16" $B jzk.bench.kernels.BlsBench ntt=20,24 \
  msm1=20,22,24 msm2=22 frmul=1 fpmul=1 reps=5 warm=300 msmItems= backends=cuda:0,opencl:1:0
step ntt-default 40 "-Djzk.bench.cpuMaxLgNtt=20" $B jzk.bench.kernels.BlsBench $NTT
step ntt-stage 40 "-Djzk.bench.cpuMaxLgNtt=20 -Djzk.ntt.twiddles=stage" $B jzk.bench.kernels.BlsBench $NTT
step ntt-block8 30 "-Djzk.bench.cpuMaxLgNtt=20 -Djzk.ntt.lgBlock=8" $B jzk.bench.kernels.BlsBench ntt=20 reps=21 warm=300 backends=cuda:0
step selftest 60 "" $B jzk.bench.runtime.SelfTest
for n in 20 24; do
  case $n in
    20) A="--challenges 1 --layers 1 --depth 10 --count 8 --concurrency 1" ;;
    24) A="--challenges 2 --count 3" ;;
  esac
  mkdir -p /tmp/s8rows/c$n
  step row$n 130 "-XX:+UseG1GC -Djzk.setup.timing=true" $B jzk.cli.Main batch --shape stacked-drg $A --partitions 1 \
    --device cuda:0 --cache /tmp/s8rows/c$n --json $O/r$n.json --timings
  rm -rf /tmp/s8rows/c$n
done
cat $O/machine.txt
cd /tmp && tar czf $OUT/s8c4.tgz s8c4
