package jzk.tornado.bls;

import java.lang.reflect.Method;
import jzk.arith.ArithConfig;
import jzk.tornado.api.Kernels;
import jzk.tornado.bls.kernels.MsmKernels;
import jzk.tornado.bls.kernels.SplitMsmKernels;
import jzk.tornado.bls.kernels.Xyzz;
import jzk.tornado.config.RuntimeConfig;

/**
 * Host driver of the MSM split by scalar class ({@link SplitMsmKernels}), for witnesses whose scalars are mostly
 * 0 and 1 (a PoRep partition's aux values are largely SHA-256 bits): per segment, (1) classify the scalars on the
 * device and compact the indices of the ones and of the rest (two counts read back; when {@link Msm} asks, a
 * counting pass first decides whether to split at all), (2) sum the ones' bases with
 * a strided per-work-item sum and a fold tree (mixed additions, no windows, no buckets), (3) pack the rest's
 * scalars and run the sorted Pippenger ({@link SortedMsm}) over them, its bucket entries mapped back to the
 * resident bases' indices; zeros take no work at all. The sorted path alone already skips zero digits, so the
 * split saves less in point additions than in everything proportional to n: the binning passes decode W windows
 * of every scalar and put every 1 into the same bucket counter (2·#ones same-address atomics), and the window
 * size is chosen for n instead of the rest's count. {@link MsmOps} counts both sides.
 *
 * <p>Invariants: same inputs and result as {@link Msm} (canonical scalars below r, range-checked by the caller;
 * affine result in normal form, so bit-exact with the plain path: both are the same group element). The index
 * lists' order is not deterministic (see {@link SplitMsmKernels}); group sums do not depend on it.
 */
public final class SplitMsm {
    private SplitMsm() {
    }

    private static final Method CLASSIFY = Kernels.of(SplitMsmKernels::classify);
    private static final Method GATHER = Kernels.of(SplitMsmKernels::gatherScalars);
    private static final Method SUM = Kernels.of(SplitMsmKernels::sumIndexed);
    private static final Method FOLD = Kernels.of(MsmKernels::foldHalves);
    private static final int LOCAL = 64;

    /**
     * Whether {@link Msm#msm(ResidentBases, KernelHost.Buffer)} tries the split ({@code -Djzk.msm.split=false}
     * turns it off, for side-by-side timing). Not final so that tests can flip it.
     */
    static volatile boolean enabled = ArithConfig.get().msmSplit();
    /**
     * {@link Msm} keeps the plain path for a segment whose zeros and ones are fewer than n / this (uniform
     * scalars, e.g. the quotient's H MSM): there the split would add the packing and remapping for nothing.
     */
    static final int MIN_TRIVIAL_SHARE = 16;
    /**
     * Work-items of the ones' sum at most (each sums ≥ {@link #MIN_ONES_PER_ITEM} bases unless there are few): by
     * default the slice count the sorted path's slice sums aim for ({@link SortedMsm#TARGET_SLICES}, the same kind
     * of kernel: chains of mixed additions, one per work-item), the fold then costs that many full additions.
     */
    static final int ONES_ITEMS = RuntimeConfig.get().msmOnesItems();
    static final int MIN_ONES_PER_ITEM = 8;

    /**
     * Σ scalars[i]·bases[i] over resident bases, split by scalar class in every segment (whatever the share of
     * zeros and ones); scalars already on the device as in {@link Msm#msm(ResidentBases, KernelHost.Buffer)}.
     */
    public static long[] msm(ResidentBases bases, KernelHost.Buffer scalars) {
        synchronized (bases) {
            return run(bases, scalars);
        }
    }

    /** As {@link #msm(ResidentBases, KernelHost.Buffer)} with the scalars uploaded from 4·n canonical longs. */
    public static long[] msm(ResidentBases bases, long[] scalars) {
        synchronized (bases) {
            return run(bases, Msm.upload(bases, scalars));
        }
    }

    private static long[] run(ResidentBases bases, KernelHost.Buffer scalars) {
        int d = bases.d;
        DeviceScalars.checkBuffer(scalars, bases.n);
        DeviceScalars.requireBelowR(bases.host, bases.scratch(), scalars, 0, bases.n, 0);
        int[] total = new int[48 * d];
        for (int k = 0; k < bases.segments.length; k++) {
            int points = bases.segmentSize(k);
            if (points > 0) {
                Xyzz.add(d, total, 0, segment(bases.host, d, bases.segments[k], scalars, k * bases.segmentPoints,
                        points, 0, bases.scratch()), 0);
            }
        }
        return Msm.toAffine(d, total);
    }

