package jzk.tornado.bls;

import java.lang.reflect.Method;
import jzk.tornado.api.Kernels;
import jzk.tornado.bls.kernels.SortedMsmKernels;

/**
 * The bucket layout the sorted MSM ({@link SortedMsm}) gives one segment of scalars, and the longest serial walk of
 * its bucket reduction with and without the slice fold ({@link SortedMsmKernels#foldBucketSlices}): for diagnosing
 * where a real witness's MSM spends its time without a GPU (the counts come from the binning kernel itself, run on
 * any host, e.g. the jvm device; bench {@code MsmLayoutReplay} runs it over a StackedDRG witness).
 *
 * @param points          scalars in the segment
 * @param c               window size {@link SortedMsm#chooseC} picks for them
 * @param windows         W = ceil(256 / c)
 * @param topWindowBits   bits of the top window, 256 − c·(W − 1): few bits put most entries in few buckets
 * @param slices          slices of the slice sums ({@link BucketSlices})
 * @param hottestBucket   entries of the largest bucket
 * @param mostSlices      slices of the bucket that has most
 * @param walkUnfolded    longest reduction walk (additions in series) when a bucket's slices are walked
 * @param walkFolded      the same after the fold
 */
public record MsmLayoutStats(int points, int c, int windows, int topWindowBits, int slices, int hottestBucket,
                             int mostSlices, long walkUnfolded, long walkFolded) {
    private static final Method BIN = Kernels.of(SortedMsmKernels::binPoints);

    /** Bins {@code scalars} (4·n canonical longs, each below r) on {@code host} as the sorted MSM's first pass does. */
    public static MsmLayoutStats of(KernelHost host, long[] scalars) {
        int n = scalars.length / 4;
        int c = SortedMsm.chooseC(n);
        int windows = (256 + c - 1) / c;
        int buckets = 1 << (c - 1);
        int ids = windows * buckets;
        int[] counts = new int[ids];
        try (KernelHost.Buffer sc = host.allocate(8L * Math.max(1, n)); KernelHost.Buffer cursor = host.allocate(ids);
             KernelHost.Buffer unused = host.allocate(1)) {
            host.write(sc, 0, scalars, 0, scalars.length);
            host.write(cursor, 0, counts, ids);
            host.launch(BIN, (n + 63) / 64 * 64, 64, sc, 0, cursor, unused, n, c, windows, 0);
            host.read(cursor, 0, counts, ids);
        }
        BucketSlices layout = BucketSlices.of(counts, n, SortedMsm.TARGET_SLICES);
        int parts = SortedMsm.parts(buckets, windows, SortedMsm.TARGET_REDUCE);
        int hottest = 0;
        for (int k : counts) {
            hottest = Math.max(hottest, k);
        }
        return new MsmLayoutStats(n, c, windows, 256 - c * (windows - 1), layout.slices(), hottest,
                layout.maxPerBucket(), SortedMsm.reduceWalk(layout.bucketSlice(), c, windows, parts, false),
                SortedMsm.reduceWalk(layout.bucketSlice(), c, windows, parts, true));
    }
}
