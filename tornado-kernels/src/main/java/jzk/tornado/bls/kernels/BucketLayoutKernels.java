package jzk.tornado.bls.kernels;

import jzk.tornado.api.Atomics;
import jzk.tornado.api.KernelContext;

/**
 * The sorted MSM's bucket layout on the device (what {@code BucketSlices.of} computes on the host), so that
 * nothing goes back to the host between the two binning passes: bucket starts (exclusive prefix sum of the bucket
 * counts), each bucket's first slice (exclusive prefix sum of its slice counts {@code ceil(count / size)}), and the
 * slice starts.
 *
 * <p>Prefix sums by levels of {@link #CHUNK}: level 0 is the ids values, level ℓ + 1 holds the sum of each chunk of
 * level ℓ ({@link #sumLevel0}, {@link #sumLevel}), until a level fits one chunk; that top level is scanned by one
 * work-item, which also writes the total, and every lower level's exclusive prefixes are its chunk's prefix from
 * the level above plus a running sum inside the chunk ({@link #scanLevel}, {@link #scanLevel0}). Per level one
 * launch of {@code ceil(n / CHUNK)} work-items, each reading {@code CHUNK} consecutive ints: about
 * {@code 2·log_32(ids)} launches per prefix sum and 2·ids int reads, against the host path's read-back of ids ints,
 * host loops and three table uploads.
 *
 * <p>Layout of the {@code lv} buffer (levels ≥ 1 and the totals): {@code lv[0]} = entries (Σ counts),
 * {@code lv[1]} = slices (Σ slice counts), {@code lv[2]} = the slice order's total, then per level its sums and its
 * prefixes at offsets the host computes.
 * Each kernel takes each buffer once (a buffer passed twice to one launch is not safe on every host).
 *
 * <p>Invariants (as {@code BucketSlices}): {@code size = max(1, ceil(entries / targetSlices))}; bucket b owns slices
 * {@code [bucketSlice[b], bucketSlice[b+1])}, slice s covers entries {@code [sliceStart[s], sliceStart[s+1])}, all of
 * one bucket and at most {@code size}; {@code slices ≤ targetSlices + ids}, and every slice index from
 * {@code slices} up to that bound is empty ({@code sliceStart = entries}), so the slice sums can be launched on the
 * bound without the count coming back to the host. All sums fit an int: the caller keeps entries below 2^31.
 */
public final class BucketLayoutKernels {
    private BucketLayoutKernels() {
    }

    /** Values per chunk of one level. */
    public static final int CHUNK = 32;
    /** {@code lv} index of the entry total. */
    public static final int ENTRIES = 0;
    /** {@code lv} index of the slice total. */
    public static final int SLICES = 1;
    /** {@code lv} index of the length bins' total (the bound + 1 slices ordered; a by-product of their scan). */
    public static final int ORDERED = 2;
    /** Length bins of the slice order ({@link #lengthBins}, {@link #orderSlices}). */
    public static final int BINS = 1024;

    /** Entries per slice: {@code max(1, ceil(entries / targetSlices))}. */
    public static int sliceSize(long entries, int targetSlices) {
        long size = (entries + targetSlices - 1) / targetSlices;
        return size < 1 ? 1 : (int) size;
    }

    /** {@code a[i] = 0} for every i &lt; n. */
    public static void zero(KernelContext ctx, int[] a, int n) {
        int i = ctx.globalIdx;
        if (i < n) {
            a[i] = 0;
        }
    }

    /**
     * Level-0 value i: {@code counts[i]} ({@code sized == 0}) or that bucket's slice count {@code ceil(counts[i] /
     * size)} ({@code sized == 1}, size from the entry total {@code lv[ENTRIES]}).
     */
    private static int value(int[] counts, int i, int size) {
        return (counts[i] + size - 1) / size;
    }

    private static int size(int[] lv, int sized, int targetSlices) {
        return sized == 1 ? sliceSize(lv[ENTRIES] & 0xFFFFFFFFL, targetSlices) : 1;
    }

    /** Work-item g: {@code lv[outOff + g]} = Σ of level-0 values {@code [g·CHUNK, min(n, (g+1)·CHUNK))}. */
    public static void sumLevel0(KernelContext ctx, int[] counts, int n, int[] lv, int outOff, int sized,
                                 int targetSlices) {
        int g = ctx.globalIdx;
        int from = g * CHUNK;
        if (from >= n) {
            return;
        }
        int to = Math.min(n, from + CHUNK);
        int size = size(lv, sized, targetSlices);
        int s = 0;
        for (int i = from; i < to; i++) {
            s += value(counts, i, size);
        }
        lv[outOff + g] = s;
    }

