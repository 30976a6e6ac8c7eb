package jzk.tornado.bls;

import jzk.tornado.bls.kernels.BucketLayoutKernels;

/**
 * The host's part of the sorted MSM between the two binning launches: where each bucket's entries start (the
 * exclusive prefix sum of the counts) and how the entries are cut into slices, one per work-item of the slice sums:
 * every non-empty bucket in {@code ceil(count / size)} slices of at most {@code size} entries, with
 * {@code size = ceil(entries / targetSlices)} (at least 1, {@link BucketLayoutKernels#sliceSize}), so the
 * work-items get about equal work. {@link DeviceBucketSlices} computes the same tables on the device.
 *
 * <p>Invariants: {@code start[b]} = Σ_{b' < b} counts[b']; bucket b owns slices
 * {@code [bucketSlice[b], bucketSlice[b + 1])}; slice s covers entries {@code [sliceStart[s], sliceStart[s + 1])},
 * all of one bucket; {@code sliceStart[slices] = entries}.
 *
 * <p>Why a class of its own: inside {@code SortedMsm.segment} (a large method) these loops over the 2^15·16 bucket
 * ids ran in the JVM's profiling tiers for the first calls of a process, until the whole method was compiled: on the
 * H200 the host phase took 17–64 ms in the first 7 calls of a G1 2^20 MSM and 4.9 ms from the 8th on, which made
 * the resident 2^20 row bimodal (bench-results/h200-kernels-s4-2026-12-01, {@code -Djzk.bench.msmPhases}). A small
 * method is compiled after a few thousand loop iterations.
 */
record BucketSlices(int[] start, long entries, int[] bucketSlice, int[] sliceStart) {
    /** Number of slices (work-items of the slice sums). */
    int slices() {
        return sliceStart.length - 1;
    }

    /** The most slices one bucket has (0 when every bucket is empty). */
    int maxPerBucket() {
        int most = 0;
        for (int b = 0; b + 1 < bucketSlice.length; b++) {
            most = Math.max(most, bucketSlice[b + 1] - bucketSlice[b]);
        }
        return most;
    }

    /**
     * The layout for bucket {@code counts} of an n-point segment.
     *
     * @throws IllegalStateException if the entries exceed one int-indexed buffer
     */
    static BucketSlices of(int[] counts, int n, int targetSlices) {
        int ids = counts.length;
        int[] start = new int[ids];
        long entries = 0;
        for (int b = 0; b < ids; b++) {
            start[b] = (int) entries;
            entries += counts[b];
        }
        if (entries > Integer.MAX_VALUE) {
            throw new IllegalStateException("sorted MSM segment of " + n + " points has " + entries
                    + " bucket entries, more than one int-indexed buffer holds; use smaller segments");
        }
        int size = BucketLayoutKernels.sliceSize(entries, targetSlices);
        int[] bucketSlice = new int[ids + 1];
        long sliceCount = 0;
        for (int b = 0; b < ids; b++) {
            bucketSlice[b] = (int) sliceCount;
            sliceCount += (counts[b] + size - 1) / size;
        }
        bucketSlice[ids] = (int) sliceCount;
        int[] sliceStart = new int[(int) sliceCount + 1];
        for (int b = 0; b < ids; b++) {
            for (int s = bucketSlice[b], k = 0; s < bucketSlice[b + 1]; s++, k++) {
                sliceStart[s] = start[b] + k * size;
            }
        }
        sliceStart[(int) sliceCount] = (int) entries;
        return new BucketSlices(start, entries, bucketSlice, sliceStart);
    }
}
