#!/usr/bin/env bash
# The H200 measurement suite of a session, run on the GPU host from a bundle made by scripts/gpu-bundle.sh:
#   scripts/device-suite.sh BUNDLE_DIR OUT_DIR [STEP...]
# Steps (default: selftest kernels setup batch, in this order; also: peer, kernels-ab, ntt-ab, ntt2-ab, ntt2-27, ntt3-ab, quad-ab, tw-ab, msm-ab,
# window-ab, fp-ab, copy-ab, ocl-ab, wide-ab, vidx-ab, serve). `serve` measures jzk serve
# against the in-process batch at 1 M constraints per partition (issue 12: a warm Prove within 1.2x). `peer` runs sppark's benchmark
# ($SPPARK_BENCH, default ../shared/tools/sppark-bench/sppark-bench) and BlsBench at the same sizes in one call,
# for the jzk/sppark ratio table. Each step's stdout+stderr goes to
# OUT_DIR/<step>.txt (JSON reports beside it); a step that fails is recorded and the next one still runs.
# Needs: the CUDA driver; NVIDIA's OpenCL ICD registered (echo libnvidia-opencl.so.1 > /etc/OpenCL/vendors/nvidia.icd).
set -uo pipefail
BUNDLE=$(cd "$1" && pwd)
OUT=$(mkdir -p "$2" && cd "$2" && pwd)
shift 2
STEPS=("$@")
[ ${#STEPS[@]} -gt 0 ] || STEPS=(selftest kernels setup batch)
export JZK_CACHE=${JZK_CACHE:-/tmp/jzk-cache}
export JZK_JAVA_OPTS=${JZK_JAVA_OPTS:--Xmx96g}
run() { # name, limit seconds, command...
    local name=$1 limit=$2
    shift 2
    echo "== $name: $*" | tee -a "$OUT/suite.txt"
    local t0=$SECONDS
    (cd "$OUT" && timeout "$limit" "$@") >"$OUT/$name.txt" 2>&1
    echo "== $name: rc $? in $((SECONDS - t0)) s" | tee -a "$OUT/suite.txt"
}
{ date -u; nvidia-smi --query-gpu=name,driver_version,clocks.max.sm --format=csv,noheader; nproc; } >>"$OUT/suite.txt" 2>&1
for step in "${STEPS[@]}"; do
    case $step in
        selftest) run selftest 120 "$BUNDLE/run.sh" jzk.bench.runtime.SelfTest ;;
        kernels)
            run mulprobe 60 "$BUNDLE/run.sh" jzk.bench.kernels.MulProbe
            run kernels 240 "$BUNDLE/run.sh" jzk.bench.kernels.BlsBench ntt=20,24 msm1=20,24 msm2=22 frmul=1 fpmul=1 reps=5 \
                backends=cuda:0,opencl:1:0 ;;
        ntt-ab) # issue 11, NTT (session 5), same call: the PTX Fr products in the pairs form, Fr add/sub as carry
                # chains and folded address offsets (on by default since session 6's A/B), then all three off;
                # NTT 2^20 checked against the CPU FrDomain, 2^24 between backends; frmul: Fr mul/s (frMulChain)
            NEW="-Djzk.jit.montPairs=true -Djzk.jit.modularSums=true -Djzk.jit.foldOffsets=true"
            JZK_JAVA_OPTS="$JZK_JAVA_OPTS -Djzk.bench.cpuMaxLgNtt=20 $NEW" \
                run ntt-new 200 "$BUNDLE/run.sh" jzk.bench.kernels.BlsBench ntt=20,24 frmul=1 reps=5 \
                backends=cuda:0,opencl:1:0
            JZK_JAVA_OPTS="$JZK_JAVA_OPTS -Djzk.bench.cpuMaxLgNtt=20 -Djzk.jit.montPairs=false -Djzk.jit.modularSums=false -Djzk.jit.foldOffsets=false" \
                run ntt-old 150 "$BUNDLE/run.sh" jzk.bench.kernels.BlsBench ntt=20,24 frmul=1 reps=5 backends=cuda:0
            # 2^20 split as 7+7+6 (lgBlock 8) and 5+5+5+5 (lgBlock 6), passSmall with more groups per multiprocessor,
            # instead of 10+10 (pass: 2 groups of 512 per multiprocessor)
            for lg in 8 6; do
                JZK_JAVA_OPTS="$JZK_JAVA_OPTS -Djzk.bench.cpuMaxLgNtt=20 -Djzk.ntt.lgBlock=$lg" \
                    run ntt-block$lg 90 "$BUNDLE/run.sh" jzk.bench.kernels.BlsBench ntt=20 reps=9 backends=cuda:0
            done ;;
        ntt2-ab) # issue 11 (session 7): the radix-4 NTT passes (jzk.ntt.radix=4: NttKernels.pass4/pass4Small, 4
                 # elements per work-item, 2 stages per local round trip: barriers per pass 10 stages 9 -> 4, 8 stages
                 # 7 -> 3; 64 registers, swizzled local layout without bank conflicts) against the radix-2 passes (the
                 # default), PTX; 2^20 checked against the CPU FrDomain ("agrees" column), 2^24 between PTX and NVIDIA
                 # OpenCL in the new run. Step ntt2-27: 2^27 (3 passes of 9) both ways.
            ab="-Djzk.bench.cpuMaxLgNtt=20"
            JZK_JAVA_OPTS="$JZK_JAVA_OPTS $ab -Djzk.ntt.radix=2" \
                run ntt2-old 150 "$BUNDLE/run.sh" jzk.bench.kernels.BlsBench ntt=20,24 reps=5 backends=cuda:0
            JZK_JAVA_OPTS="$JZK_JAVA_OPTS $ab -Djzk.ntt.radix=4" \
                run ntt2-new 200 "$BUNDLE/run.sh" jzk.bench.kernels.BlsBench ntt=20,24 reps=5 backends=cuda:0,opencl:1:0 ;;
        ntt2-27) # issue 11 (session 7): the radix-2 and radix-4 NTT passes at 2^27 (3 passes of 9 stages: pass /
                 # pass4); no CPU reference at this size: the new run's PTX and NVIDIA OpenCL results must agree
            JZK_JAVA_OPTS="$JZK_JAVA_OPTS -Djzk.ntt.radix=2" \
                run ntt2-27-old 200 "$BUNDLE/run.sh" jzk.bench.kernels.BlsBench ntt=27 reps=2 backends=cuda:0
            JZK_JAVA_OPTS="$JZK_JAVA_OPTS -Djzk.ntt.radix=4" \
                run ntt2-27-new 300 "$BUNDLE/run.sh" jzk.bench.kernels.BlsBench ntt=27 reps=2 backends=cuda:0,opencl:1:0 ;;
        ntt3-ab) # issue 11 (session 8): why NVIDIA OpenCL ran the radix-4 pass at NTT 2^20 in 0.452 ms and our PTX in
                 # 0.622 ms (session 7 call 5). Statically (bench-results/h200-s7-2026-12-01/ntt-ptx-vs-llvm.md) both
                 # assemble to the same stage loop (same LDS/STS/LDG counts and widths, same products, 1418 vs 1374
                 # SASS); they differ in registers (PTX capped at 64 -> 4 groups of 256 per SM; clang uncapped: 80 ->
                 # 3) and possibly host time. (1) both backends, 21 reps, NVIDIA's PTX of every kernel dumped to
                 # ocl-bin/ (assemble it with ptxas -v / scripts/ntt-ptx-vs-llvm.sh to compare); (2) the PTX with no
                 # register caps (jzk.jit.maxnreg=0: pass4 66 registers, 3 groups per SM as OpenCL); (3, 4) the same
                 # two with per-kernel device times (jzk.kernel.profile: table on stderr at exit; the bench's own times
                 # are slower there) to split kernel time from host time. 2^20 checked against the CPU FrDomain.
            ab="-Djzk.bench.cpuMaxLgNtt=20"
            JZK_JAVA_OPTS="$JZK_JAVA_OPTS $ab -Djzk.opencl.dump=$OUT/ocl-bin" \
                run ntt3-base 200 "$BUNDLE/run.sh" jzk.bench.kernels.BlsBench ntt=20,24 reps=21 backends=cuda:0,opencl:1:0
            JZK_JAVA_OPTS="$JZK_JAVA_OPTS $ab -Djzk.jit.maxnreg=0" \
                run ntt3-noreg 150 "$BUNDLE/run.sh" jzk.bench.kernels.BlsBench ntt=20,24 reps=21 backends=cuda:0
            JZK_JAVA_OPTS="$JZK_JAVA_OPTS $ab -Djzk.kernel.profile=true" \
                run ntt3-prof 150 "$BUNDLE/run.sh" jzk.bench.kernels.BlsBench ntt=20 reps=21 backends=cuda:0,opencl:1:0
            JZK_JAVA_OPTS="$JZK_JAVA_OPTS $ab -Djzk.kernel.profile=true -Djzk.jit.maxnreg=0" \
                run ntt3-prof-noreg 120 "$BUNDLE/run.sh" jzk.bench.kernels.BlsBench ntt=20 reps=21 backends=cuda:0 ;;
        quad-ab) # issue 11 (session 8): the radix-4 NTT passes with local memory in 16-byte quads (jzk.ntt.layout=quad:
                 # NttKernels.pass4q/pass4qSmall, quadAt) against limb-major (pass4/pass4Small), both with the vector
                 # accesses of jzk.jit.wideAccess=true (branch s8vec): pass4q's stage loop then moves local memory with
                 # 16 ld.shared.v4 + 10 st.shared.v4 (no scalar shared access) instead of 64 + 40 scalar, conflict-free
                 # (NttLocalLayoutTest); sm_90 SASS 1599 vs 1826 instructions, 64 registers each, no spills. Then quads
                 # with scalar accesses (4-way bank conflicts on every local access: expected slower than limb). 2^20
                 # checked against the CPU FrDomain, 2^24 between backends (agrees column). ~8 min in all.
            ab="-Djzk.bench.cpuMaxLgNtt=20"
            JZK_JAVA_OPTS="$JZK_JAVA_OPTS $ab -Djzk.jit.wideAccess=true -Djzk.ntt.layout=limb" \
                run quad-limb 200 "$BUNDLE/run.sh" jzk.bench.kernels.BlsBench ntt=20,24 reps=21 backends=cuda:0,opencl:1:0
            JZK_JAVA_OPTS="$JZK_JAVA_OPTS $ab -Djzk.jit.wideAccess=true -Djzk.ntt.layout=quad" \
                run quad-wide 200 "$BUNDLE/run.sh" jzk.bench.kernels.BlsBench ntt=20,24 reps=21 backends=cuda:0,opencl:1:0
            JZK_JAVA_OPTS="$JZK_JAVA_OPTS $ab -Djzk.jit.wideAccess=false -Djzk.ntt.layout=quad" \
                run quad-scalar 120 "$BUNDLE/run.sh" jzk.bench.kernels.BlsBench ntt=20,24 reps=21 backends=cuda:0 ;;
        tw-ab) # issue 11 (session 8, branch s8tw): the radix-4 quad NTT passes with stage-major twiddle tables laid out
               # per pass (jzk.ntt.twiddles=stage: NttKernels.pass4qT/pass4qTSmall, every twiddle one coalesced 16-byte
               # global read from a group-contiguous table of n - 1 entries; no local twiddle table, no fill loop, one
               # source per step) against the n/2 table (full: pass4q, strided reads, the middle stages copied to local
               # memory). Static, sm_90: 64 registers each, no spills; shared 32768 vs 49120 bytes (small: 8192 vs
               # 12256); SASS 1468 vs 1599 instructions (LDG 16 vs 18, LDS 8 vs 16, STS 8 vs 10, BRA 8 vs 14). 2^20
               # checked against the CPU FrDomain, 2^24 between backends (agrees column). ~5 min in all.
            ab="-Djzk.bench.cpuMaxLgNtt=20"
            JZK_JAVA_OPTS="$JZK_JAVA_OPTS $ab -Djzk.ntt.twiddles=full" \
                run tw-full 200 "$BUNDLE/run.sh" jzk.bench.kernels.BlsBench ntt=20,24 reps=21 warm=300 backends=cuda:0,opencl:1:0
            JZK_JAVA_OPTS="$JZK_JAVA_OPTS $ab -Djzk.ntt.twiddles=stage" \
                run tw-stage 200 "$BUNDLE/run.sh" jzk.bench.kernels.BlsBench ntt=20,24 reps=21 warm=300 backends=cuda:0,opencl:1:0 ;;
        peer) # the table's rows only (no chunked-MSM rows), each after up to 300 warm-up runs (at most 1 s: the GPU at
              # its clocks, as in sppark's loop); CPU references up to NTT 2^20 (MSM rows agree across
              # backends: OpenCL C runs the Java field code); frmul / fpmul: Fr / Fp mul/s. PEER_BACKENDS: default PTX and
              # NVIDIA OpenCL
            run sppark 240 "${SPPARK_BENCH:-$BUNDLE/../../../shared/tools/sppark-bench/sppark-bench}" 20,22,24 20,24 5 22
            JZK_JAVA_OPTS="$JZK_JAVA_OPTS -Djzk.bench.cpuMaxLgNtt=20 -Djzk.bench.cpuMaxLgMsm=16" \
                run peer-jzk 400 "$BUNDLE/run.sh" jzk.bench.kernels.BlsBench ntt=20,24 msm1=20,22,24 msm2=22 \
                frmul=1 fpmul=1 reps=5 warm=300 msmItems= backends="${PEER_BACKENDS:-cuda:0,opencl:1:0}" ;;
        kernels-ab) # issue 11, same call: the PTX rows as before the carry chains (Java bodies, no register caps:
                    # the code of main 8fe2ccd), and the NTT with carry chains but without the passes' register cap
            JZK_JAVA_OPTS="$JZK_JAVA_OPTS -Djzk.bench.cpuMaxLgNtt=0 -Djzk.bench.cpuMaxLgMsm=0 -Djzk.jit.carryChains=false -Djzk.jit.maxnreg=0" \
                run no-carry 200 "$BUNDLE/run.sh" jzk.bench.kernels.BlsBench ntt=20,24 msm1=20,22,24 msm2=22 \
                frmul=1 reps=5 msmItems= backends=cuda:0
            JZK_JAVA_OPTS="$JZK_JAVA_OPTS -Djzk.bench.cpuMaxLgNtt=0 -Djzk.jit.maxnreg=0" \
                run no-maxnreg 120 "$BUNDLE/run.sh" jzk.bench.kernels.BlsBench ntt=20,24 reps=5 backends=cuda:0
            # the G1 2^20 resident bimodality: every repetition profiled, its phases printed
            JZK_JAVA_OPTS="$JZK_JAVA_OPTS -Djzk.bench.cpuMaxLgMsm=0 -Djzk.bench.msmPhases=true" \
                run msm-phases 120 "$BUNDLE/run.sh" jzk.bench.kernels.BlsBench msm1=20 reps=8 msmItems= backends=cuda:0 ;;
        msm-ab) # issue 11 (session 5): the sorted MSM's device layout and slices longest first (on by default since
                # session 6's A/B), then the device layout alone, then the host layout; same process image,
                # PTX; then their phases (G1 2^20 and 2^24, every call profiled), then larger windows (c = 19 at 2^22,
                # 20 at 2^24). Each run its own kernel cache key (the flags that change kernels are in the key).
            ab="-Djzk.bench.cpuMaxLgNtt=0 -Djzk.bench.cpuMaxLgMsm=0"
            new="-Djzk.msm.deviceLayout=true -Djzk.msm.sliceOrder=true"
            old="-Djzk.msm.deviceLayout=false -Djzk.msm.sliceOrder=false"
            JZK_JAVA_OPTS="$JZK_JAVA_OPTS $ab $new" \
                run msm-new 240 "$BUNDLE/run.sh" jzk.bench.kernels.BlsBench msm1=20,22,24 msm2=22 reps=5 msmItems= \
                backends=cuda:0
            JZK_JAVA_OPTS="$JZK_JAVA_OPTS $ab -Djzk.msm.deviceLayout=true -Djzk.msm.sliceOrder=false" \
                run msm-noorder 240 "$BUNDLE/run.sh" jzk.bench.kernels.BlsBench msm1=20,22,24 msm2=22 reps=5 \
                msmItems= backends=cuda:0
            JZK_JAVA_OPTS="$JZK_JAVA_OPTS $ab $old" \
                run msm-old 240 "$BUNDLE/run.sh" jzk.bench.kernels.BlsBench msm1=20,22,24 msm2=22 reps=5 msmItems= \
                backends=cuda:0
            JZK_JAVA_OPTS="$JZK_JAVA_OPTS $ab $new -Djzk.bench.msmPhases=true" \
                run msm-new-phases 150 "$BUNDLE/run.sh" jzk.bench.kernels.BlsBench msm1=20,24 reps=3 msmItems= \
                backends=cuda:0
            JZK_JAVA_OPTS="$JZK_JAVA_OPTS $ab $old -Djzk.bench.msmPhases=true" \
                run msm-old-phases 150 "$BUNDLE/run.sh" jzk.bench.kernels.BlsBench msm1=20,24 reps=3 msmItems= \
                backends=cuda:0
            JZK_JAVA_OPTS="$JZK_JAVA_OPTS $ab $new -Djzk.bench.msmPhases=true -Djzk.msm.maxWindow=20" \
                run msm-c20-phases 150 "$BUNDLE/run.sh" jzk.bench.kernels.BlsBench msm1=22,24 msm2=22 reps=3 \
                msmItems= backends=cuda:0
            # G1 only: every kernel's unroll budget at 10000, so sumSlicesG1's 17 Montgomery products are fully
            # unrolled (ptxas sm_90: 160 registers, no spills, against 126 with the outer limb loops rolled)
            JZK_JAVA_OPTS="$JZK_JAVA_OPTS $ab -Djzk.bench.msmPhases=true -Djzk.jit.kernelBudget=10000" \
                run msm-unrolled-phases 200 "$BUNDLE/run.sh" jzk.bench.kernels.BlsBench msm1=20,24 reps=3 msmItems= \
                backends=cuda:0 ;;
        window-ab) # issue 11 (session 6): the window cost model with the reduction priced at k = 6 bucket additions and
                   # windows up to 20 bits (k = 6 keeps c = 16 at 2^20 and 2^22, picks 19 at 2^24 and 20 at 2^25),
                   # against the defaults (k = 2, cap 16: c = 16 from 2^18 up); G1 2^20 … 2^25 and G2 2^22, phases
            ab="-Djzk.bench.cpuMaxLgNtt=0 -Djzk.bench.cpuMaxLgMsm=0"
            JZK_JAVA_OPTS="$JZK_JAVA_OPTS $ab -Djzk.msm.maxWindow=20 -Djzk.msm.reduceWeight=6" \
                run window-k6 300 "$BUNDLE/run.sh" jzk.bench.kernels.BlsBench msm1=20,22,24,25 msm2=22 reps=5 \
                msmItems= backends=cuda:0
            JZK_JAVA_OPTS="$JZK_JAVA_OPTS $ab" \
                run window-default 300 "$BUNDLE/run.sh" jzk.bench.kernels.BlsBench msm1=20,22,24,25 msm2=22 reps=5 \
                msmItems= backends=cuda:0 ;;
        fp-ab) # issue 11 (session 6): the MSM's Fp product, addition and subtraction (MontFp, opt-in) as the JIT's
               # pairs-form carry chains, then off (the Java bodies, the default); same call, PTX; each run its own
               # kernel cache key (jzk.jit.optInProducts is in it). Then the phases of both (slice sums against
               # the bucket reduction, G1 2^24 and G2 2^22): ptxas sm_90 gives sumSlicesG1 160 registers with the
               # flag (126 without), sumSlicesG2 255 with 872 bytes of spill stores (250, none, without).
            # first the check: the sorted MSM with the flag against field-arith's CPU Pippenger (agrees column "yes")
            JZK_JAVA_OPTS="$JZK_JAVA_OPTS -Djzk.bench.cpuMaxLgNtt=0 -Djzk.bench.cpuMaxLgMsm=18 -Djzk.jit.optInProducts=true" \
                run fp-check 150 "$BUNDLE/run.sh" jzk.bench.kernels.BlsBench msm1=16,18 msm2=16 reps=1 msmItems= \
                backends=cuda:0
            ab="-Djzk.bench.cpuMaxLgNtt=0 -Djzk.bench.cpuMaxLgMsm=0"
            JZK_JAVA_OPTS="$JZK_JAVA_OPTS $ab -Djzk.jit.optInProducts=true" \
                run fp-on 240 "$BUNDLE/run.sh" jzk.bench.kernels.BlsBench msm1=20,22,24 msm2=22 fpmul=1 reps=5 \
                msmItems= backends=cuda:0
            JZK_JAVA_OPTS="$JZK_JAVA_OPTS $ab -Djzk.jit.optInProducts=false" \
                run fp-off 240 "$BUNDLE/run.sh" jzk.bench.kernels.BlsBench msm1=20,22,24 msm2=22 fpmul=1 reps=5 \
                msmItems= backends=cuda:0
            for f in true false; do
                JZK_JAVA_OPTS="$JZK_JAVA_OPTS $ab -Djzk.jit.optInProducts=$f -Djzk.bench.msmPhases=true" \
                    run fp-$f-phases 150 "$BUNDLE/run.sh" jzk.bench.kernels.BlsBench msm1=24 msm2=22 reps=3 \
                    msmItems= backends=cuda:0
            done
            # G1 2^24 with the flag and every kernel capped at 128 registers (sumSlicesG1: 160 -> 128, 116 bytes of
            # spill stores; 16 resident warps per multiprocessor instead of 12): read its slice-sum phase only (the
            # reduction spills more under the cap)
            JZK_JAVA_OPTS="$JZK_JAVA_OPTS $ab -Djzk.jit.optInProducts=true -Djzk.jit.maxnreg=128 -Djzk.bench.msmPhases=true" \
                run fp-true-cap128-phases 150 "$BUNDLE/run.sh" jzk.bench.kernels.BlsBench msm1=24 reps=3 msmItems= \
                backends=cuda:0 ;;
        copy-ab) # issue 11 (session 7): the staged heap <-> device long[] copies (bls/CopyPipeline: jzk.copy.threads
                 # host threads, each filling/draining its own two pinned slots of jzk.copy.chunkMiB, a fence per
                 # chunk, no barrier between threads) against the session-6 copy (jzk.copy.threads=0: two 32 MiB
                 # halves, common pool, stream waits). First CopyBench: 512 MiB written and read back (checked) per
                 # threads x chunk size, and the host pass alone (heap <-> pinned, no DMA); then BlsBench NTT 2^20 (checked against the CPU) and 2^24
                 # "with transfers" and G1 2^24 (its scalar and bases uploads), old then new, then new on NVIDIA OpenCL
            run copy-rates 150 "$BUNDLE/run.sh" jzk.bench.kernels.CopyBench mib=512 threads=0,4,8,16 \
                chunkMiB=2,1,4,8 reps=5 device=cuda:0
            ab="-Djzk.bench.cpuMaxLgNtt=20 -Djzk.bench.cpuMaxLgMsm=0"
            JZK_JAVA_OPTS="$JZK_JAVA_OPTS $ab -Djzk.copy.threads=0" \
                run copy-old 200 "$BUNDLE/run.sh" jzk.bench.kernels.BlsBench ntt=20,24 msm1=24 reps=5 msmItems= \
                backends=cuda:0
            JZK_JAVA_OPTS="$JZK_JAVA_OPTS $ab" \
                run copy-new 200 "$BUNDLE/run.sh" jzk.bench.kernels.BlsBench ntt=20,24 msm1=24 reps=5 msmItems= \
                backends=cuda:0
            JZK_JAVA_OPTS="$JZK_JAVA_OPTS $ab" \
                run copy-new-opencl 300 "$BUNDLE/run.sh" jzk.bench.kernels.BlsBench ntt=20,24 msm1=24 reps=5 \
                msmItems= backends=opencl:1:0 ;;
        ocl-ab) # issue 11 (session 7): NVIDIA OpenCL with the JIT's products and sums (the calls PTX makes carry chains
                # of; Fp ones with jzk.jit.optInProducts) as OpenCL C helpers: inline PTX (jzk.jit.openClProducts=auto
                # picks it on NVIDIA's OpenCL), then portable straight-line C forced (=c), then the Java bodies as
                # before (=java); PTX (cuda:0) in the first call as the 1.2x reference. Each form its own kernel
                # cache key. First the checks: the conformance self-test on the OpenCL device (inline PTX), and
                # the MSM and NTT with the inline PTX form against field-arith's CPU code (agrees column "yes").
            run ocl-selftest 180 "$BUNDLE/run.sh" jzk.bench.runtime.SelfTest --device opencl:1:0
            JZK_JAVA_OPTS="$JZK_JAVA_OPTS -Djzk.bench.cpuMaxLgNtt=16 -Djzk.bench.cpuMaxLgMsm=18 -Djzk.jit.optInProducts=true" \
                run ocl-check 200 "$BUNDLE/run.sh" jzk.bench.kernels.BlsBench ntt=16 msm1=16,18 msm2=16 reps=1 \
                msmItems= backends=opencl:1:0
            ab="-Djzk.bench.cpuMaxLgNtt=0 -Djzk.bench.cpuMaxLgMsm=0 -Djzk.jit.optInProducts=true"
            JZK_JAVA_OPTS="$JZK_JAVA_OPTS $ab" \
                run ocl-asm 300 "$BUNDLE/run.sh" jzk.bench.kernels.BlsBench ntt=20,24 msm1=20,22,24 msm2=22 frmul=1 \
                fpmul=1 reps=5 msmItems= backends=cuda:0,opencl:1:0
            JZK_JAVA_OPTS="$JZK_JAVA_OPTS $ab -Djzk.jit.openClProducts=c" \
                run ocl-c 300 "$BUNDLE/run.sh" jzk.bench.kernels.BlsBench ntt=20,24 msm1=20,22,24 msm2=22 frmul=1 \
                fpmul=1 reps=5 msmItems= backends=opencl:1:0
            JZK_JAVA_OPTS="$JZK_JAVA_OPTS $ab -Djzk.jit.openClProducts=java" \
                run ocl-java 300 "$BUNDLE/run.sh" jzk.bench.kernels.BlsBench ntt=20,24 msm1=20,22,24 msm2=22 frmul=1 \
                fpmul=1 reps=5 msmItems= backends=opencl:1:0 ;;
        wide-ab) # issue 11 (session 8): 16-byte vector global/shared accesses (jzk.jit.wideAccess, jit/WideAccesses:
                 # every Fr element of the NTT passes' global arrays as 2x ld/st.global.v4.u32 instead of 8 scalar
                 # accesses; MSM slice sums' bases and sums too), against the same call without; own kernel cache
                 # key. First the conformance self-test on both backends with the flag; NTT 2^20 and MSM G1 2^20
                 # checked against the CPU code (agrees column), 2^24 between backends.
            JZK_JAVA_OPTS="$JZK_JAVA_OPTS -Djzk.jit.wideAccess=true" run wide-selftest 120 "$BUNDLE/run.sh" jzk.bench.runtime.SelfTest
            JZK_JAVA_OPTS="$JZK_JAVA_OPTS -Djzk.jit.wideAccess=true" \
                run wide-selftest-ocl 180 "$BUNDLE/run.sh" jzk.bench.runtime.SelfTest --device opencl:1:0
            ab="-Djzk.bench.cpuMaxLgNtt=20 -Djzk.bench.cpuMaxLgMsm=20"
            JZK_JAVA_OPTS="$JZK_JAVA_OPTS $ab -Djzk.jit.wideAccess=true" \
                run wide-on 300 "$BUNDLE/run.sh" jzk.bench.kernels.BlsBench ntt=20,24 msm1=20,24 msm2=22 reps=5 \
                backends=cuda:0,opencl:1:0
            JZK_JAVA_OPTS="$JZK_JAVA_OPTS $ab -Djzk.jit.wideAccess=false" \
                run wide-off 300 "$BUNDLE/run.sh" jzk.bench.kernels.BlsBench ntt=20,24 msm1=20,24 msm2=22 reps=5 \
                backends=cuda:0,opencl:1:0 ;;
        vidx-ab) # issue 11 (session 9, branch s9vidx): the 16-byte accesses' index placed where PTX folds the offset
                 # (jzk.jit.foldVectorIndex, jit/WideAccesses: an element's two vectors at [a] and [a+16] from one
                 # address; shared loads that start at their group's first word keep their own index) against the
                 # default placement, wide accesses on in both. ptxas 13.0 sm_90 SASS instructions off -> on: pass4q
                 # 1608 -> 1584, pass4qT 1480 -> 1456, pass4 1840 -> 1824, passSmall 520 -> 512, sumSlicesG1 7416 ->
                 # 7376, sumSlicesG2 26104 -> 26008 (spill stores 248 -> 216 bytes), no new spills. First the
                 # conformance self-test with the flag on both backends; NTT rows (2^20 checked against the CPU
                 # FrDomain, every row between PTX and NVIDIA OpenCL) and MSM rows (PTX), on then off. ~9 min in all.
            JZK_JAVA_OPTS="$JZK_JAVA_OPTS -Djzk.jit.foldVectorIndex=true" run vidx-selftest 120 "$BUNDLE/run.sh" jzk.bench.runtime.SelfTest
            JZK_JAVA_OPTS="$JZK_JAVA_OPTS -Djzk.jit.foldVectorIndex=true" \
                run vidx-selftest-ocl 180 "$BUNDLE/run.sh" jzk.bench.runtime.SelfTest --device opencl:1:0
            ab="-Djzk.bench.cpuMaxLgNtt=20 -Djzk.bench.cpuMaxLgMsm=0"
            for v in on off; do
                f="-Djzk.jit.foldVectorIndex=$([ $v = on ] && echo true || echo false)"
                JZK_JAVA_OPTS="$JZK_JAVA_OPTS $ab $f" run vidx-ntt-$v 120 "$BUNDLE/run.sh" jzk.bench.kernels.BlsBench \
                    ntt=20,24 reps=21 warm=300 backends=cuda:0,opencl:1:0
                JZK_JAVA_OPTS="$JZK_JAVA_OPTS $ab $f" run vidx-msm-$v 150 "$BUNDLE/run.sh" jzk.bench.kernels.BlsBench \
                    msm1=20,24 msm2=22 reps=5 warm=300 msmItems= backends=cuda:0
            done ;;
        setup) JZK_JAVA_OPTS="$JZK_JAVA_OPTS -Djzk.setup.timing=true" \
            run setup 200 "$BUNDLE/run.sh" jzk.bench.groth16.SetupBench cuda:0 16,20 2 --batches 18,20 ;;
        batch)
            run batch-default 120 "$BUNDLE/run.sh" jzk.cli.Main batch --json batch-default.json
            run batch-2p20 200 "$BUNDLE/run.sh" jzk.cli.Main batch --challenges 130 --depth 30 --partitions 2 \
                --count 4 --concurrency 2 --partition-workers 2 --lookahead 1 --device cuda:0 --json batch-2p20.json ;;
        serve)
            S=(--challenges 130 --depth 30 --partitions 1) # 1,051,700 constraints, domain 2^21
            run serve-setup 200 "$BUNDLE/run.sh" jzk.cli.Main setup "${S[@]}" --device cuda:0
            run serve-inproc-c1 300 "$BUNDLE/run.sh" jzk.cli.Main batch "${S[@]}" --count 6 --concurrency 1 \
                --device cuda:0 --json serve-inproc-c1.json
            run serve-inproc-c2 300 "$BUNDLE/run.sh" jzk.cli.Main batch "${S[@]}" --count 8 --concurrency 2 \
                --device cuda:0 --json serve-inproc-c2.json
            (cd "$OUT" && exec "$BUNDLE/run.sh" jzk.cli.Main serve --device cuda:0 --listen 127.0.0.1:7353 \
                --timeline serve-timeline.csv) >"$OUT/serve-daemon.txt" 2>&1 &
            daemon=$!
            for _ in $(seq 120); do grep -q 'serving gRPC' "$OUT/serve-daemon.txt" && break; sleep 1; done
            run serve-c1 300 "$BUNDLE/run.sh" jzk.cli.Main batch --server 127.0.0.1:7353 "${S[@]}" --count 6 \
                --concurrency 1 --warmup 2 --json serve-c1.json
            run serve-c2 300 "$BUNDLE/run.sh" jzk.cli.Main batch --server 127.0.0.1:7353 "${S[@]}" --count 8 \
                --concurrency 2 --warmup 0 --json serve-c2.json
            run serve-metrics 60 "$BUNDLE/run.sh" jzk.cli.Main serve status --server 127.0.0.1:7353 --metrics
            kill "$daemon"
            wait "$daemon" ;;
        *) echo "unknown step $step" >>"$OUT/suite.txt" ;;
    esac
done
date -u >>"$OUT/suite.txt"
