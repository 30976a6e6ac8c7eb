package jzk.prover.pipeline;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Wall time per named phase of a stage, summed over the partitions of a run: what a workload's stages spent in
 * witness generation, the a/b/c evaluation, each upload, NTT and MSM, … ({@link BatchReport#phases()}; one line a
 * phase in {@code jzk batch}'s summary). Phases of one stage are recorded in the order they first run, so the
 * report lists them in pipeline order. Thread-safe: partitions on several threads add to the same phase. Laps are
 * kept (a few per partition and phase), so the median is exact.
 *
 * <p>Use: {@code PhaseTimes.Clock c = times.clock(); …; c.lap("witness"); …; c.lap("msm A");} — each lap is the
 * time since the clock started or since the previous lap.
 */
public final class PhaseTimes {
    /**
     * Per phase: count of laps, total, mean, median and largest lap in ms (the median leaves out the first
     * proof's kernel compilations, which the mean and the max include).
     */
    public record Summary(long count, double totalMs, double meanMs, double p50Ms, double maxMs) {
    }

    /** One phase's laps in ns, in arrival order; {@code order} is the phase's first appearance. */
    private record Acc(java.util.List<Long> laps, long order) {
    }

    private final Map<String, Acc> phases = new ConcurrentHashMap<>();
    private final AtomicLong order = new AtomicLong();

    /** Adds one lap of {@code nanos} to {@code phase}. */
    public void add(String phase, long nanos) {
        Acc a = phases.computeIfAbsent(phase, p -> new Acc(new java.util.ArrayList<>(), order.getAndIncrement()));
        synchronized (a.laps) {
            a.laps.add(nanos);
        }
    }

    /** A stopwatch starting now whose laps are added here. */
    public Clock clock() {
        return new Clock(this);
    }

    /** Phase → summary, in first-recorded order. */
    public Map<String, Summary> summaries() {
        Map<String, Summary> out = new LinkedHashMap<>();
        phases.entrySet().stream().sorted(Map.Entry.comparingByValue(
                java.util.Comparator.comparingLong(Acc::order))).forEach(e -> {
                    long[] v;
                    synchronized (e.getValue().laps) {
                        v = e.getValue().laps.stream().mapToLong(Long::longValue).sorted().toArray();
                    }
                    int n = v.length;
                    double total = java.util.Arrays.stream(v).sum() / 1e6;
                    double p50 = n == 0 ? 0 : (n % 2 == 1 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2.0) / 1e6;
                    out.put(e.getKey(), new Summary(n, total, n == 0 ? 0 : total / n, p50, n == 0 ? 0 : v[n - 1] / 1e6));
                });
        return out;
    }

    /** A lap timer of one stage run (one thread). */
    public static final class Clock {
        private final PhaseTimes times;
        private long last = System.nanoTime();

        private Clock(PhaseTimes times) {
            this.times = times;
        }

        /** Records the time since the previous lap (or the start) as {@code phase}; returns it in ns. */
        public long lap(String phase) {
            long now = System.nanoTime();
            long d = now - last;
            last = now;
            if (times != null) {
                times.add(phase, d);
            }
            return d;
        }

        /** Restarts the lap without recording (time spent outside the phases). */
        public void skip() {
            last = System.nanoTime();
        }
    }

    /** A clock that records nothing (callers without a report). */
    public static Clock noClock() {
        return new Clock(null);
    }
}
