package jzk.cli;

import java.io.PrintWriter;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import jzk.prover.batch.ProverSession;
import jzk.prover.pipeline.BatchReport;
import jzk.prover.pipeline.BatchRunner;
import jzk.prover.pipeline.BufferClass;
import jzk.prover.pipeline.MemoryBudget;
import jzk.prover.pipeline.PermitPolicy;
import jzk.prover.pipeline.ProofOutcome;
import jzk.prover.pipeline.StageMetrics;
import jzk.tornado.progress.Progress;

/**
 * Human output of {@code jzk batch}: one line per proof as it is decided, the batch's progress through
 * {@link Progress} (a bar redrawn in place on a terminal, plain lines every 2 s otherwise), and the summary with a
 * legend of its stage, buffer and policy names.
 *
 * <pre>
 * [3/10] VERIFIED — 12.3s (prove=11.1s, queue=1.2s)
 * [4/10] FAILED — 0.4s: partition 1 GPU stage on cuda:0 failed: …
 * </pre>
 *
 * <p>Percentiles of fewer than {@value #FEW_SAMPLES} samples are flagged: with 4 proofs p90 = p99 = max.
 */
final class ReportPrinter implements BatchRunner.Listener {

    private static final List<StageMetrics.Stage> SUMMARY_STAGES = List.of(StageMetrics.Stage.TOTAL,
            StageMetrics.Stage.QUEUE, StageMetrics.Stage.SYNTHESIS, StageMetrics.Stage.HANDOFF_WAIT,
            StageMetrics.Stage.GPU, StageMetrics.Stage.FINALIZE);
    /** Stages timed once per proof; the others once per partition. */
    private static final Set<StageMetrics.Stage> PER_PROOF = Set.of(StageMetrics.Stage.TOTAL,
            StageMetrics.Stage.QUEUE, StageMetrics.Stage.PROVE, StageMetrics.Stage.ASSEMBLE);
    static final int FEW_SAMPLES = 20;

    private final PrintWriter out;
    private final Progress progress;
    /** The batch's progress task, from its first progress event to the summary; guarded by {@code this}. */
    private Progress.Task task;

    /** Per-proof lines and the summary on {@code out}; the running batch drawn by {@code progress}. */
    ReportPrinter(PrintWriter out, Progress progress) {
        this.out = out;
        this.progress = progress;
    }

    @Override
    public void proofDone(int index, int count, ProofOutcome o) {
        progress.aside(() -> {
            out.println(proofLine(index, count, o));
            out.flush();
        });
    }

    /** {@code VERIFIED} for a completed proof whose check passed, {@code COMPLETED, not verified} without one. */
    static String proofLine(int index, int count, ProofOutcome o) {
        String status = o.status() != ProofOutcome.Status.COMPLETED ? o.status().name()
                : Boolean.TRUE.equals(o.verified()) ? "VERIFIED" : "COMPLETED, not verified";
        String head = "[" + index + "/" + count + "] " + status + " — " + seconds(o.totalMillis());
        return switch (o.status()) {
            case COMPLETED -> head + " (prove=" + seconds(o.proveMillis()) + ", queue=" + seconds(o.queueMillis())
                    + ")";
            case FAILED, CANCELLED -> head + ": " + o.reason();
        };
    }

    /**
     * The batch as one {@link Progress} task of its proofs, the partitions in flight and the buffer counts (which
     * stage they are in) as its detail: {@code batch [####....] 40% 4/10 proofs, …, 2 in flight, reserved 3.0 GiB
     * synthesizing=2}.
     */
    @Override
    public synchronized void progress(BatchRunner.Progress p) {
        if (!progress.isActive()) {
            return;
        }
        if (task == null) {
            task = progress.start("batch", p.count(), "proofs");
        }
        String counts = p.buffers().entrySet().stream().filter(e -> e.getValue() > 0)
                .map(e -> e.getKey() + "=" + e.getValue()).collect(Collectors.joining(" "));
        task.detail(String.format(Locale.ROOT, "· %d in flight, reserved %s%s", p.inFlight(),
                MemoryBudget.format(p.reservedBytes()), counts.isEmpty() ? "" : " " + counts));
        task.advance(p.done() - task.done());
    }

