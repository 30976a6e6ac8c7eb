#!/usr/bin/env bash
# Session 7, call 1 (issue 11): session 6's switched-off paths A/B (window-ab, fp-ab), then the peer table, one call.
set -u
echo libnvidia-opencl.so.1 > /etc/OpenCL/vendors/nvidia.icd
export JZK_CACHE=/tmp/jzk-cache-ab
mkdir -p /tmp/c1
{ date -u; nvidia-smi --query-gpu=name,driver_version,clocks.max.sm --format=csv,noheader; } > /tmp/c1/machine.txt 2>&1
SPPARK_BENCH=$PWD/.gpu/sppark/sppark-bench timeout 560 bash scripts/device-suite.sh .gpu/bundle /tmp/c1 fp-ab window-ab peer
rm -rf .gpu/bundle/cds; cat /tmp/c1/suite.txt
cd /tmp && tar czf $OUT/c1.tgz c1
