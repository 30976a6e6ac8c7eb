package jzk.server;

import java.util.Locale;
import java.util.Map;
import jzk.prover.pipeline.StageMetrics;
import jzk.server.api.StatusReply;

/**
 * The Prometheus text exposition (format 0.0.4) of the daemon: every family has a {@code # HELP} and a
 * {@code # TYPE} line before its samples; stage latencies are summaries in seconds whose quantiles 0.5, 0.9 and
 * 0.99 come from the pipeline's HdrHistograms ({@link StageMetrics}), with {@code _sum} (mean × count) and
 * {@code _count}. Label values are escaped (backslash, quote, newline).
 */
final class MetricsText {
    private MetricsText() {
    }

    static String render(StatusReply s, Map<String, StageMetrics.Summary> stages) {
        StringBuilder b = new StringBuilder(4096);
        family(b, "jzk_stage_seconds", "summary",
                "Latency per pipeline stage (per proof: total, queue, prove, assemble; per partition: synthesis, "
                        + "handoffWait, gpu, finalize), from HdrHistograms.");
        for (Map.Entry<String, StageMetrics.Summary> e : stages.entrySet()) {
            StageMetrics.Summary v = e.getValue();
            String st = "stage=\"" + escape(e.getKey()) + "\"";
            sample(b, "jzk_stage_seconds", st + ",quantile=\"0.5\"", v.p50Ms() / 1e3);
            sample(b, "jzk_stage_seconds", st + ",quantile=\"0.9\"", v.p90Ms() / 1e3);
            sample(b, "jzk_stage_seconds", st + ",quantile=\"0.99\"", v.p99Ms() / 1e3);
            sample(b, "jzk_stage_seconds_sum", st, v.meanMs() * v.count() / 1e3);
            sample(b, "jzk_stage_seconds_count", st, v.count());
        }
        family(b, "jzk_proofs_total", "counter", "Proofs decided since the server started, by outcome.");
        sample(b, "jzk_proofs_total", "outcome=\"completed\"", s.getCompleted());
        sample(b, "jzk_proofs_total", "outcome=\"failed\"", s.getFailed());
        sample(b, "jzk_proofs_total", "outcome=\"cancelled\"", s.getCancelled());
        family(b, "jzk_queue_depth", "gauge", "Jobs waiting with no partition started, by priority.");
        s.getQueueDepthMap().entrySet().stream().sorted(Map.Entry.comparingByKey())
                .forEach(e -> sample(b, "jzk_queue_depth", "priority=\"" + escape(e.getKey()) + "\"", e.getValue()));
        family(b, "jzk_jobs_open", "gauge", "Jobs submitted and not yet finished.");
        sample(b, "jzk_jobs_open", "", s.getJobsCount());
        family(b, "jzk_buffers", "gauge", "Partitions counted in each large-buffer class (pipeline BufferTracker).");
        s.getBuffersMap().forEach((k, v) -> sample(b, "jzk_buffers", "class=\"" + escape(k) + "\"", v));
        family(b, "jzk_memory_budget_bytes", "gauge", "The memory budget shared by partitions and parameters.");
        sample(b, "jzk_memory_budget_bytes", "", s.getBudgetBytes());
        family(b, "jzk_memory_reserved_bytes", "gauge", "Bytes of the budget reserved now (partitions + parameters).");
        sample(b, "jzk_memory_reserved_bytes", "", s.getReservedBytes());
        family(b, "jzk_memory_reserved_peak_bytes", "gauge", "Most bytes of the budget ever reserved at once.");
        sample(b, "jzk_memory_reserved_peak_bytes", "", s.getPeakReservedBytes());
        family(b, "jzk_params_resident_bytes", "gauge", "Bytes of the budget held by resident parameter sets.");
        sample(b, "jzk_params_resident_bytes", "", s.getParamsBytes());
        family(b, "jzk_params_resident", "gauge", "Resident parameter sets.");
        sample(b, "jzk_params_resident", "", s.getParamsList().stream().filter(p -> p.getResident()).count());
        family(b, "jzk_synthesis_permits_free", "gauge", "Synthesis permits free (of W + L).");
        sample(b, "jzk_synthesis_permits_free", "", s.getFreePermits());
        family(b, "jzk_gpu_busy_ratio", "gauge", "Fraction of the uptime each device had a partition in its GPU stage.");
        s.getGpuBusyMap().forEach((d, v) -> sample(b, "jzk_gpu_busy_ratio", "device=\"" + escape(d) + "\"", v));
        family(b, "jzk_uptime_seconds", "gauge", "Seconds since the server started.");
        sample(b, "jzk_uptime_seconds", "", s.getUptimeS());
        return b.toString();
    }

    private static void family(StringBuilder b, String name, String type, String help) {
        b.append("# HELP ").append(name).append(' ').append(help.replace("\\", "\\\\").replace("\n", "\\n"))
                .append('\n');
        b.append("# TYPE ").append(name).append(' ').append(type).append('\n');
    }

    private static void sample(StringBuilder b, String name, String labels, double value) {
        b.append(name);
        if (!labels.isEmpty()) {
            b.append('{').append(labels).append('}');
        }
        b.append(' ').append(format(value)).append('\n');
    }

    private static String format(double v) {
        if (v == Math.rint(v) && Math.abs(v) < 1e15) {
            return Long.toString((long) v);
        }
        return String.format(Locale.ROOT, "%.6g", v);
    }

    static String escape(String v) {
        return v.replace("\\", "\\\\").replace("\"", "\\\"").replace("\n", "\\n");
    }
}
