#!/usr/bin/env bash
# Session 9, call 4 (issue 11): the ratio table with this session's defaults (stage-major twiddles on; the "ntt pinned"
# row: pinned host memory, column-block copies overlapping the first and last pass, device buffer allocated and freed
# in the call, as sppark's with-transfers), sppark and BlsBench in one call (every row after up to 300 warm-up runs,
# at most 1 s); the NTT rows again after it, sppark then jzk (a second sample of the closest rows); conformance; the
# batch's GPU stage at 2^20 and 2^24 (kept NTT plans on; one process a row, every proof verified).
# Every step's limit is cut to what is left of GUARD seconds, so the tar at the end always runs.
set -u
echo libnvidia-opencl.so.1 > /etc/OpenCL/vendors/nvidia.icd
export JZK_CACHE=/tmp/jzk-cache-s9c4 JZK_KERNEL_CACHE=/tmp/jzk-kernels-s9c4 JZK_CDS=off
O=/tmp/s9c4; mkdir -p $O
GUARD=${GUARD:-420}
{ date -u; nvidia-smi --query-gpu=name,driver_version,clocks.max.sm --format=csv,noheader; nproc; } > $O/machine.txt 2>&1
B=$PWD/.gpu/bundle/run.sh
S=$PWD/.gpu/sppark/sppark-bench
left() { echo $(( GUARD - SECONDS )); }
lim() { local t=$1 l=$(left); [ $t -gt $l ] && t=$l; echo $t; }
step() { local name=$1 t=$2 opts=$3; shift 3; local t0=$SECONDS; t=$(lim $t)
  [ $t -lt 15 ] && { echo "$name skipped (no time left)" >> $O/machine.txt; return; }
  JZK_JAVA_OPTS="-Xmx96g $opts" timeout $t "$@" > $O/$name.txt 2>&1
  echo "$name rc $? in $((SECONDS - t0)) s (limit $t)" >> $O/machine.txt; }
step sppark 60 "" $S 20,22,24 20,24 5 22
step peer-jzk 220 "-Djzk.bench.cpuMaxLgNtt=20 -Djzk.bench.cpuMaxLgMsm=16" $B jzk.bench.kernels.BlsBench ntt=20,24 \
  msm1=20,22,24 msm2=22 frmul=1 fpmul=1 reps=5 warm=300 msmItems= backends=cuda:0,opencl:1:0
step sppark-ntt2 30 "" $S - 20,24 5 -
step ntt2 40 "-Djzk.bench.cpuMaxLgNtt=16" $B jzk.bench.kernels.BlsBench ntt=20,24 reps=21 warm=300 backends=cuda:0
step selftest 60 "" $B jzk.bench.runtime.SelfTest
for n in 20 24; do
  case $n in
    20) A="--challenges 1 --layers 1 --depth 10 --count 8 --concurrency 1" ;;
    24) A="--challenges 2 --count 3" ;;
  esac
  mkdir -p /tmp/s9rows/c$n
  step row$n 100 "-XX:+UseG1GC -Djzk.setup.timing=true" $B jzk.cli.Main batch --shape stacked-drg $A --partitions 1 \
    --device cuda:0 --cache /tmp/s9rows/c$n --json $O/r$n.json --timings
  rm -rf /tmp/s9rows/c$n
done
cat $O/machine.txt
grep -h -E "^NTT|^MSM" $O/sppark.txt $O/sppark-ntt2.txt | grep -v verify
grep -h -E "^\| " $O/peer-jzk.txt $O/ntt2.txt | cut -d'|' -f2-8
grep -h -E "passed|failed" $O/selftest.txt | tail -3
grep -h -E "GPU stage|completed" $O/row*.txt
cd /tmp && tar czf $OUT/s9c4.tgz s9c4
