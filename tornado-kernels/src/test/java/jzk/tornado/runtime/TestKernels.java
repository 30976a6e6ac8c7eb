package jzk.tornado.runtime;

import jzk.tornado.api.KernelContext;

/** Kernels for the runtime tests of barriers, errors and arguments (see also {@link SelfTestKernels}). */
public final class TestKernels {
    private TestKernels() {
    }

    /**
     * out[g] = in of the work-item after this one in the group (cyclically). Correct only if every item's write
     * to local memory happens before any item's read: the barrier sits in a callee, to test the bytecode scan.
     */
    public static void rotateInGroup(KernelContext ctx, int[] in, int[] out) {
        int[] shared = ctx.allocateIntLocalArray(64);
        shared[ctx.localIdx] = in[ctx.globalIdx];
        sync(ctx);
        out[ctx.globalIdx] = shared[(ctx.localIdx + 1) % ctx.localGroupSizeX];
    }

    private static void sync(KernelContext ctx) {
        ctx.localBarrier();
    }

    /** Divides by zero at work-item {@code bad}. */
    public static void failsAt(KernelContext ctx, int[] out, int bad) {
        out[ctx.globalIdx] = 100 / (ctx.globalIdx - bad);
    }

    /** Work-item 0 returns before the barrier that the others wait at: divergent, undefined on a GPU. */
    public static void divergentBarrier(KernelContext ctx, int[] out) {
        if (ctx.localIdx == 0) {
            return;
        }
        ctx.localBarrier();
        out[ctx.globalIdx] = 1;
    }

    /** out[i] = in[i] + k (int), for kernel argument checks. */
    public static void addConstant(KernelContext ctx, int[] in, int[] out, int k) {
        out[ctx.globalIdx] = in[ctx.globalIdx] + k;
    }

    /** out[i] = long i of the int words in[2i] (low) and in[2i+1] (high) with its halves swapped. */
    public static void swapHalves(KernelContext ctx, int[] in, long[] out) {
        int i = ctx.globalIdx;
        out[i] = ((long) in[2 * i] << 32) | (in[2 * i + 1] & 0xFFFF_FFFFL);
    }

    /** out[g] = the first element of a fresh local array, read before anything is written (a kernel bug). */
    public static void readsUnwrittenLocal(KernelContext ctx, long[] out) {
        long[] scratch = ctx.allocateLongLocalArray(4);
        out[ctx.globalIdx] = scratch[0];
    }
}
