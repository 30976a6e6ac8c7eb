#!/usr/bin/env bash
# Issue 11 follow-up (session 8, s8plan): the batch's GPU stage at 2^24 with the NTT plan built per partition (the
# default), kept by the device backend (-Djzk.ntt.keepPlans=true), kept with the stage-major twiddle tables
# (+ -Djzk.ntt.twiddles=stage), and the stage tables per partition (reference). One process a row, every proof
# verified, one parameter cache for the four rows (the first row generates it). Compare the "abc eval" row of
# "phases (ms)" (it holds the plan's construction: with kept plans only the first of the 6 partitions builds it,
# so p50 drops by the construction time) and the ntt a/b/c rows; "device cuda:0: ... resident" grows by the kept
# plan (2^24: 1 GiB of n/2 tables + 0.5 GiB scratch; stage tables 1 GiB + 0.5 GiB). Run from the bundle's root,
# like call4.sh:  GUARD=540 bash scripts/keep-plans-ab.sh   (about 4 × 45 s; output in $OUT/s8plan.tgz)
set -u
echo libnvidia-opencl.so.1 > /etc/OpenCL/vendors/nvidia.icd
export JZK_CACHE=/tmp/jzk-cache-s8plan JZK_KERNEL_CACHE=/tmp/jzk-kernels-s8plan JZK_CDS=off
O=/tmp/s8plan; mkdir -p $O /tmp/s8plan-params
GUARD=${GUARD:-540}
{ date -u; nvidia-smi --query-gpu=name,driver_version,clocks.max.sm --format=csv,noheader; nproc; } > $O/machine.txt 2>&1
B=$PWD/.gpu/bundle/run.sh
left() { echo $(( GUARD - SECONDS )); }
lim() { local t=$1 l=$(left); [ $t -gt $l ] && t=$l; echo $t; }
step() { local name=$1 t=$2 opts=$3; shift 3; local t0=$SECONDS; t=$(lim $t)
  [ $t -lt 15 ] && { echo "$name skipped (no time left)" >> $O/machine.txt; return; }
  JZK_JAVA_OPTS="-Xmx96g $opts" timeout $t "$@" > $O/$name.txt 2>&1
  echo "$name rc $? in $((SECONDS - t0)) s (limit $t)" >> $O/machine.txt; }
A="--shape stacked-drg --challenges 2 --count 6 --concurrency 2 --partitions 1 --device cuda:0 --cache /tmp/s8plan-params --timings"
step plan-per-stage 150 "-XX:+UseG1GC" $B jzk.cli.Main batch $A --json $O/per-stage.json
step plan-kept 120 "-XX:+UseG1GC -Djzk.ntt.keepPlans=true" $B jzk.cli.Main batch $A --json $O/kept.json
step plan-kept-stage 120 "-XX:+UseG1GC -Djzk.ntt.keepPlans=true -Djzk.ntt.twiddles=stage" $B jzk.cli.Main batch $A \
  --json $O/kept-stage.json
step plan-per-stage-stage 120 "-XX:+UseG1GC -Djzk.ntt.twiddles=stage" $B jzk.cli.Main batch $A \
  --json $O/per-stage-stage.json
rm -rf /tmp/s8plan-params
cat $O/machine.txt
grep -H -E "abc eval|ntt a |device cuda:0:|completed" $O/plan-*.txt
cd /tmp && tar czf $OUT/s8plan.tgz s8plan