    /** Work-item g: {@code lv[outOff + g]} = Σ {@code lv[inOff + i]} over i in chunk g of a level of n values. */
    public static void sumLevel(KernelContext ctx, int[] lv, int inOff, int n, int outOff) {
        int g = ctx.globalIdx;
        int from = g * CHUNK;
        if (from >= n) {
            return;
        }
        int to = Math.min(n, from + CHUNK);
        int s = 0;
        for (int i = from; i < to; i++) {
            s += lv[inOff + i];
        }
        lv[outOff + g] = s;
    }

    /**
     * Work-item g: exclusive prefixes of the level-0 values of chunk g into {@code out[i]}, starting from the
     * chunk's prefix {@code lv[prefixOff + g]}; when {@code top == 1} (n ≤ CHUNK, one work-item) from 0, and the
     * total goes to {@code lv[slot]}.
     */
    public static void scanLevel0(KernelContext ctx, int[] counts, int n, int[] lv, int prefixOff, int[] out,
                                  int sized, int targetSlices, int top, int slot) {
        int g = ctx.globalIdx;
        int from = g * CHUNK;
        if (from >= n) {
            return;
        }
        int to = Math.min(n, from + CHUNK);
        int size = size(lv, sized, targetSlices);
        int run = top == 1 ? 0 : lv[prefixOff + g];
        for (int i = from; i < to; i++) {
            out[i] = run;
            run += value(counts, i, size);
        }
        if (top == 1) {
            lv[slot] = run;
        }
    }

    /**
     * Work-item g: exclusive prefixes of the level's values {@code lv[inOff + i]} of chunk g into
     * {@code lv[outOff + i]}, starting from {@code lv[prefixOff + g]}, or from 0 with the total to {@code lv[slot]}
     * when {@code top == 1}.
     */
    public static void scanLevel(KernelContext ctx, int[] lv, int inOff, int n, int prefixOff, int outOff,
                                 int top, int slot) {
        int g = ctx.globalIdx;
        int from = g * CHUNK;
        if (from >= n) {
            return;
        }
        int to = Math.min(n, from + CHUNK);
        int run = top == 1 ? 0 : lv[prefixOff + g];
        for (int i = from; i < to; i++) {
            int v = lv[inOff + i];
            lv[outOff + i] = run;
            run += v;
        }
        if (top == 1) {
            lv[slot] = run;
        }
    }

    /**
     * Work-item i ≤ bound: for a bucket i &lt; ids, the starts of its {@code ceil(counts[i] / size)} slices
     * ({@code start[i] + k·size}); {@code bucketSlice[ids] = slices}; every slice index from {@code slices} to
     * {@code bound} starts at the entry total (empty slices, and the end of the last real one).
     */
    public static void fillSlices(KernelContext ctx, int[] counts, int[] start, int[] bucketSlice,
                                  int[] sliceStart, int[] lv, int ids, int bound, int targetSlices) {
        int i = ctx.globalIdx;
        if (i > bound) {
            return;
        }
        int entries = lv[ENTRIES];
        int slices = lv[SLICES];
        if (i < ids) {
            int size = sliceSize(entries & 0xFFFFFFFFL, targetSlices);
            int k = value(counts, i, size);
            int first = bucketSlice[i];
            int at = start[i];
            for (int j = 0; j < k; j++) {
                sliceStart[first + j] = at + j * size;
            }
        } else if (i == ids) {
            bucketSlice[ids] = slices;
        }
        if (i >= slices) {
            sliceStart[i] = entries;
        }
    }

    /** Bin of a slice of {@code len} entries: longest first, lengths {@code >> shift} capped at {@link #BINS} − 1. */
    private static int bin(int len, int shift) {
        int b = len >>> shift;
        return BINS - 1 - (b < BINS - 1 ? b : BINS - 1);
    }

    /**
     * Work-item s &lt; slices: {@code bins[bin(length of slice s)] += 1}, for the slice order. {@code bins}
     * ({@link #BINS} ints) zeroed before.
     */
    public static void lengthBins(KernelContext ctx, int[] sliceStart, int slices, int[] bins, int shift) {
        int s = ctx.globalIdx;
        if (s < slices) {
            Atomics.addInt(bins, bin(sliceStart[s + 1] - sliceStart[s], shift), 1);
        }
    }

    /**
     * Work-item s &lt; slices: takes the next place of its length bin ({@code cursor}, the bins' exclusive prefix
     * sums) and writes {@code order[place] = s}, so that the slice sums' work-item i sums slice {@code order[i]}:
     * longest slices first, and the 32 work-items of a warp get slices of (nearly) the same length, where in slice
     * order a warp runs as long as the longest of its 32 buckets. The order inside a bin follows atomic arrival;
     * every slice is summed by one work-item whatever the order, so the sums do not depend on it.
     */
    public static void orderSlices(KernelContext ctx, int[] sliceStart, int slices, int[] cursor, int[] order,
                                   int shift) {
        int s = ctx.globalIdx;
        if (s < slices) {
            order[Atomics.addInt(cursor, bin(sliceStart[s + 1] - sliceStart[s], shift), 1)] = s;
        }
    }
}