    /**
     * One segment of n points with scalars {@code [from, from + n)} of the range-checked {@code scalars}: the
     * XYZZ sum by class, or null when the zeros and ones are fewer than n / {@code minTrivialShare} (0: never
     * null), the caller then running a plain path (one counting pass over the scalars is the only work spent, and
     * no index list is allocated).
     */
    static int[] segment(KernelHost host, int d, KernelHost.Buffer basesBuf, KernelHost.Buffer scalars, int from,
                         int n, int minTrivialShare, MsmScratch scratch) {
        KernelHost.Buffer countBuf = scratch.get(MsmScratch.Role.CLASS_COUNTS, 2);
        int[] counts = new int[2];
        int chunks = (n + SplitMsmKernels.CHUNK - 1) / SplitMsmKernels.CHUNK;
        MsmOps ops = MsmOps.counting;
        if (ops != null) {
            ops.classified += n;
        }
        if (minTrivialShare > 0) {
            // count first: a segment left to the plain path (uniform scalars) never allocates the index lists
            host.write(countBuf, 0, counts, 2);
            host.launch(CLASSIFY, grid(chunks), LOCAL, scalars, from, n, countBuf,
                    scratch.get(MsmScratch.Role.ONES, 1), scratch.get(MsmScratch.Role.REST, 1), 0);
            host.read(countBuf, 0, counts, 2);
            if ((long) (n - counts[1]) * minTrivialShare < n) {
                return null;
            }
            if (ops != null) {
                ops.classified += n;
            }
        }
        KernelHost.Buffer ones = scratch.get(MsmScratch.Role.ONES, n);
        KernelHost.Buffer rest = scratch.get(MsmScratch.Role.REST, n);
        counts[0] = 0;
        counts[1] = 0;
        host.write(countBuf, 0, counts, 2);
        host.launch(CLASSIFY, grid(chunks), LOCAL, scalars, from, n, countBuf, ones, rest, 1);
        host.read(countBuf, 0, counts, 2);
        int oneCount = counts[0];
        int restCount = counts[1];
        int pInts = 48 * d;
        int[] acc = new int[pInts];
        KernelHost.Buffer partials = null;
        if (oneCount > 0) {
            int items = onesItems(oneCount);
            partials = scratch.get(MsmScratch.Role.ONES_PARTIALS, (long) items * pInts);
            host.launch(SUM, grid(items), LOCAL, d, basesBuf, ones, oneCount, partials, items);
            for (int half = items / 2; half >= 1; half /= 2) {
                host.launch(FOLD, grid(half), LOCAL, d, partials, half);
            }
        }
        if (ops != null) {
            ops.splitSegments++;
            ops.mixedAdds += oneCount;
            ops.fullAdds += oneCount > 0 ? onesItems(oneCount) - 1 : 0;
        }
        if (restCount > 0) {
            KernelHost.Buffer packed = scratch.get(MsmScratch.Role.REST_SCALARS, 8L * restCount);
            host.launch(GATHER, grid(restCount), LOCAL, scalars, from, rest, restCount, packed);
            int[] sum = SortedMsm.segment(host, d, basesBuf, packed, 0, restCount, SortedMsm.TARGET_SLICES,
                    SortedMsm.TARGET_REDUCE, scratch, rest);
            Xyzz.copy(d, acc, 0, sum, 0);
        }
        if (partials != null) {
            // read after the rest's launches: the ones' sum and the rest share one wait for the device
            int[] onesSum = new int[pInts];
            host.read(partials, 0, onesSum, pInts);
            Xyzz.add(d, acc, 0, onesSum, 0);
            if (ops != null && restCount > 0) {
                ops.fullAdds++;
            }
        }
        return acc;
    }

    /** A power of two ≤ {@link #ONES_ITEMS} giving each work-item about {@link #MIN_ONES_PER_ITEM} bases or more. */
    static int onesItems(int count) {
        return Integer.highestOneBit(Math.max(1, Math.min(ONES_ITEMS, count / MIN_ONES_PER_ITEM)));
    }

    private static int grid(int count) {
        return (count + LOCAL - 1) / LOCAL * LOCAL;
    }
}
