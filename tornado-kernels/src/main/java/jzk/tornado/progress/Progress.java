package jzk.tornado.progress;

import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import java.util.function.LongSupplier;

/**
 * The one progress abstraction of jzk: a phase that can take more than ~2 s ({@link #start} a {@link Task}:
 * parameter generation, a kernel compilation, proving the partitions of {@code jzk prove}, a batch) says how far it
 * is, and this reporter draws it in one of two modes:
 * <ul>
 *   <li><b>terminal</b> ({@link #terminal}): one status line on stderr, redrawn in place ({@code \r…\033[K}) at most
 *       every {@value #TERMINAL_REDRAW_MS} ms — a bar, percentage, count, rate and ETA when the total is known,
 *       elapsed seconds otherwise; cleared when no task is running. A task with a known total that ran at least the
 *       interval leaves one summary line ({@code <what>: <total> <unit> in <s> s}).</li>
 *   <li><b>lines</b> ({@link #lines}): plain lines for logs, CI and pipes,
 *       {@code <what> <done>/<total> <unit>, <rate>/s, ETA <s> s} (or {@code <what>, <s> s} when the total is unknown),
 *       at most one per interval and none during the first interval of activity, so a phase shorter than the
 *       interval prints nothing.</li>
 * </ul>
 * Rate = units done / seconds since the task started; ETA = (total − done) / rate, rounded up. A task blocked in
 * one long call (a driver's kernel build) is still redrawn: a daemon ticker renders while any task runs. Several
 * tasks may run at once (threads); the newest one running is shown.
 *
 * <p>The CLI {@link #install}s the process's reporter once at start (terminal when stderr is a terminal, else
 * lines; {@code JZK_PROGRESS=lines|terminal|off} overrides); code anywhere reports through {@link #installed()},
 * which is {@link #none()} until then (library use, tests). Messages that would cut through a drawn bar go through
 * {@link #message}. Thread-safe: every state change holds this reporter's lock.
 */
public final class Progress {
    /** Default interval between plain lines, and the least run time for a terminal summary line. */
    public static final long DEFAULT_INTERVAL_NANOS = 2_000_000_000L;
    static final long TERMINAL_REDRAW_MS = 100;
    private static final int BAR_WIDTH = 24;
    private static final char[] SPIN = {'|', '/', '-', '\\'};

    private enum Mode { NONE, LINES, TERMINAL }

    private static final LongSupplier SYSTEM_CLOCK = System::nanoTime;
    private static volatile Progress installed = none();

    private final Mode mode;
    private final Consumer<String> lineSink;
    private final PrintWriter terminal;
    private final LongSupplier clock;
    private final long intervalNanos;
    private final List<Task> running = new ArrayList<>();
    /** Lines: when the last line was printed, or when the current run of activity began. */
    private long lastLine;
    /** Terminal: whether a status line is drawn, and when. */
    private boolean drawn;
    private long lastDraw = Long.MIN_VALUE / 2;
    private String lastText = ""; // "long ago", without overflow in now − lastDraw
    private int spin;
    private ScheduledExecutorService ticker;
    /** Whether a daemon ticker redraws by itself: on the real clock only (a test clock moves when the test says). */
    private final boolean autoTick;

    private Progress(Mode mode, Consumer<String> lineSink, PrintWriter terminal, LongSupplier clock,
                     long intervalNanos) {
        this.mode = mode;
        this.lineSink = lineSink;
        this.terminal = terminal;
        this.clock = clock;
        this.intervalNanos = intervalNanos;
        this.autoTick = clock == SYSTEM_CLOCK;
    }

    /** Draws nothing. */
    public static Progress none() {
        return new Progress(Mode.NONE, null, null, SYSTEM_CLOCK, 0);
    }

    /** Plain lines to {@code sink} at most every {@code intervalNanos} (≥ 0), none in the first interval. */
    public static Progress lines(Consumer<String> sink, long intervalNanos) {
        return lines(sink, intervalNanos, SYSTEM_CLOCK);
    }

    /** As {@link #lines(Consumer, long)} with a given clock (tests). */
    public static Progress lines(Consumer<String> sink, long intervalNanos, LongSupplier clock) {
        if (intervalNanos < 0) {
            throw new IllegalArgumentException("progress interval must be ≥ 0, got " + intervalNanos);
        }
        return new Progress(Mode.LINES, sink, null, clock, intervalNanos);
    }

