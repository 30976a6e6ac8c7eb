package jzk.tornado.runtime;

import jzk.tornado.api.KernelContext;

/**
 * Kernels of {@link SelfTest}. Each has a hand-written twin in the resources ({@code <name>.ptx},
 * {@code <name>.cl}) so that JIT output can be compared with code written for the device directly.
 */
public final class SelfTestKernels {
    private SelfTestKernels() {
    }

    /** r[i] = a[i] * b[i] + unsignedMultiplyHigh(a[i], b[i]) with 64-bit wrap-around. */
    public static void mulAddHi(KernelContext ctx, long[] a, long[] b, long[] r) {
        int i = ctx.globalIdx;
        r[i] = a[i] * b[i] + Math.unsignedMultiplyHigh(a[i], b[i]);
    }

    /** Work-group sum of {@code in} by tree reduction in local memory: out[group] (needs local size 256). */
    public static void groupSum(KernelContext ctx, long[] in, long[] out) {
        long[] partial = ctx.allocateLongLocalArray(256);
        int l = ctx.localIdx;
        partial[l] = in[ctx.globalIdx];
        ctx.localBarrier();
        for (int stride = ctx.localGroupSizeX / 2; stride > 0; stride >>= 1) {
            if (l < stride) {
                partial[l] += partial[l + stride];
            }
            ctx.localBarrier();
        }
        if (l == 0) {
            out[ctx.groupIdx] = partial[0];
        }
    }

    /**
     * {@code rounds} dependent steps x = x * y + unsignedMultiplyHigh(x, y) per element: arithmetic bound (two
     * 64-bit multiplies per step) where {@link #mulAddHi} is memory bound.
     */
    public static void mulAddHiChain(KernelContext ctx, long[] a, long[] b, long[] r, int rounds) {
        int i = ctx.globalIdx;
        long x = a[i];
        long y = b[i];
        for (int k = 0; k < rounds; k++) {
            x = x * y + Math.unsignedMultiplyHigh(x, y);
        }
        r[i] = x;
    }
}