    private synchronized void endProgress() {
        if (task != null) {
            task.close();
            task = null;
        }
    }

    void summary(BatchReport r) {
        endProgress();
        BatchReport.Settings s = r.settings();
        long verified = r.proofs().stream().filter(p -> Boolean.TRUE.equals(p.verified())).count();
        out.println();
        out.printf(Locale.ROOT, "batch: %d proofs of %s — %d completed%s, %d failed, %d cancelled%n", r.count(),
                r.workload(), r.completed(), s.verify() ? " (" + verified + " verified)" : " (not verified)",
                r.failed(), r.cancelled());
        out.printf(Locale.ROOT, "settings: concurrency=%d partition-workers=%d lookahead=%d gpu-workers=%d "
                        + "finalizers=%d devices=%s permits=%s verify=%s%n", s.concurrency(), s.partitionWorkers(),
                s.lookahead(), s.gpuWorkersPerDevice(), s.finalizerThreads(), String.join(",", s.devices()),
                s.permitPolicy(), s.verify());
        out.printf(Locale.ROOT, "wall %.2f s · %.2f proofs/min · %.3f s/proof%n", r.wallSeconds(),
                r.proofsPerMinute(), r.secondsPerProof());
        out.printf(Locale.ROOT, "%-13s %10s %10s %10s %10s  %s%n", "latency (ms)", "p50", "p90", "p99", "max",
                "count");
        for (StageMetrics.Stage stage : SUMMARY_STAGES) {
            out.println(latencyRow(stage, r.stages().get(stage.key)));
        }
        out.printf(Locale.ROOT, "memory: peak RSS %s (%s); budget %s, peak reserved %s, peak estimated %s%n",
                MemoryBudget.format(r.peakRssBytes()), r.rssSource(), MemoryBudget.format(s.memoryBudgetBytes()),
                MemoryBudget.format(r.peakReservedBytes()), MemoryBudget.format(r.peakEstimatedBytes()));
        if (!r.deviceMemory().isEmpty()) {
            out.println("device memory: " + r.deviceMemory().entrySet().stream().map(e -> e.getKey() + " peak "
                    + MemoryBudget.format(e.getValue().peakBytes()) + " (resident key "
                    + MemoryBudget.format(e.getValue().residentKeyBytes()) + ")").collect(Collectors.joining(", ")));
        }
        out.println("peak buffers: " + join(r.peakBufferCounts(), v -> Long.toString(v)));
        out.println("peak buffer bytes: " + join(r.peakBufferBytes(), MemoryBudget::format));
        out.println(busyLine(r.gpuBusyFraction()));
        r.devices().forEach(d -> out.println(deviceLine(d)));
        phaseTable(r.phases());
        legend(s.permitPolicy());
    }

    /**
     * One line per device: workers, partitions proven, busy fraction, GPU stage time summed over its workers,
     * resident parameter bytes; a device taken out of rotation says when, how many partitions were re-run
     * elsewhere, and why.
     */
    static String deviceLine(BatchReport.DeviceLine d) {
        String line = String.format(Locale.ROOT, "  device %s: %d GPU worker%s, %d partition%s, busy %.1f%%, "
                        + "GPU stage %.2f s, resident %s", d.device(), d.gpuWorkers(), d.gpuWorkers() == 1 ? "" : "s",
                d.partitions(), d.partitions() == 1 ? "" : "s", 100 * d.busyFraction(), d.gpuStageSeconds(),
                MemoryBudget.format(d.residentBytes()));
        if (d.failure() == null) {
            return line;
        }
        return line + String.format(Locale.ROOT, "; FAILED at %.2f s, out of rotation, %d partition%s re-run "
                + "elsewhere: %s", d.failedAtSeconds(), d.rerun(), d.rerun() == 1 ? "" : "s", d.failure());
    }

