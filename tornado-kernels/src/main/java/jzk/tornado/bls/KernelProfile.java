package jzk.tornado.bls;

import java.io.PrintStream;
import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.LongAdder;
import jzk.tornado.api.KernelContext;
import jzk.tornado.config.RuntimeConfig;

/**
 * Device time per kernel, for finding where a GPU stage goes ({@code -Djzk.kernel.profile=true} or
 * {@code JZK_KERNEL_PROFILE=1}): {@link DeviceHost#launch} then waits for the device before and after every
 * launch and adds the wall time between the two waits to the kernel's row, and the table is printed on stderr when
 * the JVM exits. Kernels whose first argument is the group degree (the curve kernels' {@code int d} after the {@code KernelContext}, 1 or 2) get a
 * row per degree, so a G2 MSM's generic kernels are told apart from a G1 MSM's.
 *
 * <p>Invariants: off by default and then free (one static boolean test per launch); on, every launch is
 * serialised with the host, so the times are each kernel's own but the run as a whole is slower. Rows are keyed by
 * {@code Class.method} (plus {@code [G1]}/{@code [G2]}); counts and nanoseconds only grow.
 */
public final class KernelProfile {
    private KernelProfile() {
    }

    /** Read once: {@link RuntimeConfig#kernelProfileEnabled()}. */
    static final boolean ENABLED = RuntimeConfig.kernelProfileEnabled();

    private record Row(LongAdder count, LongAdder nanos) {
    }

    private static final Map<String, Row> ROWS = new ConcurrentHashMap<>();

    static {
        if (ENABLED) {
            Runtime.getRuntime().addShutdownHook(new Thread(() -> print(System.err), "kernel-profile"));
        }
    }

    /** Adds one launch of {@code kernel} that took {@code nanos} between the device waits. */
    static void record(Method kernel, Object[] args, long nanos) {
        String key = kernel.getDeclaringClass().getSimpleName() + "." + kernel.getName();
        Class<?>[] types = kernel.getParameterTypes();
        int first = types.length > 0 && types[0] == KernelContext.class ? 1 : 0; // args leave the context out
        if (args.length > 0 && types.length > first && types[first] == int.class
                && args[0] instanceof Integer d && (d == 1 || d == 2)) {
            key += d == 1 ? " [G1]" : " [G2]";
        }
        Row row = ROWS.computeIfAbsent(key, k -> new Row(new LongAdder(), new LongAdder()));
        row.count.increment();
        row.nanos.add(nanos);
    }

    /** The table, longest total first: kernel, launches, total ms, mean ms. */
    public static void print(PrintStream out) {
        List<Map.Entry<String, Row>> rows = new ArrayList<>(ROWS.entrySet());
        rows.sort(Comparator.comparingLong((Map.Entry<String, Row> e) -> e.getValue().nanos.sum()).reversed());
        out.println("kernel profile (device wait before and after each launch)");
        out.printf("  %-44s %9s %12s %10s%n", "kernel", "launches", "total ms", "mean ms");
        for (Map.Entry<String, Row> e : rows) {
            long n = e.getValue().count.sum();
            double ms = e.getValue().nanos.sum() / 1e6;
            out.printf("  %-44s %9d %12.1f %10.3f%n", e.getKey(), n, ms, ms / Math.max(1, n));
        }
        out.flush();
    }
}
