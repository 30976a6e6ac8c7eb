package jzk.arith;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.ForkJoinTask;
import java.util.concurrent.RecursiveTask;

/**
 * CPU multi-scalar multiplication {@code Σ k_i·P_i} for G1 and G2 by Pippenger's bucket method with signed-digit
 * windows (Bernstein, Doumen, Lange, Oosterwijk, "Faster batch forgery identification", INDOCRYPT 2012, §4;
 * the signed recoding halves the bucket count).
 *
 * <p>Inputs (docs/ARCHITECTURE.md): bases affine in the layout of {@link Curve} (12 longs per G1 point, 24 per G2
 * point, Montgomery coordinates, infinity = all-zero limbs); scalars Fr elements in canonical (non-Montgomery)
 * form, 4 little-endian limbs each. A scalar ≥ r is rejected with {@link IllegalArgumentException} naming its
 * index (such a scalar is not an Fr element, and accepting it would hide a caller's missing reduction). The
 * result is a Jacobian point (18 / 36 longs).
 *
 * <p>Cost: only the n' points with a non-zero scalar and a finite base take part (compacted once); those whose
 * scalar is 1 are summed apart (one addition each, spread over the threads), the others go through the windows. With window c
 * and W = ⌈255/c⌉ windows ({@link #windowCount}; the top one narrower), ≤ W·n' bucket insertions plus the bucket
 * sums; c is chosen from n' by minimising the field multiplications this takes ({@link #windowBits}). Work is split
 * into (window × chunk of points) tasks forked into the caller's fork-join pool (the common pool for an outside
 * caller) and joined newest first; every task owns its buckets, so no synchronisation is needed. Tasks over many
 * points keep their buckets affine and add in batches sharing one inversion ({@link BatchAffineBuckets}, ≈ 6M per
 * point) when the window has enough buckets; other tasks add to Jacobian buckets by mixed addition (madd-2007-bl,
 * 7M + 4S). Buckets are summed with the running-sum trick (2 additions per bucket; batch affine for many buckets).
 */
public final class Pippenger {
    private Pippenger() {
    }

    private static final int SCALAR_LIMBS = Fr.LIMBS;
    private static final long[] R_LIMBS = Limbs.fromBigInteger(Fr.R, Fr.LIMBS);
    /** Bits of the largest scalar (r − 1 < 2^255). */
    private static final int SCALAR_BITS = 255;
    /** A window is split into chunks of points only while each chunk keeps at least this many points. */
    private static final int MIN_POINTS_PER_TASK = 1 << 10;

    /** {@code Σ scalars[i]·bases[i]} over G1 for {@code i < n}; Jacobian result (18 longs). */
    public static long[] msmG1(long[] basesAffine, long[] scalarsCanonical, int n) {
        return msm(G1.CURVE, basesAffine, scalarsCanonical, n);
    }

    /** {@code Σ scalars[i]·bases[i]} over G2 for {@code i < n}; Jacobian result (36 longs). */
    public static long[] msmG2(long[] basesAffine, long[] scalarsCanonical, int n) {
        return msm(G2.CURVE, basesAffine, scalarsCanonical, n);
    }

    /** The MSM over any {@link Curve}; see the class comment for the layouts and the rejection of scalars ≥ r. */
    public static long[] msm(Curve curve, long[] basesAffine, long[] scalarsCanonical, int n) {
        return msm(curve, basesAffine, 0, scalarsCanonical, 0, n, Buckets.AUTO);
    }

    /**
     * The MSM over {@code n} points starting at {@code basesAffine[basesOff]} and {@code n} scalars starting at
     * {@code scalarsCanonical[scalarsOff]} (e.g. one section of a proving key held in one big array).
     */
    public static long[] msm(Curve curve, long[] basesAffine, int basesOff, long[] scalarsCanonical, int scalarsOff,
            int n) {
        return msm(curve, basesAffine, basesOff, scalarsCanonical, scalarsOff, n, Buckets.AUTO);
    }

