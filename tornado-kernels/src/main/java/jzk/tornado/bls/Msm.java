package jzk.tornado.bls;

import java.lang.reflect.Method;
import jzk.arith.Fp;
import jzk.arith.MontgomeryField;
import jzk.tornado.api.Kernels;
import jzk.tornado.bls.kernels.MsmKernels;
import jzk.tornado.bls.kernels.Xyzz;
import jzk.tornado.config.RuntimeConfig;

/**
 * Host driver of the Pippenger MSM ({@link MsmKernels}): uploads and range-checks scalars on the device
 * ({@link DeviceScalars}), picks the window size and chunk count from the input size, launches bucket
 * accumulation and the tree sum per segment, and combines window sums and segments on the host (a few hundred
 * point operations, with the same {@link Xyzz} code).
 *
 * <p>Scalars are {@code 4·n} longs, canonical (not Montgomery), little-endian; a scalar ≥ r is rejected with
 * its index (reducing it silently would hide a caller bug). The result is affine in the project layout
 * (Montgomery 64-bit limbs, 12·d longs), the point at infinity as all zeros.
 */
public final class Msm {
    private Msm() {
    }

    private static final Method ACCUMULATE = Kernels.of(MsmKernels::accumulate);
    private static final Method REDUCE = Kernels.of(MsmKernels::reduceBuckets);
    private static final Method FOLD = Kernels.of(MsmKernels::foldHalves);
    private static final int LOCAL = 64;
    private static final MontgomeryField FP = Fp.F;

    /**
     * Work-items to aim for: 2^15 keeps an H200 (132 SMs) busy with several resident warps per scheduler while
     * per-work-item bucket memory stays within {@link #MAX_BUCKET_INTS}.
     */
    static final int TARGET_WORK_ITEMS = RuntimeConfig.get().msmWorkItems();
    /**
     * Bucket memory bound: 2^31 − 1 ints (8 GiB), the most that keeps every int index of the kernels below 2^31
     * (the JIT widens indices to 64-bit byte offsets, so larger buffers are addressed correctly). Was 2^30, which
     * kept c one lower than the cost model wants at 2^24 points (c = 10 instead of 11 for G1 at 2^15 work-items).
     */
    static final long MAX_BUCKET_INTS = Integer.MAX_VALUE;

    /** Window size c, windows W = ceil(256/c), chunks G (a power of two). */
    public record Config(int c, int windows, int groups) {
        long bucketInts(int d) {
            return (long) windows * groups * (1L << (c - 1)) * 48 * d;
        }
    }

    /** The c in 2 … 16 with the least total additions W·(n + G·2^c) whose bucket memory fits. */
    public static Config choose(int n, int d, int targetWorkItems) {
        Config best = null;
        long bestCost = Long.MAX_VALUE;
        for (int c = 2; c <= 16; c++) {
            int windows = (256 + c - 1) / c;
            long cap = Math.max(1, Math.min(targetWorkItems / windows, (n + 3) / 4));
            int groups = Integer.highestOneBit((int) cap);
            Config cfg = new Config(c, windows, groups);
            long cost = (long) windows * (n + (long) groups * (1L << c));
            if (cfg.bucketInts(d) <= MAX_BUCKET_INTS && cost < bestCost) {
                best = cfg;
                bestCost = cost;
            }
        }
        return best;
    }

    /**
     * Copies {@code 4·n} scalar longs into the scalar buffer of {@code bases}' scratch (one pass, no conversion,
     * see {@link DeviceScalars}) and returns it; the range check is the caller's next step.
     */
    static KernelHost.Buffer upload(ResidentBases bases, long[] scalars) {
        DeviceScalars.checkLength(scalars, bases.n);
        KernelHost.Buffer buf = bases.scratch().get(MsmScratch.Role.SCALARS, 8L * bases.n);
        bases.host.write(buf, 0, scalars, 0, scalars.length);
        return buf;
    }

    /**
     * Σ scalars[i]·bases[i] over resident bases; returns the affine sum (12·d longs). The scalars are copied
     * into a device buffer kept by {@code bases} and range-checked there. A segment whose zeros and ones are at
     * least 1/{@link SplitMsm#MIN_TRIVIAL_SHARE} of it is split by scalar class ({@link SplitMsm}, unless
     * {@code -Djzk.msm.split=false}); otherwise segments of at least {@link SortedMsm#sortedFrom} points take the
     * sorted path ({@link SortedMsm}), smaller ones the chunked one.
     */
    public static long[] msm(ResidentBases bases, long[] scalars) {
        synchronized (bases) {
            return msm(bases, upload(bases, scalars), 0, TARGET_WORK_ITEMS, true);
        }
    }