    /** A status line redrawn in place on {@code err} (a terminal). */
    public static Progress terminal(PrintWriter err) {
        return terminal(err, SYSTEM_CLOCK);
    }

    /** As {@link #terminal(PrintWriter)} with a given clock (tests). */
    public static Progress terminal(PrintWriter err, LongSupplier clock) {
        return new Progress(Mode.TERMINAL, null, err, clock, DEFAULT_INTERVAL_NANOS);
    }

    /**
     * The reporter for a CLI process writing to {@code err}: {@code setting} ({@code JZK_PROGRESS}, may be null)
     * {@code off}, {@code lines} or {@code terminal} decides; unset or blank, a terminal when {@code terminal}, else
     * lines every 2 s. Lines are written as {@code jzk: <line>}.
     */
    public static Progress forCli(PrintWriter err, boolean terminal, String setting) {
        String s = setting == null ? "" : setting.trim().toLowerCase(Locale.ROOT);
        return switch (s) {
            case "off", "none" -> none();
            case "lines" -> lines(line -> printLine(err, line), DEFAULT_INTERVAL_NANOS);
            case "terminal", "bar" -> terminal(err);
            case "" -> terminal ? terminal(err) : lines(line -> printLine(err, line), DEFAULT_INTERVAL_NANOS);
            default -> throw new IllegalArgumentException("JZK_PROGRESS must be lines, terminal or off, not '"
                    + setting + "'");
        };
    }

    private static void printLine(PrintWriter err, String line) {
        err.println("jzk: " + line);
        err.flush();
    }

    /** Makes {@code p} the process's reporter (the CLI, once at start). */
    public static void install(Progress p) {
        installed = p;
    }

    /** The process's reporter; {@link #none()} unless the CLI installed one. */
    public static Progress installed() {
        return installed;
    }

    /** Whether this reporter draws anything. */
    public boolean isActive() {
        return mode != Mode.NONE;
    }

    /** A new task: {@code total} units (≤ 0: unknown) named {@code unit} ("points", "partitions"). */
    public Task start(String what, long total, String unit) {
        Task t = new Task(what, total, unit);
        if (mode == Mode.NONE) {
            return t;
        }
        synchronized (this) {
            t.startNanos = clock.getAsLong();
            if (running.isEmpty() && mode == Mode.LINES) {
                lastLine = t.startNanos; // a new run of activity: quiet for its first interval
            }
            running.add(t);
            startTicker();
            render(t, false);
        }
        return t;
    }

    /**
     * Runs {@code print}, which writes a line of the command's own output (a log line, a per-proof line): in terminal
     * mode the status line is cleared first and redrawn after, so the two never mix.
     */
    public void aside(Runnable print) {
        if (mode != Mode.TERMINAL) {
            print.run();
            return;
        }
        synchronized (this) {
            clear();
            print.run();
            if (!running.isEmpty()) {
                draw(running.getLast());
            }
        }
    }

    /** Re-renders the newest running task (the ticker; tests call it to stand for the passing of time). */
    public void tick() {
        if (mode == Mode.NONE) {
            return;
        }
        synchronized (this) {
            if (!running.isEmpty()) {
                render(running.getLast(), false);
            }
        }
    }