    /** How a task accumulates its buckets; tests force each strategy, callers get {@link #AUTO}. */
    enum Buckets {
        /**
         * Batch affine when the window has ≥ {@link #BATCH_AFFINE_MIN_BUCKETS} buckets and the task
         * ≥ {@link #BATCH_AFFINE_MIN_POINTS} points, else Jacobian.
         */
        AUTO,
        JACOBIAN,
        BATCH_AFFINE
    }

    /**
     * Batch-affine accumulation needs enough buckets (a batch holds at most a quarter of them, so that a pending
     * addition rarely locks the bucket a new point wants: ≤ 1/8 on average) and many points per task (so that a
     * batch inversion, ≈ 22 µs ≈ 220 multiplications for Fp with {@link CoordinateInverse}, is shared by a full
     * batch). From 256 buckets (batches of 64) it beats mixed Jacobian additions — profiled: the 256-bucket top
     * window of a 2^16 MSM in Jacobian cost ~8 % of a proof, twice its share. Below either bound Jacobian.
     */
    static final int BATCH_AFFINE_MIN_BUCKETS = 256;
    static final int BATCH_AFFINE_MIN_POINTS = 2048;
    /** Pending additions per batch inversion (at most a quarter of the buckets: {@link #batchCapacity}). */
    private static final int BATCH_CAPACITY = 512;

    static int batchCapacity(int bucketCount) {
        return Math.min(BATCH_CAPACITY, Math.max(16, bucketCount / 4));
    }

    static long[] msm(Curve curve, long[] basesAffine, long[] scalarsCanonical, int n, Buckets buckets) {
        return msm(curve, basesAffine, 0, scalarsCanonical, 0, n, buckets);
    }

    static long[] msm(Curve curve, long[] basesAffine, int basesOff, long[] scalarsCanonical, int scalarsOff, int n,
            Buckets buckets) {
        int al = curve.affineLongs();
        if (n < 0 || basesOff < 0 || scalarsOff < 0) {
            throw new IllegalArgumentException(curve.name + " MSM: negative n or offset (n = " + n + ", bases offset "
                    + basesOff + ", scalars offset " + scalarsOff + ")");
        }
        if (basesAffine.length < basesOff + (long) n * al) {
            throw new IllegalArgumentException(curve.name + " MSM: bases array has " + basesAffine.length
                    + " longs, offset " + basesOff + " + n = " + n + " points need " + (basesOff + (long) n * al));
        }
        if (scalarsCanonical.length < scalarsOff + (long) n * SCALAR_LIMBS) {
            throw new IllegalArgumentException(curve.name + " MSM: scalars array has " + scalarsCanonical.length
                    + " longs, offset " + scalarsOff + " + n = " + n + " scalars need "
                    + (scalarsOff + (long) n * SCALAR_LIMBS));
        }
        for (int i = 0; i < n; i++) {
            int so = scalarsOff + i * SCALAR_LIMBS;
            if (!Limbs.lessThan(scalarsCanonical, so, R_LIMBS, 0, SCALAR_LIMBS)) {
                throw new IllegalArgumentException(curve.name + " MSM: scalar " + i + " (limbs " + so + ".."
                        + (so + 3) + ") is not below r; scalars must be canonical Fr elements");
            }
        }
        long[] result = new long[curve.jacobianLongs()];
        curve.setInfinity(result, 0);
        // Only points with a non-zero scalar and a finite base contribute (proving keys have many infinity
        // points, witnesses many zeros): compact them once instead of testing in every window. Scalars equal to 1
        // (witness bits) are listed apart and their bases simply summed (OnesTask): in the windows they would all
        // land in window 0's first bucket, one task's straggling work and a stream of batch conflicts.
        int[] live = new int[n];
        int[] unit = new int[n];
        int m = 0;
        int u = 0;
        for (int i = 0; i < n; i++) {
            int so = scalarsOff + i * SCALAR_LIMBS;
            long high = scalarsCanonical[so + 1] | scalarsCanonical[so + 2] | scalarsCanonical[so + 3];
            if ((scalarsCanonical[so] | high) != 0 && !curve.isInfinityAffine(basesAffine, basesOff + i * al)) {
                if (SPLIT_ONES && high == 0 && scalarsCanonical[so] == 1) {
                    unit[u++] = i;
                } else {
                    live[m++] = i;
                }
            }
        }
        // the pool the tasks will run in: the caller's when it is a pool worker, else the common pool (whose
        // external caller blocks in join(), so only its workers count)
        ForkJoinPool pool = ForkJoinTask.getPool();
        int threads = pool != null ? pool.getParallelism() : ForkJoinPool.getCommonPoolParallelism();
        List<OnesTask> onesTasks = new ArrayList<>();
        int onesChunks = Math.max(1, Math.min(threads, u / ONES_BATCH_MIN_POINTS));
        for (int k = 0; k < onesChunks && u > 0; k++) {
            OnesTask t = new OnesTask(curve, basesAffine, basesOff, unit, (int) ((long) u * k / onesChunks),
                    (int) ((long) u * (k + 1) / onesChunks), buckets);
            t.fork();
            onesTasks.add(t);
        }
        if (m > 0) {
            windowSums(curve, basesAffine, basesOff, scalarsCanonical, scalarsOff, live, m, buckets, threads, result);
        }
        for (int k = onesTasks.size() - 1; k >= 0; k--) {
            curve.add(result, 0, result, 0, onesTasks.get(k).join(), 0);
        }
        return result;
    }

