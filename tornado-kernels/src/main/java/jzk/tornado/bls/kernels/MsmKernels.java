package jzk.tornado.bls.kernels;

import jzk.tornado.api.KernelContext;

/**
 * Pippenger multi-scalar multiplication kernels, for G1 ({@code d = 1}) and G2 ({@code d = 2}) alike
 * (Pippenger 1976; bucket method as in Bernstein et al., "Faster batch forgery identification", 2012, §4).
 * The scalar is split into {@code W} windows of {@code c} bits with signed digits in
 * {@code (−2^(c−1), 2^(c−1)]}, so a window needs only {@code 2^(c−1)} buckets and a negative digit adds the
 * negated base (negation is free in affine form).
 *
 * <p>Parallel layout (the bellperson scheme, no sorting and no atomics): the points are cut into {@code G}
 * chunks; work-item {@code (g, w)} owns a private set of {@code 2^(c−1)} XYZZ buckets in global memory, adds
 * every base of chunk g into the bucket of its window-w digit, then reduces its buckets with the running-sum
 * trick ({@code Σ_b (b+1)·B_b} in 2·2^(c−1) additions) into one partial sum. {@link #foldHalves} then adds the
 * partial sums of all chunks per window in log2(G) launches; the host combines the W window sums by Horner's
 * rule (c doublings per window). Cost: W·(n + 2^c·G) point additions.
 *
 * <p>Invariants: bases are affine (x, y) in 32-bit Montgomery limbs, {@code 24·d} ints each, infinity all zeros;
 * scalars are canonical (not Montgomery) 8×32-bit little-endian and below 2^255 (the host rejects scalars
 * ≥ r), so W = ceil(256 / c) windows leave no final carry. Work-item {@code gid} is {@code g·W + w}: neighbours
 * read the same base, which the cache then serves once.
 */
public final class MsmKernels {
    private MsmKernels() {
    }

    private static final long M32 = 0xFFFFFFFFL;

    /** Unsigned bits {@code [bit, bit+c)} of the 256-bit scalar at {@code s[so…so+8)}; c ≤ 16. */
    static int windowBits(int[] s, int so, int bit, int c) {
        int limb = bit >>> 5;
        if (limb >= 8) {
            return 0;
        }
        long v = s[so + limb] & M32;
        if (limb + 1 < 8) {
            v |= (s[so + limb + 1] & M32) << 32;
        }
        return (int) ((v >>> (bit & 31)) & ((1L << c) - 1));
    }

    /**
     * The signed digit of window {@code w}: windows are recoded from the bottom, a digit above 2^(c−1) becoming
     * {@code digit − 2^c} with a carry of 1 into the next window. Recomputing the carry chain from window 0
     * (W ≤ 128 cheap integer steps) avoids storing n·W digits.
     */
    public static int signedDigit(int[] s, int so, int w, int c) {
        int half = 1 << (c - 1);
        int carry = 0;
        int digit = 0;
        for (int k = 0; k <= w; k++) {
            digit = windowBits(s, so, k * c, c) + carry;
            if (digit > half) {
                digit -= 1 << c;
                carry = 1;
            } else {
                carry = 0;
            }
        }
        return digit;
    }

    /**
     * Work-item {@code gid = g·windows + w}: bucket accumulation of chunk g for window w over the n bases, base i
     * taking scalar {@code from + i} (the scalars of a whole MSM stay in one buffer; a segment starts at its
     * offset). {@code buckets} holds {@code 2^(c−1)} XYZZ points per work-item.
     */
    public static void accumulate(KernelContext ctx, int d, int[] bases, int[] scalars, int from, int[] buckets,
                                  int n, int c, int windows, int groups) {
        int gid = ctx.globalIdx;
        if (gid >= windows * groups) {
            return;
        }
        int g = gid / windows;
        int w = gid - g * windows;
        int bucketCount = 1 << (c - 1);
        int pInts = 48 * d;
        int aInts = 24 * d;
        int chunk = (n + groups - 1) / groups;
        int start = g * chunk;
        int end = Math.min(n, start + chunk);
        int bo = gid * bucketCount * pInts;
        for (int b = 0; b < bucketCount; b++) {
            Xyzz.setInfinity(d, buckets, bo + b * pInts);
        }
        // one register file for all the additions (a private array per addition would be zero-filled each time)
        int[] reg = new int[Xyzz.SCRATCH];
        for (int i = start; i < end; i++) {
            int digit = signedDigit(scalars, (from + i) * 8, w, c);
            if (digit != 0) {
                int mag = digit < 0 ? -digit : digit;
                Xyzz.addAffine(d, buckets, bo + (mag - 1) * pInts, bases, i * aInts, digit < 0, reg);
            }
        }
    }

    /**
     * Work-item {@code gid}: reduces its {@code 2^(c−1)} buckets into {@code partials[gid]} (XYZZ) with running
     * sums, {@code Σ_b (b+1)·B_b = Σ_b (B_top + … + B_b)}: 2·2^(c−1) additions. A separate launch from
     * {@link #accumulate} so each kernel inlines only its own point formulas.
     */
    public static void reduceBuckets(KernelContext ctx, int d, int[] buckets, int[] partials, int c, int items) {
        int gid = ctx.globalIdx;
        if (gid >= items) {
            return;
        }
        int bucketCount = 1 << (c - 1);
        int pInts = 48 * d;
        int bo = gid * bucketCount * pInts;
        // one private array: running sum at 0, accumulator at 96, current bucket at 192. The two additions per
        // bucket are one loop body, so the kernel carries one copy of the XYZZ addition instead of two.
        int[] pts = new int[288];
        int[] reg = new int[Xyzz.SCRATCH];
        Xyzz.setInfinity(d, pts, 0);
        Xyzz.setInfinity(d, pts, 96);
        for (int b = bucketCount - 1; b >= 0; b--) {
            Xyzz.copy(d, pts, 192, buckets, bo + b * pInts);
            for (int step = 0; step < 2; step++) {
                // step 0: run += bucket; step 1: acc += run
                Xyzz.add(d, pts, 96 * step, pts, 192 - 192 * step, reg);
            }
        }
        Xyzz.copy(d, partials, gid * pInts, pts, 96);
    }

    /** pts[i] += pts[i + half] for i < half (XYZZ): one level of the tree sum over chunks. */
    public static void foldHalves(KernelContext ctx, int d, int[] pts, int half) {
        int i = ctx.globalIdx;
        if (i < half) {
            int pInts = 48 * d;
            Xyzz.add(d, pts, i * pInts, pts, (i + half) * pInts);
        }
    }
}
