package jzk.cli;

import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.IntConsumer;
import jzk.prover.pipeline.BatchRunner;
import sun.misc.Signal;
import sun.misc.SignalHandler;

/**
 * SIGINT / SIGTERM while {@code jzk batch} runs: the first signal stops admission ({@link BatchRunner#stop}), lets
 * the proofs in flight finish for up to {@code graceMillis} and then cancels them ({@link BatchRunner#cancelInFlight}),
 * so the batch returns and prints its summary and writes its report; a second signal exits at once with status 130
 * (the shutdown hooks still remove temporary files, {@link jzk.prover.io.AtomicFiles}). The previous handlers are
 * restored by {@link #close}.
 */
final class BatchInterrupts implements AutoCloseable {
    /** Exit status after an interrupt (128 + SIGINT), as shells report it. */
    static final int EXIT_INTERRUPTED = 130;
    /** How long proofs in flight may take to finish after the first signal. */
    static final long GRACE_MILLIS = 30_000;

    private static final AtomicInteger ACTIVE = new AtomicInteger();

    private final BatchRunner runner;
    private final PrintWriter err;
    private final long graceMillis;
    private final IntConsumer exit;
    private final AtomicInteger signals = new AtomicInteger();
    private final List<Signal> installed = new ArrayList<>();
    private final List<SignalHandler> previous = new ArrayList<>();
    private volatile Thread canceller;
    private boolean counted;

    BatchInterrupts(BatchRunner runner, PrintWriter err, long graceMillis, IntConsumer exit) {
        this.runner = runner;
        this.err = err;
        this.graceMillis = graceMillis;
        this.exit = exit;
    }

    /** Installs the handlers for INT and TERM (a signal the JVM reserves, e.g. under -Xrs, is skipped). */
    BatchInterrupts install() {
        for (String name : new String[] {"INT", "TERM"}) {
            try {
                Signal s = new Signal(name);
                previous.add(Signal.handle(s, this::handle));
                installed.add(s);
            } catch (IllegalArgumentException e) {
                // not available here: the JVM's default handling stays
            }
        }
        ACTIVE.incrementAndGet();
        counted = true;
        return this;
    }

    /** Installed instances (for tests: a signal may be raised only while one is). */
    static int active() {
        return ACTIVE.get();
    }

    /** Whether a signal arrived. */
    boolean interrupted() {
        return signals.get() > 0;
    }

    /** The reaction to one signal (also called directly by tests). */
    void handle(Signal sig) {
        if (signals.incrementAndGet() > 1) {
            err.println("jzk: SIG" + sig.getName() + " again: exiting now");
            err.flush();
            exit.accept(EXIT_INTERRUPTED);
            return;
        }
        err.println("jzk: SIG" + sig.getName() + ": no new proofs; those in flight finish (cancelled after "
                + graceMillis / 1000 + " s), then the summary and report; again to exit at once");
        err.flush();
        runner.stop();
        Thread t = new Thread(() -> {
            try {
                Thread.sleep(graceMillis);
                runner.cancelInFlight();
            } catch (InterruptedException e) {
                // the batch ended first
            }
        }, "jzk-interrupt-grace");
        t.setDaemon(true);
        canceller = t;
        t.start();
    }

    @Override
    public void close() {
        Thread t = canceller;
        if (t != null) {
            t.interrupt();
        }
        for (int i = 0; i < installed.size(); i++) {
            Signal.handle(installed.get(i), previous.get(i));
        }
        installed.clear();
        previous.clear();
        if (counted) {
            counted = false;
            ACTIVE.decrementAndGet();
        }
    }
}
