package jzk.tornado.conformance;

import java.lang.reflect.Method;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import java.util.function.BiFunction;

import jzk.tornado.api.Device;
import jzk.tornado.runtime.Devices;
import jzk.tornado.api.KernelContext;
import jzk.tornado.api.OffHeapIntArray;
import jzk.tornado.api.OffHeapLongArray;

/**
 * The machine-usable list of conformance cases: each names a kernel of {@link ConformanceKernels}, its launch
 * size and how to make its arguments. A device runtime runs every case on every device and compares every
 * array argument bit for bit with the run on the jvm device.
 *
 * <p>Invariant: {@link Case#arguments} returns one value per Java parameter of the kernel, in order, with
 * {@code null} in the {@code KernelContext} position; arrays are fresh (inputs filled from the seed, outputs
 * zeroed), so two calls with the same seed give equal, independent argument lists. Off-heap arrays must be
 * closed by the caller ({@link #close}).
 */
public final class ConformanceCases {
    private ConformanceCases() {
    }

    /** One conformance case; {@code arguments(seed)} makes the argument list. */
    public record Case(String name, Method method, int globalSize, int localSize,
                       BiFunction<SplittableRandom, Integer, Object[]> argumentMaker) {
        public Object[] arguments(long seed) {
            return argumentMaker.apply(new SplittableRandom(seed), globalSize);
        }

        @Override
        public String toString() {
            return name;
        }
    }

    /** Values where Java semantics and a careless translation differ. */
    static final long[] LONG_EDGES = {0, 1, -1, 2, -2, Long.MIN_VALUE, Long.MAX_VALUE, Long.MIN_VALUE + 1,
        0xFFFF_FFFFL, 0x8000_0000L, 0x7FFF_FFFFL, -0x8000_0000L, 0x1_0000_0000L, 0xFFFF_FFFF_0000_0000L,
        31, 32, 63, 64, 65, -31, -32, -63, -64, 127, 128, 255, 65535, 65536};
    static final int[] INT_EDGES = {0, 1, -1, 2, -2, Integer.MIN_VALUE, Integer.MAX_VALUE, Integer.MIN_VALUE + 1,
        0xFFFF, 0x8000, 31, 32, 33, 63, 64, -31, -32, -33, 127, 128, 255, 1000, 65536};

    /** {@code n} longs, about half of them edge values. */
    public static long[] longs(SplittableRandom r, int n) {
        long[] v = new long[n];
        for (int i = 0; i < n; i++) {
            v[i] = r.nextBoolean() ? LONG_EDGES[r.nextInt(LONG_EDGES.length)] : r.nextLong();
        }
        return v;
    }

    /** {@code n} ints, about half of them edge values. */
    public static int[] ints(SplittableRandom r, int n) {
        int[] v = new int[n];
        for (int i = 0; i < n; i++) {
            v[i] = r.nextBoolean() ? INT_EDGES[r.nextInt(INT_EDGES.length)] : r.nextInt();
        }
        return v;
    }

    private static Method kernel(String name) {
        for (Method m : ConformanceKernels.class.getDeclaredMethods()) {
            if (m.getName().equals(name) && m.getParameterCount() > 0
                    && m.getParameterTypes()[0] == KernelContext.class) {
                return m;
            }
        }
        throw new IllegalArgumentException("no conformance kernel " + name);
    }

    private static Case c(String name, int global, int local, BiFunction<SplittableRandom, Integer, Object[]> args) {
        return new Case(name, kernel(name), global, local, args);
    }

    private static final int N = 256;
    private static final int L = 64;

