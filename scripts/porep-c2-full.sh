#!/usr/bin/env bash
# Full-size PoRep C2 on one GPU host (issue 10): Filecoin's 32 GiB partition shape (StackedDRG, K = 18 challenges:
# 131,229,533 constraints, domain 2^27), parameters generated on the GPU and kept resident in its memory, a batch of
# 10-partition proofs under a host memory budget. Two phases, each meant for one 10-minute device call (when one
# runs longer: detach / wait below), back to back on the same machine (the parameters stay in $CACHE between them;
# $OUT, where reports go, may be the device call's return folder, $CACHE must not be):
#
#   scripts/porep-c2-full.sh setup      parameters of the shape, generated on $DEVICE, written to $CACHE as they are
#                                       made (compressed format, prover/PARAMS-FORMAT.md); prints time and bytes
#   scripts/porep-c2-full.sh prove      loads them into $DEVICE's memory once, then jzk batch: $PARTITIONS partitions
#                                       a proof, $COUNT proofs, --memory-budget $BUDGET; report, peak RSS, GPU memory
#   scripts/porep-c2-full.sh size N     setup only, for the 2^N row of the per-size table (N = 20, 22..27)
#   scripts/porep-c2-full.sh rows       prints that table's shape options
#   scripts/porep-c2-full.sh all        setup, then prove
#
# A phase longer than one device call (a command's processes end with the call, but not a new process session,
# which runs on while the machine stays warm: issue the next call within its 30 s):
#   scripts/porep-c2-full.sh detach PHASE [ARG]   starts "PHASE [ARG]" in its own session (setsid), its output and
#                                       reports in $RUN_DIR, each phase stopped after $DETACH_LIMIT s; returns at once
#   scripts/porep-c2-full.sh wait [S]   shows the detached run's output until it ends or S seconds pass (default
#                                       $LIMIT), copies $RUN_DIR's files into $OUT; exit status: the run's, or 75
#                                       while it still runs (call wait again)
#
# Environment (defaults in brackets):
#   BUNDLE      a bundle from scripts/gpu-bundle.sh: its run.sh (jlinked JDK, no Java needed on the host) runs jzk;
#               without it, the checkout's ./jzk with JAVA_HOME from scripts/java-home.sh (a JDK 25)
#   DEVICE [cuda:0]  K [18]  PARTITIONS [10]  COUNT [3]  BUDGET [100g]  CACHE [/tmp/jzk-c2]  OUT [./porep-c2-out]
#   SHAPE       shape options replacing "--shape stacked-drg --challenges $K" (the repository's test runs this
#               script on a tiny shape on the jvm device)
#   LIMIT [540] seconds before a phase is stopped with SIGINT (jzk batch then lets proofs in flight finish for 30 s,
#               cancels them and reports the completed ones: all under the 600-s limit of a device call)
#   JZK_JAVA_OPTS [-Xmx100g -XX:+UseG1GC]  see "Host memory" below
#   JZK_CMD     a command that runs jzk.cli.Main, replacing BUNDLE/./jzk (tests)
#   BATCH_ARGS  more jzk batch options for prove, e.g. "--lookahead 0" (3 partitions of 19.8 GiB at once, not 4)
#   RUN_DIR [/tmp/porep-c2-run]  DETACH_LIMIT [3600]  for detach / wait
#
# Host memory at 2^27 (H200 host: 125 GiB RAM, 64 GiB disk). -Xmx100g: the prover's large host buffers are Java
# arrays on the heap. On a GPU a/b/c are evaluated on the device, so a partition holds its assignment (32 B × 130.3 M
# variables = 3.9 GiB); on the host path (cpu, or -Djzk.prover.deviceAbc=false) also a/b/c (12 GiB) and the L
# scalars, 19.8 GiB a partition, of which admission keeps at most min(W + L + G, budget / 19.8 GiB) = 4 at once with
# the default workers (79.1 GiB; FullSizeAdmissionTest). The shape's R1CS (shared) and the setup's QAP scalars
# (≈ 20 GiB, setup only) are heap too. Measured on the H200: peak RSS 59.9–67.7 GiB for setup plus three 10-partition
# proofs in one process (bench-results/h200-s6-2026-12-01). Off the heap stays small: the key's
# large sections are never on the host (streamed from the mapped file into device memory chunk by chunk, 2^20
# points at a time, each chunk's mapped pages released after use), pinned staging and kernel buffers are a few GiB.
# 100 GiB of heap leaves ≈ 25 GiB of the 125 for that and the OS; peak RSS is reported. Disk: the compressed key is
# ≈ 37.7 GB at 2^27 (288 B a constraint), written once (temp file renamed when complete), in $CACHE on the 64 GiB
# disk; on the GPU it is 70.3 GiB (576 B a constraint) plus the R1CS and each GPU stage's a/b/c and witness
# (104.9 GiB peak measured).
set -uo pipefail
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
PHASE=${1:-}
DEVICE=${DEVICE:-cuda:0}
K=${K:-18}
PARTITIONS=${PARTITIONS:-10}
COUNT=${COUNT:-3}
BUDGET=${BUDGET:-100g}
CACHE=${CACHE:-/tmp/jzk-c2}
OUT=${OUT:-./porep-c2-out}
LIMIT=${LIMIT:-540}
RUN_DIR=${RUN_DIR:-/tmp/porep-c2-run}
DETACH_LIMIT=${DETACH_LIMIT:-3600}
SELF="$ROOT/scripts/porep-c2-full.sh"
export JZK_JAVA_OPTS=${JZK_JAVA_OPTS:--Xmx100g -XX:+UseG1GC}

