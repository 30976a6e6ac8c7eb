package jzk.arith;

/**
 * The buckets of one Pippenger window kept in <b>affine</b> form and updated in batches that share one field
 * inversion: the "batch affine" bucket accumulation of e.g. gnark-crypto and barretenberg, with Montgomery's
 * simultaneous inversion ("Speeding the Pollard and elliptic curve methods of factorization", 1987, §10.3.1).
 * An affine addition costs 2M + 1S plus 3M for its share of the batched inversion, against
 * 7M + 4S for a mixed Jacobian addition.
 *
 * <p>Invariants: {@code affine} holds {@code bucketCount} affine points in the layout of {@link Curve} (all-zero
 * limbs = empty bucket = infinity). Within one batch a bucket takes at most one pending addition ({@code stamp};
 * filling an empty bucket or cancelling it completes at once and locks nothing). A second point for the same bucket
 * (a "conflict") waits in a queue and is retried after the next flush; when the queue is full (many equal digits,
 * e.g. repeated scalars) it goes instead into that bucket's Jacobian overflow {@code jacobian} by mixed addition. The
 * result is therefore exact for any input (repeated bases, P and −P, equal digits). P + P (equal x and y) uses the
 * tangent slope 3x²/2y in the same batch; P + (−P) empties the bucket without a batch entry. Points are read from the
 * {@code bases} array given at construction (never copied in the queue). Not thread-safe: one instance per task.
 */
final class BatchAffineBuckets {
    private final Curve cv;
    private final CoordinateField f;
    private final int n;
    private final int al;
    private final int jl;
    private final int bucketCount;
    private final long[] affine;
    private long[] jacobian; // allocated on the first conflict
    private final int[] stamp;
    private int batchId = 1;

    private final int capacity;
    private int size;
    private final int[] entryBucket;
    private final long[] entryX2; // x of the point added (n per entry)
    private final long[] num; // numerator of λ (n per entry)
    private final long[] den; // denominator of λ (n per entry), non-zero
    private final long[] prefix; // (capacity + 1)·n prefix products of den
    private final long[] q; // the point being added, sign applied
    private final long[] t; // scratch: 4 elements, then the field's multiplication scratch at sc
    private final int sc;

    private final long[] bases;
    /** Deferred conflicts: a ring of (bucket, base offset, negate) entries. */
    private final int[] queueBucket;
    private final int[] queueOffset;
    private final boolean[] queueNegate;
    private int queueHead;
    private int queueSize;

    BatchAffineBuckets(Curve curve, long[] bases, int bucketCount, int capacity) {
        this.bases = bases;
        this.queueBucket = new int[capacity];
        this.queueOffset = new int[capacity];
        this.queueNegate = new boolean[capacity];
        this.cv = curve;
        this.f = curve.field;
        this.n = curve.n;
        this.al = curve.affineLongs();
        this.jl = curve.jacobianLongs();
        this.bucketCount = bucketCount;
        this.affine = new long[bucketCount * al];
        this.stamp = new int[bucketCount];
        this.capacity = capacity;
        this.entryBucket = new int[capacity];
        this.entryX2 = new long[capacity * n];
        this.num = new long[capacity * n];
        this.den = new long[capacity * n];
        this.prefix = new long[(capacity + 1) * n];
        this.q = new long[al];
        this.t = new long[4 * n + f.scratchLongs()];
        this.sc = 4 * n;
    }

    /** Adds the affine point {@code bases[po..]} (negated when {@code negate}) to bucket {@code b}; p ≠ O. */
    void add(int b, int po, boolean negate) {
        if (!tryAdd(b, po, negate)) {
            if (queueSize < queueBucket.length) {
                int slot = (queueHead + queueSize++) % queueBucket.length;
                queueBucket[slot] = b;
                queueOffset[slot] = po;
                queueNegate[slot] = negate;
            } else {
                loadPoint(po, negate);
                addToOverflow(b);
            }
        }
        while (size == capacity) {
            flush();
            drainQueueOnce();
        }
    }

