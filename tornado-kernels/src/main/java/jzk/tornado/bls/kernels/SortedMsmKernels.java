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
     * else slice i ({@code order} unread); either way slice s's sum goes to {@code sums[s]}.
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
     * One round of the tree sum of each bucket's slices, before the bucket reduction: work-item s (a slice) whose
     * rank j in its bucket is a multiple of {@code 2·stride} adds the slice {@code stride} ranks above it (when the
     * bucket has one) and leaves that slice at infinity. Rounds {@code stride = 1, 2, 4, …} below the largest slice
     * count of a bucket leave every bucket's sum in its first slice and infinity in the others, so the reduction's
     * serial walk over a bucket's slices ({@link #reduceParts}: one work-item adds them one after another) costs
     * one addition per bucket plus skips of infinity, instead of one addition per slice. Why: a window whose
     * digits take few values holds most entries in a few buckets, cut into hundreds of slices each: with c = 14
     * the top window of a 255-bit scalar has 4 bits, and a 2^27-constraint partition's B2 MSM spent ≈ 6 s a proof
     * on the H200 in that serial walk (bench-results/h200-s5-2026-12-01). The bucket of s is found by binary search
     * in {@code bucketSlice} ({@code ids + 1} non-decreasing ints, see {@code BucketSlices}).
     */
    public static void foldBucketSlices(KernelContext ctx, int d, int[] sums, int[] bucketSlice, int ids, int slices,
                                        int stride) {
        int s = ctx.globalIdx;
        if (s >= slices) {
            return;
        }
        // the bucket b with bucketSlice[b] <= s < bucketSlice[b + 1]: the last b in [0, ids) with bucketSlice[b] <= s
        int lo = 0;
        int hi = ids - 1;
        while (lo < hi) {
            int mid = (lo + hi + 1) >>> 1;
            if (bucketSlice[mid] <= s) {
                lo = mid;
            } else {
                hi = mid - 1;
            }
        }
        int first = bucketSlice[lo];
        int count = bucketSlice[lo + 1] - first;
        int j = s - first;
        if (j % (2 * stride) == 0 && j + stride < count) {
            int pInts = 48 * d;
            Xyzz.add(d, sums, s * pInts, sums, (s + stride) * pInts);
            Xyzz.setInfinity(d, sums, (s + stride) * pInts);
        }
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
     * {@link #reduceParts} for G1, bit-identical, out of registers where the device allows: the group is fixed at
     * compile time, the points (run, acc, lo·run and the two operands) are private arrays indexed by constants, and
     * the addition is straight-line code ({@link XyzzStraight#add}), at one call site: every step of the reduction
     * (run += slice, acc += run, the double-and-add of lo·run, acc += lo·run) is one trip of one loop that picks its
     * operands by predicated copies. Why: on the H200 the generic kernel's G2 reduction ran ≈ 100× slower than its G1
     * one on the same bucket layout (405 ms against ≈ 4 ms a segment of a 2^25 partition's B2 MSM,
     * bench-results/h200-s5-2026-12-01), its interpreted formulas keeping a 3.7 KB local frame per work-item.
     */
    @JitLimits(unrollBudget = STRAIGHT_UNROLL, scalarMax = STRAIGHT_SCALARS)
    public static void reducePartsG1(KernelContext ctx, int[] sums, int[] bucketSlice, int[] partials, int c,
                                     int windows, int parts) {
        reduceStraight(ctx, 1, sums, bucketSlice, partials, c, windows, parts);
    }

    /** {@link #reducePartsG1} for G2 ({@code d = 2}), bit-identical to {@link #reduceParts} with {@code d = 2}. */
    @JitLimits(unrollBudget = STRAIGHT_UNROLL, scalarMax = STRAIGHT_SCALARS)
    public static void reducePartsG2(KernelContext ctx, int[] sums, int[] bucketSlice, int[] partials, int c,
                                     int windows, int parts) {
        reduceStraight(ctx, 2, sums, bucketSlice, partials, c, windows, parts);
    }

    /** Steps of {@link #reduceStraight}: what is added to what. */
    private static final int NONE = 0;
    private static final int RUN_SLICE = 1;
    private static final int ACC_RUN = 2;
    private static final int LO_RUN = 3;
    private static final int RUN_RUN = 4;
    private static final int ACC_LO = 5;

    /**
     * The body of {@link #reducePartsG1} / {@link #reducePartsG2}, {@code d} a constant at each call: the steps of
     * {@link #reduceParts} in its order (so the same additions on the same operands, bit for bit), as one loop with
     * one addition site ({@code x += y}); the double-and-add runs after the buckets, {@code bit} counting its steps.
     */
    private static void reduceStraight(KernelContext ctx, int d, int[] sums, int[] bucketSlice, int[] partials, int c,
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
        int[] run = new int[96];
        int[] acc = new int[96];
        int[] loRun = new int[96];
        int[] x = new int[96];
        int[] y = new int[96];
        Xyzz.setInfinity(d, run, 0);
        Xyzz.setInfinity(d, acc, 0);
        Xyzz.setInfinity(d, loRun, 0);
        int b = lo + span - 1;
        int k = bucketSlice[w * bucketCount + b];
        int last = bucketSlice[w * bucketCount + b + 1];
        int bit = -1;
        while (bit <= 2 * c) {
            int mode = NONE;
            if (bit < 0) {
                mode = k < last ? RUN_SLICE : ACC_RUN;
            } else if (bit == 2 * c) {
                mode = ACC_LO;
            } else if ((bit & 1) == 0) {
                mode = ((lo >>> (bit >> 1)) & 1) != 0 ? LO_RUN : NONE;
            } else {
                mode = (lo >>> ((bit >> 1) + 1)) != 0 ? RUN_RUN : NONE;
            }
            if (mode != NONE) {
                if (mode == RUN_SLICE || mode == RUN_RUN) {
                    Xyzz.copy(d, x, 0, run, 0);
                } else if (mode == LO_RUN) {
                    Xyzz.copy(d, x, 0, loRun, 0);
                } else {
                    Xyzz.copy(d, x, 0, acc, 0);
                }
                if (mode == RUN_SLICE) {
                    Xyzz.copy(d, y, 0, sums, k * pInts);
                } else if (mode == ACC_LO) {
                    Xyzz.copy(d, y, 0, loRun, 0);
                } else {
                    Xyzz.copy(d, y, 0, run, 0);
                }
                XyzzStraight.add(d, x, 0, y, 0);
                if (mode == RUN_SLICE || mode == RUN_RUN) {
                    Xyzz.copy(d, run, 0, x, 0);
                } else if (mode == LO_RUN) {
                    Xyzz.copy(d, loRun, 0, x, 0);
                } else {
                    Xyzz.copy(d, acc, 0, x, 0);
                }
            }
            if (bit >= 0) {
                bit++;
            } else if (k < last) {
                k++;
            } else if (b > lo) {
                b--;
                k = bucketSlice[w * bucketCount + b];
                last = bucketSlice[w * bucketCount + b + 1];
            } else {
                bit = 0;
            }
        }
        Xyzz.copy(d, partials, gid * pInts, acc, 0);
    }
}
