package jzk.tornado.bls;

import java.lang.reflect.Method;
import jzk.tornado.api.Kernels;
import jzk.tornado.bls.kernels.BucketLayoutKernels;

/**
 * The sorted MSM's bucket layout ({@link BucketSlices}: bucket starts, each bucket's first slice, slice starts)
 * computed on the device by {@link BucketLayoutKernels} from the bucket counts the first binning pass left there, so
 * the MSM makes no host round trip between its two binning launches. The tables are the same ints as
 * {@link BucketSlices#of} for the same counts ({@code BucketLayoutKernelsTest}), except that the slice starts run
 * on, all equal to the entry total, up to {@link #bound}: the slice sums are launched on the bound.
 */
final class DeviceBucketSlices {
    private DeviceBucketSlices() {
    }

    private static final Method ZERO = Kernels.of(BucketLayoutKernels::zero);
    private static final Method SUM0 = Kernels.of(BucketLayoutKernels::sumLevel0);
    private static final Method SUM = Kernels.of(BucketLayoutKernels::sumLevel);
    private static final Method SCAN0 = Kernels.of(BucketLayoutKernels::scanLevel0);
    private static final Method SCAN = Kernels.of(BucketLayoutKernels::scanLevel);
    private static final Method FILL = Kernels.of(BucketLayoutKernels::fillSlices);
    private static final Method BINS = Kernels.of(BucketLayoutKernels::lengthBins);
    private static final Method ORDER = Kernels.of(BucketLayoutKernels::orderSlices);
    private static final int LOCAL = 64;

    /** The most slices {@code ids} buckets are cut into: {@code targetSlices + ids}. */
    static int bound(int ids, int targetSlices) {
        return Math.addExact(ids, targetSlices);
    }

    /** Sizes of the prefix-sum levels above level 0 (ids values): each the chunk count of the one below. */
    private static int[] levels(int ids) {
        int count = 0;
        for (int n = ids; n > BucketLayoutKernels.CHUNK; n = (n + BucketLayoutKernels.CHUNK - 1) / BucketLayoutKernels.CHUNK) {
            count++;
        }
        int[] sizes = new int[count + 1];
        sizes[0] = ids;
        for (int l = 1; l <= count; l++) {
            sizes[l] = (sizes[l - 1] + BucketLayoutKernels.CHUNK - 1) / BucketLayoutKernels.CHUNK;
        }
        return sizes;
    }

    /** Ints of prefix-sum levels above level 0 for n values: sums and prefixes of every level ≥ 1. */
    private static long levelsInts(int n) {
        long ints = 0;
        int[] sizes = levels(n);
        for (int l = 1; l < sizes.length; l++) {
            ints += 2L * sizes[l];
        }
        return ints;
    }

    /** Ints of the {@code lv} buffer for ids buckets: three totals, the layout's levels, the slice order's levels. */
    static long levelInts(int ids) {
        return 3 + levelsInts(ids) + levelsInts(BucketLayoutKernels.BINS);
    }

    /** Zeroes the first {@code ids} counters (before the counting pass). */
    static void zero(KernelHost host, KernelHost.Buffer counts, int ids) {
        host.launch(ZERO, grid(ids), LOCAL, counts, ids);
    }

    /**
     * From {@code counts} (ids ints) writes {@code start} (ids ints), {@code bucketSlice} (ids + 1),
     * {@code sliceStart} ({@link #bound} + 1) and the totals {@code lv[0]} = entries, {@code lv[1]} = slices; the
     * entries must stay below 2^31 (the caller checks W·n).
     */
    static void layout(KernelHost host, KernelHost.Buffer counts, int ids, KernelHost.Buffer lv,
                       KernelHost.Buffer start, KernelHost.Buffer bucketSlice, KernelHost.Buffer sliceStart,
                       int targetSlices) {
        prefixSum(host, counts, ids, lv, 3, start, 0, targetSlices, BucketLayoutKernels.ENTRIES);
        prefixSum(host, counts, ids, lv, 3, bucketSlice, 1, targetSlices, BucketLayoutKernels.SLICES);
        int bound = bound(ids, targetSlices);
        host.launch(FILL, grid(bound + 1), LOCAL, counts, start, bucketSlice, sliceStart, lv, ids, bound,
                targetSlices);
    }

    /**
     * The slice sums' order over the {@code slices} (the bound) slices of {@link #layout}: {@code order} (slices
     * ints) lists the slice indices by length bin, longest first ({@link BucketLayoutKernels#orderSlices}); bins
     * are lengths {@code >> shift}, shift such that {@code maxSlice >> shift} stays below
     * {@link BucketLayoutKernels#BINS}. {@code bins} and {@code cursor} hold {@link BucketLayoutKernels#BINS} ints.
     */
    static void order(KernelHost host, KernelHost.Buffer sliceStart, int slices, long maxSlice, KernelHost.Buffer lv,
                      int ids, KernelHost.Buffer bins, KernelHost.Buffer cursor, KernelHost.Buffer order) {
        int shift = Math.max(0, 64 - Long.numberOfLeadingZeros(maxSlice) - Integer.numberOfTrailingZeros(
                BucketLayoutKernels.BINS));
        int n = BucketLayoutKernels.BINS;
        host.launch(ZERO, grid(n), LOCAL, bins, n);
        host.launch(BINS, grid(slices), LOCAL, sliceStart, slices, bins, shift);
        prefixSum(host, bins, n, lv, 3 + levelsInts(ids), cursor, 0, 1, BucketLayoutKernels.ORDERED);
        host.launch(ORDER, grid(slices), LOCAL, sliceStart, slices, cursor, order, shift);
    }

    /**
     * Exclusive prefix sum of the n level-0 values (ints of {@code in}, or their slice counts when {@code sized})
     * into {@code out}, the levels at {@code lv[base…]}, the total to {@code lv[slot]}.
     */
    private static void prefixSum(KernelHost host, KernelHost.Buffer in, int n, KernelHost.Buffer lv, long base,
                                  KernelHost.Buffer out, int sized, int targetSlices, int slot) {
        int[] sizes = levels(n);
        int top = sizes.length - 1;
        int[] sumOff = new int[sizes.length];
        int[] prefixOff = new int[sizes.length];
        long at = base;
        for (int l = 1; l <= top; l++) {
            sumOff[l] = Math.toIntExact(at);
            prefixOff[l] = Math.toIntExact(at + sizes[l]);
            at += 2L * sizes[l];
        }
        for (int l = 0; l < top; l++) {
            int items = grid(sizes[l + 1]);
            if (l == 0) {
                host.launch(SUM0, items, LOCAL, in, sizes[0], lv, sumOff[1], sized, targetSlices);
            } else {
                host.launch(SUM, items, LOCAL, lv, sumOff[l], sizes[l], sumOff[l + 1]);
            }
        }
        for (int l = top; l >= 0; l--) {
            int isTop = l == top ? 1 : 0;
            int from = l == top ? 0 : prefixOff[l + 1];
            int items = grid((sizes[l] + BucketLayoutKernels.CHUNK - 1) / BucketLayoutKernels.CHUNK);
            if (l == 0) {
                host.launch(SCAN0, items, LOCAL, in, sizes[0], lv, from, out, sized, targetSlices, isTop, slot);
            } else {
                host.launch(SCAN, items, LOCAL, lv, sumOff[l], sizes[l], from, prefixOff[l], isTop, slot);
            }
        }
    }

    private static int grid(int count) {
        return (count + LOCAL - 1) / LOCAL * LOCAL;
    }
}