# shape options of the per-size table rows (prover/CIRCUITS.md: K challenges, L layers, depth d; 37 label parents)
row() {
    case $1 in
        20) echo "--shape stacked-drg --challenges 1 --layers 1 --depth 10" ;; #  1,020,571 constraints
        22) echo "--shape stacked-drg --challenges 1 --layers 5" ;;            #  4,105,724
        23) echo "--shape stacked-drg --challenges 1" ;;                       #  7,291,016
        24) echo "--shape stacked-drg --challenges 2" ;;                       # 14,581,517
        25) echo "--shape stacked-drg --challenges 4" ;;                       # 29,162,519
        26) echo "--shape stacked-drg --challenges 9" ;;                       # 65,615,024
        27) echo "--shape stacked-drg --challenges 18" ;;                      # 131,229,533 (Filecoin's partition)
        *) return 1 ;;
    esac
}

usage() {
    sed -n '2,/^set -uo/p' "$0" | sed '$d' >&2
    exit 2
}

# JZK: how jzk is started; resolved by the phases that run it (rows, detach, wait need no Java)
. "$ROOT/scripts/jzk-launcher.sh"

# run NAME ARGS...: jzk ARGS, its stdout+stderr to $OUT/NAME.txt and the terminal; SIGINT after $LIMIT s. Then
# NAME.summary holds rc, wall seconds, peak RSS (VmHWM of the JVM, polled each second) and peak GPU memory (nvidia-smi
# every 0.5 s, where present; jzk batch's report also has its device's own allocation counter).
run() {
    local name=$1
    shift
    jzk_launcher
    mkdir -p "$OUT"
    echo "== $name: ${JZK[*]} $*" | tee "$OUT/$name.txt"
    local t0=$SECONDS smi="" hwm=0 stopped="" h rc
    if command -v nvidia-smi >/dev/null 2>&1; then
        nvidia-smi --query-gpu=index,memory.used --format=csv,noheader,nounits -lms 500 \
            >"$OUT/$name-gpumem.csv" 2>/dev/null &
        smi=$!
    fi
    "${JZK[@]}" "$@" >>"$OUT/$name.txt" 2>&1 &
    local pid=$!
    tail -n 0 -f --pid="$pid" "$OUT/$name.txt" &
    local follow=$!
    while kill -0 "$pid" 2>/dev/null; do
        h=$(awk '/^VmHWM:/ {print $2}' "/proc/$pid/status" 2>/dev/null)
        [ -n "$h" ] && [ "$h" -gt "$hwm" ] && hwm=$h
        if [ -z "$stopped" ] && [ $((SECONDS - t0)) -ge "$LIMIT" ]; then
            kill -INT "$pid" 2>/dev/null
            stopped=" (stopped by SIGINT after $LIMIT s)"
        fi
        sleep 1
    done
    wait "$pid"
    rc=$?
    wait "$follow" 2>/dev/null
    local wall=$((SECONDS - t0)) gpu="n/a"
    if [ -n "$smi" ]; then
        kill "$smi" 2>/dev/null
        wait "$smi" 2>/dev/null
        gpu="$(awk -F', *' -v i="${DEVICE#cuda:}" '$1 == i && $2 > m {m = $2} END {print m + 0}' \
            "$OUT/$name-gpumem.csv") MiB"
    fi
    {
        echo "phase=$name"
        echo "rc=$rc"
        echo "wall_s=$wall"
        echo "peak_rss_kib=$hwm"
        echo "peak_gpu_mem=$gpu"
    } >"$OUT/$name.summary"
    echo "== $name: rc $rc in $wall s$stopped, peak RSS $(awk -v k="$hwm" 'BEGIN {printf "%.2f", k / 1048576}') GiB," \
        "peak GPU memory (nvidia-smi) $gpu" | tee -a "$OUT/$name.txt"
    return "$rc"
}

