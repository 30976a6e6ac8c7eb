#!/usr/bin/env bash
# Session 6, call 3 (issue 11): the NTT A/B (session 5's switched-off JIT paths), then the peer table with the
# MSM's device layout and longest-first slices on (call 2's A/B), sppark in the same call.
set -u
echo libnvidia-opencl.so.1 > /etc/OpenCL/vendors/nvidia.icd
export JZK_CACHE=/tmp/jzk-cache-ab
{ date -u; nvidia-smi --query-gpu=name,driver_version,clocks.max.sm --format=csv,noheader; } > $OUT/machine.txt 2>&1
timeout 120 bash scripts/device-suite.sh .gpu/bundle /tmp/ab3 ntt-ab
JZK_JAVA_OPTS="-Xmx96g -Djzk.msm.deviceLayout=true -Djzk.msm.sliceOrder=true" SPPARK_BENCH=$PWD/.gpu/sppark/sppark-bench \
  timeout 300 bash scripts/device-suite.sh .gpu/bundle /tmp/ab3 peer
rm -rf .gpu/bundle/cds; cat /tmp/ab3/suite.txt
cd /tmp && tar czf $OUT/ab3.tgz ab3