    private void startTicker() {
        if (ticker != null || !autoTick) {
            return;
        }
        ticker = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread th = new Thread(r, "jzk-progress");
            th.setDaemon(true);
            return th;
        });
        long period = mode == Mode.TERMINAL ? TERMINAL_REDRAW_MS : Math.max(100, intervalNanos / 4_000_000);
        ticker.scheduleAtFixedRate(this::tick, period, period, TimeUnit.MILLISECONDS);
    }

    private void render(Task t, boolean force) {
        long now = clock.getAsLong();
        if (mode == Mode.LINES) {
            // a known total: only a new count or detail is worth a line; an unknown one: its elapsed time, from 1 s on
            boolean news = t.total <= 0 ? now - t.startNanos >= 1_000_000_000L
                    : t.done != t.printedDone && (t.done > 0 || !t.detail.isEmpty()) || !t.detail.equals(t.printedDetail);
            if (now - lastLine >= intervalNanos && news) {
                lastLine = now;
                t.printedDone = t.done;
                t.printedDetail = t.detail;
                lineSink.accept(t.describe(now, false));
            }
        } else if (force || now - lastDraw >= TERMINAL_REDRAW_MS * 1_000_000L || t.total > 0 && t.done >= t.total) {
            draw(t); // the last count of a task is always drawn, however soon after the previous one
        }
    }

    private void draw(Task t) {
        long now = clock.getAsLong();
        lastDraw = now;
        String text = t.describe(now, true);
        if (drawn && text.equals(lastText)) {
            return; // the ticker found nothing new to show
        }
        spin = (spin + 1) % SPIN.length;
        lastText = text;
        terminal.print("\r" + text + "\033[K");
        terminal.flush();
        drawn = true;
    }

    private void clear() {
        if (drawn) {
            terminal.print("\r\033[K");
            terminal.flush();
            drawn = false;
        }
    }

    private void finish(Task t) {
        if (mode == Mode.NONE) {
            return;
        }
        synchronized (this) {
            if (!running.remove(t)) {
                return;
            }
            long now = clock.getAsLong();
            if (mode == Mode.TERMINAL) {
                clear();
                if (t.total > 0 && now - t.startNanos >= intervalNanos) {
                    terminal.println(String.format(Locale.ROOT, "%s: %d %s in %.1f s", t.what, t.done, t.unit,
                            (now - t.startNanos) / 1e9));
                    terminal.flush();
                }
                if (!running.isEmpty()) {
                    draw(running.getLast());
                }
            }
        }
    }

    /**
     * One phase's progress. {@link #advance} and {@link #detail} may be called from any thread; {@link #close()} ends
     * it (idempotent).
     */
    public final class Task implements AutoCloseable {
        private final String what;
        private final long total;
        private final String unit;
        private long startNanos;
        private long done;
        private long printedDone = -1;
        private String printedDetail = "";
        private String detail = "";

        private Task(String what, long total, String unit) {
            this.what = what;
            this.total = total;
            this.unit = unit == null ? "" : unit;
        }

        /** {@code n} more units are done; may draw. */
        public void advance(long n) {
            if (mode == Mode.NONE) {
                return;
            }
            synchronized (Progress.this) {
                done += n;
                if (running.contains(this)) {
                    render(this, false);
                }
            }
        }

        /** Text shown after the counts (e.g. "3 in flight"); replaces the previous one. */
        public void detail(String text) {
            synchronized (Progress.this) {
                detail = text == null ? "" : text;
            }
        }

        public long done() {
            synchronized (Progress.this) {
                return done;
            }
        }

        @Override
        public void close() {
            finish(this);
        }

        /** The status text at {@code now}; {@code bar}: the terminal form. */
        private String describe(long now, boolean bar) {
            double secs = Math.max(now - startNanos, 1) / 1e9;
            String tail = detail.isEmpty() ? "" : " " + detail;
            if (total <= 0) {
                String count = done > 0 ? " " + done + (unit.isEmpty() ? "" : " " + unit) : "";
                return bar ? String.format(Locale.ROOT, "%c %s%s, %.0f s%s", SPIN[spin], what, count, secs, tail)
                        : String.format(Locale.ROOT, "%s%s, %d s%s", what, count, Math.round(secs), tail);
            }
            double rate = done / secs;
            long eta = rate > 0 ? (long) Math.ceil((total - done) / rate) : 0;
            if (!bar) {
                if (done == 0) {
                    return String.format(Locale.ROOT, "%s %d/%d %s%s", what, done, total, unit, tail);
                }
                return String.format(Locale.ROOT, "%s %d/%d %s, %s/s, ETA %d s%s", what, done, total, unit,
                        rate >= 10 ? Long.toString(Math.round(rate)) : String.format(Locale.ROOT, "%.2f", rate), eta,
                        tail);
            }
            int filled = (int) Math.min(BAR_WIDTH, BAR_WIDTH * done / total);
            String etaText = done > 0 ? "ETA " + eta + " s" : "ETA ?";
            return String.format(Locale.ROOT, "%s [%s%s] %3d%% %d/%d %s, %s/s, %s%s", what, "#".repeat(filled),
                    ".".repeat(BAR_WIDTH - filled), 100 * done / total, done, total, unit, rate(rate), etaText,
                    tail);
        }
    }

    /** 1234567 → "1.2 M", 12345 → "12.3 k", 12.3 → "12.3". */
    static String rate(double r) {
        if (r >= 1e6) {
            return String.format(Locale.ROOT, "%.1f M", r / 1e6);
        }
        if (r >= 1e4) {
            return String.format(Locale.ROOT, "%.1f k", r / 1e3);
        }
        return String.format(Locale.ROOT, r >= 100 ? "%.0f" : "%.1f", r);
    }
}