# setup NAME SHAPE...: generate (or find) the compressed parameters of the shape on $DEVICE; prints file and disk
setup() {
    local name=$1
    shift
    mkdir -p "$CACHE"
    run "$name" setup "$@" --device "$DEVICE" --cache "$CACHE" --vk "$OUT/$name-verification_key.json" --force
    local rc=$?
    local file
    file=$(ls -t "$CACHE"/*.jzkp 2>/dev/null | head -n 1)
    {
        echo "params_file=$file"
        echo "params_bytes=$( [ -n "$file" ] && stat -c %s "$file" || echo 0)"
        echo "disk_free_bytes=$(df -B1 --output=avail "$CACHE" | tail -n 1 | tr -d ' ')"
    } >>"$OUT/$name.summary"
    grep -E '^(params_|disk_)' "$OUT/$name.summary" | tee -a "$OUT/$name.txt"
    return $rc
}

read -ra SHAPE_ARGS <<<"${SHAPE:---shape stacked-drg --challenges $K}"
read -ra EXTRA <<<"${BATCH_ARGS:-}"
case $PHASE in
    setup) setup setup "${SHAPE_ARGS[@]}" ;;
    prove)
        if ! ls "$CACHE"/*.jzkp >/dev/null 2>&1; then
            echo "porep-c2-full: no compressed parameters in $CACHE: run '$0 setup' first (same CACHE, same machine)" >&2
            exit 1
        fi
        run prove batch "${SHAPE_ARGS[@]}" --partitions "$PARTITIONS" --count "$COUNT" --memory-budget "$BUDGET" \
            --device "$DEVICE" --cache "$CACHE" --json "$OUT/prove.json" --timeline "$OUT/prove-timeline.html" \
            "${EXTRA[@]}" ;;
    size)
        N=${2:-}
        S=$(row "$N") || { echo "porep-c2-full: no table row 2^$N (rows: 20 22 23 24 25 26 27)" >&2; exit 2; }
        read -ra ROW <<<"$S"
        setup "setup-2p$N" "${ROW[@]}" ;;
    rows) for n in 20 22 23 24 25 26 27; do echo "2^$n: $(row "$n")"; done ;;
    all) bash "$SELF" setup && bash "$SELF" prove ;;
    detach)
        shift
        [ $# -gt 0 ] || usage
        command -v setsid >/dev/null || { echo "porep-c2-full: setsid not found (util-linux)" >&2; exit 1; }
        mkdir -p "$RUN_DIR"
        rm -f "$RUN_DIR/run.rc"
        # a new session: not ended with the device call that starts it; run.rc appears when it is done
        OUT="$RUN_DIR" LIMIT="$DETACH_LIMIT" setsid bash -c 'bash "$0" "$@"; echo $? >"'"$RUN_DIR"'/run.rc"' \
            "$SELF" "$@" >"$RUN_DIR/run.txt" 2>&1 </dev/null &
        echo "porep-c2-full: '$*' detached (pid $!), output in $RUN_DIR/run.txt; '$0 wait' follows it" ;;
    wait)
        [ -f "$RUN_DIR/run.txt" ] || { echo "porep-c2-full: nothing detached in $RUN_DIR" >&2; exit 1; }
        tail -n +1 -f "$RUN_DIR/run.txt" &
        follow=$!
        t0=$SECONDS
        while [ ! -f "$RUN_DIR/run.rc" ] && [ $((SECONDS - t0)) -lt "${2:-$LIMIT}" ]; do
            sleep 2
        done
        sleep 1
        kill "$follow" 2>/dev/null
        wait "$follow" 2>/dev/null
        if [ "$(cd "$RUN_DIR" && pwd)" != "$(mkdir -p "$OUT" && cd "$OUT" && pwd)" ]; then
            cp -r "$RUN_DIR"/. "$OUT"/
        fi
        if [ -f "$RUN_DIR/run.rc" ]; then
            rc=$(cat "$RUN_DIR/run.rc")
            echo "porep-c2-full: the detached run ended with rc $rc; its files are in $OUT"
            exit "$rc"
        fi
        echo "porep-c2-full: still running after ${2:-$LIMIT} s; files so far in $OUT (call '$0 wait' again)"
        exit 75 ;;
    *) usage ;;
esac