    /**
     * Σ scalars[i]·bases[i] with the scalars already on the device: the first {@code 8·n} ints of {@code scalars},
     * canonical, little-endian 32-bit limbs (the bytes of the {@code long[]} form; write them with
     * {@link KernelHost#write(KernelHost.Buffer, long, long[], int, int)}). A scalar ≥ r throws
     * {@link IllegalArgumentException} naming its index. Path selection as {@link #msm(ResidentBases, long[])}.
     */
    public static long[] msm(ResidentBases bases, KernelHost.Buffer scalars) {
        return msm(bases, scalars, 0);
    }

    /** As {@link #msm(ResidentBases, KernelHost.Buffer)} over the scalars {@code [offset, offset + n)}. */
    public static long[] msm(ResidentBases bases, KernelHost.Buffer scalars, int offset) {
        synchronized (bases) {
            return msm(bases, scalars, offset, TARGET_WORK_ITEMS, true);
        }
    }

    /**
     * The chunked path alone, with an explicit work-item target (tuning, benchmarks); {@link SortedMsm#msm} is
     * the sorted path alone.
     */
    public static long[] msm(ResidentBases bases, long[] scalars, int targetWorkItems) {
        synchronized (bases) {
            return msm(bases, upload(bases, scalars), 0, targetWorkItems, false);
        }
    }

    private static long[] msm(ResidentBases bases, KernelHost.Buffer scalars, int offset, int targetWorkItems,
                              boolean allowSorted) {
        int d = bases.d;
        KernelHost host = bases.host;
        if (offset < 0) {
            throw new IllegalArgumentException("negative scalar offset " + offset);
        }
        DeviceScalars.checkBuffer(scalars, Math.addExact(offset, bases.n));
        DeviceScalars.requireBelowR(host, bases.scratch(), scalars, offset, bases.n, 0);
        int[] total = new int[48 * d];
        for (int k = 0; k < bases.segments.length; k++) {
            int points = bases.segmentSize(k);
            if (points <= 0) {
                continue;
            }
            int from = offset + k * bases.segmentPoints;
            int[] seg = allowSorted && SplitMsm.enabled
                    ? SplitMsm.segment(host, d, bases.segments[k], scalars, from, points, SplitMsm.MIN_TRIVIAL_SHARE,
                            bases.scratch())
                    : null;
            if (seg != null) {
                Xyzz.add(d, total, 0, seg, 0);
                continue;
            }
            seg = allowSorted && points >= SortedMsm.sortedFrom
                    ? SortedMsm.segment(host, d, bases.segments[k], scalars, from, points,
                            SortedMsm.TARGET_SLICES, SortedMsm.TARGET_REDUCE, bases.scratch())
                    : segment(host, d, bases.segments[k], scalars, from, points, targetWorkItems);
            Xyzz.add(d, total, 0, seg, 0);
        }
        return toAffine(d, total);
    }

    /**
     * Σ scalars[i]·bases[i] with the bases streamed through the device {@code segmentPoints} at a time: each
     * segment's bases and scalars are uploaded (no conversion, {@link KernelHost#write(KernelHost.Buffer, long,
     * long[], int, int)}), range-checked, reduced to one point and freed before the next, so the device holds one
     * segment (plus the per-segment buckets) however large n is. For inputs larger than device memory.
     */
    public static long[] msmStreaming(KernelHost host, int d, long[] bases, long[] scalars, int segmentPoints) {
        if (d != 1 && d != 2) {
            throw new IllegalArgumentException("group degree " + d + " is neither 1 (G1) nor 2 (G2)");
        }
        if (segmentPoints < 1) {
            throw new IllegalArgumentException("segmentPoints must be positive, got " + segmentPoints);
        }
        int longsPerPoint = 12 * d;
        if (bases.length % longsPerPoint != 0) {
            throw new IllegalArgumentException("bases array of " + bases.length + " longs is not a whole number of "
                    + (d == 1 ? "G1" : "G2") + " affine points (" + longsPerPoint + " longs each)");
        }
        int n = bases.length / longsPerPoint;
        DeviceScalars.checkLength(scalars, n);
        int[] total = new int[48 * d];
        try (MsmScratch scratch = new MsmScratch(host)) {
            for (int from = 0; from < n; from += segmentPoints) {
                int points = Math.min(segmentPoints, n - from);
                KernelHost.Buffer sc = scratch.get(MsmScratch.Role.SCALARS, 8L * points);
                host.write(sc, 0, scalars, 4 * from, 4 * points);
                // segments run in index order, so the first failing segment holds the first bad scalar
                DeviceScalars.requireBelowR(host, scratch, sc, 0, points, from);
                try (KernelHost.Buffer seg = host.allocate((long) points * 24 * d)) {
                    host.write(seg, 0, bases, from * longsPerPoint, points * longsPerPoint);
                    int[] sum = points >= SortedMsm.sortedFrom
                            ? SortedMsm.segment(host, d, seg, sc, 0, points, SortedMsm.TARGET_SLICES,
                                    SortedMsm.TARGET_REDUCE, scratch)
                            : segment(host, d, seg, sc, 0, points, TARGET_WORK_ITEMS);
                    Xyzz.add(d, total, 0, sum, 0);
                }
            }
        }
        return toAffine(d, total);
    }