    /** Adds {@code Σ scalars[live[j]]·bases[live[j]]} over j &lt; m to {@code result}, by signed windows. */
    private static void windowSums(Curve curve, long[] basesAffine, int basesOff, long[] scalarsCanonical,
            int scalarsOff, int[] live, int m, Buckets buckets, int threads, long[] result) {
        int c = windowBits(m);
        int windows = windowCount(c);
        short[] digits = recode(scalarsCanonical, scalarsOff, live, m, c, windows);
        int chunks = chunkCount(m, c, windows, threads);
        int chunkSize = (m + chunks - 1) / chunks;
        List<WindowTask> tasks = new ArrayList<>();
        for (int w = 0; w < windows; w++) {
            int bucketCount = w == windows - 1 ? topBuckets(c) : 1 << (c - 1);
            for (int start = 0; start < m; start += chunkSize) {
                tasks.add(new WindowTask(curve, basesAffine, basesOff, live, digits, windows, w, bucketCount, start,
                        Math.min(m, start + chunkSize), buckets));
            }
        }
        long[][] windowSums = new long[windows][];
        for (WindowTask t : tasks) {
            t.fork(); // outside a pool, fork() submits to the common pool; inside one, to that pool
        }
        // Join in reverse fork order: the owner pops its newest tasks off the top of its deque while idle workers
        // steal the oldest from the bottom. (Joining the first-forked task first blocks the caller as soon as that
        // task is stolen — profiled: one of the 2 cores then idled for a whole MSM.)
        for (int i = tasks.size() - 1; i >= 0; i--) {
            WindowTask t = tasks.get(i);
            long[] part = t.join();
            if (windowSums[t.window] == null) {
                windowSums[t.window] = part;
            } else {
                curve.add(windowSums[t.window], 0, windowSums[t.window], 0, part, 0);
            }
        }
        // Σ_j 2^(c·j)·W_j by Horner's rule from the top window
        for (int w = windows - 1; w >= 0; w--) {
            if (w != windows - 1) {
                for (int i = 0; i < c && !curve.isInfinity(result, 0); i++) {
                    curve.dbl(result, 0, result, 0);
                }
            }
            curve.add(result, 0, result, 0, windowSums[w], 0);
        }
    }

