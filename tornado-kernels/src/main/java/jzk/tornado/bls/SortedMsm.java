package jzk.tornado.bls;

import java.lang.reflect.Method;
import jzk.tornado.api.Kernels;
import jzk.tornado.bls.kernels.BucketLayoutKernels;
import jzk.tornado.bls.kernels.MsmKernels;
import jzk.tornado.bls.kernels.SortedMsmKernels;
import jzk.tornado.bls.kernels.SplitMsmKernels;
import jzk.tornado.bls.kernels.Xyzz;
import jzk.tornado.config.RuntimeConfig;

/**
 * Host driver of the sorted Pippenger MSM ({@link SortedMsmKernels}) for large inputs: per segment, (1) count
 * the (point, window) pairs per bucket with atomics, (2) bucket starts and slice tables by prefix sums over the
 * W·2^(c−1) counts, on the device ({@link DeviceBucketSlices}; {@code -Djzk.msm.deviceLayout=false}: read back and
 * laid out on the host, {@link BucketSlices}), (3) scatter the signed point indices into bucket order, (4) sum
 * fixed-size slices of every bucket with one work-item each, (5) reduce the buckets of each window in
 * {@code parts} ranges (running sums plus a double-and-add correction), fold the parts, and Horner over windows on
 * the host. With the device layout the only host round trip of a segment is the final read of W points. Total work W·n mixed
 * additions + W·2^c additions, independent of the number of work-items (the chunked {@link Msm} path does
 * W·(n + G·2^c)).
 *
 * <p>Invariants: same inputs and result as {@link Msm} (canonical scalars below r, affine Montgomery result,
 * infinity as zeros); the result is bit-exact with {@link Msm} because both return the affine normal form of the
 * same group element. {@link Msm} selects this path for segments of at least {@link #sortedFrom} points.
 * Scalars stay in one device buffer for the whole call (segments read it at their offset) and are range-checked
 * there once ({@link DeviceScalars}); the other device buffers are the {@link ResidentBases}' {@link MsmScratch},
 * reused across calls.
 */
public final class SortedMsm {
    private SortedMsm() {
    }

    private static final Method BIN = Kernels.of(SortedMsmKernels::binPoints);
    private static final Method SUM = Kernels.of(SortedMsmKernels::sumSlices);
    private static final Method SUM_G1 = Kernels.of(SortedMsmKernels::sumSlicesG1);
    private static final Method SUM_G2 = Kernels.of(SortedMsmKernels::sumSlicesG2);
    private static final Method FOLD_SLICES = Kernels.of(SortedMsmKernels::foldBucketSlices);
    private static final Method REDUCE = Kernels.of(SortedMsmKernels::reduceParts);
    private static final Method REDUCE_G1 = Kernels.of(SortedMsmKernels::reducePartsG1);
    private static final Method REDUCE_G2 = Kernels.of(SortedMsmKernels::reducePartsG2);
    private static final Method FOLD = Kernels.of(MsmKernels::foldHalves);
    private static final Method REMAP = Kernels.of(SplitMsmKernels::remapEntries);
    private static final int LOCAL = 64;