    /** Retries each queued conflict once; stops early when the batch fills. */
    private void drainQueueOnce() {
        for (int k = queueSize; k > 0 && size < capacity; k--) {
            int slot = queueHead;
            queueHead = (queueHead + 1) % queueBucket.length;
            queueSize--;
            if (!tryAdd(queueBucket[slot], queueOffset[slot], queueNegate[slot])) {
                int back = (queueHead + queueSize++) % queueBucket.length;
                queueBucket[back] = queueBucket[slot];
                queueOffset[back] = queueOffset[slot];
                queueNegate[back] = queueNegate[slot];
            }
        }
    }

    private void loadPoint(int po, boolean negate) {
        System.arraycopy(bases, po, q, 0, n);
        if (negate) {
            f.neg(q, n, bases, po + n);
        } else {
            System.arraycopy(bases, po + n, q, n, n);
        }
    }

    /** Schedules or performs the addition; false when bucket b already has a pending addition in this batch. */
    private boolean tryAdd(int b, int po, boolean negate) {
        if (stamp[b] == batchId) {
            return false;
        }
        loadPoint(po, negate);
        int bo = b * al;
        if (cv.isInfinityAffine(affine, bo)) {
            System.arraycopy(q, 0, affine, bo, al);
            return true;
        }
        int e = size * n;
        if (f.equal(affine, bo, q, 0)) {
            if (!f.equal(affine, bo + n, q, n) || f.isZero(q, n)) {
                cv.setInfinityAffine(affine, bo); // P + (−P), or P + P for P of order 2
                return true;
            }
            // tangent: λ = 3x² / 2y
            f.square(num, e, q, 0, t, sc);
            f.dbl(t, 0, num, e);
            f.add(num, e, num, e, t, 0);
            f.dbl(den, e, q, n);
        } else {
            f.sub(num, e, q, n, affine, bo + n);
            f.sub(den, e, q, 0, affine, bo);
        }
        f.copy(entryX2, e, q, 0);
        entryBucket[size++] = b;
        stamp[b] = batchId; // only a pending addition locks the bucket; the cases above finished at once
        return true;
    }

    private void addToOverflow(int b) {
        if (jacobian == null) {
            jacobian = new long[bucketCount * jl];
            for (int i = 0; i < bucketCount; i++) {
                cv.setInfinity(jacobian, i * jl);
            }
        }
        cv.addMixed(jacobian, b * jl, jacobian, b * jl, q, 0);
    }

    /** Completes the pending additions with one inversion: λ = num/den, x3 = λ² − x1 − x2, y3 = λ(x1 − x3) − y1. */
    void flush() {
        if (size == 0) {
            batchId++;
            return;
        }
        f.setOne(prefix, 0);
        for (int i = 0; i < size; i++) {
            f.mul(prefix, (i + 1) * n, prefix, i * n, den, i * n, t, sc);
        }
        final int inv = 0, dInv = n, lambda = 2 * n, x3 = 3 * n;
        CoordinateInverse.inverse(f, t, inv, prefix, size * n, t, n); // scratch: the dInv/λ slots, free here
        for (int i = size - 1; i >= 0; i--) {
            int e = i * n;
            int bo = entryBucket[i] * al;
            f.mul(t, dInv, t, inv, prefix, e, t, sc); // den_i^{-1}
            f.mul(t, inv, t, inv, den, e, t, sc);
            f.mul(t, lambda, num, e, t, dInv, t, sc);
            f.square(t, x3, t, lambda, t, sc);
            f.sub(t, x3, t, x3, affine, bo);
            f.sub(t, x3, t, x3, entryX2, e);
            f.sub(t, dInv, affine, bo, t, x3); // x1 − x3
            f.mul(t, dInv, t, dInv, t, lambda, t, sc);
            f.sub(affine, bo + n, t, dInv, affine, bo + n);
            f.copy(affine, bo, t, x3);
        }
        size = 0;
        batchId++;
    }

    /** Completes every pending and queued addition. */
    private void settle() {
        flush();
        while (queueSize > 0) {
            drainQueueOnce();
            flush();
        }
    }

