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

    private void check(Curve c, long[] bases, BigInteger[] ks) {
        long[] got = Pippenger.msm(c, bases, scalarLimbs(ks), ks.length);
        assertTrue(c.equal(naive(c, bases, ks), 0, got, 0), c.name + " MSM differs from the naive sum, n = " + ks.length);
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
            int windows = (255 + c - 1) / c + 1;
            BigInteger[] ks = {Fr.R.subtract(BigInteger.ONE), randomScalar(), BigInteger.ONE.shiftLeft(254),
                BigInteger.ONE.shiftLeft(255).subtract(BigInteger.ONE).min(Fr.R.subtract(BigInteger.ONE))};
            short[] d = Pippenger.recode(scalarLimbs(ks), ks.length, c, windows);
            for (int i = 0; i < ks.length; i++) {
                BigInteger back = BigInteger.ZERO;
                for (int j = windows - 1; j >= 0; j--) {
                    int digit = d[i * windows + j];
                    assertTrue(digit >= -(1 << (c - 1)) && digit < (1 << (c - 1)));
                    back = back.shiftLeft(c).add(BigInteger.valueOf(digit));
                }
                assertEquals(ks[i], back, "c = " + c);
            }
        }
    }

    @Test
    void windowGrowsWithN() {
        assertTrue(Pippenger.windowBits(1) <= Pippenger.windowBits(1 << 10));
        assertTrue(Pippenger.windowBits(1 << 10) < Pippenger.windowBits(1 << 20));
    }
}
