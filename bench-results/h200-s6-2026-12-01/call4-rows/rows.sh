#!/usr/bin/env bash
# Session 6 (issue 10): the per-size table again, one process per row (record the StackedDRG partition R1CS,
# generate the parameters on the GPU and write the compressed file, keep the key resident, prove and verify), with
# this session's defaults (MSM device layout + longest-first slices, the JIT's pairs/modular sums/folded offsets),
# after the conformance suite. Detached like c27.sh: "start" in one call, "wait" in the next (within 30 s).
set -u
B=$PWD/.gpu/bundle
D=/tmp/rows
mode=${1:-wait}
lim=${2:-550}
if [ "$mode" = start ]; then
  rm -rf $D /tmp/rows-cache; mkdir -p $D /tmp/rows-cache
  echo libnvidia-opencl.so.1 > /etc/OpenCL/vendors/nvidia.icd
  { date -u; nvidia-smi --query-gpu=name,driver_version,memory.total --format=csv,noheader; nproc; free -g | head -2; df -h /tmp | tail -1; } > $D/machine.txt 2>&1
  setsid bash -c '
    B='"$B"'; D='"$D"'
    export JZK_CDS=off JZK_KERNEL_CACHE=/tmp/rows-kernels
    t0=$(date +%s)
    $B/run.sh jzk.bench.runtime.SelfTest > $D/selftest.txt 2>&1; echo "selftest rc=$? $(( $(date +%s) - t0 )) s" >> $D/steps.txt
    for n in 20 22 24 25 26; do
      case $n in
        20) S="--challenges 1 --layers 1 --depth 10 --count 8 --concurrency 1" ;;
        22) S="--challenges 1 --layers 5 --count 3" ;;
        24) S="--challenges 2 --count 3" ;;
        25) S="--challenges 4 --count 2" ;;
        26) S="--challenges 9 --count 2" ;;
      esac
      C=/tmp/rows-cache/c$n; mkdir -p $C
      nvidia-smi --query-gpu=memory.used --format=csv,noheader,nounits -lms 500 > $D/gpumem-$n.csv 2>/dev/null & smi=$!
      t1=$(date +%s)
      JZK_JAVA_OPTS="-Xmx100g -XX:+UseG1GC -Djzk.setup.timing=true" $B/run.sh jzk.cli.Main batch --shape stacked-drg $S \
        --partitions 1 --device cuda:0 --cache $C --json $D/r$n.json --timings > $D/r$n.txt 2>&1
      rc=$?; kill $smi 2>/dev/null
      peak=$(awk -F", *" "\$1>m{m=\$1} END{print m}" $D/gpumem-$n.csv); rm -f $D/gpumem-$n.csv
      echo "2^$n rc=$rc $(( $(date +%s) - t1 )) s nvidia-smi peak MiB $peak; files:" >> $D/steps.txt
      ls -l $C | grep jzkp >> $D/steps.txt
      rm -rf $C
    done
    echo done > $D/done.txt
  ' > $D/runner.log 2>&1 < /dev/null &
  sleep 2
fi
t0=$SECONDS
while [ ! -f $D/done.txt ] && [ $((SECONDS - t0)) -lt $lim ]; do sleep 5; done
cat $D/steps.txt 2>/dev/null
cd /tmp && tar czf $OUT/rows-$(date +%H%M%S).tgz rows
[ -f $D/done.txt ] && exit 0 || exit 75
