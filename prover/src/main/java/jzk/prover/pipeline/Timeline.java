package jzk.prover.pipeline;

import java.io.BufferedWriter;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The TIMELINE log: one CSV row per stage start/end, and optionally its picture ({@link TimelineChart}).
 *
 * <p>Columns: {@code t_us} (microseconds since the pipeline started, monotonic clock), {@code stage}
 * (synthesis, gpu, finalize, assemble, proof), {@code phase} (start, end, fail for stages; submit, complete,
 * fail, cancel for proofs), {@code job} (the proof's id, 1-based batch order like {@code [1/3]} and
 * {@code proof-1.json}), {@code partition} (0-based index, -1 for whole-proof events), {@code worker} (thread
 * or device slot), {@code start_us} (on a row that ends a stage or proof: the {@code t_us} of its start or
 * submit row, so each such row is a whole interval; empty otherwise). Rows are written in the order the events
 * happen (one lock), so {@code t_us} is non-decreasing. With no file, events are only counted.
 *
 * <p>A file ending in {@code .html}/{@code .htm} or {@code .svg} is a picture: the CSV goes beside it (same
 * name, {@code .csv}), and at {@link #close()} the events, the buffer-class counts ({@link #buffers}) and the
 * sampled RSS ({@link #sample}) are drawn into the picture. Only then are events and samples kept in memory.
 */
public final class Timeline implements AutoCloseable {

    public static final String HEADER = "t_us,stage,phase,job,partition,worker,start_us";

    /** One CSV row; {@code startUs} is -1 where the row closes nothing. */
    public record Event(long tUs, String stage, String phase, long job, int partition, String worker, long startUs) {
    }

    /** One value of a series ({@link BufferClass#key} counts, or {@code "rss"} bytes) from time {@code tUs} on. */
    public record Sample(long tUs, String series, long value) {
    }

    private final long startNanos;
    private final Path csvFile;
    private final Path picture;
    private final BufferedWriter out;
    private final Map<String, Long> openStarts = new HashMap<>();
    private final List<Event> events = new ArrayList<>();
    private final List<Sample> samples = new ArrayList<>();
    private final Map<String, Long> lastValues = new HashMap<>();
    private long eventCount;
    private boolean closed;

    /** @param file the CSV file, or a {@code .html}/{@code .svg} picture (CSV beside it); {@code null}: nothing */
    public Timeline(Path file, long startNanos) {
        this.startNanos = startNanos;
        this.picture = file != null && isPicture(file) ? file : null;
        this.csvFile = picture != null ? csvBeside(picture) : file;
        try {
            if (file == null) {
                out = null;
            } else {
                Path parent = file.toAbsolutePath().getParent();
                if (parent != null) {
                    Files.createDirectories(parent);
                }
                out = Files.newBufferedWriter(csvFile);
                out.write(HEADER);
                out.newLine();
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write timeline file " + csvFile + ": " + e.getMessage(), e);
        }
    }

    /** Whether {@code file} names a picture format (by its extension): {@code .html}, {@code .htm}, {@code .svg}. */
    public static boolean isPicture(Path file) {
        String n = file.getFileName().toString().toLowerCase(Locale.ROOT);
        return n.endsWith(".html") || n.endsWith(".htm") || n.endsWith(".svg");
    }

    /** Where the CSV of a picture goes: the same name with {@code .csv} for the extension. */
    public static Path csvBeside(Path picture) {
        String n = picture.getFileName().toString();
        return picture.resolveSibling(n.substring(0, n.lastIndexOf('.')) + ".csv");
    }

    /** The CSV file written ({@code null} with none). */
    public Path csvFile() {
        return csvFile;
    }

    /** The picture written at close ({@code null} with none). */
    public Path picture() {
        return picture;
    }

    public synchronized void event(String stage, String phase, long job, int partition, String worker) {
        eventCount++;
        if (out == null || closed) {
            return;
        }
        long us = nowUs();
        String key = stage + '/' + job + '/' + partition;
        long startUs = -1;
        if (phase.equals("start") || phase.equals("submit")) {
            openStarts.put(key, us);
        } else {
            Long s = openStarts.remove(key);
            startUs = s == null ? -1 : s;
        }
        try {
            out.write(us + "," + stage + "," + phase + "," + job + "," + partition + "," + worker + ","
                    + (startUs < 0 ? "" : Long.toString(startUs)));
            out.newLine();
        } catch (IOException e) {
            throw new UncheckedIOException("timeline write failed: " + e.getMessage(), e);
        }
        if (picture != null) {
            events.add(new Event(us, stage, phase, job, partition, worker, startUs));
        }
    }

    /** Records the buffer tracker's counts after a transition (kept for the picture only; changes only). */
    public synchronized void buffers(Map<String, Long> counts) {
        if (picture == null || closed) {
            return;
        }
        long us = nowUs();
        counts.forEach((k, v) -> {
            if (!v.equals(lastValues.put(k, v))) {
                samples.add(new Sample(us, k, v));
            }
        });
    }

    /** Records one value of {@code series} (e.g. {@code "rss"} bytes), for the picture only. */
    public synchronized void sample(String series, long value) {
        if (picture == null || closed) {
            return;
        }
        samples.add(new Sample(nowUs(), series, value));
    }

    private long nowUs() {
        return (System.nanoTime() - startNanos) / 1000;
    }

    public synchronized long events() {
        return eventCount;
    }

    /** Closes the CSV and draws the picture, if one was asked for. Idempotent. */
    @Override
    public synchronized void close() {
        if (out == null || closed) {
            return;
        }
        closed = true;
        try {
            out.close();
        } catch (IOException e) {
            throw new UncheckedIOException("timeline close failed: " + e.getMessage(), e);
        }
        if (picture != null) {
            TimelineChart.write(picture, events, samples);
        }
    }
}
