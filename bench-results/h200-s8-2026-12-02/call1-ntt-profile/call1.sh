#!/usr/bin/env bash
# Session 8, call 1 (issue 11, the NTT rows): where the NTT's time goes, ours and sppark's, in one call.
# (1) sppark's NTT rows; (2) Nsight Compute on sppark's NTT kernels at 2^24 and 2^20 (names, grids, registers,
# durations, throughput); (3) BlsBench NTT with per-kernel device times (jzk.kernel.profile) on PTX and NVIDIA OpenCL,
# NVIDIA's PTX of every kernel dumped to ocl-bin/; (4) Nsight Compute on our radix-4 passes at 2^24 and 2^20;
# (5) the batch's GPU stage at 2^20 and 2^24 with session 7's defaults (one process a row, as session 6's rows.sh).
# Every step's limit is cut to what is left of GUARD seconds, so the tar at the end always runs.
set -u
echo libnvidia-opencl.so.1 > /etc/OpenCL/vendors/nvidia.icd
export JZK_CACHE=/tmp/jzk-cache-s8c1 JZK_KERNEL_CACHE=/tmp/jzk-kernels-s8c1 JZK_CDS=off
O=/tmp/s8c1; mkdir -p $O
GUARD=${GUARD:-540}
{ date -u; nvidia-smi --query-gpu=name,driver_version,clocks.max.sm --format=csv,noheader; nproc; ncu --version | tail -1; } > $O/machine.txt 2>&1
B=$PWD/.gpu/bundle/run.sh
S=$PWD/.gpu/sppark/sppark-bench
N="ncu --clock-control none --target-processes all --set full"
left() { echo $(( GUARD - SECONDS )); }
lim() { local t=$1 l=$(left); [ $t -gt $l ] && t=$l; echo $t; }
step() { local name=$1 t=$2 opts=$3; shift 3; local t0=$SECONDS; t=$(lim $t)
  [ $t -lt 15 ] && { echo "$name skipped (no time left)" >> $O/machine.txt; return; }
  JZK_JAVA_OPTS="-Xmx96g $opts" timeout $t "$@" > $O/$name.txt 2>&1
  echo "$name rc $? in $((SECONDS - t0)) s (limit $t)" >> $O/machine.txt; }
ncurep() { ncu -i $O/$1.ncu-rep --page details > $O/$1-details.txt 2>&1; }
step sppark 60 "" $S - 20,24 5 -
step spp-ncu24 90 "" $N --launch-count 12 -o $O/spp24 $S - 24 1 -; ncurep spp24
step spp-ncu20 60 "" $N --launch-count 12 -o $O/spp20 $S - 20 1 -; ncurep spp20
AB="-Djzk.bench.cpuMaxLgNtt=20"
step jzk-prof 120 "$AB -Djzk.kernel.profile=true -Djzk.opencl.dump=$O/ocl-bin" $B jzk.bench.kernels.BlsBench ntt=20,24 reps=21 backends=cuda:0,opencl:1:0
step jzk-plain 90 "$AB" $B jzk.bench.kernels.BlsBench ntt=20,24 reps=21 backends=cuda:0,opencl:1:0
step jzk-ncu24 90 "-Djzk.bench.cpuMaxLgNtt=0" $N -k 'regex:^jzk_pass4' --launch-count 3 -o $O/jzk24 $B jzk.bench.kernels.BlsBench ntt=24 reps=1 backends=cuda:0; ncurep jzk24
step jzk-ncu20 60 "-Djzk.bench.cpuMaxLgNtt=0" $N -k 'regex:^jzk_pass4' --launch-count 2 -o $O/jzk20 $B jzk.bench.kernels.BlsBench ntt=20 reps=1 backends=cuda:0; ncurep jzk20
ncu -i $O/jzk24.ncu-rep --page source --print-source sass --csv > $O/jzk24-sass.csv 2>&1
for n in 20 24; do
  case $n in
    20) A="--challenges 1 --layers 1 --depth 10 --count 8 --concurrency 1" ;;
    24) A="--challenges 2 --count 3" ;;
  esac
  mkdir -p /tmp/s8rows/c$n
  step row$n 150 "-XX:+UseG1GC -Djzk.setup.timing=true" $B jzk.cli.Main batch --shape stacked-drg $A --partitions 1 \
    --device cuda:0 --cache /tmp/s8rows/c$n --json $O/r$n.json --timings
  rm -rf /tmp/s8rows/c$n
done
cat $O/machine.txt
cd /tmp && tar czf $OUT/s8c1.tgz s8c1
