package jzk.arith;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigInteger;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** {@link Pippenger} against the naive sum Σ [k_i]P_i, with edge cases, for G1 and G2. */
class PippengerTest {
    private final Random rnd = new Random(11);

    private BigInteger randomScalar() {
        return new BigInteger(255, rnd).mod(Fr.R);
    }

    /** n random subgroup points [s]G, as one flat affine array. */
    private long[] randomBases(Curve c, int n) {
        // a few scalar multiplications, then cheap additions, to keep the setup fast
        long[] bases = new long[n * c.affineLongs()];
        long[] jac = new long[n * c.jacobianLongs()];
        long[] step = new long[c.jacobianLongs()];
        c.mul(step, 0, c.generatorAffine(), 0, randomScalar());
        long[] stepAffine = new long[c.affineLongs()];
        c.toAffine(stepAffine, 0, step, 0);
        c.mul(jac, 0, c.generatorAffine(), 0, randomScalar());
        for (int i = 1; i < n; i++) {
            c.addMixed(jac, i * c.jacobianLongs(), jac, (i - 1) * c.jacobianLongs(), stepAffine, 0);
        }
        c.batchToAffine(bases, 0, jac, 0, n);
        return bases;
    }

    private static long[] scalarLimbs(BigInteger[] ks) {
        long[] s = new long[ks.length * Fr.LIMBS];
        for (int i = 0; i < ks.length; i++) {
            System.arraycopy(Limbs.fromBigInteger(ks[i], Fr.LIMBS), 0, s, i * Fr.LIMBS, Fr.LIMBS);
        }
        return s;
    }

    private static long[] naive(Curve c, long[] bases, BigInteger[] ks) {
        long[] acc = new long[c.jacobianLongs()];
        c.setInfinity(acc, 0);
        long[] t = new long[c.jacobianLongs()];
        for (int i = 0; i < ks.length; i++) {
            c.mul(t, 0, bases, i * c.affineLongs(), ks[i]);
            c.add(acc, 0, acc, 0, t, 0);
        }
        return acc;
    }

    /** Checks every bucket strategy (AUTO, and each one forced). */
    private void check(Curve c, long[] bases, BigInteger[] ks) {
        long[] expected = naive(c, bases, ks);
        for (Pippenger.Buckets strategy : Pippenger.Buckets.values()) {
            long[] got = Pippenger.msm(c, bases, scalarLimbs(ks), ks.length, strategy);
            assertTrue(c.equal(expected, 0, got, 0),
                    c.name + " MSM differs from the naive sum, n = " + ks.length + ", " + strategy);
        }
    }

    private void randomCases(Curve c, int[] sizes) {
        for (int n : sizes) {
            long[] bases = randomBases(c, n);
            BigInteger[] ks = new BigInteger[n];
            for (int i = 0; i < n; i++) {
                ks[i] = randomScalar();
            }
            check(c, bases, ks);
        }
    }

    @Test
    void g1RandomAgainstNaive() {
        randomCases(G1.CURVE, new int[] {1, 2, 3, 17, 64});
    }

    @Test
    void g2RandomAgainstNaive() {
        randomCases(G2.CURVE, new int[] {1, 5, 33});
    }

    @Test
    void edgeCases() {
        for (Curve c : new Curve[] {G1.CURVE, G2.CURVE}) {
            // n = 0: infinity
            assertTrue(c.isInfinity(Pippenger.msm(c, new long[0], new long[0], 0), 0));
            int n = 12;
            long[] bases = randomBases(c, n);
            // infinity bases at 2 and 7; base 5 repeated at 6 and 9; base 3 = −base 4
            java.util.Arrays.fill(bases, 2 * c.affineLongs(), 3 * c.affineLongs(), 0L);
            java.util.Arrays.fill(bases, 7 * c.affineLongs(), 8 * c.affineLongs(), 0L);
            System.arraycopy(bases, 5 * c.affineLongs(), bases, 6 * c.affineLongs(), c.affineLongs());
            System.arraycopy(bases, 5 * c.affineLongs(), bases, 9 * c.affineLongs(), c.affineLongs());
            c.negAffine(bases, 3 * c.affineLongs(), bases, 4 * c.affineLongs());
            BigInteger rm1 = Fr.R.subtract(BigInteger.ONE);
            BigInteger same = randomScalar();
            BigInteger[] ks = {BigInteger.ZERO, BigInteger.ONE, randomScalar(), same, same, rm1, rm1,
                randomScalar(), BigInteger.TWO, rm1, BigInteger.ONE.shiftLeft(254), BigInteger.ZERO};
            check(c, bases, ks);
            // all scalars zero
            BigInteger[] zeros = new BigInteger[n];
            java.util.Arrays.fill(zeros, BigInteger.ZERO);
            assertTrue(c.isInfinity(Pippenger.msm(c, bases, scalarLimbs(zeros), n), 0));
            // P·1 + P·(r−1) = O through the buckets
            long[] two = new long[2 * c.affineLongs()];
            System.arraycopy(bases, 0, two, 0, c.affineLongs());
            System.arraycopy(bases, 0, two, c.affineLongs(), c.affineLongs());
            assertTrue(c.isInfinity(Pippenger.msm(c, two, scalarLimbs(new BigInteger[] {BigInteger.ONE, rm1}), 2), 0));
        }
    }

