package jzk.prover.config;

import java.nio.file.Path;

/**
 * Every setting of the prover module that comes from outside the code: its {@code jzk.*} system properties and
 * {@code JZK_*} environment variables, read here and nowhere else (prover/README.md has the table; a source-rules
 * test fails on a read elsewhere). {@link #get()} reads them once, on first use; the timing switches are copied
 * at class load, so set them on the command line.
 *
 * @param r1csCheck          check every constraint while computing the witness ({@code jzk.r1cs.check}); null
 *                           (unset): when assertions are on, as in tests
 * @param proverTiming       per-phase wall times of each proof on stderr ({@code jzk.prover.timing})
 * @param setupTiming        one line of phase times per setup on stderr ({@code jzk.setup.timing})
 * @param setupGpuMinPoints  setup batches of at least this many points go to the device, smaller ones to the CPU
 *                           ({@code jzk.setup.gpuMinPoints}, default {@link #DEFAULT_SETUP_GPU_MIN_POINTS})
 * @param checkSubgroup      parameter readers check subgroup membership when the caller does not say
 *                           ({@code jzk.params.checkSubgroup})
 * @param paramsFullCheck    recompute the parameter files' checksums on every open, ignoring verified markers
 *                           ({@code jzk.params.fullCheck})
 * @param cacheDir           the parameter cache directory ({@code JZK_CACHE}), or null for {@code ~/.cache/jzk}
 * @param deviceAbc          the GPU stage evaluates a/b/c on the device from the witness
 *                           ({@code jzk.prover.deviceAbc}, default true; false keeps them on the host)
 * @param workerStreams      GPU worker k ≥ 1 of a device gets a stream/queue of its own
 *                           ({@code jzk.gpu.workerStreams}, default true)
 * @param setupKeepsKey      parameters generated for a device stay resident there as generated, not read back from
 *                           the file written ({@code jzk.setup.keepKey}, default true)
 * @param parallelRecord     circuits made of independent pieces record their R1CS piece by piece in parallel
 *                           ({@code jzk.r1cs.parallelRecord}, default true; false: one recorder, serial)
 * @param keepNttPlans       a device backend keeps its NTT plan (twiddle tables, scratch) between GPU stages
 *                           instead of building one per stage ({@code jzk.ntt.keepPlans}, default true since session 9's
 *                           H200 A/B: 2^24 "abc eval" p50 34.7 → 25.6 ms with the stage-major tables)
 */
public record ProverConfig(Boolean r1csCheck, boolean proverTiming, boolean setupTiming, int setupGpuMinPoints,
                           boolean checkSubgroup, boolean paramsFullCheck, Path cacheDir, boolean deviceAbc,
                           boolean workerStreams, boolean setupKeepsKey, boolean parallelRecord,
                           boolean keepNttPlans) {
    /** 2^10 points; the reason is at {@code SetupEngine.DEFAULT_MIN_POINTS}. */
    public static final int DEFAULT_SETUP_GPU_MIN_POINTS = 1024;

    /** Read when this class initialises, that is on first use. */
    private static volatile ProverConfig current = fromEnvironment();

    /** The settings of this process, read on first use. */
    public static ProverConfig get() {
        return current;
    }

    /** Reads the settings again and makes them {@link #get()}'s: for tests that set a property in-process. */
    public static ProverConfig reload() {
        current = fromEnvironment();
        return current;
    }

    /** The settings as the system properties and environment variables say now (blank counts as unset). */
    public static ProverConfig fromEnvironment() {
        String check = System.getProperty("jzk.r1cs.check");
        String cache = System.getenv("JZK_CACHE");
        return new ProverConfig(check == null || check.isBlank() ? null : Boolean.parseBoolean(check.trim()),
                Boolean.getBoolean("jzk.prover.timing"), Boolean.getBoolean("jzk.setup.timing"),
                Integer.getInteger("jzk.setup.gpuMinPoints", DEFAULT_SETUP_GPU_MIN_POINTS),
                Boolean.getBoolean("jzk.params.checkSubgroup"), Boolean.getBoolean("jzk.params.fullCheck"),
                cache == null || cache.isBlank() ? null : Path.of(cache.trim()),
                !"false".equalsIgnoreCase(System.getProperty("jzk.prover.deviceAbc", "true").trim()),
                !"false".equalsIgnoreCase(System.getProperty("jzk.gpu.workerStreams", "true").trim()),
                !"false".equalsIgnoreCase(System.getProperty("jzk.setup.keepKey", "true").trim()),
                !"false".equalsIgnoreCase(System.getProperty("jzk.r1cs.parallelRecord", "true").trim()),
                !"false".equalsIgnoreCase(System.getProperty("jzk.ntt.keepPlans", "true").trim()));
    }
}