    /**
     * Whether scalars equal to 1 are summed apart ({@code -Djzk.msm.split=false} sends them through the windows
     * like any scalar: the before/after switch, shared with the device MSM's split).
     */
    public static final boolean SPLIT_ONES = ArithConfig.get().msmSplit();
    /** A chunk of the ones is summed batch-affine from this many points on (else by mixed additions). */
    static final int ONES_BATCH_MIN_POINTS = 1 << 14;
    /** Accumulators of a batch-affine ones' sum: point k goes to k mod this, so a batch never meets a conflict. */
    private static final int ONES_BUCKETS = 1024;

    /**
     * {@code Σ bases[unit[j]]} over {@code [start, end)} (the points whose scalar is 1), Jacobian: batch affine
     * round-robin over {@link #ONES_BUCKETS} accumulators (≈ 7 multiplications per point, then one mixed addition
     * per accumulator) for large chunks under {@link Buckets#AUTO} or {@link Buckets#BATCH_AFFINE}; mixed Jacobian
     * additions otherwise.
     */
    private static final class OnesTask extends RecursiveTask<long[]> {
        private final Curve curve;
        private final long[] bases;
        private final int basesOff;
        private final int[] unit;
        private final int start;
        private final int end;
        private final Buckets strategy;

        OnesTask(Curve curve, long[] bases, int basesOff, int[] unit, int start, int end, Buckets strategy) {
            this.curve = curve;
            this.bases = bases;
            this.basesOff = basesOff;
            this.unit = unit;
            this.start = start;
            this.end = end;
            this.strategy = strategy;
        }

        @Override
        protected long[] compute() {
            int al = curve.affineLongs();
            boolean batch = strategy == Buckets.BATCH_AFFINE
                    || strategy == Buckets.AUTO && end - start >= ONES_BATCH_MIN_POINTS;
            if (batch) {
                BatchAffineBuckets acc = new BatchAffineBuckets(curve, bases, ONES_BUCKETS,
                        batchCapacity(ONES_BUCKETS));
                for (int j = start; j < end; j++) {
                    acc.add(j % ONES_BUCKETS, basesOff + unit[j] * al, false);
                }
                return acc.sum();
            }
            long[] sum = new long[curve.jacobianLongs()];
            curve.setInfinity(sum, 0);
            for (int j = start; j < end; j++) {
                curve.addMixed(sum, 0, sum, 0, bases, basesOff + unit[j] * al);
            }
            return sum;
        }
    }

    /**
     * Windows of c bits for {@link #SCALAR_BITS}-bit scalars: ⌈255/c⌉, the top one holding t = 255 − c·(W − 1) bits.
     * Its digit is raw + carry ≤ 2^t and is never wrapped to a negative value, so it fits the 2^(c−1) buckets when
     * t &lt; c; when t = c (c divides 255) one more window holds the final carry (digit 0 or 1).
     */
    static int windowCount(int c) {
        int w = (SCALAR_BITS + c - 1) / c;
        return topBits(c) == c ? w + 1 : w;
    }

    /** Bits of the scalar in the top full window: 255 − c·(⌈255/c⌉ − 1), in [1, c]. */
    private static int topBits(int c) {
        return SCALAR_BITS - c * ((SCALAR_BITS + c - 1) / c - 1);
    }

    /** Buckets of the top window: its digits are in [0, 2^t] (t top bits), or [0, 1] for a carry-only window. */
    static int topBuckets(int c) {
        int t = topBits(c);
        return t == c ? 1 : 1 << t;
    }

