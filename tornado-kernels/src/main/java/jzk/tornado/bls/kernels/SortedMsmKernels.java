package jzk.tornado.bls.kernels;

import jzk.tornado.api.Atomics;
import jzk.tornado.api.KernelContext;
import jzk.tornado.api.JitLimits;

/**
 * Kernels of the sorted (bucket-major) Pippenger MSM driven by {@link SortedMsm}, for G1 ({@code d = 1}) and G2
 * ({@code d = 2}). Same signed-digit windows as {@link MsmKernels} (digits in {@code (−2^(c−1), 2^(c−1)]},
 * {@code B = 2^(c−1)} buckets per window), but instead of private bucket sets per chunk, the (point, window)
 * pairs are counting-sorted by bucket (histogram, host prefix sum, scatter), so every bucket is summed once:
 * W·n mixed additions plus one bucket reduction per window, whatever the parallelism (the "sort by bucket"
 * scheme of cuZK, Lu et al., TCHES 2023 §4, and of sppark).
 *
 * <p>Invariants: a global bucket id is {@code w·B + |digit| − 1}; an entry is the point index with the sign of
 * its digit in bit 31 (n &lt; 2^31). The order of entries inside a bucket depends on atomic arrival order; only
 * group sums of them are formed, and addition in the group is exact, so the affine result does not depend on it.
 * Points are XYZZ ({@link Xyzz}), bases affine in 32-bit Montgomery limbs, scalars canonical 8×32-bit.
 */
public final class SortedMsmKernels {
    private SortedMsmKernels() {
    }

    /**
     * Work-item i &lt; n (point i of the segment, scalar {@code from + i} of the buffer): for each window w with a
     * non-zero signed digit, {@code counts[bucket] += 1} (scatter == 0) or, when {@code scatter == 1}, takes slot
     * {@code cursor[bucket]++} and writes the entry i there. One kernel for both passes so the two agree on the
     * digits by construction.
     */
    public static void binPoints(KernelContext ctx, int[] scalars, int from, int[] cursor, int[] entries, int n,
                                 int c, int windows, int scatter) {
        int i = ctx.globalIdx;
        if (i >= n) {
            return;
        }
        int half = 1 << (c - 1);
        int carry = 0;
        for (int w = 0; w < windows; w++) {
            // signed recoding from the bottom, as MsmKernels.signedDigit, incrementally over w
            int digit = MsmKernels.windowBits(scalars, (from + i) * 8, w * c, c) + carry;
            if (digit > half) {
                digit -= 1 << c;
                carry = 1;
            } else {
                carry = 0;
            }
            if (digit != 0) {
                int mag = digit < 0 ? -digit : digit;
                int slot = Atomics.addInt(cursor, w * half + mag - 1, 1);
                if (scatter == 1) {
                    entries[slot] = digit < 0 ? (i | 0x80000000) : i;
                }
            }
        }
    }

    /**
     * Work-item s: {@code sums[s] = Σ ±bases[e]} over the entries {@code [sliceStart[s], sliceStart[s+1])}, a
     * slice of one bucket (big buckets are cut into several slices so every work-item does similar work).
     */
    public static void sumSlices(KernelContext ctx, int d, int[] bases, int[] entries, int[] sliceStart, int[] sums,
                                 int slices) {
        int s = ctx.globalIdx;
        if (s >= slices) {
            return;
        }
        int pInts = 48 * d;
        int aInts = 24 * d;
        int so = s * pInts;
        Xyzz.setInfinity(d, sums, so);
        int[] reg = new int[Xyzz.SCRATCH];
        int end = sliceStart[s + 1];
        for (int e = sliceStart[s]; e < end; e++) {
            int v = entries[e];
            Xyzz.addAffine(d, sums, so, bases, (v & 0x7FFFFFFF) * aInts, v < 0, reg);
        }
    }

    /**
     * {@link #sumSlices} for G1, bit-identical, with the bucket sum out of registers: the group is fixed at compile
     * time, the accumulator is a private array and the mixed addition straight-line code ({@link XyzzStraight}),
     * so the JIT scalar-replaces all of it and the kernel has no local-memory frame; the sum is stored once at the
     * end. The limits keep each Montgomery product's outer loop rolled (17 copies of one limb step instead of
     * 17·12), so ptxas builds the kernel in seconds, while the copy, compare and Fp2-coefficient loops unroll.
     */
    @JitLimits(unrollBudget = STRAIGHT_UNROLL, scalarMax = STRAIGHT_SCALARS)
    public static void sumSlicesG1(KernelContext ctx, int[] bases, int[] entries, int[] sliceStart, int[] sums,
                                   int slices, int[] order, int ordered) {
        sumSlicesStraight(ctx, 1, bases, entries, sliceStart, sums, slices, order, ordered);
    }

