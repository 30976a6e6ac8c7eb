package jzk.prover.pipeline;

import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.function.Consumer;
import java.util.function.LongSupplier;

/**
 * Counts every large buffer class in flight, per {@link BufferClass}, with the estimated bytes, the peaks, and
 * one log line per transition.
 *
 * <p>This is the instrument that found the SUPRASEAL_C2 leak (28 synthesized partitions waiting for a one-slot
 * channel): memory that a stage holds is only visible if each class is counted where it changes hands.
 *
 * <p>Invariants: every count and byte figure is ≥ 0; a partition's class set (owned by the pipeline, mutated
 * only here under this object's lock) is exactly the set of classes it is counted in, so {@link Event#DISCARD}
 * returns everything a failed or cancelled partition held; {@code peak*[c] ≥ current[c]} always.
 * {@code estimatedBytes} sums SYNTHESIZING, ABC_WAITING, ABC_ON_GPU and AUX_HELD (the classes with bytes, none
 * counted twice for a partition).
 */
public final class BufferTracker {

    /** A transition of one partition; each removes some classes and adds others. */
    public enum Event {
        SYNTH_START(EnumSet.noneOf(BufferClass.class), EnumSet.of(BufferClass.SYNTHESIZING)),
        SYNTH_END(EnumSet.of(BufferClass.SYNTHESIZING), EnumSet.of(BufferClass.ABC_WAITING, BufferClass.AUX_HELD)),
        GPU_START(EnumSet.of(BufferClass.ABC_WAITING), EnumSet.of(BufferClass.ABC_ON_GPU)),
        GPU_END(EnumSet.of(BufferClass.ABC_ON_GPU), EnumSet.of(BufferClass.PENDING_FINALIZE)),
        FINALIZE_START(EnumSet.of(BufferClass.PENDING_FINALIZE), EnumSet.of(BufferClass.FINALIZING)),
        FINALIZE_END(EnumSet.of(BufferClass.FINALIZING, BufferClass.AUX_HELD), EnumSet.noneOf(BufferClass.class)),
        /** Failure or cancellation: removes whatever classes the partition is in. */
        DISCARD(EnumSet.noneOf(BufferClass.class), EnumSet.noneOf(BufferClass.class));

        final EnumSet<BufferClass> removes;
        final EnumSet<BufferClass> adds;

        Event(EnumSet<BufferClass> removes, EnumSet<BufferClass> adds) {
            this.removes = removes;
            this.adds = adds;
        }
    }

    private static final BufferClass[] CLASSES = BufferClass.values();

    private final long[] counts = new long[CLASSES.length];
    private final long[] bytes = new long[CLASSES.length];
    private final long[] peakCounts = new long[CLASSES.length];
    private final long[] peakBytes = new long[CLASSES.length];
    private long estimatedBytes;
    private long peakEstimatedBytes;
    private long transitions;
    private final long startNanos = System.nanoTime();
    private final Consumer<String> log;
    private final LongSupplier reservedBytes;
    private final Consumer<Map<String, Long>> countsListener;

    /**
     * @param log           receives one line per transition, in order; {@code null} for none
     * @param reservedBytes the budget's reserved bytes, printed with every line ({@code null}: not printed)
     */
    public BufferTracker(Consumer<String> log, LongSupplier reservedBytes) {
        this(log, reservedBytes, null);
    }

    /** @param countsListener receives {@link #counts()} after every transition, in order; {@code null} for none */
    public BufferTracker(Consumer<String> log, LongSupplier reservedBytes, Consumer<Map<String, Long>> countsListener) {
        this.log = log;
        this.reservedBytes = reservedBytes;
        this.countsListener = countsListener;
    }

    /**
     * Applies {@code event} to one partition whose current classes are {@code state} (updated in place).
     *
     * @throws IllegalStateException if the event removes a class the partition is not in (a pipeline bug)
     */
    public synchronized void apply(Event event, long job, int partition, EnumSet<BufferClass> state,
                                   ProofWorkload.Footprint footprint) {
        EnumSet<BufferClass> removes = event == Event.DISCARD ? EnumSet.copyOf(state) : event.removes;
        if (event == Event.DISCARD && state.isEmpty()) {
            return;
        }
        if (!state.containsAll(removes)) {
            throw new IllegalStateException(event + " for job " + job + " partition " + partition
                    + " but it holds " + state);
        }
        for (BufferClass c : removes) {
            state.remove(c);
            counts[c.ordinal()]--;
            bytes[c.ordinal()] -= c.bytes(footprint);
            estimatedBytes -= c.bytes(footprint);
        }
        for (BufferClass c : event.adds) {
            state.add(c);
            int i = c.ordinal();
            counts[i]++;
            bytes[i] += c.bytes(footprint);
            estimatedBytes += c.bytes(footprint);
            peakCounts[i] = Math.max(peakCounts[i], counts[i]);
            peakBytes[i] = Math.max(peakBytes[i], bytes[i]);
        }
        peakEstimatedBytes = Math.max(peakEstimatedBytes, estimatedBytes);
        transitions++;
        if (log != null) {
            log.accept(line(event, job, partition));
        }
        if (countsListener != null) {
            countsListener.accept(toMap(counts));
        }
    }

    private String line(Event event, long job, int partition) {
        StringBuilder sb = new StringBuilder(200);
        sb.append(String.format(Locale.ROOT, "BUF t=%.3fs %-14s job=%d part=%d",
                (System.nanoTime() - startNanos) / 1e9, event, job, partition));
        for (BufferClass c : CLASSES) {
            sb.append(' ').append(c.key).append('=').append(counts[c.ordinal()]);
        }
        sb.append(" estBytes=").append(MemoryBudget.format(estimatedBytes));
        if (reservedBytes != null) {
            sb.append(" reserved=").append(MemoryBudget.format(reservedBytes.getAsLong()));
        }
        return sb.toString();
    }

    public synchronized long count(BufferClass c) {
        return counts[c.ordinal()];
    }

    public synchronized long peakCount(BufferClass c) {
        return peakCounts[c.ordinal()];
    }

    public synchronized long peakBytes(BufferClass c) {
        return peakBytes[c.ordinal()];
    }

    public synchronized long estimatedBytes() {
        return estimatedBytes;
    }

    public synchronized long peakEstimatedBytes() {
        return peakEstimatedBytes;
    }

    public synchronized long transitions() {
        return transitions;
    }

    /** True when nothing is counted in any class (all partitions finished or released). */
    public synchronized boolean isEmpty() {
        for (long c : counts) {
            if (c != 0) {
                return false;
            }
        }
        return estimatedBytes == 0;
    }

    /** Current counts by {@link BufferClass#key}, in declaration order. */
    public synchronized Map<String, Long> counts() {
        return toMap(counts);
    }

    /** Peak counts by {@link BufferClass#key}, in declaration order. */
    public synchronized Map<String, Long> peakCounts() {
        return toMap(peakCounts);
    }

    /** Peak estimated bytes by {@link BufferClass#key}, in declaration order. */
    public synchronized Map<String, Long> peakBytes() {
        return toMap(peakBytes);
    }

    private static Map<String, Long> toMap(long[] values) {
        Map<String, Long> m = new LinkedHashMap<>();
        for (BufferClass c : CLASSES) {
            m.put(c.key, values[c.ordinal()]);
        }
        return m;
    }
}