    /**
     * Segments of at least this many points take the sorted path. 2^17: on the H200 (bench-results run 7 call 2,
     * G1, medians of 5, PTX / NVIDIA OpenCL) the chunked path (2^17 work-items) wins or ties at 2^16 (15.6 / 13.8
     * ms against 17.3 / 13.8 ms) and the sorted path wins from 2^17 on (19.7 / 16.7 against 22.3 / 23.0 ms; 21.1
     * against 34.5 ms at 2^18, 40.6 against 85.5 ms at 2^20); G2 likewise between 2^16 and 2^18. The sorted path's
     * fixed costs are two extra launches and a W·2^(c−1)-int host round trip. Not final so that tests can lower it
     * to exercise {@link Msm}'s selection on small inputs.
     */
    static volatile int sortedFrom = RuntimeConfig.get().msmSortedFrom();
    /**
     * Work-items to aim for in slice summation; slices hold ceil(W·n / this) entries at most. G1 2^24 on the H200
     * (run 7, PTX): 2^16, 2^17 and 2^18 within 1 % of each other (≈ 370 ms), 2^19 45 % slower.
     */
    static final int TARGET_SLICES = RuntimeConfig.get().msmSortedSlices();
    /** Work-items to aim for in the bucket reduction (parts per window = this / W, a power of two ≤ 2^(c−1)). */
    static final int TARGET_REDUCE = RuntimeConfig.get().msmSortedReduce();
    /**
     * Slice sums by the group's own kernel, {@link SortedMsmKernels#sumSlicesG1} / {@code sumSlicesG2}
     * (straight-line formulas, all in registers), instead of the group-generic {@link SortedMsmKernels#sumSlices}
     * (interpreted formula program in local memory); same results bit for bit. {@code -Djzk.msm.straight=false}
     * selects the generic kernel, for comparison.
     */
    static final boolean STRAIGHT = RuntimeConfig.get().msmStraight();
    /**
     * Bucket reduction by the group's own kernel, {@link SortedMsmKernels#reducePartsG1} / {@code reducePartsG2}
     * (straight-line, one addition site), instead of the generic {@link SortedMsmKernels#reduceParts}; same results
     * bit for bit. Not final so that tests can run both ({@code -Djzk.msm.straightReduce=false} selects the generic).
     */
    static volatile boolean straightReduce = RuntimeConfig.get().msmStraightReduce();
    /**
     * Tree-sum the slices of every bucket that has several ({@link SortedMsmKernels#foldBucketSlices}) before the
     * reduction; false leaves them to the reduction's serial walk (the code before, for tests and comparison:
     * {@code -Djzk.msm.foldSlices=false}). Same results bit for bit in affine form.
     */
    static volatile boolean foldSlices = RuntimeConfig.get().msmFoldSlices();
    /**
     * Bucket layout on the device ({@link DeviceBucketSlices}) instead of the counts' read-back, host prefix sums
     * ({@link BucketSlices}) and three table uploads between the two binning launches; same tables, same result.
     * {@code -Djzk.msm.deviceLayout=false} selects the host layout, for comparison.
     */
    static final boolean DEVICE_LAYOUT = RuntimeConfig.get().msmDeviceLayout();
    /**
     * With the device layout and the straight slice sums: work-items take the slices longest first
     * ({@link DeviceBucketSlices#order}), so a warp's 32 slices have about the same length. In slice (bucket) order
     * a warp runs as long as its longest slice: for random scalars the bucket sizes are Poisson(λ), λ = W·n/(W·2^(c−1))
     * (32 at 2^20, 128 at 2^22, 512 at 2^24 with c = 16), and the expected longest of 32 is about λ + 2.07·√λ, so
     * 73 %, 85 % and 92 % of the lanes do work. {@code -Djzk.msm.sliceOrder=false}: slice order.
     */
    static final boolean SLICE_ORDER = RuntimeConfig.get().msmSliceOrder();
    /** Largest window {@link #chooseC} may pick ({@code jzk.msm.maxWindow}), clamped to 2 … 24. */
    static final int MAX_WINDOW = Math.max(2, Math.min(24, RuntimeConfig.get().msmMaxWindow()));
    /** {@link #chooseC}'s price of one bucket of the reduction in accumulation steps ({@code jzk.msm.reduceWeight}), 1 … 64. */
    static final int REDUCE_WEIGHT = Math.max(1, Math.min(64, RuntimeConfig.get().msmReduceWeight()));

    /**
     * When set, the calls wait for the device after each phase and record the phase times (ns) in
     * {@link #lastPhases}: [0] scalar upload from the {@code long[]} (0 for device-resident scalars), [1] range
     * check on the device, then per segment (summed over segments) [2] histogram with the counts' read-back,
     * [3] prefix sum and slicing on the host, [4] scatter with the slice tables' upload, [5] slice sums, [6]
     * reduction + fold + read-back + Horner. For benchmarks only (the waits serialise host and device).
     */
    static volatile boolean profile;
    static final long[] lastPhases = new long[7];


