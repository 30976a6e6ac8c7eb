package jzk.prover.groth16;

import java.util.Arrays;
import java.util.IdentityHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.function.Consumer;
import jzk.prover.config.ProverConfig;
import jzk.tornado.progress.Progress;
import jzk.tornado.bls.FixedBaseGpu;
import jzk.tornado.bls.KernelHost;

/**
 * Where {@link Setup} runs its fixed-base batches ([s_i]P for one base P and many scalars): on the CPU
 * ({@link FixedBaseMul#mulAll}, all cores) or, for batches of at least {@link #minPoints} scalars, on a device
 * through {@link FixedBaseGpu} (one work-item per scalar; the table of each base is uploaded once and kept until
 * {@link #close}). Both paths compute the same integer multiples and normalise to the unique affine form, so the
 * parameters are byte-identical for the same toxic waste (SetupEngineTest).
 *
 * <p>Small batches (the IC query, the single α, β, γ, δ points) stay on the CPU: a launch and a table upload cost
 * more than a few hundred CPU scalar multiplications. Counts and times of both paths are kept for
 * {@link #summary}. Not thread-safe (Setup calls it from one thread).
 */
public final class SetupEngine implements AutoCloseable {
    /**
     * Smallest batch sent to the device: 2^10 points (below that the CPU needs milliseconds; above, a launch and a
     * 0.8 MB table upload per base cost less than the CPU work). {@link #device(KernelHost)} reads
     * {@code -Djzk.setup.gpuMinPoints} instead when set.
     */
    public static final int DEFAULT_MIN_POINTS = ProverConfig.DEFAULT_SETUP_GPU_MIN_POINTS;
    /** Points per piece on the CPU while progress is reported: ~0.3 s of G1 work on 2 cores. */
    static final int CPU_PROGRESS_CHUNK = 1 << 14;

    private final KernelHost host;
    private final int minPoints;
    /** Work-items per launch of {@link FixedBaseGpu}; 0 = its default. */
    private final int batchPoints;
    private final Map<FixedBaseMul, FixedBaseGpu> tables = new IdentityHashMap<>();
    private long devicePoints;
    private long deviceNanos;
    private long cpuPoints;
    private long cpuNanos;
    private long totalNanos;
    /** Progress lines of named sections ({@link #progress}); null: none. */
    private SetupProgress progress;
    /** Points per {@link #mulAll} piece while {@link #progress} is set (a line can follow each piece). */
    private int progressChunk;

    private SetupEngine(KernelHost host, int minPoints, int batchPoints) {
        if (minPoints < 0 || batchPoints < 0) {
            throw new IllegalArgumentException("minPoints and batchPoints must be ≥ 0, got " + minPoints + ", "
                    + batchPoints);
        }
        this.host = host;
        this.minPoints = minPoints;
        this.batchPoints = batchPoints;
    }

    /** Everything on the CPU. */
    public static SetupEngine cpu() {
        return new SetupEngine(null, 0, 0);
    }

    /**
     * Batches of at least {@code jzk.setup.gpuMinPoints} (default {@link #DEFAULT_MIN_POINTS}) on {@code host},
     * the rest on the CPU. Read from {@link ProverConfig#get()} on each call, so tests can lower it in-process.
     */
    public static SetupEngine device(KernelHost host) {
        return device(host, ProverConfig.get().setupGpuMinPoints());
    }

    /** Batches of at least {@code minPoints} on {@code host} (0 or 1: every batch, as tests do). */
    public static SetupEngine device(KernelHost host, int minPoints) {
        return device(host, minPoints, 0);
    }

    /** As {@link #device(KernelHost, int)} with {@code batchPoints} work-items per launch (0: the default; tuning). */
    public static SetupEngine device(KernelHost host, int minPoints, int batchPoints) {
        if (host == null) {
            throw new IllegalArgumentException("device setup engine needs a KernelHost");
        }
        return new SetupEngine(host, minPoints, batchPoints);
    }

    /** "CPU" or "GPU fixed-base on &lt;host&gt;". */
    public String name() {
        return host == null ? "CPU" : "GPU fixed-base on " + host.name();
    }

    /**
     * Reports the fixed-base batches of the following {@link Setup#generate} to {@code log} as plain lines
     * ({@link SetupProgress}): a line at most every 2 s, none when generation ends sooner.
     */
    public SetupEngine progress(Consumer<String> log) {
        return progress(Progress.lines(log, Progress.DEFAULT_INTERVAL_NANOS));
    }

