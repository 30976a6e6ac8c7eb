package jzk.tornado.progress;

import java.lang.management.ManagementFactory;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Where a command's time went: named phases (devices, parameters, kernel JIT, driver builds, proof…) add their
 * wall time here, and {@link #report()} lists them with the start-up before {@code main} — the launcher script
 * (process start → JVM start: {@code exec} keeps the pid, so the process started when the script did) and the JVM's
 * own boot (JVM start → {@link #mainEntered()}) — and the classes loaded. Phases may nest or overlap (kernel builds
 * happen inside the proof); the report says so rather than summing them.
 *
 * <p>Configuration, read once here: {@code -Djzk.timings=true} or {@code JZK_TIMINGS=1}; the CLI's {@code --timings}
 * calls {@link #enable()}. Disabled, {@link #phase} returns a shared no-op and records nothing. Thread-safe.
 */
public final class Timings {
    private static volatile boolean enabled = readSetting();
    private static final Map<String, long[]> PHASES = new LinkedHashMap<>(); // name → {count, nanos}; guarded
    private static volatile long mainNanos;
    private static volatile long mainEpochMillis;
    private static final Phase NONE = () -> { };

    private Timings() {
    }

    /** A phase being timed; {@link #close()} adds its wall time. */
    public interface Phase extends AutoCloseable {
        @Override
        void close();
    }

    private static boolean readSetting() {
        return jzk.tornado.config.RuntimeConfig.timingsEnabled();
    }

    public static boolean enabled() {
        return enabled;
    }

    /** Turns recording on (the CLI's {@code --timings}). */
    public static void enable() {
        enabled = true;
    }

    /** {@code main} began now: the end of the JVM's boot. Called first thing by the CLI. */
    public static void mainEntered() {
        mainNanos = System.nanoTime();
        mainEpochMillis = System.currentTimeMillis();
    }

    /** Starts timing one occurrence of {@code name}; use in try-with-resources. */
    public static Phase phase(String name) {
        if (!enabled) {
            return NONE;
        }
        long t0 = System.nanoTime();
        return () -> add(name, System.nanoTime() - t0);
    }

    /** Adds {@code nanos} of one occurrence of {@code name}. */
    public static void add(String name, long nanos) {
        if (!enabled) {
            return;
        }
        synchronized (PHASES) {
            long[] v = PHASES.computeIfAbsent(name, k -> new long[2]);
            v[0]++;
            v[1] += nanos;
        }
    }

    /** Recorded phases: name → {occurrences, total nanos}, in first-seen order (a copy). */
    public static Map<String, long[]> snapshot() {
        synchronized (PHASES) {
            Map<String, long[]> copy = new LinkedHashMap<>();
            PHASES.forEach((k, v) -> copy.put(k, v.clone()));
            return copy;
        }
    }

    /** Forgets every phase and goes back to the configured setting (tests). */
    static void reset() {
        synchronized (PHASES) {
            PHASES.clear();
        }
        enabled = readSetting();
    }

    /**
     * The breakdown, one line each, e.g. {@code timings: launcher script 0.21 s}, {@code timings: kernel jit 3.1 s
     * (41×)}, ending with the whole process so far ({@code timings: total (process start → now) 4.70 s}).
     */
    public static List<String> report() {
        List<String> out = new ArrayList<>();
        long nowMillis = System.currentTimeMillis();
        long jvmStart = ManagementFactory.getRuntimeMXBean().getStartTime();
        long processStart = ProcessHandle.current().info().startInstant().map(Instant::toEpochMilli).orElse(jvmStart);
        processStart = Math.min(processStart, jvmStart);
        if (jvmStart > processStart) {
            out.add(line("launcher script (process start → JVM start)", (jvmStart - processStart) / 1e3, 0));
        }
        if (mainEpochMillis > 0) {
            out.add(line("JVM boot (JVM start → main)", (mainEpochMillis - jvmStart) / 1e3, 0));
        }
        snapshot().forEach((k, v) -> out.add(line(k, v[1] / 1e9, v[0])));
        out.add(String.format(Locale.ROOT, "timings: classes loaded %d",
                ManagementFactory.getClassLoadingMXBean().getTotalLoadedClassCount()));
        out.add(line("total (process start → now)", (nowMillis - processStart) / 1e3, 0));
        return out;
    }

    private static String line(String name, double seconds, long count) {
        return String.format(Locale.ROOT, "timings: %-44s %8.3f s%s", name, seconds,
                count > 1 ? " (" + count + "×)" : "");
    }
}