    /**
     * Scalars equal to 1 are summed apart from the windows: witness-like mixes of 0, 1 and other scalars; all ones;
     * one single one; and more ones than the batch-affine sum has accumulators, over bases of period 3 (P, −P, Q),
     * so that accumulators receive P + P, P + (−P) and Q + Q (every strategy, including batch affine forced).
     */
    @Test
    void onesAreSummedApart() {
        for (Curve c : new Curve[] {G1.CURVE, G2.CURVE}) {
            int n = 30;
            long[] bases = randomBases(c, n);
            java.util.Arrays.fill(bases, 4 * c.affineLongs(), 5 * c.affineLongs(), 0L); // an infinity base
            BigInteger[] ks = new BigInteger[n];
            for (int i = 0; i < n; i++) {
                ks[i] = i % 5 == 0 ? BigInteger.ZERO : i % 5 == 3 ? randomScalar() : BigInteger.ONE;
            }
            check(c, bases, ks);
            java.util.Arrays.fill(ks, BigInteger.ONE);
            check(c, bases, ks);
            java.util.Arrays.fill(ks, BigInteger.ZERO);
            ks[17] = BigInteger.ONE;
            check(c, bases, ks);
        }
        Curve c = G1.CURVE;
        int n = 2100;
        long[] three = randomBases(c, 2);
        long[] bases = new long[n * c.affineLongs()];
        BigInteger[] ks = new BigInteger[n];
        for (int i = 0; i < n; i++) {
            switch (i % 3) {
                case 0 -> System.arraycopy(three, 0, bases, i * c.affineLongs(), c.affineLongs());
                case 1 -> c.negAffine(bases, i * c.affineLongs(), three, 0);
                default -> System.arraycopy(three, c.affineLongs(), bases, i * c.affineLongs(), c.affineLongs());
            }
            ks[i] = i % 7 == 6 ? BigInteger.TWO : BigInteger.ONE;
        }
        check(c, bases, ks);
    }

    /** Many additions into the same buckets: conflicts within a batch, doublings, cancellations. */
    @Test
    void collidingBuckets() {
        for (Curve c : new Curve[] {G1.CURVE, G2.CURVE}) {
            int n = 40;
            long[] one = randomBases(c, 2);
            long[] bases = new long[n * c.affineLongs()];
            BigInteger[] ks = new BigInteger[n];
            for (int i = 0; i < n; i++) {
                // bases alternate P, P, −P, Q; scalars cycle through 1, 2, 3 (same buckets in low windows)
                int which = i % 4;
                if (which == 3) {
                    System.arraycopy(one, c.affineLongs(), bases, i * c.affineLongs(), c.affineLongs());
                } else if (which == 2) {
                    c.negAffine(bases, i * c.affineLongs(), one, 0);
                } else {
                    System.arraycopy(one, 0, bases, i * c.affineLongs(), c.affineLongs());
                }
                ks[i] = BigInteger.valueOf(1 + i % 3);
            }
            check(c, bases, ks);
        }
    }

    @Test
    void offsetsSelectASlice() {
        Curve c = G1.CURVE;
        long[] bases = randomBases(c, 7);
        BigInteger[] ks = new BigInteger[7];
        for (int i = 0; i < 7; i++) {
            ks[i] = randomScalar();
        }
        long[] scalars = scalarLimbs(ks);
        long[] sliceBases = java.util.Arrays.copyOfRange(bases, 2 * c.affineLongs(), 6 * c.affineLongs());
        long[] expected = naive(c, sliceBases, java.util.Arrays.copyOfRange(ks, 3, 7));
        long[] got = Pippenger.msm(c, bases, 2 * c.affineLongs(), scalars, 3 * Fr.LIMBS, 4);
        assertTrue(c.equal(expected, 0, got, 0));
        assertThrows(IllegalArgumentException.class, () -> Pippenger.msm(c, bases, 4 * c.affineLongs(), scalars, 0, 4));
    }

