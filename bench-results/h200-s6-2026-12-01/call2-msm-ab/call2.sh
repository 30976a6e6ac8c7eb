#!/usr/bin/env bash
# Session 6, call 2 (issue 11): the A/Bs of session 5's switched-off kernel paths, then the peer table, one call.
set -u
echo libnvidia-opencl.so.1 > /etc/OpenCL/vendors/nvidia.icd
export JZK_CACHE=/tmp/jzk-cache-ab
{ date -u; git log --oneline -1; nvidia-smi --query-gpu=name,driver_version,clocks.max.sm --format=csv,noheader; } > $OUT/machine.txt 2>&1
SPPARK_BENCH=$PWD/.gpu/sppark/sppark-bench timeout 575 bash scripts/device-suite.sh .gpu/bundle $OUT/ab msm-ab ntt-ab peer
rm -rf .gpu/bundle/cds; cat $OUT/ab/suite.txt