    /** {@link #sumSlicesG1} for G2 ({@code d = 2}), bit-identical to {@link #sumSlices} with {@code d = 2}. */
    @JitLimits(unrollBudget = STRAIGHT_UNROLL, scalarMax = STRAIGHT_SCALARS)
    public static void sumSlicesG2(KernelContext ctx, int[] bases, int[] entries, int[] sliceStart, int[] sums,
                                   int slices, int[] order, int ordered) {
        sumSlicesStraight(ctx, 2, bases, entries, sliceStart, sums, slices, order, ordered);
    }

    /**
     * Unroll budget of the straight-line slice sums: above their copy loops and an Fp2 product's loop over its
     * three Karatsuba products (G2 needs 5000), below one unrolled Montgomery product (unrolled from 8000 on, which
     * then leaves the Fp2 loop rolled and the temporaries in local memory). Measured with
     * {@code -Djzk.jit.kernelBudget}: 5000–7000 give the same code (G1 126 registers, G2 250, no local memory).
     */
    static final int STRAIGHT_UNROLL = 6000;
    /** Scalar-replacement cap of the straight-line slice sums: the 96-int accumulator (a G2 point). */
    static final int STRAIGHT_SCALARS = 96;

    /**
     * The body of {@link #sumSlicesG1} / {@link #sumSlicesG2}, {@code d} a constant at each call: work-item i sums
     * slice {@code order[i]} when {@code ordered == 1} (slices by length, {@link BucketLayoutKernels#orderSlices}),
     * else slice i ({@code order} unread).
     */
    private static void sumSlicesStraight(KernelContext ctx, int d, int[] bases, int[] entries, int[] sliceStart,
                                          int[] sums, int slices, int[] order, int ordered) {
        int i = ctx.globalIdx;
        if (i >= slices) {
            return;
        }
        int s = ordered == 1 ? order[i] : i;
        int[] acc = new int[96];
        int aInts = 24 * d;
        int end = sliceStart[s + 1];
        for (int e = sliceStart[s]; e < end; e++) {
            int v = entries[e];
            XyzzStraight.addAffine(d, acc, 0, bases, (v & 0x7FFFFFFF) * aInts, v < 0);
        }
        Xyzz.copy(d, sums, s * 48 * d, acc, 0);
    }

    /**
     * Work-item {@code gid = p·windows + w}: part p of window w's bucket reduction over buckets
     * {@code [lo, lo + span)}, {@code lo = p·span}. Bucket b's sum is the sum of its slices
     * {@code [bucketSlice[w·B + b], bucketSlice[w·B + b + 1])}. With run = Σ_{b ≥ x} B_b (running sum from the top)
     * and acc = Σ run, acc = Σ_b (b − lo + 1)·B_b; the part's share of Σ_b (b + 1)·B_b is acc + lo·run, lo·run by
     * double-and-add (≤ 2·(c − 1) additions). {@link MsmKernels#foldHalves} then sums the parts of each window.
     */
    public static void reduceParts(KernelContext ctx, int d, int[] sums, int[] bucketSlice, int[] partials, int c,
                                   int windows, int parts) {
        int gid = ctx.globalIdx;
        if (gid >= windows * parts) {
            return;
        }
        int p = gid / windows;
        int w = gid - p * windows;
        int bucketCount = 1 << (c - 1);
        int span = bucketCount / parts;
        int lo = p * span;
        int pInts = 48 * d;
        // private points: run at 0, acc at 96, operand at 192, lo·run at 288
        int[] pts = new int[384];
        int[] reg = new int[Xyzz.SCRATCH];
        Xyzz.setInfinity(d, pts, 0);
        Xyzz.setInfinity(d, pts, 96);
        Xyzz.setInfinity(d, pts, 288);
        for (int b = lo + span - 1; b >= lo; b--) {
            int first = bucketSlice[w * bucketCount + b];
            int last = bucketSlice[w * bucketCount + b + 1];
            // steps first..last-1: run += slice; step last: acc += run (one addition site for the kernel)
            for (int k = first; k <= last; k++) {
                int dst = 96;
                int src = 0;
                if (k < last) {
                    Xyzz.copy(d, pts, 192, sums, k * pInts);
                    dst = 0;
                    src = 192;
                }
                Xyzz.add(d, pts, dst, pts, src, reg);
            }
        }
        // lo·run by double-and-add, run (at 0) doubled in place each bit; then acc += lo·run
        for (int k = 0; k <= 2 * c; k++) {
            int bit = k >> 1;
            int dst = 288;
            int src = 0;
            boolean doIt;
            if (k == 2 * c) {
                dst = 96;
                src = 288;
                doIt = true;
            } else if ((k & 1) == 0) {
                doIt = ((lo >>> bit) & 1) != 0;
            } else {
                dst = 0;
                doIt = (lo >>> (bit + 1)) != 0;
            }
            if (doIt) {
                Xyzz.add(d, pts, dst, pts, src, reg);
            }
        }
        Xyzz.copy(d, partials, gid * pInts, pts, 96);
    }
    /**
     * {@link #reduceParts} for G1 with straight-line formulas ({@link XyzzStraight#add}) instead of the interpreted
     * program and its 3.7 kB local-memory register file: the part's running sum and sum live in {@code sums} after
     * its {@code slices} slice sums (slots {@code slices + 2·gid} and {@code + 1}), so every addition, the doublings
     * of lo·run included (run + run takes the formula's doubling branch), is one call site with both operands in
     * one array: one copy of the formula in the kernel (two sites made it 255 registers and minutes of PoCL build).
     * Same group element per part as {@link #reduceParts} (the XYZZ coordinates may differ by the order of the
     * additions; the MSM's affine result does not).
     */
    @JitLimits(unrollBudget = STRAIGHT_UNROLL, scalarMax = STRAIGHT_SCALARS)
    public static void reducePartsG1(KernelContext ctx, int[] sums, int slices, int[] bucketSlice, int[] partials,
                                     int c, int windows, int parts) {
        reduceStraight(ctx, 1, sums, slices, bucketSlice, partials, c, windows, parts);
    }

