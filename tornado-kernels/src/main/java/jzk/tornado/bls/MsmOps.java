package jzk.tornado.bls;

/**
 * Operation counts of the MSM drivers ({@link SortedMsm}, {@link SplitMsm}), for benchmarks and the before/after
 * comparison of the scalar-class split: the drivers add to {@link #counting} when it is set (one MSM at a time).
 * Counted on the host from the tables the drivers already read back (bucket counts, slice and part layouts), so
 * the figures are exact for the kernels as written, whatever the device; an addition whose accumulator is still
 * at infinity (a copy) is counted as an addition.
 *
 * <p>Fields: {@code mixedAdds} affine-base additions (bucket entries, ones); {@code fullAdds} XYZZ + XYZZ
 * additions and doublings (bucket reduction, folds, Horner); {@code digitScans} scalar windows decoded by the
 * binning passes (2·W per scalar binned); {@code classified} scalars read by the split's classification passes
 * (counting, compacting); {@code hotCounter} the largest number of same-address atomics of one binning pass (the
 * largest bucket); {@code splitSegments} segments summed by class; {@code reduceWalk} the longest chain of
 * additions one work-item of a bucket reduction runs one after another (its critical path, over all segments).
 */
public final class MsmOps {
    public long mixedAdds;
    public long fullAdds;
    public long digitScans;
    public long classified;
    public long hotCounter;
    public long splitSegments;
    public long reduceWalk;

    /** The counts being accumulated, or null (the default: nothing is counted). */
    static volatile MsmOps counting;

    /** Runs {@code msm} with counting on and returns its counts. */
    public static MsmOps count(Runnable msm) {
        MsmOps ops = new MsmOps();
        counting = ops;
        try {
            msm.run();
        } finally {
            counting = null;
        }
        return ops;
    }

    /** All point operations (mixed and full). */
    public long pointOps() {
        return mixedAdds + fullAdds;
    }

    @Override
    public String toString() {
        return String.format("%d mixed + %d full point additions (%d total), %d digit scans, %d classified,"
                + " hottest counter %d, %d segments split, longest reduction walk %d", mixedAdds, fullAdds, pointOps(),
                digitScans, classified, hotCounter, splitSegments, reduceWalk);
    }
}
