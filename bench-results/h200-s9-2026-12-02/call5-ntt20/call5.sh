#!/usr/bin/env bash
# Session 9, call 5 (issue 11): NTT 2^20 resident, the row call 4 sampled at 0.93 and 1.03 of sppark: sppark and
# BlsBench alternated four times (one process each; jzk after up to 1 s of warm-up runs, 21 timed reps printed to the
# µs), then LaunchProbe's host-against-device split of the same transform.
set -u
export JZK_CACHE=/tmp/jzk-cache-s9c5 JZK_KERNEL_CACHE=/tmp/jzk-kernels-s9c5 JZK_CDS=off
O=/tmp/s9c5; mkdir -p $O
GUARD=${GUARD:-170}
{ date -u; nvidia-smi --query-gpu=name,driver_version,clocks.max.sm --format=csv,noheader; nproc; } > $O/machine.txt 2>&1
B=$PWD/.gpu/bundle/run.sh
S=$PWD/.gpu/sppark/sppark-bench
left() { echo $(( GUARD - SECONDS )); }
lim() { local t=$1 l=$(left); [ $t -gt $l ] && t=$l; echo $t; }
step() { local name=$1 t=$2 opts=$3; shift 3; local t0=$SECONDS; t=$(lim $t)
  [ $t -lt 10 ] && { echo "$name skipped (no time left)" >> $O/machine.txt; return; }
  JZK_JAVA_OPTS="-Xmx16g $opts" timeout $t "$@" > $O/$name.txt 2>&1
  echo "$name rc $? in $((SECONDS - t0)) s (limit $t)" >> $O/machine.txt; }
for i in 1 2 3 4; do
  step sppark-$i 20 "" $S - 20 21 -
  step jzk-$i 25 "-Djzk.bench.cpuMaxLgNtt=16" $B jzk.bench.kernels.BlsBench ntt=20 reps=21 warm=3000 backends=cuda:0
done
step probe 30 "" $B jzk.bench.kernels.LaunchProbe device=cuda:0 n=2000 lg=20
cat $O/machine.txt
for i in 1 2 3 4; do grep -h "^NTT Fr 2^20 device" $O/sppark-$i.txt; grep -h "^\[row\] ntt 2^20 cuda" $O/jzk-$i.txt | cut -c1-400; done
grep -h "^NTT\|launch" $O/probe.txt
cd /tmp && tar czf $OUT/s9c5.tgz s9c5
