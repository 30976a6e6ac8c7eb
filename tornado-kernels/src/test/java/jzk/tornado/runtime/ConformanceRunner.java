package jzk.tornado.runtime;

import java.lang.reflect.Method;
import java.util.function.LongFunction;

import jzk.tornado.api.Device;
import jzk.tornado.api.DeviceKernel;
import jzk.tornado.api.KernelContext;
import jzk.tornado.api.OffHeapIntArray;
import jzk.tornado.api.OffHeapLongArray;

/**
 * Runs a kernel on a device and on the jvm reference device with equal, independently made arguments and
 * compares every array argument bit for bit afterwards. Shared by the conformance test and {@link SelfTest}.
 */
public final class ConformanceRunner {
    private ConformanceRunner() {
    }

    /**
     * One case. {@code arguments.apply(seed)} returns one value per Java parameter of the kernel, {@code null} in
     * the {@link KernelContext} position, with fresh arrays: equal seeds give equal, independent lists.
     */
    public record Case(String name, Method method, int globalSize, int localSize, LongFunction<Object[]> arguments) {
    }

    /** Result of one case on one device; {@code detail} says what differed or what failed. */
    public record Outcome(String device, String caseName, boolean passed, String detail) {
        @Override
        public String toString() {
            return (passed ? "PASS " : "FAIL ") + device + " " + caseName + (detail.isEmpty() ? "" : ": " + detail);
        }
    }

    /** Runs {@code c} on {@code device} and on {@code reference}, and compares. Never throws for a kernel error. */
    public static Outcome run(Device device, Device reference, Case c, long seed) {
        return run(device, null, reference, c, seed);
    }

    /**
     * Like {@link #run(Device, Device, Case, long)} but launches {@code kernel} (e.g. a hand-written source) on
     * {@code device} instead of compiling {@code c.method()}; {@code null} means compile.
     */
    public static Outcome run(Device device, DeviceKernel kernel, Device reference, Case c, long seed) {
        Object[] expected = c.arguments().apply(seed);
        Object[] actual = c.arguments().apply(seed);
        try {
            reference.launch(reference.kernel(c.method()), c.globalSize(), c.localSize(), withoutContext(expected));
            try {
                DeviceKernel k = kernel != null ? kernel : device.kernel(c.method());
                device.launch(k, c.globalSize(), c.localSize(), withoutContext(actual));
            } catch (RuntimeException e) {
                return new Outcome(device.name(), c.name(), false, e.toString());
            }
            String diff = compare(c.method(), expected, actual);
            return new Outcome(device.name(), c.name(), diff.isEmpty(), diff);
        } catch (RuntimeException e) {
            return new Outcome(device.name(), c.name(), false, "reference run failed: " + e);
        } finally {
            closeAll(expected);
            closeAll(actual);
        }
    }

    /** Launch arguments: the Java arguments minus the context placeholder. */
    public static Object[] withoutContext(Object[] javaArgs) {
        return java.util.Arrays.stream(javaArgs).filter(a -> a != null && !(a instanceof KernelContext)).toArray();
    }

    /** "" if all array arguments are equal, else the first difference. */
    static String compare(Method m, Object[] expected, Object[] actual) {
        for (int i = 0; i < expected.length; i++) {
            String where = "argument " + i + " (" + m.getParameters()[i].getName() + ")";
            long n = length(expected[i]);
            for (long j = 0; j < n; j++) {
                long e = element(expected[i], j);
                long a = element(actual[i], j);
                if (e != a) {
                    return where + " element " + j + ": expected 0x" + Long.toHexString(e) + ", got 0x"
                            + Long.toHexString(a);
                }
            }
        }
        return "";
    }

    private static long length(Object o) {
        return switch (o) {
            case long[] x -> x.length;
            case int[] x -> x.length;
            case OffHeapLongArray x -> x.size();
            case OffHeapIntArray x -> x.size();
            case null, default -> 0;
        };
    }

    private static long element(Object o, long i) {
        return switch (o) {
            case long[] x -> x[(int) i];
            case int[] x -> x[(int) i];
            case OffHeapLongArray x -> x.get(i);
            case OffHeapIntArray x -> x.get(i);
            default -> throw new IllegalStateException();
        };
    }

    private static void closeAll(Object[] args) {
        for (Object o : args) {
            if (o instanceof AutoCloseable c) {
                try {
                    c.close();
                } catch (Exception ignored) {
                    // off-heap arrays do not throw on close
                }
            }
        }
    }
}
