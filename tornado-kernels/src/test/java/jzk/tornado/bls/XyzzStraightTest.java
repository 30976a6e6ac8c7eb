package jzk.tornado.bls;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigInteger;
import java.util.Random;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import jzk.tornado.bls.kernels.Xyzz;
import jzk.tornado.bls.kernels.XyzzStraight;

/**
 * {@link XyzzStraight#addAffine} (straight-line mixed addition) bit for bit against the interpreted
 * {@link Xyzz#addAffine(int, int[], int, int[], int, boolean)}, and its affine value against the BigInteger group law
 * of {@link Oracle}, for G1 and G2: accumulator or base at infinity, P + P, P + (−P), negated bases, random pairs,
 * and a chain of additions from infinity (the bucket sum's use). The kernels built on it
 * ({@link SortedMsmKernels#sumSlicesG1}, {@code sumSlicesG2}) are checked end to end on jvm and PoCL by
 * SortedMsmTest and SplitMsmTest.
 */
class XyzzStraightTest {
    private final Random rnd = new Random(19);

    private static BigInteger[][] mul(int d, long k) {
        return Oracle.scalarMul(Oracle.generator(d), BigInteger.valueOf(k));
    }

    private void check(int d, BigInteger[][] acc, BigInteger[][] base, boolean negate, String what) {
        int[] p = new int[Xyzz.ints(d)];
        int[] a = new int[Xyzz.affineInts(d)];
        Oracle.putXyzz(acc, d, p, 0);
        // stored negated when added negated, so the expected sum is acc + base either way
        Oracle.putAffine(negate && base != null ? Oracle.neg(base) : base, d, a, 0);
        int[] want = p.clone();
        Xyzz.addAffine(d, want, 0, a, 0, negate);
        int[] got = p.clone();
        XyzzStraight.addAffine(d, got, 0, a, 0, negate);
        assertArrayEquals(want, got, "d=" + d + " " + what + " (negate " + negate + ")");
        assertTrue(Oracle.samePoint(Oracle.addPoints(acc, base), Oracle.getXyzz(d, got, 0)), "d=" + d + " " + what);
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 2})
    void specialCasesAndRandomPairs(int d) {
        BigInteger[][] p = mul(d, 5);
        BigInteger[][] q = mul(d, 11);
        for (boolean negate : new boolean[] {false, true}) {
            check(d, null, null, negate, "inf + inf");
            check(d, null, q, negate, "inf + Q");
            check(d, p, null, negate, "P + inf");
            check(d, p, p, negate, "P + P");
            check(d, p, Oracle.neg(p), negate, "P + (-P)");
            check(d, p, q, negate, "P + Q");
            for (int i = 0; i < 4; i++) {
                BigInteger[][] x = mul(d, rnd.nextLong() >>> 1);
                check(d, x, i % 3 == 0 ? x : mul(d, rnd.nextLong() >>> 1), negate, "random " + i);
            }
        }
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 2})
    void chainFromInfinityMatchesInterpreted(int d) {
        // a bucket's sequence: 7G, +7G (doubling), −14G (back to infinity), ∞ (skipped), multiples with repeats
        // and negations; 0 stands for the base at infinity, −1 for a random multiple
        long[] ks = {7, 7, 14, 0, 3, 1000, 3, 0, -1, 9, 9, 2};
        boolean[] neg = {false, false, true, false, false, false, true, false, false, false, false, true};
        int[] want = new int[Xyzz.ints(d)];
        int[] got = new int[Xyzz.ints(d)];
        BigInteger[][] sum = null;
        for (int i = 0; i < ks.length; i++) {
            long k = ks[i] < 0 ? 1 + rnd.nextInt(1 << 30) : ks[i];
            BigInteger[][] b = k == 0 ? null : mul(d, k);
            int[] a = new int[Xyzz.affineInts(d)];
            Oracle.putAffine(b, d, a, 0);
            Xyzz.addAffine(d, want, 0, a, 0, neg[i]);
            XyzzStraight.addAffine(d, got, 0, a, 0, neg[i]);
            assertArrayEquals(want, got, "d=" + d + " after " + (i + 1) + " additions");
            sum = Oracle.addPoints(sum, b == null ? null : neg[i] ? Oracle.neg(b) : b);
            assertTrue(Oracle.samePoint(sum, Oracle.getXyzz(d, got, 0)), "d=" + d + " value after " + (i + 1));
        }
    }

    /** An XYZZ point worth Σ ks·G with ZZ ≠ 1 in general: mixed additions from infinity (null: infinity). */
    private static int[] xyzz(int d, long... ks) {
        int[] p = new int[Xyzz.ints(d)];
        for (long k : ks) {
            int[] a = new int[Xyzz.affineInts(d)];
            Oracle.putAffine(mul(d, k), d, a, 0);
            Xyzz.addAffine(d, p, 0, a, 0, false);
        }
        return p;
    }

    private static void checkAdd(int d, int[] p, int[] q, String what) {
        int[] want = p.clone();
        Xyzz.add(d, want, 0, q, 0);
        int[] got = p.clone();
        XyzzStraight.add(d, got, 0, q, 0);
        assertArrayEquals(want, got, "add d=" + d + " " + what);
        assertTrue(Oracle.samePoint(Oracle.addPoints(Oracle.getXyzz(d, p, 0), Oracle.getXyzz(d, q, 0)),
                Oracle.getXyzz(d, got, 0)), "add value d=" + d + " " + what);
    }

    /**
     * {@link XyzzStraight#add} and {@link XyzzStraight#dbl} (the straight-line bucket reduction's operations, see
     * {@code SortedMsmKernels.reducePartsG1/G2}) bit for bit against {@link Xyzz#add} / {@link Xyzz#dbl} and in
     * value against the BigInteger group law: infinity on either side, P + P where the two carry different Z
     * (doubling detected from the coordinates), P + (−P), random pairs; doubling of infinity and of random points.
     */
    @ParameterizedTest
    @ValueSource(ints = {1, 2})
    void fullAdditionAndDoublingMatchInterpreted(int d) {
        int[] inf = new int[Xyzz.ints(d)];
        int[] p = xyzz(d, 3, 1000, 7);      // 1010·G, ZZ ≠ 1
        int[] p2 = xyzz(d, 1010);           // the same point with ZZ = 1
        int[] q = xyzz(d, 11, 5);
        int[] negP = xyzz(d, 1010);
        BigInteger[][] np = Oracle.neg(mul(d, 1010));
        Oracle.putXyzz(np, d, negP, 0);
        checkAdd(d, inf, inf, "inf + inf");
        checkAdd(d, inf, q, "inf + Q");
        checkAdd(d, p, inf, "P + inf");
        checkAdd(d, p, p2, "P + P (other Z)");
        checkAdd(d, p, p, "P + P");
        checkAdd(d, p, negP, "P + (-P)");
        checkAdd(d, p, q, "P + Q");
        for (int i = 0; i < 4; i++) {
            checkAdd(d, xyzz(d, rnd.nextLong() >>> 1, rnd.nextLong() >>> 1), xyzz(d, rnd.nextLong() >>> 1, 17),
                    "random " + i);
        }
        for (int[] x : new int[][] {inf, p, q, xyzz(d, rnd.nextLong() >>> 1, 3)}) {
            int[] want = x.clone();
            Xyzz.dbl(d, want, 0);
            int[] got = x.clone();
            XyzzStraight.dbl(d, got, 0);
            assertArrayEquals(want, got, "dbl d=" + d);
            BigInteger[][] v = Oracle.getXyzz(d, x, 0);
            assertTrue(Oracle.samePoint(Oracle.addPoints(v, v), Oracle.getXyzz(d, got, 0)), "dbl value d=" + d);
        }
    }
}
