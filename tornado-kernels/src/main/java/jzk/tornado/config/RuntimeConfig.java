package jzk.tornado.config;

import java.util.function.UnaryOperator;

/**
 * Every setting of tornado-kernels that comes from outside the code: the {@code jzk.*} system properties and
 * {@code JZK_*} environment variables of this module, read here and nowhere else ({@code jzk.msm.split}, which the
 * device MSM shares with the CPU's, is field-arith's: {@link jzk.arith.ArithConfig}) (tornado-kernels/README.md has
 * the table; a source-rules test fails on a read elsewhere). {@link #get()} reads them once, on first use; classes
 * that size static tables from a setting copy it at class load, so set them on the command line, not later.
 *
 * @param cudaLibrary         CUDA driver library ({@code jzk.cuda.library} / {@code JZK_CUDA_LIBRARY}); {@code none}
 *                            disables the backend
 * @param openClLibrary       OpenCL ICD loader ({@code jzk.opencl.library} / {@code JZK_OPENCL_LIBRARY}); {@code none}
 *                            disables the backend
 * @param deviceOverride      device {@code best()} returns ({@code jzk.device} / {@code JZK_DEVICE}), or null
 * @param cudaCarveout        L1 / shared-memory split hint per CUDA kernel: {@code default}, {@code auto} or a
 *                            percentage 0–100 ({@code jzk.cuda.carveout})
 * @param openClDumpDir       directory for the OpenCL program binaries the driver built, or null
 *                            ({@code jzk.opencl.dump})
 * @param jvmZeroLocals       the jvm device fills fresh local arrays with 0 instead of the poison pattern
 *                            ({@code jzk.jvm.zeroLocals})
 * @param jitOptimize         the JIT optimiser runs ({@code jzk.jit.opt}, {@code false} turns it off)
 * @param jitUnrollBudget     most IR instructions one loop may grow to when unrolled ({@code jzk.jit.unrollBudget})
 * @param jitKernelBudget     replaces every kernel's own {@code JitLimits} unroll budget; −1 keeps them
 *                            ({@code jzk.jit.kernelBudget})
 * @param jitScalarMax        largest private array (elements) the JIT turns into registers ({@code jzk.jit.scalarMax})
 * @param jitOverrideDir      directory of kernel sources replacing the JIT's output, or null ({@code jzk.jit.override})
 * @param jitDumpDir          directory the JIT writes every kernel source to, or null ({@code jzk.jit.dump})
 * @param msmOnesItems        most work-items of the split's sum of the ones' bases ({@code jzk.msm.onesItems},
 *                            default {@code msmSortedSlices})
 * @param msmSortedFrom       points from which an MSM segment takes the sorted path ({@code jzk.msm.sortedFrom})
 * @param msmSortedSlices     work-items the sorted path's slice sums aim for ({@code jzk.msm.sortedSlices})
 * @param msmSortedReduce     work-items the sorted path's bucket reduction aims for ({@code jzk.msm.sortedReduce})
 * @param msmStraight         per-group straight-line slice sums instead of the generic kernel ({@code jzk.msm.straight})
 * @param msmStraightReduce   per-group straight-line bucket reduction ({@code SortedMsmKernels.reducePartsG1/G2})
 *                            instead of the generic kernel ({@code jzk.msm.straightReduce})
 * @param msmFoldSlices       the sorted MSM tree-sums the slices of each bucket before the bucket reduction
 *                            ({@code jzk.msm.foldSlices})
 * @param msmWorkItems        work-items the chunked (small-input) MSM aims for ({@code jzk.msm.workItems})
 * @param msmDeviceLayout     the sorted path's bucket layout (prefix sums, slices) on the device instead of the host
 *                            ({@code jzk.msm.deviceLayout}, default true: measured on the H200, G1 2^20 39.8 → 27.5 ms)
 * @param msmMaxWindow        largest window (bits) the sorted path may choose ({@code jzk.msm.maxWindow}, 16)
 * @param msmSliceOrder       the straight slice sums take the slices longest first (device layout only)
 *                            ({@code jzk.msm.sliceOrder}, default true: with the device layout G1 2^20 27.5 → 21.8 ms, H200)
 * @param msmReduceWeight     the window cost model's price of one bucket in the reduction, in bucket additions
 *                            ({@code jzk.msm.reduceWeight}, 2: W·(n + 2^c)); see {@code SortedMsm.chooseC}
 * @param nttLgBlock          most NTT stages per local-memory pass, 1–10 ({@code jzk.ntt.lgBlock}; checked by
 *                            {@code Ntt}); −1: the kernels' largest, {@code NttKernels.LG_BLOCK}
 * @param nttRadix           NTT pass kernels ({@code jzk.ntt.radix}, checked by {@code Ntt}): 4 (default since
 *                            session 7's H200 A/B, PTX: 2^20 0.649 → 0.558 ms, 2^24 7.377 → 6.916 ms;
 *                            {@code NttKernels.pass4}: 4 elements per work-item, a round trip per two stages) or 2
 *                            ({@code NttKernels.pass}: a work-item per butterfly, a local round trip per stage)
 * @param nttLayout          local memory of the radix-4 NTT passes ({@code jzk.ntt.layout}, checked by {@code Ntt}):
 *                            {@code quad} (default since session 8's H200 A/B with the 16-byte accesses on, PTX:
 *                            2^24 4.683 → 4.388 ms; {@code NttKernels.pass4q}: 16-byte quads of limbs, for the 16-byte
 *                            accesses of {@code jzk.jit.wideAccess}) or {@code limb} ({@code NttKernels.pass4}:
 *                            limb-major, conflict-free 4-byte accesses)
 * @param nttTwiddles        twiddle tables of the radix-4 quad NTT passes ({@code jzk.ntt.twiddles}, checked by
 *                            {@code Ntt}): {@code stage} (default since session 9: a stage-major table laid out per
 *                            pass, n − 1 entries, each work-group's twiddles contiguous, read straight from global
 *                            memory; {@code NttKernels.pass4qT}) or {@code full} (ω^i for i < n/2, strided reads,
 *                            middle stages copied to local memory). H200, PTX: {@code stage} runs 2^24 in 4.11–4.15 ms
 *                            against 4.34, 2^20 in 0.274–0.276 against 0.286–0.295 (session 9 call 2, two runs each);
 *                            its tables take twice the memory (4 GiB a direction at 2^27) and longer to build, paid
 *                            once per (size, family) where the prover keeps its plans ({@code jzk.ntt.keepPlans}, on
 *                            by default; session 8 measured the build per partition at 2^27: 236 → 262 ms p50).
 * @param nttHostChunks      column blocks of an NTT of host memory ({@code jzk.ntt.hostChunks}, checked by
 *                            {@code Ntt}, default 8): each block's upload overlaps the first pass on the blocks before
 *                            it, and its download the last pass on those after it; 1: copy all, transform, copy all
 * @param setupBatchItems     work-items per launch of batch fixed-base multiplication ({@code jzk.setup.batch})
 * @param testDevices         {@code none}: kernel tests use the jvm device only ({@code jzk.test.devices}), or null
 * @param testOpenCl          device of the slower whole-prover OpenCL tests, {@code none} to skip them, or null for
 *                            the first OpenCL device ({@code jzk.test.opencl})
 * @param jitCarryChains      Montgomery products marked {@code @MontgomeryProduct} become PTX carry chains
 *                            ({@code jzk.jit.carryChains}, default true; false keeps the Java body)
 * @param jitMaxRegisters     replaces every kernel's {@code JitLimits.maxRegisters} ({@code .maxnreg}); −1 keeps
 *                            them, 0 drops every cap ({@code jzk.jit.maxnreg})
 * @param jitMontPairs        the carry-chain products add whole 64-bit partial products in even/odd chains
 *                            ({@code jzk.jit.montPairs}, default true: H200 Fr mul/s 3.59e10 → 5.20e10; false: the low-halves-then-high-halves rows)
 * @param jitModularSums      with carry chains, methods marked {@code @ModularSum} (Fr addition and subtraction) become
 *                            PTX {@code add.cc}/{@code sub.cc} chains ({@code jzk.jit.modularSums}, default true: measured with the other two, NTT 2^24 8.65 → 7.39 ms)
 * @param jitFoldOffsets      PTX accesses at an index {@code x + c} use {@code [base + 4x + 4c]}, the constant as an
 *                            immediate offset ({@code jzk.jit.foldOffsets}, default true)
 * @param jitOptInProducts    with carry chains, the methods whose {@code @MontgomeryProduct}/{@code @ModularSum} says
 *                            {@code optIn} (the MSM's Fp product, addition, subtraction) become PTX carry chains too
 *                            ({@code jzk.jit.optInProducts}, default true since session 7's H200 A/B: G1 MSM 2^24
 *                            262 → 134.5 ms, G2 2^22 217 → 131 ms; {@code false}: the Java bodies)
 * @param copyThreads         host threads of a staged {@code long[]} copy between the Java heap and pinned memory
 *                            ({@code jzk.copy.threads}, default min(16, cores): one core copies ≈ 5–10 GB/s from
 *                            the heap and the H200's DMA takes ≈ 55 GB/s while sharing the memory bus, so a copy
 *                            wants many cores; 16 is what the session-6 copy used on the H200 host (the common pool
 *                            and the caller), so the A/B compares the pipeline alone, and more cores than that add
 *                            nothing to one PCIe link; 1: the calling thread alone; 0: the session-6 two-halves
 *                            copy on the common pool, kept for the H200 A/B)
 * @param copyChunkMiB        MiB per pinned staging slot, the largest chunk of a staged copy ({@code jzk.copy.chunkMiB},
 *                            default 2: two slots per thread, so 16 threads hold the 64 MiB of pinned memory of the
 *                            two 32 MiB halves before; a chunk is one thread's copy of ≈ 0.2 ms, far above the
 *                            ≈ 10 µs of driver calls per chunk)
 * @param jitOpenClProducts   how the OpenCL C writer emits the products and sums the PTX writer makes carry chains of
 *                            ({@code jzk.jit.openClProducts}): {@code auto} (default: {@code asm} on an NVIDIA
 *                            OpenCL device, {@code c} on others), {@code asm} (inline PTX, NVIDIA only), {@code c}
 *                            (portable straight-line C), {@code java} (the Java bodies, as before session 7)
 * @param jitWideAccess       the optimiser combines aligned groups of scalar global/shared accesses into 16-byte vector
 *                            accesses ({@code jzk.jit.wideAccess}, default true since session 8's H200 A/B: NTT 2^24
 *                            6.917 → 4.683 ms, 2^20 0.411 → 0.294 ms, G2 MSM 2^22 130.4 → 118.9 ms; see
 *                            {@code jzk.tornado.jit.WideAccesses})
 * @param jitFoldVectorIndex  where those vector accesses get their index ({@code jzk.jit.foldVectorIndex}, default false
 *                            until measured on the H200): true sets it right after the latest register holding the
 *                            element's root plus the least offset, so PTX folds the rest into the address and both
 *                            vectors of an element share one ({@code [a]}, {@code [a+16]}); false, at the access
 */