    /**
     * Runs {@code msmCall} (one MSM of this class) with {@link #profile} on and returns its phase times (ns, indexed
     * as {@link #lastPhases}). For benchmarks only.
     */
    public static long[] profiled(Runnable msmCall) {
        profile = true;
        try {
            msmCall.run();
        } finally {
            profile = false;
        }
        return lastPhases.clone();
    }

    private static long mark(KernelHost host, int phase, long t0) {
        if (!profile) {
            return t0;
        }
        host.finish();
        long t = System.nanoTime();
        lastPhases[phase] += t - t0;
        return t;
    }

    /** When positive, the window every segment uses instead of {@link #chooseC} (checks of large windows). */
    static volatile int windowOverride;

    /** {@link #chooseC(int, int, int)} up to {@link #MAX_WINDOW} with {@link #REDUCE_WEIGHT}. */
    public static int chooseC(int n) {
        return chooseC(n, MAX_WINDOW, REDUCE_WEIGHT);
    }

    /**
     * The c in 2 … maxC with the least W·(n + k·2^(c−1)), W = ⌈256/c⌉: W·n bucket entries to accumulate and
     * W·2^(c−1) buckets to reduce, each priced at k accumulation steps (k = 2 is the textbook W·(n + 2^c)). Above 16
     * the bucket tables grow to W·2^(c−1) ids (c = 20: 13·2^19, with one XYZZ slice sum each), which only the device
     * layout handles without a large host round trip. Measured on the H200 (session 6, G1, device layout): ≈ 0.9 ns
     * an entry in the slice sums at every c, and 3.6–7.8 ns a bucket id in the reduction (c = 20 … 16), so k ≈ 4–9;
     * G2: ≈ 3 ns an entry, 23–27 ns a bucket id, k ≈ 8–9 (bench-results/h200-s6-2026-12-01).
     */
    public static int chooseC(int n, int maxC, int k) {
        int best = 2;
        long bestCost = Long.MAX_VALUE;
        for (int c = 2; c <= maxC; c++) {
            long cost = (long) ((256 + c - 1) / c) * (n + ((long) k << (c - 1)));
            if (cost < bestCost) {
                best = c;
                bestCost = cost;
            }
        }
        return best;
    }

    /**
     * Σ scalars[i]·bases[i] over resident bases by the sorted path for every segment; affine (12·d longs). The
     * scalars ({@code 4·n} longs) are copied into a device buffer kept by {@code bases} and checked there.
     */
    public static long[] msm(ResidentBases bases, long[] scalars) {
        return msm(bases, scalars, TARGET_SLICES, TARGET_REDUCE);
    }

    /**
     * Σ scalars[i]·bases[i] with the scalars already on the device: {@code 8·n} ints at the start of
     * {@code scalars}, canonical, little-endian 32-bit limbs (the bytes of the {@code long[]} form, e.g. written by
     * {@link KernelHost#write(KernelHost.Buffer, long, long[], int, int)}); each must be below r, else
     * {@link IllegalArgumentException} naming the first index that is not.
     */
    public static long[] msm(ResidentBases bases, KernelHost.Buffer scalars) {
        return msm(bases, scalars, TARGET_SLICES, TARGET_REDUCE);
    }

    /** As {@link #msm(ResidentBases, long[])} with explicit work-item targets (tests, tuning). */
    static long[] msm(ResidentBases bases, long[] scalars, int targetSlices, int targetReduce) {
        synchronized (bases) {
            long t = profile ? start() : 0;
            KernelHost.Buffer buf = Msm.upload(bases, scalars);
            mark(bases.host, 0, t);
            return sorted(bases, buf, targetSlices, targetReduce);
        }
    }

    static long[] msm(ResidentBases bases, KernelHost.Buffer scalars, int targetSlices, int targetReduce) {
        synchronized (bases) {
            if (profile) {
                start();
            }
            return sorted(bases, scalars, targetSlices, targetReduce);
        }
    }

    private static long start() {
        java.util.Arrays.fill(lastPhases, 0);
        return System.nanoTime();
    }

