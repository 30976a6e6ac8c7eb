#!/usr/bin/env bash
# Session 9, call 3 (issue 11): 2^27 PoRep C2 with this session's defaults (stage-major twiddles and kept NTT plans now on),
# 2 proofs: one jzk batch process that records the 2^27 StackedDRG partition R1CS once,
# generates the parameters on the GPU (compressed file written as generated), loads them resident and proves two
# 10-partition proofs. Runs detached; "wait" follows it and copies what is there to $OUT (tar), so a call can end
# while the process goes on (the next call must come within 30 s).
set -u
B=$PWD/.gpu/bundle
D=/tmp/c27
mode=${1:-wait}
lim=${2:-550}
if [ "$mode" = start ]; then
  rm -rf $D; mkdir -p $D /tmp/jzk-c27
  echo libnvidia-opencl.so.1 > /etc/OpenCL/vendors/nvidia.icd
  { date -u; nvidia-smi --query-gpu=name,driver_version,memory.total --format=csv,noheader; nproc; free -g | head -2; df -h /tmp | tail -1; git log --oneline -1; } > $D/machine.txt 2>&1
  setsid bash -c "
    nvidia-smi --query-gpu=memory.used --format=csv,noheader,nounits -lms 1000 > $D/gpumem.csv 2>/dev/null &
    echo \$! > $D/smi.pid
    t0=\$(date +%s)
    JZK_CDS=off JZK_CACHE=/tmp/jzk-c27 JZK_PROGRESS=lines JZK_JAVA_OPTS='-Xmx100g -XX:+UseG1GC -Djzk.setup.timing=true' \
      $B/run.sh jzk.cli.Main batch --shape stacked-drg --challenges 18 --partitions 10 --count 2 --timings \
      --memory-budget 100g --device cuda:0 --cache /tmp/jzk-c27 --json $D/c27.json --timeline $D/c27-timeline.html \
      > $D/batch.txt 2>&1 &
    pid=\$!; echo \$pid > $D/jvm.pid
    hwm=0
    while kill -0 \$pid 2>/dev/null; do
      h=\$(awk '/^VmHWM:/ {print \$2}' /proc/\$pid/status 2>/dev/null); [ -n \"\$h\" ] && [ \$h -gt \$hwm ] && hwm=\$h
      c=\$(pgrep -P \$pid java | head -1); [ -n \"\$c\" ] && h=\$(awk '/^VmHWM:/ {print \$2}' /proc/\$c/status 2>/dev/null) && [ -n \"\$h\" ] && [ \$h -gt \$hwm ] && hwm=\$h
      echo \"\$(( \$(date +%s) - t0 )) s rss_hwm_kib=\$hwm\" > $D/rss.txt
      free -g | awk 'NR==2{print \"mem used GiB: \"\$3}' >> $D/rss.txt
      sleep 2
    done
    wait \$pid; echo \"rc=\$? wall_s=\$(( \$(date +%s) - t0 )) peak_rss_kib=\$hwm\" > $D/done.txt
    kill \$(cat $D/smi.pid) 2>/dev/null
  " > $D/runner.log 2>&1 < /dev/null &
  sleep 2
fi
t0=$SECONDS
while [ ! -f $D/done.txt ] && [ $((SECONDS - t0)) -lt $lim ]; do sleep 5; done
awk -F', *' '$1>m{m=$1} END{print "peak GPU memory so far (nvidia-smi) MiB: " m}' $D/gpumem.csv > $D/gpupeak.txt 2>/dev/null
df -h /tmp | tail -1 >> $D/gpupeak.txt; ls -la /tmp/jzk-c27 >> $D/gpupeak.txt 2>&1
tail -5 $D/batch.txt; cat $D/rss.txt $D/gpupeak.txt $D/done.txt 2>/dev/null
mkdir -p $OUT/c27; cp $D/*.txt $D/*.json $D/*.html $D/*.csv $OUT/c27/ 2>/dev/null; rm -f $OUT/c27/gpumem.csv
cd $OUT && tar czf c27-$(date +%H%M%S).tgz c27 && rm -rf c27
[ -f $D/done.txt ] && exit 0 || exit 75