    /** The workload's phase table: one line a phase, median, mean, max and total ms over the partitions that ran it. */
    void phaseTable(Map<String, jzk.prover.pipeline.PhaseTimes.Summary> phases) {
        if (phases == null || phases.isEmpty()) {
            return;
        }
        out.printf(Locale.ROOT, "%-24s %10s %10s %10s %10s  %s%n", "phases (ms)", "p50", "mean", "max", "total",
                "count");
        phases.forEach((name, p) -> out.printf(Locale.ROOT, "  %-22s %10.1f %10.1f %10.1f %10.1f  %d%n", name,
                p.p50Ms(), p.meanMs(), p.maxMs(), p.totalMs(), p.count()));
    }

    /** One row of the latency table; the count says proofs or partitions, and few samples are flagged. */
    static String latencyRow(StageMetrics.Stage stage, StageMetrics.Summary m) {
        String unit = PER_PROOF.contains(stage) ? (m.count() == 1 ? "proof" : "proofs")
                : (m.count() == 1 ? "partition" : "partitions");
        String flag = m.count() > 0 && m.count() < FEW_SAMPLES ? " (n<" + FEW_SAMPLES + ", indicative only)" : "";
        return String.format(Locale.ROOT, "  %-11s %10.1f %10.1f %10.1f %10.1f  %d %s%s", stage.key, m.p50Ms(),
                m.p90Ms(), m.p99Ms(), m.maxMs(), m.count(), unit, flag);
    }

    /**
     * Busy fraction per device, named for what it is: {@code cpu} (the CPU prover) and {@code jvm} (the Java kernel
     * executor) run the GPU stage on CPU threads, so its figure is "compute busy", not "GPU busy"; {@code sim:N} devices are simulated.
     */
    static String busyLine(Map<String, Double> busy) {
        Map<String, String> kinds = new java.util.LinkedHashMap<>();
        busy.keySet().forEach(d -> kinds.put(d, ProverSession.isCpu(d) || d.equals(ProverSession.JVM) ? "compute"
                : d.startsWith("sim:") ? "simulated GPU" : "GPU"));
        java.util.function.Function<Double, String> pct = v -> String.format(Locale.ROOT, "%.1f%%", 100 * v);
        if (kinds.values().stream().distinct().count() > 1) {
            return "device busy: " + busy.entrySet().stream().map(e -> e.getKey() + "=" + pct.apply(e.getValue())
                    + " (" + kinds.get(e.getKey()) + ")").collect(Collectors.joining(" "));
        }
        String kind = kinds.values().stream().findFirst().orElse("GPU");
        String head = switch (kind) {
            case "compute" -> "compute busy";
            case "simulated GPU" -> "GPU busy (simulated)";
            default -> "GPU busy";
        };
        String tail = kind.equals("compute") ? " (CPU threads running the GPU stage)" : "";
        return head + ": " + join(busy, pct) + tail;
    }

    /** What the names in the summary mean, from the enums that define them. */
    private void legend(String permitPolicy) {
        out.println("legend:");
        out.println("  stages: " + SUMMARY_STAGES.stream().map(st -> st.key + " = " + st.meaning)
                .collect(Collectors.joining("; ")));
        out.println("  buffers (partitions in each state): " + Arrays.stream(BufferClass.values())
                .map(c -> c.key + " = " + c.meaning).collect(Collectors.joining("; ")));
        try {
            out.println("  permits: " + permitPolicy + " = " + PermitPolicy.valueOf(permitPolicy).meaning);
        } catch (IllegalArgumentException e) {
            // an unknown policy name has no legend line
        }
    }

    private static <V> String join(Map<String, V> m, java.util.function.Function<V, String> f) {
        return m.entrySet().stream().map(e -> e.getKey() + "=" + f.apply(e.getValue()))
                .collect(Collectors.joining(" "));
    }

    static String seconds(double millis) {
        return String.format(Locale.ROOT, millis < 10_000 ? "%.2fs" : "%.1fs", millis / 1000);
    }
}