    /**
     * Chunks of points per window minimising the estimated wall time when the W·k equal tasks run on
     * {@code threads} threads: ⌈W·k / threads⌉ rounds of (7·n/k + 27·2^(c−1)) multiplications (each chunk pays
     * its own bucket sum). Splitting pays off when W is not a multiple of the thread count (e.g. W = 18 windows on
     * 16 threads would otherwise take 2 rounds for 1.1 rounds of work). Chunks keep at least
     * {@link #MIN_POINTS_PER_TASK} points.
     */
    static int chunkCount(int n, int c, int windows, int threads) {
        int best = 1;
        double bestTime = Double.MAX_VALUE;
        for (int k = 1; k <= 16 && (k == 1 || n / k >= MIN_POINTS_PER_TASK); k++) {
            double rounds = Math.ceil((double) windows * k / threads);
            double time = rounds * (7.0 * n / k + 27.0 * (1 << (c - 1)));
            if (time < bestTime * 0.98) { // prefer fewer chunks unless clearly faster
                bestTime = time;
                best = k;
            }
        }
        return best;
    }

    /**
     * Window width c minimising the estimated multiplication count Σ_windows (i(b)·n + s(b)·b) over the windows' bucket
     * counts b ({@link #windowCount}, {@link #topBuckets}), where a bucket insertion costs i(b) ≈ 7 field
     * multiplications when {@link Buckets#AUTO} picks batch affine (b ≥ {@link #BATCH_AFFINE_MIN_BUCKETS}: 6 plus the
     * inversion's share) and 11 for a mixed Jacobian addition otherwise; summing a bucket costs two batch-affine
     * additions ≈ 14 when the sums are batch affine ({@link BatchAffineBuckets#weightedSum}) and one mixed plus one
     * Jacobian addition ≈ 11 + 16 otherwise (s(b)). (Measured at 2^16 points on the CI box: c = 12, 13, 14 cost 1.60, 1.50,
     * 1.50 s CPU; the model picks 13.) Kept in [2, 16]: c = 1 leaves no positive digit for the signed recoding, and
     * c ≤ 16 keeps digits in a {@code short}.
     */
    static int windowBits(int n) {
        int best = 2;
        double bestCost = Double.MAX_VALUE;
        for (int c = 2; c <= 16; c++) {
            int windows = windowCount(c);
            double cost = (windows - 1) * windowCost(n, 1 << (c - 1)) + windowCost(n, topBuckets(c));
            if (cost < bestCost) {
                bestCost = cost;
                best = c;
            }
        }
        return best;
    }

    private static double windowCost(int n, int buckets) {
        boolean batchAffine = buckets >= BATCH_AFFINE_MIN_BUCKETS && n >= BATCH_AFFINE_MIN_POINTS;
        if (!batchAffine) {
            return 11.0 * n + 27.0 * buckets;
        }
        // 6 per addition + the inversion's share; buckets summed by batch-affine running sums (2 affine additions
        // ≈ 14 per bucket) from BatchAffineBuckets.AFFINE_SUM_MIN_BUCKETS on, else Jacobian running sums (27)
        double insertion = 6.0 + 220.0 / batchCapacity(buckets);
        double sum = buckets >= BatchAffineBuckets.AFFINE_SUM_MIN_BUCKETS ? 14.0 : 27.0;
        return insertion * n + sum * buckets;
    }

    /**
     * Signed base-2^c digits of the scalars of the points {@code live[0..m)}, {@code digits[j·windows + w]}, with
     * {@code k = Σ_w digits[j·windows + w]·2^(c·w)}. Below the top window a digit ≥ 2^(c−1) becomes digit − 2^c
     * with a carry into the next window (digits in [−2^(c−1), 2^(c−1))); the top window keeps raw + carry, in
     * [0, 2^(c−1)] by the choice of {@link #windowCount} (k &lt; 2^255).
     */
    static short[] recode(long[] scalars, int scalarsOff, int[] live, int m, int c, int windows) {
        short[] digits = new short[m * windows];
        int half = 1 << (c - 1);
        long mask = (1L << c) - 1;
        for (int j = 0; j < m; j++) {
            int so = scalarsOff + live[j] * SCALAR_LIMBS;
            int carry = 0;
            for (int w = 0; w < windows; w++) {
                int bit = w * c;
                long raw = 0;
                if (bit < 64 * SCALAR_LIMBS) {
                    int limb = bit >>> 6;
                    int shift = bit & 63;
                    raw = scalars[so + limb] >>> shift;
                    if (shift + c > 64 && limb + 1 < SCALAR_LIMBS) {
                        raw |= scalars[so + limb + 1] << (64 - shift);
                    }
                    raw &= mask;
                }
                int d = (int) raw + carry;
                if (d >= half && w != windows - 1) {
                    d -= 1 << c;
                    carry = 1;
                } else {
                    carry = 0;
                }
                digits[j * windows + w] = (short) d;
            }
            if (digits[j * windows + windows - 1] > half) {
                throw new IllegalStateException("signed recoding overflow for scalar " + live[j]); // k < 2^255
            }
        }
        return digits;
    }

