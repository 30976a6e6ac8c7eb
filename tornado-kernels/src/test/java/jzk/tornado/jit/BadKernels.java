package jzk.tornado.jit;

import jzk.tornado.api.KernelContext;

/** Kernels outside the supported subset, one construct each, for {@link CompileErrorTest}. */
final class BadKernels {
    private BadKernels() {
    }

    static int counter;
    static final long[] TABLE = {1, 2, 3};

    private static final class Box {
        long value;
    }

    public static void allocatesObject(KernelContext ctx, long[] out) {
        Box b = new Box();
        out[0] = b.value;
    }

    public static void callsVirtual(KernelContext ctx, long[] out) {
        out[0] = Long.valueOf(out[1]).hashCode();
    }

    public static void throwsException(KernelContext ctx, long[] out) {
        if (out[0] < 0) {
            throw new IllegalArgumentException("negative");
        }
    }

    public static void catchesException(KernelContext ctx, long[] out) {
        try {
            out[0] = out[1] / out[2];
        } catch (ArithmeticException e) {
            out[0] = 0;
        }
    }

    public static void usesDouble(KernelContext ctx, long[] out) {
        double d = out[0] * 0.5;
        out[1] = (long) d;
    }

    public static void writesStatic(KernelContext ctx, long[] out) {
        counter = (int) out[0];
    }

    public static void readsMutableStatic(KernelContext ctx, long[] out) {
        out[0] = counter;
    }

    public static void writesConstantTable(KernelContext ctx, long[] out) {
        TABLE[0] = out[0];
    }

    static long fact(long n) {
        return n <= 1 ? 1 : n * fact(n - 1);
    }

    public static void recurses(KernelContext ctx, long[] out) {
        out[0] = fact(out[1]);
    }

    public static void dynamicPrivateArray(KernelContext ctx, long[] out) {
        long[] t = new long[(int) out[0]];
        out[1] = t.length;
    }

    public static void synchronizes(KernelContext ctx, long[] out) {
        synchronized (BadKernels.class) {
            out[0] = 1;
        }
    }

    static long helperWithString(long x) {
        String s = "x";
        return x + s.length();
    }

    public static void indirectString(KernelContext ctx, long[] out) {
        out[0] = helperWithString(out[1]);
    }

    public long notStatic(long[] out) {
        return out[0];
    }

    public static void objectParam(KernelContext ctx, Object o) {
    }
}
