#!/usr/bin/env bash
# Session 7, call 2 (issue 11): the MSM with jzk.jit.optInProducts on, PTX against NVIDIA OpenCL (Java bodies) on the
# same inputs (the agrees column is the cross-check), then Nsight Compute on the NTT passes and the slice sums.
set -u
echo libnvidia-opencl.so.1 > /etc/OpenCL/vendors/nvidia.icd
export JZK_CACHE=/tmp/jzk-cache-c2
O=/tmp/c2; mkdir -p $O
{ date -u; nvidia-smi --query-gpu=name,driver_version,clocks.max.sm --format=csv,noheader; command -v ncu; ncu --version; } > $O/machine.txt 2>&1
B=.gpu/bundle/run.sh
ab="-Xmx96g -Djzk.bench.cpuMaxLgNtt=0 -Djzk.bench.cpuMaxLgMsm=0"
JZK_JAVA_OPTS="$ab -Djzk.jit.optInProducts=true" timeout 200 $B jzk.bench.kernels.BlsBench msm1=20,22,24 msm2=22 \
  reps=3 msmItems= backends=cuda:0,opencl:1:0 > $O/fp-cross.txt 2>&1
echo "fp-cross rc $?" >> $O/machine.txt
N="ncu --clock-control none --target-processes all --set full"
prof() { # name, timeout, kernel regex, launch count, java opts, bench args...
  local name=$1 t=$2 k=$3 c=$4 opts=$5; shift 5
  JZK_JAVA_OPTS="$ab $opts" timeout $t $N -k "regex:$k" --launch-count $c -o $O/$name $B jzk.bench.kernels.BlsBench "$@" \
    > $O/$name.log 2>&1
  echo "$name rc $?" >> $O/machine.txt
  ncu -i $O/$name.ncu-rep --page details > $O/$name.txt 2>&1
}
prof ntt20 120 '^pass$' 2 "" ntt=20 reps=1 backends=cuda:0
prof ntt24 120 '^passSmall$' 3 "" ntt=24 reps=1 backends=cuda:0
prof sums22 150 '^sumSlicesG1$' 1 "-Djzk.jit.optInProducts=true" msm1=22 reps=1 msmItems= backends=cuda:0
prof sums22g2 150 '^sumSlicesG2$' 1 "-Djzk.jit.optInProducts=true" msm2=22 reps=1 msmItems= backends=cuda:0
rm -rf .gpu/bundle/cds; cat $O/machine.txt; tail -3 $O/*.log
cd /tmp && tar czf $OUT/c2.tgz c2