    /** {@link #reducePartsG1} for G2. */
    @JitLimits(unrollBudget = STRAIGHT_UNROLL, scalarMax = STRAIGHT_SCALARS)
    public static void reducePartsG2(KernelContext ctx, int[] sums, int slices, int[] bucketSlice, int[] partials,
                                     int c, int windows, int parts) {
        reduceStraight(ctx, 2, sums, slices, bucketSlice, partials, c, windows, parts);
    }

    /**
     * The body of {@link #reducePartsG1} / {@link #reducePartsG2}, {@code d} a constant at each call: the steps of
     * {@link #reduceParts} (run += slice, acc += run per bucket from the top), then acc += lo·run by double-and-add
     * from the low bit of lo (acc += run where the bit is set, run += run while higher bits remain).
     */
    private static void reduceStraight(KernelContext ctx, int d, int[] sums, int slices, int[] bucketSlice,
                                       int[] partials, int c, int windows, int parts) {
        int gid = ctx.globalIdx;
        if (gid >= windows * parts) {
            return;
        }
        int p = gid / windows;
        int w = gid - p * windows;
        int bucketCount = 1 << (c - 1);
        int span = bucketCount / parts;
        int lo = p * span;
        int pInts = 48 * d;
        int run = (slices + 2 * gid) * pInts;
        int acc = run + pInts;
        Xyzz.setInfinity(d, sums, run);
        Xyzz.setInfinity(d, sums, acc);
        int b = lo + span - 1;
        int k = bucketSlice[w * bucketCount + b];
        int last = bucketSlice[w * bucketCount + b + 1];
        int bit = 0;
        // one step per iteration: run += slice k (k < last), acc += run (k = last, then the next bucket down), and
        // after the buckets the double-and-add of lo·run
        while (true) {
            int dst;
            int src;
            if (b >= lo) {
                if (k < last) {
                    dst = run;
                    src = k * pInts;
                    k++;
                } else {
                    dst = acc;
                    src = run;
                    b--;
                    if (b >= lo) {
                        k = bucketSlice[w * bucketCount + b];
                        last = bucketSlice[w * bucketCount + b + 1];
                    }
                }
            } else {
                // bit step 2·bit: acc += run if lo has the bit; 2·bit + 1: run += run if lo has higher bits
                if ((lo >>> (bit >> 1)) == 0) {
                    break;
                }
                if ((bit & 1) == 0) {
                    dst = ((lo >>> (bit >> 1)) & 1) != 0 ? acc : -1;
                    src = run;
                } else {
                    dst = (lo >>> ((bit >> 1) + 1)) != 0 ? run : -1;
                    src = run;
                }
                bit++;
                if (dst < 0) {
                    continue;
                }
            }
            XyzzStraight.add(d, sums, dst, sums, src);
        }
        Xyzz.copy(d, partials, gid * pInts, sums, acc);
    }
}
