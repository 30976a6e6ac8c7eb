package jzk.tornado.bls.kernels;

import jzk.tornado.api.Atomics;
import jzk.tornado.api.KernelContext;

/**
 * Kernels of the scalar-class split of an MSM driven by {@link SplitMsm}: a witness's scalars are mostly 0 and 1
 * (bits of SHA-256 and of Merkle paths), so the MSM is cut into three classes — zeros (skipped), ones (the plain
 * sum of their bases: a reduction, no windows, no buckets) and the rest (Pippenger over a compacted index list).
 *
 * <p>Invariants: scalars are canonical 8×32-bit little-endian (as {@link MsmKernels}); a class index list holds
 * segment-local point indices, each once; the order of the lists depends on the arrival order of work-items at
 * the global counters (inside one work-item's chunk it is ascending), and only group sums are formed over them, so the affine
 * result does not depend on it. Bases are affine in 32-bit Montgomery limbs ({@code 24·d} ints, infinity all
 * zeros), sums XYZZ ({@link Xyzz}).
 */
public final class SplitMsmKernels {
    private SplitMsmKernels() {
    }

    /** Scalars classified by one work-item of {@link #classify} (one bit each in its two class masks). */
    public static final int CHUNK = 32;
    /** Class codes of {@link #scalarClass}. */
    static final int ZERO = 0;
    static final int ONE = 1;
    static final int REST = 2;

    /** {@link #ZERO}, {@link #ONE} or {@link #REST} for the scalar at {@code s[so…so+8)}. */
    static int scalarClass(int[] s, int so) {
        int high = 0;
        for (int k = 1; k < 8; k++) {
            high |= s[so + k];
        }
        int low = s[so];
        int cls = REST;
        if (high == 0 && low == 0) {
            cls = ZERO;
        } else if (high == 0 && low == 1) {
            cls = ONE;
        }
        return cls;
    }

    /**
     * Work-item t: stream compaction of the indices {@code [t·CHUNK, min(n, (t + 1)·CHUNK))} by class (scalar i is
     * {@code from + i} of the buffer). The work-item classifies its chunk into two bit masks, reserves its ranges
     * with one global atomic per class ({@code counts[0]} ones, {@code counts[1]} rest; zeroed by the caller), and
     * writes its indices there in ascending order ({@code write == 1}; with {@code write == 0} it only counts, and
     * {@code ones}, {@code rest} are not touched: the driver decides from the counts whether to split before it
     * allocates the lists). No barriers and n / {@link #CHUNK} atomics per counter (a per-item atomic would put
     * every 1 on one address, the hot spot the split removes from the binning); launch ceil(n / CHUNK) work-items.
     */
    public static void classify(KernelContext ctx, int[] scalars, int from, int n, int[] counts, int[] ones,
                                int[] rest, int write) {
        int lo = ctx.globalIdx * CHUNK;
        if (lo >= n) {
            return;
        }
        int hi = Math.min(n, lo + CHUNK);
        int oneMask = 0;
        int restMask = 0;
        for (int i = lo; i < hi; i++) {
            int cls = scalarClass(scalars, (from + i) * 8);
            if (cls == ONE) {
                oneMask |= 1 << (i - lo);
            } else if (cls == REST) {
                restMask |= 1 << (i - lo);
            }
        }
        int oneAt = 0;
        int restAt = 0;
        if (oneMask != 0) {
            oneAt = Atomics.addInt(counts, 0, Integer.bitCount(oneMask));
        }
        if (restMask != 0) {
            restAt = Atomics.addInt(counts, 1, Integer.bitCount(restMask));
        }
        if (write == 0) {
            return;
        }
        for (int i = lo; i < hi; i++) {
            int bit = 1 << (i - lo);
            if ((oneMask & bit) != 0) {
                ones[oneAt] = i;
                oneAt++;
            } else if ((restMask & bit) != 0) {
                rest[restAt] = i;
                restAt++;
            }
        }
    }

    /** Work-item k &lt; count: {@code out[k] = scalars[from + index[k]]} (8 ints), the rest's scalars packed. */
    public static void gatherScalars(KernelContext ctx, int[] scalars, int from, int[] index, int count, int[] out) {
        int k = ctx.globalIdx;
        if (k < count) {
            int so = (from + index[k]) * 8;
            for (int j = 0; j < 8; j++) {
                out[k * 8 + j] = scalars[so + j];
            }
        }
    }

    /**
     * Work-item e &lt; count: a bucket entry made over the packed rest ({@link SortedMsmKernels#binPoints}: an
     * index into {@code index} with the digit's sign in bit 31) becomes the segment's point index
     * {@code index[k]}, sign kept, so the slice sums read the resident bases in place.
     */
    public static void remapEntries(KernelContext ctx, int[] entries, int[] index, int count) {
        int e = ctx.globalIdx;
        if (e < count) {
            int v = entries[e];
            entries[e] = index[v & 0x7FFFFFFF] | (v & 0x80000000);
        }
    }

    /**
     * Work-item t &lt; items: {@code partials[t] = Σ bases[index[k]]} over {@code k ≡ t (mod items)}, k &lt; count
     * (strided, so neighbouring work-items read neighbouring list entries). {@link MsmKernels#foldHalves} then
     * sums the partials. Mixed additions are complete ({@link Xyzz#addAffine}): infinity bases, P + P, P + (−P).
     */
    public static void sumIndexed(KernelContext ctx, int d, int[] bases, int[] index, int count, int[] partials,
                                  int items) {
        int t = ctx.globalIdx;
        if (t >= items) {
            return;
        }
        int po = t * 48 * d;
        int aInts = 24 * d;
        Xyzz.setInfinity(d, partials, po);
        int[] reg = new int[Xyzz.SCRATCH];
        for (int k = t; k < count; k += items) {
            Xyzz.addAffine(d, partials, po, bases, index[k] * aInts, false, reg);
        }
    }
}
