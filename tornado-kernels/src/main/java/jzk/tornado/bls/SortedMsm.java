package jzk.tornado.bls;

import java.lang.reflect.Method;

/**
 * Host driver of the sorted Pippenger MSM ({@link SortedMsmKernels}) for large inputs: per segment, (1) count
 * the (point, window) pairs per bucket with atomics, (2) exclusive prefix sum on the host (W·2^(c−1) ints),
 * (3) scatter the signed point indices into bucket order, (4) sum fixed-size slices of every bucket with one
 * work-item each, (5) reduce the buckets of each window in {@code parts} ranges (running sums plus a
 * double-and-add correction), fold the parts, and Horner over windows on the host. Total work W·n mixed
 * additions + W·2^c additions, independent of the number of work-items (the chunked {@link Msm} path does
 * W·(n + G·2^c)).
 *
 * <p>Invariants: same inputs and result as {@link Msm} (canonical scalars below r, affine Montgomery result,
 * infinity as zeros); the result is bit-exact with {@link Msm} because both return the affine normal form of the
 * same group element. {@link Msm} selects this path for segments of at least {@link #sortedFrom} points.
 */
public final class SortedMsm {
    private SortedMsm() {
    }

    private static final Method BIN = Kernels.find(SortedMsmKernels.class, "binPoints");
    private static final Method SUM = Kernels.find(SortedMsmKernels.class, "sumSlices");
    private static final Method REDUCE = Kernels.find(SortedMsmKernels.class, "reduceParts");
    private static final Method FOLD = Kernels.find(MsmKernels.class, "foldHalves");
    private static final int LOCAL = 64;

    /**
     * Segments of at least this many points take the sorted path. 2^20 is a guess, to be tuned on the H200
     * (the sorted path's fixed costs are two extra launches and a W·2^(c−1)-int host round trip). Not final so
     * that tests can lower it to exercise {@link Msm}'s selection on small inputs.
     */
    static volatile int sortedFrom = Integer.getInteger("jzk.msm.sortedFrom", 1 << 20);
    /** Work-items to aim for in slice summation; slices hold ceil(W·n / this) entries at most. */
    static final int TARGET_SLICES = Integer.getInteger("jzk.msm.sortedSlices", 1 << 17);
    /** Work-items to aim for in the bucket reduction (parts per window = this / W, a power of two ≤ 2^(c−1)). */
    static final int TARGET_REDUCE = Integer.getInteger("jzk.msm.sortedReduce", 1 << 15);

    /**
     * When set, {@link #segment} waits for the device after each phase and records the phase times (ns) in
     * {@link #lastPhases}: histogram (with the counts' read-back), prefix sum and slicing on the host, scatter
     * (with the slice tables' upload), slice sums, reduction + fold + read-back + Horner. For benchmarks only (the waits serialise host and device).
     */
    static volatile boolean profile;
    static final long[] lastPhases = new long[5];

    private static long mark(KernelHost host, int phase, long t0) {
        if (!profile) {
            return t0;
        }
        host.finish();
        long t = System.nanoTime();
        lastPhases[phase] = t - t0;
        return t;
    }

    /** The c in 2 … 16 with the least W·(n + 2^c) (accumulation plus bucket reduction). */
    static int chooseC(int n) {
        int best = 2;
        long bestCost = Long.MAX_VALUE;
        for (int c = 2; c <= 16; c++) {
            long cost = (long) ((256 + c - 1) / c) * (n + (1L << c));
            if (cost < bestCost) {
                best = c;
                bestCost = cost;
            }
        }
        return best;
    }

    /** Σ scalars[i]·bases[i] over resident bases by the sorted path for every segment; affine (12·d longs). */
    public static long[] msm(ResidentBases bases, long[] scalars) {
        return msm(bases, scalars, TARGET_SLICES, TARGET_REDUCE);
    }

    /** As {@link #msm(ResidentBases, long[])} with explicit work-item targets (tests, tuning). */
    static long[] msm(ResidentBases bases, long[] scalars, int targetSlices, int targetReduce) {
        int d = bases.d;
        int[] s32 = Msm.scalarsToKernel(scalars, bases.n);
        int[] total = new int[48 * d];
        for (int k = 0; k < bases.segments.length; k++) {
            int points = bases.segmentSize(k);
            if (points > 0) {
                Xyzz.add(d, total, 0, segment(bases.host, d, bases.segments[k], s32, k * bases.segmentPoints,
                        points, targetSlices, targetReduce), 0);
            }
        }
        return Msm.toAffine(d, total);
    }