    /** Reports the fixed-base batches of the following {@link Setup#generate} to {@code progress}. */
    public SetupEngine progress(Progress progress) {
        return progress(progress, host == null ? CPU_PROGRESS_CHUNK : FixedBaseGpu.DEFAULT_BATCH);
    }

    /** As {@link #progress(Consumer)} with a given interval and piece size (tests force lines on tiny shapes). */
    SetupEngine progress(Consumer<String> log, long intervalNanos, int chunkPoints) {
        return progress(Progress.lines(log, intervalNanos), chunkPoints);
    }

    private SetupEngine progress(Progress p, int chunkPoints) {
        if (chunkPoints < 1) {
            throw new IllegalArgumentException("progress chunk must be ≥ 1 point, got " + chunkPoints);
        }
        this.progress = new SetupProgress(p);
        this.progressChunk = chunkPoints;
        return this;
    }

    /**
     * {@link #mulAll(FixedBaseMul, long[], int)} of one named key section; with {@link #progress} set, run in pieces
     * of {@code progressChunk} points (the same multiples, concatenated: each point depends only on its scalar)
     * with a progress line possible after each.
     */
    long[] mulAll(String section, FixedBaseMul base, long[] scalars, int count) {
        if (progress == null || count <= progressChunk) {
            long[] r = mulAll(base, scalars, count);
            if (progress != null) {
                progress.begin(section, count);
                progress.advance(count);
                progress.end();
            }
            return r;
        }
        progress.begin(section, count);
        long[] out = null;
        int stride = 0;
        for (int from = 0; from < count; from += progressChunk) {
            int m = Math.min(progressChunk, count - from);
            long[] piece = mulAll(base, Arrays.copyOfRange(scalars, from * 4, (from + m) * 4), m);
            if (out == null) {
                stride = piece.length / m;
                out = new long[Math.multiplyExact(stride, count)];
            }
            System.arraycopy(piece, 0, out, from * stride, m * stride);
            progress.advance(m);
        }
        progress.end();
        return out;
    }

    /** [scalars_i]P for i &lt; count (canonical Fr scalars, 4 longs each), affine, in a new array. */
    long[] mulAll(FixedBaseMul base, long[] scalars, int count) {
        long t = System.nanoTime();
        long[] r;
        if (host != null && count >= Math.max(1, minPoints)) {
            FixedBaseGpu g = tables.computeIfAbsent(base, b -> batchPoints > 0
                    ? new FixedBaseGpu(host, b.degree(), b.table(), batchPoints)
                    : new FixedBaseGpu(host, b.degree(), b.table()));
            r = g.mulAll(scalars, count);
            devicePoints += count;
            deviceNanos += System.nanoTime() - t;
        } else {
            r = base.mulAll(scalars, count);
            cpuPoints += count;
            cpuNanos += System.nanoTime() - t;
        }
        return r;
    }

    /** Records the wall time of a whole {@link Setup#generate} (for {@link #summary}). */
    void addTotal(long nanos) {
        totalNanos += nanos;
    }

    public long devicePoints() {
        return devicePoints;
    }

    public long cpuPoints() {
        return cpuPoints;
    }

    /** Seconds of fixed-base work on the device, including uploads, copies back and affine normalisation. */
    public double deviceSeconds() {
        return deviceNanos / 1e9;
    }

    public double cpuSeconds() {
        return cpuNanos / 1e9;
    }

    /** Wall seconds of the {@link Setup#generate} calls run with this engine. */
    public double totalSeconds() {
        return totalNanos / 1e9;
    }

    /** One line: path, points per path and times. */
    public String summary() {
        if (host == null) {
            return String.format(Locale.ROOT, "setup on the CPU: %.2f s (fixed-base %d points %.2f s)",
                    totalSeconds(), cpuPoints, cpuSeconds());
        }
        return String.format(Locale.ROOT, "setup with %s: %.2f s (fixed-base: %d points on the device %.2f s, "
                + "%d on the CPU %.2f s)", name(), totalSeconds(), devicePoints, deviceSeconds(), cpuPoints,
                cpuSeconds());
    }

    /** Per uploaded base (G1, G2): {@link FixedBaseGpu#profile}; empty on the CPU. */
    public String deviceProfile() {
        StringBuilder b = new StringBuilder();
        tables.values().forEach(g -> b.append(b.isEmpty() ? "" : "; ").append(g.d == 1 ? "G1: " : "G2: ")
                .append(g.profile()));
        return b.toString();
    }

    /** Frees the uploaded tables (the host belongs to the caller). */
    @Override
    public void close() {
        tables.values().forEach(FixedBaseGpu::close);
        tables.clear();
    }
}