    @Test
    void scalarsNotBelowRAreRejected() {
        long[] bases = randomBases(G1.CURVE, 3);
        long[] s = scalarLimbs(new BigInteger[] {BigInteger.ONE, Fr.R, BigInteger.TWO});
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Pippenger.msmG1(bases, s, 3));
        assertTrue(e.getMessage().contains("scalar 1"), e.getMessage());
        long[] big = scalarLimbs(new BigInteger[] {BigInteger.ONE.shiftLeft(256).subtract(BigInteger.ONE)});
        assertThrows(IllegalArgumentException.class, () -> Pippenger.msmG1(bases, big, 1));
        assertThrows(IllegalArgumentException.class, () -> Pippenger.msmG1(bases, new long[4], 2));
    }

    @Test
    void recodingReconstructsTheScalar() {
        for (int c = 2; c <= 16; c++) {
            int windows = Pippenger.windowCount(c);
            BigInteger[] ks = {Fr.R.subtract(BigInteger.ONE), randomScalar(), BigInteger.ONE.shiftLeft(254),
                BigInteger.ONE.shiftLeft(255).subtract(BigInteger.ONE).min(Fr.R.subtract(BigInteger.ONE)),
                BigInteger.ONE.shiftLeft(254).add(BigInteger.ONE.shiftLeft(253)), BigInteger.ONE};
            int[] live = new int[ks.length];
            for (int i = 0; i < ks.length; i++) {
                live[i] = i;
            }
            short[] d = Pippenger.recode(scalarLimbs(ks), 0, live, ks.length, c, windows);
            for (int i = 0; i < ks.length; i++) {
                BigInteger back = BigInteger.ZERO;
                for (int j = windows - 1; j >= 0; j--) {
                    int digit = d[i * windows + j];
                    if (j == windows - 1) { // top window: non-negative, within its buckets
                        assertTrue(digit >= 0 && digit <= Pippenger.topBuckets(c), "c = " + c + ": " + digit);
                    } else {
                        assertTrue(digit >= -(1 << (c - 1)) && digit < (1 << (c - 1)));
                    }
                    back = back.shiftLeft(c).add(BigInteger.valueOf(digit));
                }
                assertEquals(ks[i], back, "c = " + c);
            }
        }
    }

    /**
     * Larger n against a discrete-log oracle: bases P_i = [a + i·b]G, so Σ k_i·P_i = [Σ k_i·(a + i·b) mod r]G, one
     * scalar multiplication. Exercises forced batch-affine buckets over many full batches and the
     * default strategy (G1 only, to keep the test fast).
     */
    @Test
    void largerMsmAgainstDiscreteLogs() {
        for (Curve c : new Curve[] {G1.CURVE, G2.CURVE}) {
            int n = c == G1.CURVE ? 2500 : 2048;
            BigInteger a = randomScalar();
            BigInteger b = randomScalar();
            long[] jac = new long[n * c.jacobianLongs()];
            c.mul(jac, 0, c.generatorAffine(), 0, a);
            long[] bG = new long[c.affineLongs()];
            long[] t = new long[c.jacobianLongs()];
            c.mul(t, 0, c.generatorAffine(), 0, b);
            c.toAffine(bG, 0, t, 0);
            for (int i = 1; i < n; i++) {
                c.addMixed(jac, i * c.jacobianLongs(), jac, (i - 1) * c.jacobianLongs(), bG, 0);
            }
            long[] bases = new long[n * c.affineLongs()];
            c.batchToAffine(bases, 0, jac, 0, n);
            BigInteger[] ks = new BigInteger[n];
            BigInteger log = BigInteger.ZERO;
            for (int i = 0; i < n; i++) {
                ks[i] = i % 7 == 3 ? ks[i - 1] : randomScalar(); // some repeated scalars
                log = log.add(ks[i].multiply(a.add(b.multiply(BigInteger.valueOf(i)))));
            }
            long[] expected = new long[c.jacobianLongs()];
            c.mul(expected, 0, c.generatorAffine(), 0, log.mod(Fr.R));
            long[] batch = Pippenger.msm(c, bases, scalarLimbs(ks), n, Pippenger.Buckets.BATCH_AFFINE);
            assertTrue(c.equal(expected, 0, batch, 0),
                    c.name + " batch-affine buckets");
            if (c == G1.CURVE) { // G1 suffices to cover the default (Jacobian at this size) path
                assertTrue(c.equal(expected, 0, Pippenger.msm(c, bases, scalarLimbs(ks), n), 0), c.name + " default");
            }
        }
    }

    @Test
    void chunkingBalancesWindowsOverThreads() {
        assertEquals(1, Pippenger.chunkCount(1000, 8, 33, 16)); // too few points to split
        assertEquals(1, Pippenger.chunkCount(1 << 16, 12, 23, 1)); // one thread: splitting only adds bucket sums
        // 18 windows on 16 threads: unsplit takes 2 rounds of full windows; 3 chunks take 4 rounds of a third
        assertEquals(3, Pippenger.chunkCount(1 << 20, 15, 18, 16));
    }

    @Test
    void defaultStrategyUsesBatchAffineOnlyForLargeWindows() {
        assertTrue(Pippenger.windowBits(1 << 16) - 1 >= 11, "2^16 points: ≥ 2048 buckets, batch affine");
        assertTrue(Pippenger.windowBits(1 << 10) - 1 < 11, "2^10 points: small window, Jacobian buckets");
    }

    @Test
    void windowGrowsWithN() {
        assertTrue(Pippenger.windowBits(1) <= Pippenger.windowBits(1 << 10));
        assertTrue(Pippenger.windowBits(1 << 10) < Pippenger.windowBits(1 << 20));
    }
}