    /** Every conformance case. */
    public static final List<Case> CASES = List.of(
            c("intArith", N, L, (r, n) -> new Object[] {null, ints(r, n), ints(r, n), new int[n * 10]}),
            c("longArith", N, L, (r, n) -> new Object[] {null, longs(r, n), longs(r, n), new long[n * 12]}),
            c("intShifts", N, L, (r, n) -> new Object[] {null, ints(r, n), ints(r, n), new int[n * 3]}),
            c("longShifts", N, L, (r, n) -> new Object[] {null, longs(r, n), ints(r, n), new long[n * 5]}),
            c("regressionUnsignedShift", N, L, (r, n) -> new Object[] {null, longs(r, n), ints(r, n),
                new long[n * 4]}),
            c("regressionCompareUnsigned", N, L, (r, n) -> new Object[] {null, longs(r, n), longs(r, n),
                new int[n * 5]}),
            c("regressionMultiplyHigh", N, L, (r, n) -> new Object[] {null, longs(r, n), longs(r, n),
                new long[n * 3]}),
            c("wideMultiply", N, L, (r, n) -> new Object[] {null, longs(r, n), longs(r, n), new long[n * 4]}),
            c("casts", N, L, (r, n) -> new Object[] {null, longs(r, n), new long[n * 7]}),
            c("divisionCorners", N, L, (r, n) -> new Object[] {null, longs(r, n), longs(r, n), new long[n * 8]}),
            c("bitsAndMinMax", N, L, (r, n) -> new Object[] {null, longs(r, n), longs(r, n), new long[n * 12]}),
            c("loopsAndBranches", N, L, (r, n) -> new Object[] {null, ints(r, n), new int[n * 4]}),
            c("switches", N, L, (r, n) -> new Object[] {null, ints(r, n), new int[n * 2]}),
            c("staticCalls", N, L, (r, n) -> new Object[] {null, longs(r, n * 4), longs(r, n * 4),
                new long[n * 13]}),
            c("constantTables", N, L, (r, n) -> new Object[] {null, longs(r, n), new long[n * 3]}),
            c("groupReduce", N, ConformanceKernels.GROUP, (r, n) -> new Object[] {null, longs(r, n),
                new long[n / ConformanceKernels.GROUP * 2]}),
            c("contextAndSpaces", N, L, (r, n) -> new Object[] {null, longs(r, n), new long[n * 3]}),
            c("offHeap", N, L, (r, n) -> {
                OffHeapLongArray in = new OffHeapLongArray(n);
                long[] v = longs(r, n);
                for (int i = 0; i < n; i++) {
                    in.set(i, v[i]);
                }
                return new Object[] {null, in, new OffHeapLongArray(2L * n)};
            }),
            c("stackShapes", N, L, (r, n) -> new Object[] {null, longs(r, n), ints(r, n), new long[n * 4]}),
            c("arrayCopies", N, L, (r, n) -> new Object[] {null, longs(r, n * 4), new long[n * 8]}),
            c("offHeapIntScan", N, ConformanceKernels.GROUP, (r, n) -> {
                OffHeapIntArray in = new OffHeapIntArray(n);
                int[] v = ints(r, n);
                for (int i = 0; i < n; i++) {
                    in.set(i, v[i]);
                }
                return new Object[] {null, in, new OffHeapIntArray(n)};
            }),
            c("privateArrayReuse", N, L, (r, n) -> new Object[] {null, longs(r, n * 4), new long[n * 9]}),
            c("scalarsAndEarlyReturns", N, L, (r, n) -> {
                long[] a = longs(r, n);
                return new Object[] {null, r.nextInt(2 * n) - n / 2, a[r.nextInt(n)], a, new long[n * 4]};
            }),
            c("reverseAndRotate", N, L, (r, n) -> new Object[] {null, longs(r, n), ints(r, n), new long[n * 7]}),
            c("unrolledLoops", N, L, (r, n) -> new Object[] {null, longs(r, n), ints(r, n), new long[n * 8]}),
            c("partlyUnrolledLoops", N, L, (r, n) -> new Object[] {null, longs(r, n), ints(r, n),
                new long[n * 3]}),
            c("atomicHistogram", N, ConformanceKernels.GROUP, (r, n) -> new Object[] {null, ints(r, n),
                new int[ConformanceKernels.ATOMIC_KEYS], new int[ConformanceKernels.ATOMIC_KEYS],
                new int[ConformanceKernels.ATOMIC_KEYS * ConformanceKernels.ATOMIC_SLOTS],
                new int[n / ConformanceKernels.GROUP * ConformanceKernels.ATOMIC_KEYS]}),
            c("carryChains", N, L, (r, n) -> new Object[] {null, longs(r, n * 4), longs(r, n * 4),
                new long[n * 10]}));

    /**
     * Runs {@code kernel} on the runtime's jvm device (the one Java executor of kernels) with the Java argument
     * list of {@link Case#arguments} ({@code null} for the context): arrays are passed as they are and hold the
     * results afterwards.
     */
    public static void runOnJvm(Method kernel, int globalSize, int localSize, Object[] args) {
        Device jvm = Devices.jvm();
        jvm.launch(jvm.kernel(kernel), globalSize, localSize, args);
    }

    /** Closes the off-heap arrays among {@code args}. */
    public static void close(Object[] args) {
        for (Object o : args) {
            if (o instanceof AutoCloseable c) {
                try {
                    c.close();
                } catch (Exception e) {
                    throw new IllegalStateException(e);
                }
            }
        }
    }

    /** Whether two argument lists hold bit-identical arrays (off-heap arrays compared by content). */
    public static boolean sameArrays(Object[] x, Object[] y) {
        for (int i = 0; i < x.length; i++) {
            Object a = x[i];
            Object b = y[i];
            boolean same = switch (a) {
                case long[] la -> Arrays.equals(la, (long[]) b);
                case int[] ia -> Arrays.equals(ia, (int[]) b);
                case OffHeapLongArray oa -> oa.segment().mismatch(((OffHeapLongArray) b).segment()) < 0;
                case OffHeapIntArray oa -> oa.segment().mismatch(((OffHeapIntArray) b).segment()) < 0;
                case null, default -> true;
            };
            if (!same) {
                return false;
            }
        }
        return true;
    }
}