    private static long[] sorted(ResidentBases bases, KernelHost.Buffer scalars, int targetSlices,
                                 int targetReduce) {
        int d = bases.d;
        DeviceScalars.checkBuffer(scalars, bases.n);
        long t = profile ? System.nanoTime() : 0;
        DeviceScalars.requireBelowR(bases.host, bases.scratch(), scalars, 0, bases.n, 0);
        mark(bases.host, 1, t);
        int[] total = new int[48 * d];
        for (int k = 0; k < bases.segments.length; k++) {
            int points = bases.segmentSize(k);
            if (points > 0) {
                Xyzz.add(d, total, 0, segment(bases.host, d, bases.segments[k], scalars, k * bases.segmentPoints,
                        points, targetSlices, targetReduce, bases.scratch()), 0);
            }
        }
        return Msm.toAffine(d, total);
    }

    /**
     * One segment of n points whose scalars are {@code [from, from + n)} of the {@code scalars} buffer (already
     * range-checked); returns the XYZZ sum. Device buffers come from {@code scratch}.
     */
    static int[] segment(KernelHost host, int d, KernelHost.Buffer basesBuf, KernelHost.Buffer scalars, int from,
                         int n, int targetSlices, int targetReduce, MsmScratch scratch) {
        return segment(host, d, basesBuf, scalars, from, n, targetSlices, targetReduce, scratch, null);
    }