    /** One segment of n points from scalar index {@code from}; returns the XYZZ sum. */
    static int[] segment(KernelHost host, int d, KernelHost.Buffer basesBuf, int[] s32, int from, int n,
                         int targetSlices, int targetReduce) {
        int c = chooseC(n);
        int windows = (256 + c - 1) / c;
        int buckets = 1 << (c - 1);
        int ids = windows * buckets;
        int pInts = 48 * d;
        try (KernelHost.Buffer sc = host.allocate(8L * n);
             KernelHost.Buffer cursor = host.allocate(ids)) {
            int[] part = new int[8 * n];
            System.arraycopy(s32, from * 8, part, 0, part.length);
            host.write(sc, 0, part, part.length);
            int[] counts = new int[ids];
            host.write(cursor, 0, counts, ids);
            long t = profile ? mark(host, 0, System.nanoTime()) : 0;
            try (KernelHost.Buffer none = host.allocate(1)) {
                host.launch(BIN, grid(n), LOCAL, sc, cursor, none, n, c, windows, 0);
            }
            host.read(cursor, 0, counts, ids);
            t = mark(host, 0, t);
            // exclusive prefix sum → bucket starts; then the slices: ceil(count / size) per non-empty bucket
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
            int size = (int) Math.max(1, (entries + targetSlices - 1) / targetSlices);
            int[] bucketSlice = new int[ids + 1];
            long sliceCount = 0;
            for (int b = 0; b < ids; b++) {
                bucketSlice[b] = (int) sliceCount;
                sliceCount += (counts[b] + size - 1) / size;
            }
            bucketSlice[ids] = (int) sliceCount;
            int slices = (int) sliceCount;
            int[] sliceStart = new int[slices + 1];
            for (int b = 0; b < ids; b++) {
                for (int s = bucketSlice[b], k = 0; s < bucketSlice[b + 1]; s++, k++) {
                    sliceStart[s] = start[b] + k * size;
                }
            }
            sliceStart[slices] = (int) entries;
            t = mark(host, 1, t);
            int parts = Math.min(buckets, Integer.highestOneBit(Math.max(1, targetReduce / windows)));
            try (KernelHost.Buffer entryBuf = host.allocate(Math.max(1, entries));
                 KernelHost.Buffer sliceBuf = host.allocate(slices + 1);
                 KernelHost.Buffer bucketBuf = host.allocate(ids + 1);
                 KernelHost.Buffer sums = host.allocate(Math.max(1L, (long) slices * pInts));
                 KernelHost.Buffer partials = host.allocate((long) windows * parts * pInts)) {
                host.write(cursor, 0, start, ids);
                host.launch(BIN, grid(n), LOCAL, sc, cursor, entryBuf, n, c, windows, 1);
                host.write(sliceBuf, 0, sliceStart, slices + 1);
                host.write(bucketBuf, 0, bucketSlice, ids + 1);
                t = mark(host, 2, t);
                if (slices > 0) {
                    host.launch(SUM, grid(slices), LOCAL, d, basesBuf, entryBuf, sliceBuf, sums, slices);
                }
                t = mark(host, 3, t);
                int items = windows * parts;
                host.launch(REDUCE, grid(items), LOCAL, d, sums, bucketBuf, partials, c, windows, parts);
                for (int half = items / 2; half >= windows; half /= 2) {
                    host.launch(FOLD, grid(half), LOCAL, d, partials, half);
                }
                int[] winSums = new int[windows * pInts];
                host.read(partials, 0, winSums, winSums.length);
                int[] acc = new int[pInts];
                Xyzz.copy(d, acc, 0, winSums, (windows - 1) * pInts);
                for (int w = windows - 2; w >= 0; w--) {
                    for (int i = 0; i < c; i++) {
                        Xyzz.dbl(d, acc, 0);
                    }
                    Xyzz.add(d, acc, 0, winSums, w * pInts);
                }
                mark(host, 4, t);
                return acc;
            }
        }
    }

    private static int grid(int count) {
        return (count + LOCAL - 1) / LOCAL * LOCAL;
    }
}
