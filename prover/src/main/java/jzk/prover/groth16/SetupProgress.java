package jzk.prover.groth16;

import jzk.tornado.progress.Progress;

/**
 * Progress of one parameter generation's fixed-base batches: each key section is a {@link Progress} task
 * {@code setup: <section>} of its points, so a terminal shows a bar and a log gets plain lines
 * {@code setup: <section> <done>/<total> points, <rate>/s, ETA <s> s} (at most one per interval, none for a
 * generation shorter than the interval; the CLI prefixes {@code jzk: }). Not thread-safe (Setup runs its batches
 * from one thread); sections run one after the other, each closed before the next begins.
 */
final class SetupProgress {
    private final Progress progress;
    private Progress.Task section;

    SetupProgress(Progress progress) {
        this.progress = progress;
    }

    /** A new section of {@code total} points begins (the previous one, if any, ends). */
    void begin(String name, long points) {
        end();
        section = progress.start("setup: " + name, points, "points");
    }

    /** {@code points} more of the current section are done. */
    void advance(long points) {
        section.advance(points);
    }

    /** The current section ends. */
    void end() {
        if (section != null) {
            section.close();
            section = null;
        }
    }
}
