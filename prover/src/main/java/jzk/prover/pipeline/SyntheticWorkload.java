package jzk.prover.pipeline;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A synthetic {@link ProofWorkload} for testing and measuring the pipeline itself — it proves nothing.
 *
 * <p>Each stage does real memory work of the stated size and then sleeps until its set duration is reached:
 * synthesis allocates and fills {@code abcBytes} and {@code auxBytes} of {@code long[]} (in chunks of at most
 * 128 MiB) with the pattern {@code value[i] = base + i}; the GPU stage sums the a/b/c values; finalize sums the
 * aux values. Verification checks every partition's two sums against the closed form
 * {@code n·base + n(n−1)/2 (mod 2^64)}, so a partition whose data was lost, mixed up or reordered on its way
 * through the pipeline fails verification. Failures can be injected at one stage of one partition.
 *
 * <p>Buffers live on the Java heap ({@code long[]} chunks) or, with {@code offHeap}, in native memory
 * ({@link Arena#ofShared()} segments) freed the moment they are consumed or discarded — then the process's RSS
 * follows the pipeline's live buffers instead of the garbage collector's schedule, which is what a side-by-side
 * memory comparison of the permit policies needs. {@link #liveBytes()} counts bytes allocated and not yet
 * consumed or closed; it returns to zero once every partition is finished or discarded.
 *
 * <p>Used by the pipeline tests and by {@code jzk batch --synthetic}; never the default of any command.
 */
public final class SyntheticWorkload implements ProofWorkload {

    /** Where an injected failure happens. */
    public enum FailStage { SYNTHESIS, GPU, FINALIZE, ASSEMBLE, VERIFY }

    /**
     * @param partitions     partitions per proof
     * @param abcBytes       a/b/c bytes per partition (rounded down to whole longs)
     * @param auxBytes       aux/witness bytes per partition (rounded down to whole longs)
     * @param synthMillis    minimum duration of synthesis
     * @param gpuMillis      minimum duration of the GPU stage
     * @param finalizeMillis minimum duration of finalize
     */
    public record Spec(int partitions, long abcBytes, long auxBytes, long synthMillis, long gpuMillis,
                       long finalizeMillis) {
        public Spec {
            if (partitions < 1 || abcBytes < 0 || auxBytes < 0 || synthMillis < 0 || gpuMillis < 0
                    || finalizeMillis < 0) {
                throw new IllegalArgumentException("bad synthetic spec " + this);
            }
        }
    }

    /** Largest heap chunk allocated at once: 2^24 longs = 128 MiB. */
    private static final int CHUNK_LONGS = 1 << 24;
    /** Heap staging array for bulk copies to and from native memory: 2^16 longs = 512 KiB. */
    private static final int STAGING_LONGS = 1 << 16;

    private final Spec spec;
    private final long seed;
    private final FailStage failStage;
    private final int failPartition;
    private final boolean offHeap;
    private final AtomicLong liveBytes = new AtomicLong();

    public SyntheticWorkload(Spec spec, long seed) {
        this(spec, seed, null, -1, false);
    }

    /** A workload that throws (or, for VERIFY, answers false) at {@code failStage} of {@code failPartition}. */
    public SyntheticWorkload(Spec spec, long seed, FailStage failStage, int failPartition) {
        this(spec, seed, failStage, failPartition, false);
    }

    /** As above, with buffers off the Java heap when {@code offHeap}. */
    public SyntheticWorkload(Spec spec, long seed, FailStage failStage, int failPartition, boolean offHeap) {
        this.spec = spec;
        this.seed = seed;
        this.failStage = failStage;
        this.failPartition = failPartition;
        this.offHeap = offHeap;
    }

    /** A factory giving proof {@code i} the seed {@code i + 1}. */
    public static WorkloadFactory factory(Spec spec, boolean offHeap) {
        return new WorkloadFactory() {
            @Override
            public String label() {
                return offHeap ? "synthetic (off-heap)" : "synthetic";
            }

            @Override
            public ProofWorkload create(int index) {
                return new SyntheticWorkload(spec, index + 1L, null, -1, offHeap);
            }
        };
    }

    /** Bytes of a/b/c and aux allocated by this workload and not yet consumed or closed. */
    public long liveBytes() {
        return liveBytes.get();
    }

    public Spec spec() {
        return spec;
    }

    @Override
    public String label() {
        return "synthetic";
    }

    @Override
    public int partitions() {
        return spec.partitions();
    }

    @Override
    public Footprint footprint(int partition) {
        return new Footprint(spec.abcBytes(), spec.auxBytes());
    }

    private long abcBase(int partition) {
        return seed * 1_000_003L + partition * 7919L;
    }

    private long auxBase(int partition) {
        return ~abcBase(partition);
    }

    private void maybeFail(FailStage stage, int partition) {
        if (stage == failStage && stage == FailStage.ASSEMBLE) {
            throw new IllegalStateException("injected assemble failure");
        }
        if (stage == failStage && (partition == failPartition || failPartition < 0)) {
            throw new IllegalStateException("injected " + stage.name().toLowerCase(Locale.ROOT)
                    + " failure in partition " + partition);
        }
    }

    @Override
    public Synthesized synthesize(int partition) throws InterruptedException {
        long t0 = System.nanoTime();
        maybeFail(FailStage.SYNTHESIS, partition);
        Buffer abc = new Buffer(spec.abcBytes() / 8, abcBase(partition));
        Buffer aux = null;
        try {
            aux = new Buffer(spec.auxBytes() / 8, auxBase(partition));
            sleepUntil(t0, spec.synthMillis());
        } catch (InterruptedException | RuntimeException | Error e) {
            abc.close(); // never handed out: the pipeline cannot close what it never saw
            if (aux != null) {
                aux.close();
            }
            throw e;
        }
        return new Synth(partition, abc, aux);
    }

    @Override
    public GpuResult gpuStage(Synthesized s, DeviceSlot slot) throws InterruptedException {
        long t0 = System.nanoTime();
        Synth in = (Synth) s;
        maybeFail(FailStage.GPU, in.partition);
        long abcSum = in.abc.sum();
        // Consumed: a/b/c are gone from here on. If the sleep below is interrupted, the pipeline closes the
        // input, which closes aux (abc's close is idempotent).
        in.abc.close();
        sleepUntil(t0, spec.gpuMillis());
        return new Gpu(in.partition, abcSum, in.aux);
    }

    @Override
    public PartialProof finalizeStage(GpuResult r) throws InterruptedException {
        long t0 = System.nanoTime();
        Gpu in = (Gpu) r;
        maybeFail(FailStage.FINALIZE, in.partition);
        long auxSum = in.aux.sum();
        in.aux.close();
        sleepUntil(t0, spec.finalizeMillis());
        return new Partial(in.partition, in.abcSum, auxSum);
    }

    @Override
    public Proof assemble(List<PartialProof> parts) {
        maybeFail(FailStage.ASSEMBLE, -1);
        long[] sums = new long[2 * parts.size()];
        for (int i = 0; i < parts.size(); i++) {
            Partial p = (Partial) parts.get(i);
            if (p.partition != i) {
                throw new IllegalStateException("partial proof " + i + " is of partition " + p.partition);
            }
            sums[2 * i] = p.abcSum;
            sums[2 * i + 1] = p.auxSum;
        }
        return new SyntheticProof(sums);
    }

    @Override
    public boolean verify(Proof proof) {
        if (failStage == FailStage.VERIFY) {
            return false;
        }
        long[] sums = ((SyntheticProof) proof).sums;
        if (sums.length != 2 * spec.partitions()) {
            return false;
        }
        for (int p = 0; p < spec.partitions(); p++) {
            if (sums[2 * p] != rampSum(spec.abcBytes() / 8, abcBase(p))
                    || sums[2 * p + 1] != rampSum(spec.auxBytes() / 8, auxBase(p))) {
                return false;
            }
        }
        return true;
    }

    /** Σ_{i<n} (base + i) mod 2^64 = n·base + n(n−1)/2, halving the even factor first so no bit is lost. */
    static long rampSum(long n, long base) {
        long tri = (n & 1) == 0 ? (n / 2) * (n - 1) : n * ((n - 1) / 2);
        return n * base + tri;
    }

    /**
     * {@code n} longs {@code base + i}, on the heap (chunks of at most {@link #CHUNK_LONGS}) or in one native
     * segment. {@link #close()} is idempotent and gives the bytes back to {@code liveBytes} once.
     */
    private final class Buffer implements AutoCloseable {
        private final long bytes;
        private final AtomicBoolean closed = new AtomicBoolean();
        private long[][] chunks;
        private Arena arena;
        private MemorySegment segment;

        Buffer(long n, long base) {
            bytes = n * 8;
            if (offHeap) {
                arena = Arena.ofShared();
                try {
                    segment = arena.allocate(Math.max(8, bytes), 8);
                } catch (RuntimeException | Error e) {
                    arena.close();
                    throw e;
                }
                long[] tmp = new long[(int) Math.min(n, STAGING_LONGS)]; // bulk copies, not per-element access
                for (long i = 0; i < n; i += tmp.length) {
                    int len = (int) Math.min(tmp.length, n - i);
                    for (int k = 0; k < len; k++) {
                        tmp[k] = base + i + k;
                    }
                    MemorySegment.copy(tmp, 0, segment, ValueLayout.JAVA_LONG, i * 8, len);
                }
            } else {
                chunks = new long[(int) ((n + CHUNK_LONGS - 1) / CHUNK_LONGS)][];
                long i = 0;
                for (int c = 0; c < chunks.length; c++) {
                    long[] a = new long[(int) Math.min(CHUNK_LONGS, n - i)];
                    for (int k = 0; k < a.length; k++) {
                        a[k] = base + i + k;
                    }
                    i += a.length;
                    chunks[c] = a;
                }
            }
            liveBytes.addAndGet(bytes);
        }

        long sum() {
            long s = 0;
            if (segment != null) {
                long n = bytes / 8;
                long[] tmp = new long[(int) Math.min(n, STAGING_LONGS)];
                for (long i = 0; i < n; i += tmp.length) {
                    int len = (int) Math.min(tmp.length, n - i);
                    MemorySegment.copy(segment, ValueLayout.JAVA_LONG, i * 8, tmp, 0, len);
                    for (int k = 0; k < len; k++) {
                        s += tmp[k];
                    }
                }
            } else {
                for (long[] a : chunks) {
                    for (long v : a) {
                        s += v;
                    }
                }
            }
            return s;
        }

        @Override
        public void close() {
            if (closed.compareAndSet(false, true)) {
                chunks = null;
                segment = null;
                if (arena != null) {
                    arena.close();
                }
                liveBytes.addAndGet(-bytes);
            }
        }
    }

    private static void sleepUntil(long startNanos, long millis) throws InterruptedException {
        long leftNanos = startNanos + millis * 1_000_000L - System.nanoTime();
        if (leftNanos > 0) {
            Thread.sleep(leftNanos / 1_000_000L, (int) (leftNanos % 1_000_000L));
        } else if (Thread.interrupted()) {
            throw new InterruptedException();
        }
    }

    private record Synth(int partition, Buffer abc, Buffer aux) implements Synthesized {
        @Override
        public void close() {
            abc.close();
            aux.close();
        }
    }

    private record Gpu(int partition, long abcSum, Buffer aux) implements GpuResult {
        @Override
        public void close() {
            aux.close();
        }
    }

    private record Partial(int partition, long abcSum, long auxSum) implements PartialProof {
    }

    /** The "proof": the two sums of every partition. */
    private record SyntheticProof(long[] sums) implements Proof {
        @Override
        public byte[] toBytes() {
            return Arrays.toString(sums).getBytes(StandardCharsets.US_ASCII);
        }
    }
}