    /** Buckets of one window over points [start, end); returns that window's partial sum Σ d_i·P_i (Jacobian). */
    private static final class WindowTask extends RecursiveTask<long[]> {
        private final Curve curve;
        private final long[] bases;
        private final int basesOff;
        private final int[] live;
        private final short[] digits;
        private final int windows;
        final int window;
        private final int bucketCount;
        private final int start;
        private final int end;
        private final Buckets strategy;

        WindowTask(Curve curve, long[] bases, int basesOff, int[] live, short[] digits, int windows, int window,
                int bucketCount, int start, int end, Buckets strategy) {
            this.live = live;
            this.strategy = strategy;
            this.curve = curve;
            this.bases = bases;
            this.basesOff = basesOff;
            this.digits = digits;
            this.windows = windows;
            this.window = window;
            this.bucketCount = bucketCount;
            this.start = start;
            this.end = end;
        }

        @Override
        protected long[] compute() {
            final Curve cv = curve;
            final int jl = cv.jacobianLongs();
            final int al = cv.affineLongs();
            final int n = cv.n;
            final int bucketCount = this.bucketCount; // |digit| ∈ [1, bucketCount], bucket index |digit| − 1
            boolean batchAffine = strategy == Buckets.BATCH_AFFINE || strategy == Buckets.AUTO
                    && bucketCount >= BATCH_AFFINE_MIN_BUCKETS && end - start >= BATCH_AFFINE_MIN_POINTS;
            if (batchAffine) {
                int capacity = batchCapacity(bucketCount);
                BatchAffineBuckets acc = new BatchAffineBuckets(cv, bases, bucketCount, capacity);
                for (int j = start; j < end; j++) {
                    int d = digits[j * windows + window];
                    if (d != 0) {
                        acc.add(Math.abs(d) - 1, basesOff + live[j] * al, d < 0);
                    }
                }
                return acc.weightedSum();
            }
            long[] buckets = new long[bucketCount * jl];
            for (int b = 0; b < bucketCount; b++) {
                cv.setInfinity(buckets, b * jl);
            }
            long[] negated = new long[al];
            for (int j = start; j < end; j++) {
                int d = digits[j * windows + window];
                int po = basesOff + live[j] * al;
                if (d == 0) {
                    continue;
                }
                if (d > 0) {
                    int bo = (d - 1) * jl;
                    cv.addMixed(buckets, bo, buckets, bo, bases, po);
                } else {
                    int bo = (-d - 1) * jl;
                    System.arraycopy(bases, po, negated, 0, n);
                    cv.field.neg(negated, n, bases, po + n);
                    cv.addMixed(buckets, bo, buckets, bo, negated, 0);
                }
            }
            // Σ (b+1)·bucket[b] = Σ_b running[b], running[b] = Σ_{b' ≥ b} bucket[b']
            long[] running = new long[jl];
            long[] sum = new long[jl];
            cv.setInfinity(running, 0);
            cv.setInfinity(sum, 0);
            for (int b = bucketCount - 1; b >= 0; b--) {
                cv.add(running, 0, running, 0, buckets, b * jl);
                cv.add(sum, 0, sum, 0, running, 0);
            }
            return sum;
        }
    }
}
