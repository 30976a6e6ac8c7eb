#!/usr/bin/env bash
# Start-up of a cached `jzk prove`: the whole command's wall time vs the proof time it reports, per launcher.
# Usage: scripts/startup-bench.sh OUT.tsv REPS LABEL=LAUNCHER... -- PROVE-ARGS...
#   e.g. scripts/startup-bench.sh runs.tsv 3 before=/tmp/base/jzk after=./jzk -- --device cpu --challenges 24 --depth 10
#        scripts/startup-bench.sh runs.tsv 3 "after=.gpu/bundle/run.sh jzk.cli.Main" -- --device cuda:0 ...
# A launcher may be several words (split on spaces). Each runs once untimed first (parameters, kernel cache, CDS
# archive recorded), then REPS timed runs. Rows: label, rep, wall seconds of the whole command (bash's time), proof
# seconds (its "proved … in X s" line), their ratio, the arguments.
set -euo pipefail
out=$1 reps=$2
shift 2
launchers=()
while [[ $1 != -- ]]; do launchers+=("$1"); shift; done
shift
[[ -f "$out" ]] || printf 'label\trep\tcommand_wall_s\tproof_s\tratio\targs\n' > "$out"
files=(--proof /tmp/startup-proof.json --public /tmp/startup-public.json)
TIMEFORMAT='WALL %R'
for l in "${launchers[@]}"; do
  label=${l%%=*}
  read -r -a cmd <<< "${l#*=}"
  "${cmd[@]}" prove "$@" "${files[@]}" >/dev/null 2>&1
  for ((i = 1; i <= reps; i++)); do
    log=$( { time "${cmd[@]}" prove "$@" "${files[@]}" 2>&1; } 2>&1 )
    wall=$(sed -n 's/^WALL //p' <<<"$log")
    proof=$(sed -n 's/^proved .* in \([0-9.]*\) s (verified)$/\1/p' <<<"$log")
    printf '%s\t%d\t%s\t%s\t%s\t%s\n' "$label" "$i" "$wall" "$proof" \
      "$(awk -v w="$wall" -v p="$proof" 'BEGIN { printf "%.2f", w / p }')" "$*" | tee -a "$out"
  done
done
