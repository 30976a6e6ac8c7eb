package jzk.tornado.bls;

/**
 * Device buffers an MSM needs on every call (scalars, the error counter, the sorted path's bucket cursors,
 * entries, slice tables, slice sums and partial sums, the scalar-class split's index lists, packed scalars and
 * partial sums), kept between calls on one {@link KernelHost} so that a
 * warm MSM allocates nothing: at G1 2^24 the entries alone are W·n = 2^28 ints (1 GiB), whose allocation and
 * zero fill cost milliseconds per call.
 *
 * <p>Invariants: one buffer per {@link Role}, grown (never shrunk) to the largest size asked for; contents are
 * not cleared between uses (every role is fully written before it is read, see {@link SortedMsm}). Not
 * thread-safe: its owner ({@link ResidentBases}, or one streaming call) serialises MSMs.
 */
final class MsmScratch implements AutoCloseable {
    /** What a buffer holds. */
    enum Role {
        /** 8·n ints of canonical scalars uploaded from a {@code long[]}. */
        SCALARS,
        /** One int: count of scalars ≥ r ({@link ScalarKernels}). */
        BAD,
        /** W·2^(c−1) bucket counters / cursors. */
        CURSOR,
        /** W·2^(c−1) bucket starts, then the scatter's cursors (device layout, {@link DeviceBucketSlices}). */
        START,
        /** The device layout's totals and prefix-sum levels ({@link DeviceBucketSlices#levelInts}). */
        LEVELS,
        /** The slice sums' order: slice indices longest first (one int per slice of the bound). */
        ORDER,
        /** Length-bin counts of the slice order ({@code BucketLayoutKernels.BINS} ints). */
        ORDER_BINS,
        /** Length-bin cursors of the slice order ({@code BucketLayoutKernels.BINS} ints). */
        ORDER_CURSOR,
        /** W·n signed point indices in bucket order. */
        ENTRIES,
        /** Slice starts (slices + 1 ints). */
        SLICES,
        /** First slice of each bucket (W·2^(c−1) + 1 ints). */
        BUCKET_SLICES,
        /** One XYZZ point per slice. */
        SUMS,
        /** One XYZZ point per reduction part. */
        PARTIALS,
        /** Two ints: the counts of ones and of the rest ({@link SplitMsmKernels#classify}). */
        CLASS_COUNTS,
        /** Segment-local indices of the scalars equal to 1 (up to n ints). */
        ONES,
        /** Segment-local indices of the scalars above 1 (up to n ints). */
        REST,
        /** The rest's scalars packed (8 ints each). */
        REST_SCALARS,
        /** One XYZZ point per work-item of the ones' sum. */
        ONES_PARTIALS
    }

    private final KernelHost host;
    private final KernelHost.Buffer[] buffers = new KernelHost.Buffer[Role.values().length];

    MsmScratch(KernelHost host) {
        this.host = host;
    }

    /** The buffer of {@code role}, at least {@code ints} ints (at least 1); reallocated when too small. */
    KernelHost.Buffer get(Role role, long ints) {
        long want = Math.max(1, ints);
        int r = role.ordinal();
        if (buffers[r] == null || buffers[r].ints() < want) {
            if (buffers[r] != null) {
                buffers[r].close();
                buffers[r] = null;
            }
            buffers[r] = host.allocate(want);
        }
        return buffers[r];
    }

    @Override
    public void close() {
        for (int r = 0; r < buffers.length; r++) {
            if (buffers[r] != null) {
                buffers[r].close();
                buffers[r] = null;
            }
        }
    }
}