    /** {@code Σ_b bucket_b} (Jacobian), one mixed addition per bucket (plus the overflow's); flushes first. */
    long[] sum() {
        settle();
        long[] sum = new long[jl];
        cv.setInfinity(sum, 0);
        for (int b = 0; b < bucketCount; b++) {
            if (jacobian != null) {
                cv.add(sum, 0, sum, 0, jacobian, b * jl);
            }
            cv.addMixed(sum, 0, sum, 0, affine, b * al);
        }
        return sum;
    }

    /**
     * From this many buckets on, {@link #weightedSum} advances its running sums in batch-affine steps (a few
     * inversions per window are then cheap next to the 2·bucketCount additions).
     */
    static final int AFFINE_SUM_MIN_BUCKETS = 512;
    /** Segments of the batch-affine running sums: additions per batch inversion. */
    private static final int MAX_SEGMENTS = 256;

    /**
     * {@code Σ_b (b + 1)·bucket_b} (Jacobian) by the running-sum trick; flushes first. With many buckets and no
     * Jacobian overflow, {@link #affineWeightedSum}; else running sums in Jacobian coordinates (one mixed plus one
     * full addition per bucket, ≈ 27 multiplications).
     */
    long[] weightedSum() {
        settle();
        if (jacobian == null && bucketCount >= AFFINE_SUM_MIN_BUCKETS) {
            return affineWeightedSum();
        }
        long[] running = new long[jl];
        long[] sum = new long[jl];
        cv.setInfinity(running, 0);
        cv.setInfinity(sum, 0);
        for (int b = bucketCount - 1; b >= 0; b--) {
            if (jacobian != null) {
                cv.add(running, 0, running, 0, jacobian, b * jl);
            }
            cv.addMixed(running, 0, running, 0, affine, b * al);
            cv.add(sum, 0, sum, 0, running, 0);
        }
        return sum;
    }

    /**
     * The weighted sum with the running sums kept affine: the buckets (a power of two, bucketCount = K·L) are cut
     * into K segments of L, and the K running sums R_k and partial sums S_k of the segments advance together, one
     * bucket per segment and step (from the top of each segment down), each step being two batches of K
     * independent affine additions with one inversion each (≈ 6 multiplications per addition, against ≈ 27 for
     * the Jacobian running sums). Bucket b = k·L + j has weight (j + 1) + k·L, so
     * {@code Σ = Σ_k S_k + L·Σ_k k·R_k}, where S_k = Σ_j (j + 1)·B_{kL+j} and R_k = Σ_j B_{kL+j}; the last sum is a
     * Jacobian running sum over the K segments, times L = 2^log L by doublings.
     */
    private long[] affineWeightedSum() {
        int k = Math.min(MAX_SEGMENTS, bucketCount / 8);
        int len = bucketCount / k;
        BatchAffineBuckets run = new BatchAffineBuckets(cv, affine, k, k);
        BatchAffineBuckets part = new BatchAffineBuckets(cv, run.affine, k, k);
        for (int t = len - 1; t >= 0; t--) {
            for (int s = 0; s < k; s++) {
                int bo = (s * len + t) * al;
                if (!cv.isInfinityAffine(affine, bo)) {
                    run.add(s, bo, false);
                }
            }
            run.settle();
            for (int s = 0; s < k; s++) {
                if (!cv.isInfinityAffine(run.affine, s * al)) {
                    part.add(s, s * al, false);
                }
            }
            part.settle();
        }
        if (run.jacobian != null || part.jacobian != null) { // one addition per accumulator and batch: no conflicts
            throw new IllegalStateException("batch-affine running sums overflowed");
        }
        long[] running = new long[jl];
        long[] total = new long[jl];
        cv.setInfinity(running, 0);
        cv.setInfinity(total, 0);
        for (int s = k - 1; s >= 1; s--) { // Σ_s s·R_s = Σ_{s ≥ 1} Σ_{s' ≥ s} R_s'
            cv.addMixed(running, 0, running, 0, run.affine, s * al);
            cv.add(total, 0, total, 0, running, 0);
        }
        for (int d = len; d > 1; d >>>= 1) {
            cv.dbl(total, 0, total, 0);
        }
        for (int s = 0; s < k; s++) {
            cv.addMixed(total, 0, total, 0, part.affine, s * al);
        }
        return total;
    }
}