    /**
     * As {@link #segment(KernelHost, int, KernelHost.Buffer, KernelHost.Buffer, int, int, int, int, MsmScratch)}
     * with scalar k belonging to base {@code index[k]} of {@code basesBuf} when {@code index} (n ints) is not null:
     * the bucket entries are made over the n packed scalars and then mapped to base indices
     * ({@link SplitMsmKernels#remapEntries}), so the bases are read in place ({@link SplitMsm}'s rest class).
     */
    static int[] segment(KernelHost host, int d, KernelHost.Buffer basesBuf, KernelHost.Buffer scalars, int from,
                         int n, int targetSlices, int targetReduce, MsmScratch scratch, KernelHost.Buffer index) {
        int c = windowOverride > 0 ? windowOverride : chooseC(n);
        int windows = (256 + c - 1) / c;
        int buckets = 1 << (c - 1);
        int ids = windows * buckets;
        int pInts = 48 * d;
        long t = profile ? System.nanoTime() : 0;
        KernelHost.Buffer cursor = scratch.get(MsmScratch.Role.CURSOR, ids);
        KernelHost.Buffer entryBuf = scratch.get(MsmScratch.Role.ENTRIES, (long) windows * n);
        // the device layout keeps its sums in ints: W·n entries at most
        boolean onDevice = DEVICE_LAYOUT && (long) windows * n <= Integer.MAX_VALUE;
        int[] counts = null;
        BucketSlices hostLayout = null;
        long entries;
        int slices;
        KernelHost.Buffer sliceBuf;
        KernelHost.Buffer bucketBuf;
        if (onDevice) {
            // counts → starts, slice tables and totals on the device (DeviceBucketSlices); no host round trip
            DeviceBucketSlices.zero(host, cursor, ids);
            host.launch(BIN, grid(n), LOCAL, scalars, from, cursor, entryBuf, n, c, windows, 0);
            t = mark(host, 2, t);
            slices = DeviceBucketSlices.bound(ids, targetSlices);
            KernelHost.Buffer start = scratch.get(MsmScratch.Role.START, ids);
            KernelHost.Buffer lv = scratch.get(MsmScratch.Role.LEVELS, DeviceBucketSlices.levelInts(ids));
            sliceBuf = scratch.get(MsmScratch.Role.SLICES, slices + 1L);
            bucketBuf = scratch.get(MsmScratch.Role.BUCKET_SLICES, ids + 1L);
            DeviceBucketSlices.layout(host, cursor, ids, lv, start, bucketBuf, sliceBuf, targetSlices);
            t = mark(host, 3, t);
            // the starts become the scatter's cursors; the counts stay for MsmOps
            host.launch(BIN, grid(n), LOCAL, scalars, from, start, entryBuf, n, c, windows, 1);
            entries = -1;
            if (index != null || MsmOps.counting != null) {
                int[] totals = new int[2];
                host.read(lv, 0, totals, 2);
                entries = totals[BucketLayoutKernels.ENTRIES];
                if (MsmOps.counting != null) {
                    counts = new int[ids];
                    host.read(cursor, 0, counts, ids);
                    slices = totals[BucketLayoutKernels.SLICES];
                }
            }
        } else {
            counts = new int[ids];
            host.write(cursor, 0, counts, ids);
            // pass 0 writes no entries, but the parameter must not alias cursor (PoCL then loses the counts)
            host.launch(BIN, grid(n), LOCAL, scalars, from, cursor, entryBuf, n, c, windows, 0);
            host.read(cursor, 0, counts, ids);
            t = mark(host, 2, t);
            // exclusive prefix sum → bucket starts; then the slices: ceil(count / size) per non-empty bucket
            BucketSlices layout = BucketSlices.of(counts, n, targetSlices);
            hostLayout = layout;
            entries = layout.entries();
            slices = layout.slices();
            t = mark(host, 3, t);
            sliceBuf = scratch.get(MsmScratch.Role.SLICES, slices + 1L);
            bucketBuf = scratch.get(MsmScratch.Role.BUCKET_SLICES, ids + 1L);
            host.write(cursor, 0, layout.start(), ids);
            host.launch(BIN, grid(n), LOCAL, scalars, from, cursor, entryBuf, n, c, windows, 1);
            host.write(sliceBuf, 0, layout.sliceStart(), slices + 1);
            host.write(bucketBuf, 0, layout.bucketSlice(), ids + 1);
        }
        if (index != null && entries > 0) {
            host.launch(REMAP, grid((int) entries), LOCAL, entryBuf, index, (int) entries);
        }
        int parts = parts(buckets, windows, targetReduce);
        KernelHost.Buffer sums = scratch.get(MsmScratch.Role.SUMS, (long) slices * pInts);
        KernelHost.Buffer partials = scratch.get(MsmScratch.Role.PARTIALS, (long) windows * parts * pInts);
        t = mark(host, 4, t);
        if (slices > 0) {
            if (STRAIGHT) {
                int ordered = onDevice && SLICE_ORDER ? 1 : 0;
                KernelHost.Buffer order = scratch.get(MsmScratch.Role.ORDER, ordered == 1 ? slices : 1);
                if (ordered == 1) {
                    long maxSlice = BucketLayoutKernels.sliceSize((long) windows * n, targetSlices);
                    DeviceBucketSlices.order(host, sliceBuf, slices, maxSlice,
                            scratch.get(MsmScratch.Role.LEVELS, DeviceBucketSlices.levelInts(ids)), ids,
                            scratch.get(MsmScratch.Role.ORDER_BINS, BucketLayoutKernels.BINS),
                            scratch.get(MsmScratch.Role.ORDER_CURSOR, BucketLayoutKernels.BINS), order);
                }
                host.launch(d == 1 ? SUM_G1 : SUM_G2, grid(slices), LOCAL, basesBuf, entryBuf, sliceBuf, sums,
                        slices, order, ordered);
            } else {
                host.launch(SUM, grid(slices), LOCAL, d, basesBuf, entryBuf, sliceBuf, sums, slices);
            }
        }
        // a bucket cut into several slices: its slices summed as a tree (parallel), so the reduction below walks
        // one sum per bucket (plus infinities) instead of adding every slice in one work-item
        // (the device layout's slice count is a bound: rounds up to it, each round's extra work-items exit at once)
        if (foldSlices) {
            int most = hostLayout != null ? hostLayout.maxPerBucket() : slices;
            for (int stride = 1; stride < most; stride *= 2) {
                host.launch(FOLD_SLICES, grid(slices), LOCAL, d, sums, bucketBuf, ids, slices, stride);
            }
        }
        t = mark(host, 5, t);
        int items = windows * parts;
        if (straightReduce) {
            host.launch(d == 1 ? REDUCE_G1 : REDUCE_G2, grid(items), LOCAL, sums, bucketBuf, partials, c, windows,
                    parts);
        } else {
            host.launch(REDUCE, grid(items), LOCAL, d, sums, bucketBuf, partials, c, windows, parts);
        }
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
        mark(host, 6, t);
        MsmOps ops = MsmOps.counting;
        if (ops != null && counts != null) {
            count(ops, counts, n, c, windows, parts, entries, slices);
            // the device layout's tables are the host's for the same counts (DeviceBucketSlices)
            BucketSlices l = hostLayout != null ? hostLayout : BucketSlices.of(counts, n, targetSlices);
            ops.reduceWalk = Math.max(ops.reduceWalk, reduceWalk(l.bucketSlice(), c, windows, parts, foldSlices));
        }
        return acc;
    }

