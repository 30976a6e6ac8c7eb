package jzk.prover.pipeline;

import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.HdrHistogram.ConcurrentHistogram;
import org.HdrHistogram.Histogram;

/**
 * Latency histograms per stage (HdrHistogram) and the busy time of each device's GPU workers.
 *
 * <p>Values are recorded in microseconds with 3 significant digits (auto-resizing, so no stage is too long to
 * record); summaries and {@code .hgrm} files are in milliseconds. Per-proof stages: {@code total} (submit →
 * outcome), {@code queue} (submit → first synthesis start of the proof), {@code prove} (first synthesis start →
 * outcome). Per-partition stages: {@code synthesis}, {@code handoffWait} (synthesis end → GPU start),
 * {@code gpu}, {@code finalize}; {@code assemble} is per proof (assembly + verification).
 *
 * <p>GPU busy fraction of a device = time during which at least one of its GPU workers was inside
 * {@code gpuStage} (union of intervals) / wall time. Two workers overlapping on one device count once, so the
 * fraction is ≤ 1 and says how much of the time the device had work.
 */
public final class StageMetrics {

    /** The recorded stages; {@link #key} names the histogram in reports and the {@code .hgrm} file. */
    public enum Stage {
        TOTAL("total", "submit to outcome"),
        QUEUE("queue", "submit to the proof's first synthesis start"),
        PROVE("prove", "first synthesis start to outcome"),
        SYNTHESIS("synthesis", "witness (and a/b/c where the host evaluates them) and aux"),
        HANDOFF_WAIT("handoffWait", "a/b/c ready, waiting for a GPU worker"),
        GPU("gpu", "device stage (NTTs, MSMs) on the --device"),
        FINALIZE("finalize", "aux MSMs, partial proof"),
        ASSEMBLE("assemble", "partials to the proof, and verification");

        public final String key;
        /** A few words for legends (report, timeline chart). */
        public final String meaning;

        Stage(String key, String meaning) {
            this.key = key;
            this.meaning = meaning;
        }
    }

    /** Percentiles of one stage, in milliseconds. */
    public record Summary(long count, double meanMs, double p50Ms, double p90Ms, double p99Ms, double maxMs) {
    }

    private final ConcurrentHistogram[] histograms = new ConcurrentHistogram[Stage.values().length];
    private final List<DeviceBusy> devices = new ArrayList<>();

    public StageMetrics(List<String> deviceNames) {
        for (int i = 0; i < histograms.length; i++) {
            histograms[i] = new ConcurrentHistogram(3);
        }
        for (String d : deviceNames) {
            devices.add(new DeviceBusy(d));
        }
    }

    public void record(Stage stage, long nanos) {
        histograms[stage.ordinal()].recordValue(Math.max(0, nanos / 1000));
    }

    public Summary summary(Stage stage) {
        Histogram h = histograms[stage.ordinal()].copy();
        if (h.getTotalCount() == 0) {
            return new Summary(0, 0, 0, 0, 0, 0);
        }
        return new Summary(h.getTotalCount(), h.getMean() / 1000.0,
                h.getValueAtPercentile(50) / 1000.0, h.getValueAtPercentile(90) / 1000.0,
                h.getValueAtPercentile(99) / 1000.0, h.getMaxValue() / 1000.0);
    }

    public Map<String, Summary> summaries() {
        Map<String, Summary> m = new LinkedHashMap<>();
        for (Stage s : Stage.values()) {
            m.put(s.key, summary(s));
        }
        return m;
    }

    /** Writes {@code <stage>.hgrm} (percentile distribution, milliseconds) for every stage into {@code dir}. */
    public List<Path> writeHgrm(Path dir) {
        List<Path> written = new ArrayList<>();
        try {
            Files.createDirectories(dir);
            for (Stage s : Stage.values()) {
                Path f = dir.resolve(s.key + ".hgrm");
                try (PrintStream ps = new PrintStream(Files.newOutputStream(f), false, "UTF-8")) {
                    Histogram h = histograms[s.ordinal()].copy();
                    if (h.getTotalCount() > 0) {
                        h.outputPercentileDistribution(ps, 1000.0); // µs recorded → ms in the file
                    } else {
                        ps.println("# no values recorded for " + s.key);
                    }
                }
                written.add(f);
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write .hgrm files to " + dir + ": " + e.getMessage(), e);
        }
        return written;
    }

    DeviceBusy device(int index) {
        return devices.get(index);
    }

    /** Busy fraction per device name over {@code wallNanos}. */
    public Map<String, Double> gpuBusyFractions(long wallNanos) {
        Map<String, Double> m = new LinkedHashMap<>();
        for (DeviceBusy d : devices) {
            m.put(d.name, wallNanos <= 0 ? 0.0 : Math.min(1.0, d.busyNanos() / (double) wallNanos));
        }
        return m;
    }

    /** Union-of-intervals busy clock of one device. */
    static final class DeviceBusy {
        final String name;
        private int active;
        private long since;
        private long busyNanos;

        DeviceBusy(String name) {
            this.name = name;
        }

        synchronized void start() {
            if (active++ == 0) {
                since = System.nanoTime();
            }
        }

        synchronized void end() {
            if (--active == 0) {
                busyNanos += System.nanoTime() - since;
            }
        }

        synchronized long busyNanos() {
            return busyNanos + (active > 0 ? System.nanoTime() - since : 0);
        }
    }
}
