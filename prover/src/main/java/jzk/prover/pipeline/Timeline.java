package jzk.prover.pipeline;

import java.io.BufferedWriter;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The TIMELINE log: one CSV row per stage start/end, plottable as a Gantt chart (one lane per worker).
 *
 * <p>Columns: {@code t_us} (microseconds since the pipeline started, monotonic clock), {@code stage}
 * (admit, synthesis, handoff, gpu, finalize, assemble, proof), {@code phase} (start, end, fail, cancel),
 * {@code job}, {@code partition} (-1 for whole-proof events), {@code worker} (thread or device slot).
 * Rows are written in the order the events happen (one lock), so {@code t_us} is non-decreasing.
 * With no file, events are only counted.
 */
public final class Timeline implements AutoCloseable {

    public static final String HEADER = "t_us,stage,phase,job,partition,worker";

    private final long startNanos;
    private final BufferedWriter out;
    private long events;

    /** @param file the CSV file to write, or {@code null} to write nothing */
    public Timeline(Path file, long startNanos) {
        this.startNanos = startNanos;
        try {
            if (file == null) {
                out = null;
            } else {
                Path parent = file.toAbsolutePath().getParent();
                if (parent != null) {
                    Files.createDirectories(parent);
                }
                out = Files.newBufferedWriter(file);
                out.write(HEADER);
                out.newLine();
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write timeline file " + file + ": " + e.getMessage(), e);
        }
    }

    public synchronized void event(String stage, String phase, long job, int partition, String worker) {
        events++;
        if (out == null) {
            return;
        }
        try {
            long us = (System.nanoTime() - startNanos) / 1000;
            out.write(us + "," + stage + "," + phase + "," + job + "," + partition + "," + worker);
            out.newLine();
        } catch (IOException e) {
            throw new UncheckedIOException("timeline write failed: " + e.getMessage(), e);
        }
    }

    public synchronized long events() {
        return events;
    }

    @Override
    public synchronized void close() {
        if (out != null) {
            try {
                out.close();
            } catch (IOException e) {
                throw new UncheckedIOException("timeline close failed: " + e.getMessage(), e);
            }
        }
    }
}
