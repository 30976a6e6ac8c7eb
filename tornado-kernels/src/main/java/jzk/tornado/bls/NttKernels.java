package jzk.tornado.bls;

import jzk.tornado.api.KernelContext;

/**
 * Radix-2 NTT kernels over Fr: iterative Cooley–Tukey, decimation in time after a bit-reversal permutation
 * (Cormen et al., "Introduction to Algorithms", 3rd ed., §30.3, ITERATIVE-FFT). Stage {@code s} (half-size
 * {@code h = 2^s}) pairs indices {@code i0, i0 + h} with {@code i0 mod 2h < h} and twiddle {@code ω_n^{j·n/2h}},
 * {@code j = i0 mod h}. Up to {@link #LG_BLOCK} consecutive stages run in one launch in work-group local memory:
 * for stages {@code s0 … s0+k−1} only bits {@code s0 … s0+k−1} of an index change, so the 2^k elements that
 * share all other bits form an independent block (the "stride" view of Bailey's four-step decomposition).
 * A 2^24 NTT is thus 3 passes over global memory instead of 24.
 *
 * <p>Invariants: data is n = 2^lgN Fr elements, 8 ints each (Montgomery, reduced, see {@link Mont32});
 * {@code tw[i] = ω^i} for {@code i < n/2}, same layout. Work-group size of {@link #stages} is {@code 2^(k−1)}.
 */
public final class NttKernels {
    private NttKernels() {
    }

    /** log2 of the largest block of elements one work-group transforms in local memory (32 KiB of Fr). */
    public static final int LG_BLOCK = 10;
    /** Elements per local block, 2^LG_BLOCK. */
    public static final int BLOCK = 1024;
    /** Local ints: BLOCK elements × 8 limbs. */
    public static final int BLOCK_INTS = 8192;
    private static final int FR = Mont32.FR;

    /** Swaps element i with element bitreverse(i) (each pair once: the work-item with i < rev(i)). */
    public static void bitReverse(KernelContext ctx, int[] data, int lgN) {
        int i = ctx.globalIdx;
        if (i >= (1 << lgN)) {
            return;
        }
        int j = 0;
        for (int b = 0; b < lgN; b++) {
            j = (j << 1) | ((i >>> b) & 1);
        }
        if (i < j) {
            for (int k = 0; k < 8; k++) {
                int t = data[i * 8 + k];
                data[i * 8 + k] = data[j * 8 + k];
                data[j * 8 + k] = t;
            }
        }
    }

    /**
     * Stages {@code s0 … s0+k−1} in local memory. Work-group {@code g} owns the block whose low {@code s0} index
     * bits are {@code g mod 2^s0} and whose bits above {@code s0+k} are {@code g >> s0}; its {@code 2^(k−1)}
     * work-items each load two elements, run one butterfly per stage with a barrier between stages, and store.
     *
     * <p>Local memory is limb-major (limb q of element m at {@code q·BLOCK + m}): the work-items of a warp then
     * read consecutive words, free of bank conflicts (element-major, 32-byte strides would make them 8-way), and
     * each butterfly works on private copies that the device compiler keeps in registers.
     */
    public static void stages(KernelContext ctx, int[] data, int[] tw, int lgN, int s0, int k) {
        int[] buf = ctx.allocateIntLocalArray(BLOCK_INTS);
        int l = ctx.localIdx;
        int g = ctx.groupIdx;
        int halfBlock = 1 << (k - 1);
        int low = g & ((1 << s0) - 1);
        int base = low + ((g >>> s0) << (s0 + k));
        int e0 = base + (l << s0);
        int e1 = base + ((l + halfBlock) << s0);
        for (int q = 0; q < 8; q++) {
            buf[q * BLOCK + l] = data[e0 * 8 + q];
            buf[q * BLOCK + l + halfBlock] = data[e1 * 8 + q];
        }
        ctx.localBarrier();
        int[] u = new int[8];
        int[] v = new int[8];
        int[] t = new int[8];
        for (int ls = 0; ls < k; ls++) {
            int h = 1 << ls;
            int jl = l & (h - 1);
            int m0 = ((l >>> ls) << (ls + 1)) + jl;
            int m1 = m0 + h;
            int s = s0 + ls;
            int j = low + (jl << s0); // global index of m0 modulo 2^s
            int w = j << (lgN - 1 - s);
            for (int q = 0; q < 8; q++) {
                u[q] = buf[q * BLOCK + m0];
                v[q] = buf[q * BLOCK + m1];
            }
            Mont32.mul(FR, t, 0, v, 0, tw, w * 8);
            Mont32.sub(FR, v, 0, u, 0, t, 0);
            Mont32.add(FR, u, 0, u, 0, t, 0);
            for (int q = 0; q < 8; q++) {
                buf[q * BLOCK + m0] = u[q];
                buf[q * BLOCK + m1] = v[q];
            }
            ctx.localBarrier();
        }
        for (int q = 0; q < 8; q++) {
            data[e0 * 8 + q] = buf[q * BLOCK + l];
            data[e1 * 8 + q] = buf[q * BLOCK + l + halfBlock];
        }
    }

    /** data[i] ·= hi[i >> lgLo] · lo[i mod 2^lgLo] for i < n: multiplies by a geometric series c·g^i (coset shifts, 1/n). */
    public static void mulByPowers(KernelContext ctx, int[] data, int[] lo, int[] hi, int lgLo, int n) {
        int i = ctx.globalIdx;
        if (i < n) {
            int[] t = new int[8];
            Mont32.mul(FR, t, 0, hi, (i >>> lgLo) * 8, lo, (i & ((1 << lgLo) - 1)) * 8);
            Mont32.mul(FR, data, i * 8, data, i * 8, t, 0);
        }
    }

    /** out[i] = hi[i >> lgLo] · lo[i mod 2^lgLo] for i < n: a table of powers (twiddles) from two short tables. */
    public static void powers(KernelContext ctx, int[] out, int[] lo, int[] hi, int lgLo, int n) {
        int i = ctx.globalIdx;
        if (i < n) {
            Mont32.mul(FR, out, i * 8, hi, (i >>> lgLo) * 8, lo, (i & ((1 << lgLo) - 1)) * 8);
        }
    }
}
