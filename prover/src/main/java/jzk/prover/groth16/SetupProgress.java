package jzk.prover.groth16;

import java.util.Locale;
import java.util.function.Consumer;

/**
 * Periodic progress of one parameter generation's fixed-base batches, as plain lines
 * {@code setup: <section> <done>/<total> points, <rate>/s, ETA <s> s} handed to a log (the CLI prefixes
 * {@code jzk: } and prints them on stderr). A line is emitted after a chunk of points completes when at least
 * {@code interval} has passed both since this object was made (so a generation shorter than the interval prints
 * nothing) and since the previous line. Rate = points done in the section / seconds since the section began;
 * ETA = (total − done) / rate, rounded up. Not thread-safe (Setup runs its batches from one thread).
 */
final class SetupProgress {
    /** The CLI's interval: a line at most every 2 s, none for a generation shorter than that. */
    static final long DEFAULT_INTERVAL_NANOS = 2_000_000_000L;

    private final Consumer<String> log;
    private final long intervalNanos;
    private long lastNanos;
    private String section;
    private long total;
    private long done;
    private long sectionStart;

    SetupProgress(Consumer<String> log, long intervalNanos) {
        if (intervalNanos < 0) {
            throw new IllegalArgumentException("progress interval must be ≥ 0, got " + intervalNanos);
        }
        this.log = log;
        this.intervalNanos = intervalNanos;
        this.lastNanos = System.nanoTime();
    }

    /** A new section of {@code total} points begins. */
    void begin(String name, long points) {
        section = name;
        total = points;
        done = 0;
        sectionStart = System.nanoTime();
    }

    /** {@code points} more of the current section are done; prints a line when the interval has passed. */
    void advance(long points) {
        done += points;
        long now = System.nanoTime();
        if (now - lastNanos < intervalNanos) {
            return;
        }
        lastNanos = now;
        double secs = Math.max(now - sectionStart, 1) / 1e9;
        double rate = done / secs;
        long eta = rate > 0 ? (long) Math.ceil((total - done) / rate) : 0;
        log.accept(String.format(Locale.ROOT, "setup: %s %d/%d points, %d/s, ETA %d s", section, done, total,
                Math.round(rate), eta));
    }
}