    /**
     * Adds one segment's operations to {@code ops}, as the kernels run them: one mixed addition per entry
     * ({@link SortedMsmKernels#sumSlices}); per window part one addition per slice and per bucket plus the
     * double-and-add of lo·run ({@link SortedMsmKernels#reduceParts}, bit by bit as there); the folds; Horner.
     */
    private static void count(MsmOps ops, int[] counts, int n, int c, int windows, int parts, long entries,
                              int slices) {
        ops.digitScans += 2L * windows * n;
        for (int b : counts) {
            ops.hotCounter = Math.max(ops.hotCounter, b);
        }
        ops.mixedAdds += entries;
        int span = (1 << (c - 1)) / parts;
        long full = slices + (long) windows * (1 << (c - 1));
        for (int p = 0; p < parts; p++) {
            // lo·run by double-and-add, then acc += lo·run (both reduction kernels)
            full += (long) windows * (loRunAdditions(p * span, c) + 1);
        }
        full += (long) windows * (parts - 1) + (long) (windows - 1) * (c + 1);
        ops.fullAdds += full;
    }

    /** Parts per window of the bucket reduction: about {@code targetReduce / windows}, a power of two ≤ buckets. */
    static int parts(int buckets, int windows, int targetReduce) {
        return Math.min(buckets, Integer.highestOneBit(Math.max(1, targetReduce / windows)));
    }

    /**
     * Additions of the reduction's double-and-add of lo·run for a part starting at bucket {@code lo}, as the kernels
     * run it ({@link SortedMsmKernels#reduceParts}: steps k < 2c, an addition where bit k/2 of lo is set (even k)
     * and a doubling while higher bits remain (odd k)).
     */
    static int loRunAdditions(int lo, int c) {
        int adds = 0;
        for (int k = 0; k < 2 * c; k++) {
            int bit = k >> 1;
            if ((k & 1) == 0 ? ((lo >>> bit) & 1) != 0 : (lo >>> (bit + 1)) != 0) {
                adds++;
            }
        }
        return adds;
    }

    /**
     * The longest chain of additions one work-item of the bucket reduction runs one after another (the reduction's
     * critical path): per bucket of its part one addition per slice ({@code folded}: at most one, the other slices
     * are at infinity) and one for acc += run, then the double-and-add of lo·run and acc += lo·run.
     */
    static long reduceWalk(int[] bucketSlice, int c, int windows, int parts, boolean folded) {
        int buckets = 1 << (c - 1);
        int span = buckets / parts;
        long most = 0;
        for (int w = 0; w < windows; w++) {
            for (int p = 0; p < parts; p++) {
                int lo = p * span;
                long walk = 1;
                for (int b = lo; b < lo + span; b++) {
                    int sl = bucketSlice[w * buckets + b + 1] - bucketSlice[w * buckets + b];
                    walk += 1 + (folded ? Math.min(sl, 1) : sl);
                }
                most = Math.max(most, walk + loRunAdditions(lo, c));
            }
        }
        return most;
    }

    private static int grid(int count) {
        return (count + LOCAL - 1) / LOCAL * LOCAL;
    }
}
