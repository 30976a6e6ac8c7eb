package jzk.tornado.bls;

import jzk.tornado.api.Atomics;
import jzk.tornado.api.KernelContext;

/**
 * Kernels of the scalar-class split of an MSM driven by {@link SplitMsm}: a witness's scalars are mostly 0 and 1
 * (bits of SHA-256 and of Merkle paths), so the MSM is cut into three classes — zeros (skipped), ones (the plain
 * sum of their bases: a reduction, no windows, no buckets) and the rest (Pippenger over a compacted index list).
 *
 * <p>Invariants: scalars are canonical 8×32-bit little-endian (as {@link MsmKernels}); a class index list holds
 * segment-local point indices, each once; the order of the lists depends on the arrival order of work-groups at
 * the global counters (inside a group it is ascending), and only group sums are formed over them, so the affine
 * result does not depend on it. Bases are affine in 32-bit Montgomery limbs ({@code 24·d} ints, infinity all
 * zeros), sums XYZZ ({@link Xyzz}).
 */
public final class SplitMsmKernels {
    private SplitMsmKernels() {
    }

    /** Work-group size of {@link #classify} (its local scan has this many slots; counts fit 16 bits). */
    public static final int GROUP = 128;
    /** Class codes of {@link #scalarClass}. */
    static final int ZERO = 0;
    static final int ONE = 1;
    static final int REST = 2;
    /** One "ones" count in the packed scan word (low 16 bits); a "rest" count is {@code REST_UNIT} (high 16). */
    private static final int REST_UNIT = 1 << 16;

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
     * Work-item i &lt; n (scalar {@code from + i}): stream compaction of the indices i by class. Each work-group
     * counts its ones and rest with one inclusive scan over packed words (ones in the low 16 bits, rest in the
     * high 16: a group of {@link #GROUP} ≤ 2^16 items cannot carry between them), reserves its ranges with one
     * global atomic per class ({@code counts[0]} ones, {@code counts[1]} rest; zeroed by the caller), then each
     * item writes i at its exclusive prefix in {@code ones} or {@code rest}. Launch with local size {@link #GROUP}.
     */
    public static void classify(KernelContext ctx, int[] scalars, int from, int n, int[] counts, int[] ones,
                                int[] rest) {
        int[] scan = ctx.allocateIntLocalArray(GROUP);
        int[] base = ctx.allocateIntLocalArray(2);
        int lid = ctx.localIdx;
        int i = ctx.globalIdx;
        int cls = ZERO;
        if (i < n) {
            cls = scalarClass(scalars, (from + i) * 8);
        }
        int mine = 0;
        if (cls == ONE) {
            mine = 1;
        } else if (cls == REST) {
            mine = REST_UNIT;
        }
        scan[lid] = mine;
        ctx.localBarrier();
        for (int step = 1; step < GROUP; step <<= 1) {
            int v = lid >= step ? scan[lid - step] : 0;
            ctx.localBarrier();
            scan[lid] += v;
            ctx.localBarrier();
        }
        if (lid == GROUP - 1) {
            int total = scan[lid];
            base[0] = Atomics.addInt(counts, 0, total & 0xFFFF);
            base[1] = Atomics.addInt(counts, 1, total >>> 16);
        }
        ctx.localBarrier();
        int before = scan[lid] - mine;
        if (cls == ONE) {
            ones[base[0] + (before & 0xFFFF)] = i;
        } else if (cls == REST) {
            rest[base[1] + (before >>> 16)] = i;
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
