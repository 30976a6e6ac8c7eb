package jzk.arith;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigInteger;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * {@link BatchAffineBuckets} with tiny batches (so flushes, queued and overflowing conflicts, doublings P + P
 * and cancellations P + (−P) all occur) against the same additions done with Jacobian arithmetic.
 */
class BatchAffineBucketsTest {
    private final Random rnd = new Random(8);

    private void run(Curve c, int capacity) {
        run(c, capacity, 4, 3, 60);
    }

    private void run(Curve c, int capacity, int bucketCount, int pointCount, int steps) {
        long[] pts = new long[pointCount * c.affineLongs()];
        for (int i = 0; i < pointCount; i++) {
            long[] j = new long[c.jacobianLongs()];
            c.mul(j, 0, c.generatorAffine(), 0, new BigInteger(255, rnd).mod(Fr.R));
            c.toAffine(pts, i * c.affineLongs(), j, 0);
        }
        BatchAffineBuckets acc = new BatchAffineBuckets(c, pts, bucketCount, capacity);
        long[] expected = new long[c.jacobianLongs()];
        c.setInfinity(expected, 0);
        long[] term = new long[c.jacobianLongs()];
        long[] neg = new long[c.affineLongs()];
        for (int step = 0; step < steps; step++) {
            int b = rnd.nextInt(bucketCount);
            int p = rnd.nextInt(pointCount);
            boolean negate = rnd.nextInt(3) == 0;
            acc.add(b, p * c.affineLongs(), negate);
            if (negate) {
                c.negAffine(neg, 0, pts, p * c.affineLongs());
            } else {
                System.arraycopy(pts, p * c.affineLongs(), neg, 0, c.affineLongs());
            }
            c.mul(term, 0, neg, 0, BigInteger.valueOf(b + 1));
            c.add(expected, 0, expected, 0, term, 0);
        }
        assertTrue(c.equal(expected, 0, acc.weightedSum(), 0), c.name + " capacity " + capacity + ", "
                + bucketCount + " buckets");
    }

    @Test
    void g1SmallBatches() {
        for (int capacity : new int[] {1, 2, 3, 7}) {
            run(G1.CURVE, capacity);
        }
    }

    /**
     * Enough buckets for the batch-affine running sums ({@link BatchAffineBuckets#AFFINE_SUM_MIN_BUCKETS}): few
     * distinct points, so running sums meet equal points (doublings), opposite points (cancellations) and empty
     * buckets and segments.
     */
    @Test
    void batchAffineRunningSums() {
        run(G1.CURVE, 64, BatchAffineBuckets.AFFINE_SUM_MIN_BUCKETS, 2, 700);
        run(G1.CURVE, 128, 2048, 5, 1500);
        run(G2.CURVE, 64, BatchAffineBuckets.AFFINE_SUM_MIN_BUCKETS, 3, 500);
    }

    @Test
    void g2SmallBatches() {
        for (int capacity : new int[] {1, 2, 5}) {
            run(G2.CURVE, capacity);
        }
    }
}