    /**
     * One segment of n bases whose scalars are {@code [from, from + n)} of the (range-checked) {@code scalars}
     * buffer: accumulate, tree-sum the chunks, then Horner over windows on the host. Returns XYZZ.
     */
    private static int[] segment(KernelHost host, int d, KernelHost.Buffer basesBuf, KernelHost.Buffer scalars,
                                 int from, int n, int targetWorkItems) {
        Config cfg = choose(n, d, targetWorkItems);
        int pInts = 48 * d;
        int items = cfg.windows * cfg.groups;
        try (KernelHost.Buffer buckets = host.allocate(cfg.bucketInts(d));
             KernelHost.Buffer partials = host.allocate((long) items * pInts)) {
            host.launch(ACCUMULATE, grid(items), LOCAL, d, basesBuf, scalars, from, buckets, n, cfg.c, cfg.windows,
                    cfg.groups);
            host.launch(REDUCE, grid(items), LOCAL, d, buckets, partials, cfg.c, items);
            for (int half = items / 2; half >= cfg.windows; half /= 2) {
                host.launch(FOLD, grid(half), LOCAL, d, partials, half);
            }
            int[] sums = new int[cfg.windows * pInts];
            host.read(partials, 0, sums, sums.length);
            int[] acc = new int[pInts];
            Xyzz.copy(d, acc, 0, sums, (cfg.windows - 1) * pInts);
            for (int w = cfg.windows - 2; w >= 0; w--) {
                for (int i = 0; i < cfg.c; i++) {
                    Xyzz.dbl(d, acc, 0);
                }
                Xyzz.add(d, acc, 0, sums, w * pInts);
            }
            return acc;
        }
    }

    private static int grid(int count) {
        return (count + LOCAL - 1) / LOCAL * LOCAL;
    }

    /** XYZZ (32-bit limbs) → affine in the project layout: x = X/ZZ, y = Y/ZZZ; infinity → zeros. */
    public static long[] toAffine(int d, int[] p) {
        int s = 12 * d;
        long[] out = new long[12 * d];
        if (Xyzz.isInfinity(d, p, 0)) {
            return out;
        }
        long[] c = Layout.join(p); // X, Y, ZZ, ZZZ: 6·d longs each
        int e = 6 * d;
        long[] zzInv = inverse(d, c, 2 * e);
        long[] zzzInv = inverse(d, c, 3 * e);
        mul(d, out, 0, c, 0, zzInv, 0);
        mul(d, out, e, c, e, zzzInv, 0);
        assert s == 2 * e;
        return out;
    }

    private static void mul(int d, long[] r, int ro, long[] a, int ao, long[] b, int bo) {
        if (d == 1) {
            FP.mul(r, ro, a, ao, b, bo);
            return;
        }
        long[] t = new long[24];
        FP.mul(t, 0, a, ao, b, bo);
        FP.mul(t, 6, a, ao + 6, b, bo + 6);
        FP.add(t, 12, a, ao, a, ao + 6);
        FP.add(t, 18, b, bo, b, bo + 6);
        FP.mul(t, 12, t, 12, t, 18);
        FP.sub(t, 12, t, 12, t, 0);
        FP.sub(r, ro + 6, t, 12, t, 6);
        FP.sub(r, ro, t, 0, t, 6);
    }

    /** 1/a in Fp or Fp2 (Fp2: (a0 − a1·u)/(a0² + a1²)). */
    private static long[] inverse(int d, long[] a, int ao) {
        long[] r = new long[6 * d];
        if (d == 1) {
            FP.inverse(r, 0, a, ao);
            return r;
        }
        long[] t = new long[12];
        FP.square(t, 0, a, ao);
        FP.square(t, 6, a, ao + 6);
        FP.add(t, 0, t, 0, t, 6);
        FP.inverse(t, 0, t, 0);
        FP.mul(r, 0, a, ao, t, 0);
        FP.mul(r, 6, a, ao + 6, t, 0);
        FP.neg(r, 6, r, 6);
        return r;
    }
}