public record RuntimeConfig(String cudaLibrary, String openClLibrary, String deviceOverride, String cudaCarveout,
                            String openClDumpDir, boolean jvmZeroLocals, boolean jitOptimize, int jitUnrollBudget,
                            int jitKernelBudget, int jitScalarMax, String jitOverrideDir, String jitDumpDir,
                            int msmOnesItems, int msmSortedFrom, int msmSortedSlices,
                            int msmSortedReduce, boolean msmStraight, boolean msmStraightReduce, boolean msmFoldSlices,
                            int msmWorkItems, int nttLgBlock, int nttRadix, String nttLayout, String nttTwiddles, int nttHostChunks,
                            int setupBatchItems, String testDevices, String testOpenCl, boolean jitCarryChains,
                            int jitMaxRegisters, boolean jitMontPairs, boolean jitModularSums,
                            boolean jitFoldOffsets, boolean msmDeviceLayout, int msmMaxWindow, boolean msmSliceOrder,
                            int msmReduceWeight, boolean jitOptInProducts, int copyThreads, int copyChunkMiB,
                            String jitOpenClProducts, boolean jitWideAccess, boolean jitFoldVectorIndex) {
    public static final int DEFAULT_JIT_UNROLL_BUDGET = 6000;

    /** Read when this class initialises, that is on first use. */
    private static volatile RuntimeConfig current = fromEnvironment();

    /** The settings of this process, read from the properties and environment on first use. */
    public static RuntimeConfig get() {
        return current;
    }

    /**
     * Reads the settings again and makes them {@link #get()}'s: for tests that set a property and then exercise
     * a per-call setting (dump and override directories, carveout). Values copied at class load keep the old ones.
     */
    public static RuntimeConfig reload() {
        current = fromEnvironment();
        return current;
    }

    /** The settings as the system properties and environment variables say now. */
    public static RuntimeConfig fromEnvironment() {
        return read(System::getProperty, System::getenv);
    }

    /** The settings from a property and an environment lookup (each returns null for unset). */
    static RuntimeConfig read(UnaryOperator<String> property, UnaryOperator<String> env) {
        Reader r = new Reader(property, env);
        int sortedSlices = r.integer("jzk.msm.sortedSlices", 1 << 17);
        return new RuntimeConfig(r.string("jzk.cuda.library", "JZK_CUDA_LIBRARY", "libcuda.so.1"),
                r.string("jzk.opencl.library", "JZK_OPENCL_LIBRARY", "libOpenCL.so.1"),
                r.string("jzk.device", "JZK_DEVICE", null),
                r.string("jzk.cuda.carveout", null, "default"),
                r.string("jzk.opencl.dump", null, null),
                r.flag("jzk.jvm.zeroLocals", false),
                r.flag("jzk.jit.opt", true),
                r.integer("jzk.jit.unrollBudget", DEFAULT_JIT_UNROLL_BUDGET),
                r.integer("jzk.jit.kernelBudget", -1),
                r.integer("jzk.jit.scalarMax", 64),
                r.string("jzk.jit.override", null, null),
                r.string("jzk.jit.dump", null, null),
                r.integer("jzk.msm.onesItems", sortedSlices),
                r.integer("jzk.msm.sortedFrom", 1 << 17),
                sortedSlices,
                r.integer("jzk.msm.sortedReduce", 1 << 15),
                r.flag("jzk.msm.straight", true),
                r.flag("jzk.msm.straightReduce", true),
                r.flag("jzk.msm.foldSlices", true),
                r.integer("jzk.msm.workItems", 1 << 15),
                r.integer("jzk.ntt.lgBlock", -1),
                r.integer("jzk.ntt.radix", 4),
                r.string("jzk.ntt.layout", null, "quad"),
                r.string("jzk.ntt.twiddles", null, "stage"),
                r.integer("jzk.ntt.hostChunks", 8),
                r.integer("jzk.setup.batch", 1 << 18),
                r.string("jzk.test.devices", null, null),
                r.string("jzk.test.opencl", null, null),
                r.flag("jzk.jit.carryChains", true),
                r.integer("jzk.jit.maxnreg", -1),
                r.flag("jzk.jit.montPairs", true),
                r.flag("jzk.jit.modularSums", true),
                r.flag("jzk.jit.foldOffsets", true),
                r.flag("jzk.msm.deviceLayout", true),
                r.integer("jzk.msm.maxWindow", 16),
                r.flag("jzk.msm.sliceOrder", true),
                r.integer("jzk.msm.reduceWeight", 2),
                r.flag("jzk.jit.optInProducts", true),
                Math.max(0, r.integer("jzk.copy.threads", Math.min(16, Runtime.getRuntime().availableProcessors()))),
                Math.clamp(r.integer("jzk.copy.chunkMiB", 2), 1, 1024),
                r.string("jzk.jit.openClProducts", null, "auto"),
                r.flag("jzk.jit.wideAccess", true),
                r.flag("jzk.jit.foldVectorIndex", false));
    }

    /**
     * The JIT's persistent kernel cache ({@link jzk.tornado.jit.KernelCache}): {@code jzk.kernel.cache} /
     * {@code JZK_KERNEL_CACHE}, else {@code $JZK_CACHE/kernels} (beside the parameter cache), else
     * {@code ~/.cache/jzk/kernels}; {@code none}: no cache (null). Read when called (JitBridge calls it once).
     */
    public static java.nio.file.Path kernelCacheDir() {
        Reader r = new Reader(System::getProperty, System::getenv);
        String v = r.string("jzk.kernel.cache", "JZK_KERNEL_CACHE", null);
        if ("none".equalsIgnoreCase(v)) {
            return null;
        }
        if (v != null) {
            return java.nio.file.Path.of(v);
        }
        String base = r.string("JZK_CACHE", "JZK_CACHE", null);
        return base != null ? java.nio.file.Path.of(base, "kernels")
                : java.nio.file.Path.of(System.getProperty("user.home"), ".cache", "jzk", "kernels");
    }

    /**
     * Start-up and phase timings on stderr ({@code jzk.timings} / {@code JZK_TIMINGS}: {@code true} or {@code 1});
     * read when called ({@code jzk.tornado.progress.Timings} calls it once, at class load).
     */
    public static boolean timingsEnabled() {
        String v = new Reader(System::getProperty, System::getenv).string("jzk.timings", "JZK_TIMINGS", null);
        return v != null && (v.equalsIgnoreCase("true") || v.equals("1"));
    }

    /**
     * Per-kernel device times on stderr at exit ({@code jzk.kernel.profile} / {@code JZK_KERNEL_PROFILE}: {@code true}
     * or {@code 1}): every launch of a {@code jzk.tornado.bls.DeviceHost} waits for the device before and after
     * it, so the table is exact per kernel but the run is slower. Read when called
     * ({@code jzk.tornado.bls.KernelProfile} calls it once, at class load).
     */
    public static boolean kernelProfileEnabled() {
        String v = new Reader(System::getProperty, System::getenv).string("jzk.kernel.profile", "JZK_KERNEL_PROFILE",
                null);
        return v != null && (v.equalsIgnoreCase("true") || v.equals("1"));
    }

    /** These settings with other native libraries and device override (device registry tests). */
    public RuntimeConfig withLibraries(String cuda, String openCl, String override) {
        return new RuntimeConfig(cuda, openCl, override, cudaCarveout, openClDumpDir, jvmZeroLocals, jitOptimize,
                jitUnrollBudget, jitKernelBudget, jitScalarMax, jitOverrideDir, jitDumpDir, msmOnesItems,
                msmSortedFrom, msmSortedSlices, msmSortedReduce, msmStraight, msmStraightReduce, msmFoldSlices,
                msmWorkItems, nttLgBlock, nttRadix, nttLayout, nttTwiddles, nttHostChunks, setupBatchItems, testDevices, testOpenCl, jitCarryChains, jitMaxRegisters,
                jitMontPairs, jitModularSums, jitFoldOffsets, msmDeviceLayout, msmMaxWindow, msmSliceOrder,
                msmReduceWeight, jitOptInProducts, copyThreads, copyChunkMiB, jitOpenClProducts, jitWideAccess,
                jitFoldVectorIndex);
    }

    /**
     * Property, then (where named) the environment variable as a property and as an environment variable; blank
     * counts as unset. A boolean is false only for {@code false} (any case) when its default is true, and true
     * only for {@code true} when its default is false; an unparsable integer keeps the default (as
     * {@link Integer#getInteger}).
     */
    private record Reader(UnaryOperator<String> property, UnaryOperator<String> env) {
        String string(String name, String envName, String fallback) {
            String v = property.apply(name);
            if (envName != null && (v == null || v.isBlank())) {
                v = property.apply(envName);
                if (v == null || v.isBlank()) {
                    v = env.apply(envName);
                }
            }
            return v == null || v.isBlank() ? fallback : v.trim();
        }

        boolean flag(String name, boolean fallback) {
            String v = string(name, null, null);
            return v == null ? fallback : fallback ? !v.equalsIgnoreCase("false") : v.equalsIgnoreCase("true");
        }

        int integer(String name, int fallback) {
            String v = string(name, null, null);
            try {
                return v == null ? fallback : Integer.decode(v);
            } catch (NumberFormatException e) {
                return fallback;
            }
        }
    }
}
