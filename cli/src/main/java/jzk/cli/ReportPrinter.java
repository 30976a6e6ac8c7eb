package jzk.cli;

import java.io.PrintWriter;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Collectors;
import jzk.prover.pipeline.BatchReport;
import jzk.prover.pipeline.BatchRunner;
import jzk.prover.pipeline.MemoryBudget;
import jzk.prover.pipeline.ProofOutcome;
import jzk.prover.pipeline.StageMetrics;

/**
 * Human output of {@code jzk batch}: one line per proof as it is decided, a progress line on stderr when it is
 * a terminal (rewritten in place with {@code \r}, cleared before other output), and the summary.
 *
 * <pre>
 * [3/10] COMPLETED — 12.3s (prove=11.1s, queue=1.2s)
 * [4/10] FAILED — 0.4s: partition 1 GPU stage on cuda:0 failed: …
 * </pre>
 */
final class ReportPrinter implements BatchRunner.Listener {

    private static final List<String> SUMMARY_STAGES =
            List.of("total", "queue", "synthesis", "handoffWait", "gpu", "finalize");

    private final PrintWriter out;
    private final PrintWriter err;
    private final boolean progressLine;
    private boolean progressShown;

    ReportPrinter(PrintWriter out, PrintWriter err, boolean progressLine) {
        this.out = out;
        this.err = err;
        this.progressLine = progressLine;
    }

    @Override
    public void proofDone(int index, int count, ProofOutcome o) {
        clearProgress();
        out.println(proofLine(index, count, o));
        out.flush();
    }

    static String proofLine(int index, int count, ProofOutcome o) {
        String head = "[" + index + "/" + count + "] " + o.status() + " — " + seconds(o.totalMillis());
        return switch (o.status()) {
            case COMPLETED -> head + " (prove=" + seconds(o.proveMillis()) + ", queue=" + seconds(o.queueMillis())
                    + (o.verified() == null ? ", not verified" : "") + ")";
            case FAILED, CANCELLED -> head + ": " + o.reason();
        };
    }

    @Override
    public void progress(BatchRunner.Progress p) {
        if (!progressLine) {
            return;
        }
        String counts = p.buffers().entrySet().stream().filter(e -> e.getValue() > 0)
                .map(e -> e.getKey() + "=" + e.getValue()).collect(Collectors.joining(" "));
        err.print(String.format(Locale.ROOT, "\r[%d/%d] %.1fs, %d in flight, reserved %s %s\033[K", p.done(),
                p.count(), p.elapsedSeconds(), p.inFlight(), MemoryBudget.format(p.reservedBytes()), counts));
        err.flush();
        progressShown = true;
    }

    private void clearProgress() {
        if (progressShown) {
            err.print("\r\033[K");
            err.flush();
            progressShown = false;
        }
    }

    void summary(BatchReport r) {
        clearProgress();
        BatchReport.Settings s = r.settings();
        out.println();
        out.printf(Locale.ROOT, "batch: %d proofs of %s — %d completed, %d failed, %d cancelled%n", r.count(),
                r.workload(), r.completed(), r.failed(), r.cancelled());
        out.printf(Locale.ROOT, "settings: concurrency=%d partition-workers=%d lookahead=%d gpu-workers=%d "
                        + "finalizers=%d devices=%s permits=%s verify=%s%n", s.concurrency(), s.partitionWorkers(),
                s.lookahead(), s.gpuWorkersPerDevice(), s.finalizerThreads(), String.join(",", s.devices()),
                s.permitPolicy(), s.verify());
        out.printf(Locale.ROOT, "wall %.2f s · %.2f proofs/min · %.3f s/proof%n", r.wallSeconds(),
                r.proofsPerMinute(), r.secondsPerProof());
        out.printf(Locale.ROOT, "%-13s %10s %10s %10s %10s %7s%n", "latency (ms)", "p50", "p90", "p99", "max", "count");
        for (String key : SUMMARY_STAGES) {
            StageMetrics.Summary m = r.stages().get(key);
            out.printf(Locale.ROOT, "  %-11s %10.1f %10.1f %10.1f %10.1f %7d%n", key, m.p50Ms(), m.p90Ms(),
                    m.p99Ms(), m.maxMs(), m.count());
        }
        out.printf(Locale.ROOT, "memory: peak RSS %s (%s); budget %s, peak reserved %s, peak estimated %s%n",
                MemoryBudget.format(r.peakRssBytes()), r.rssSource(), MemoryBudget.format(s.memoryBudgetBytes()),
                MemoryBudget.format(r.peakReservedBytes()), MemoryBudget.format(r.peakEstimatedBytes()));
        out.println("peak buffers: " + join(r.peakBufferCounts(), v -> Long.toString(v)));
        out.println("peak buffer bytes: " + join(r.peakBufferBytes(), MemoryBudget::format));
        out.println("GPU busy: " + join(r.gpuBusyFraction(),
                v -> String.format(Locale.ROOT, "%.1f%%", 100 * v)));
    }

    private static <V> String join(Map<String, V> m, java.util.function.Function<V, String> f) {
        return m.entrySet().stream().map(e -> e.getKey() + "=" + f.apply(e.getValue()))
                .collect(Collectors.joining(" "));
    }

    static String seconds(double millis) {
        return String.format(Locale.ROOT, millis < 10_000 ? "%.2fs" : "%.1fs", millis / 1000);
    }
}
