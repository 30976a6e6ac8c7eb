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
    /**
     * {@link XyzzStraight#add} (full XYZZ addition) and {@link XyzzStraight#dbl} bit for bit against
     * {@link Xyzz#add(int, int[], int, int[], int)} and {@link Xyzz#dbl}, and by value against {@link Oracle}: either
     * side at infinity, P + P, P + (−P), random pairs with Z ≠ 1 on both sides (each made by a few additions), the
     * doubling of infinity.
     */
    @ParameterizedTest
    @ValueSource(ints = {1, 2})
    void fullAdditionAndDoublingMatchInterpreted(int d) {
        // P_i as sums of three affine multiples (ZZ, ZZZ ≠ 1): P_0..P_3 random, P_4 = P_0 and P_5 = −P_1 summed in
        // another order (same points, other coordinates)
        long[][] ks = new long[6][];
        for (int i = 0; i < 4; i++) {
            ks[i] = new long[] {1 + rnd.nextInt(1 << 20), 1 + rnd.nextInt(1 << 20), 1 + rnd.nextInt(1 << 20)};
        }
        ks[4] = new long[] {ks[0][2], ks[0][0], ks[0][1]};
        ks[5] = new long[] {-ks[1][1], -ks[1][2], -ks[1][0]};
        BigInteger[][][] pts = new BigInteger[6][][];
        int[][] xyzz = new int[6][];
        for (int i = 0; i < pts.length; i++) {
            int[] p = new int[Xyzz.ints(d)];
            BigInteger[][] v = null;
            for (long k : ks[i]) {
                BigInteger[][] b = mul(d, Math.abs(k));
                int[] a = new int[Xyzz.affineInts(d)];
                Oracle.putAffine(b, d, a, 0);
                Xyzz.addAffine(d, p, 0, a, 0, k < 0);
                v = Oracle.addPoints(v, k < 0 ? Oracle.neg(b) : b);
            }
            pts[i] = v;
            xyzz[i] = p;
        }
        int[] inf = new int[Xyzz.ints(d)];
        int[][] lhs = {inf, xyzz[0], inf, xyzz[0], xyzz[1], xyzz[2], xyzz[3]};
        int[][] rhs = {xyzz[1], inf, inf, xyzz[4], xyzz[5], xyzz[3], xyzz[2]};
        BigInteger[][][] lv = {null, pts[0], null, pts[0], pts[1], pts[2], pts[3]};
        BigInteger[][][] rv = {pts[1], null, null, pts[4], pts[5], pts[3], pts[2]};
        String[] names = {"inf + Q", "P + inf", "inf + inf", "P + P (other coordinates)", "P + (-P)", "P + Q",
            "Q + P"};
        for (int i = 0; i < lhs.length; i++) {
            int[] want = lhs[i].clone();
            Xyzz.add(d, want, 0, rhs[i], 0);
            int[] got = lhs[i].clone();
            XyzzStraight.add(d, got, 0, rhs[i].clone(), 0);
            assertArrayEquals(want, got, "d=" + d + " add " + names[i]);
            assertTrue(Oracle.samePoint(Oracle.addPoints(lv[i], rv[i]), Oracle.getXyzz(d, got, 0)),
                    "d=" + d + " add value " + names[i]);
        }
        for (int[] p : new int[][] {xyzz[1], xyzz[2], inf}) {
            int[] want = p.clone();
            Xyzz.dbl(d, want, 0);
            int[] got = p.clone();
            XyzzStraight.dbl(d, got, 0);
            assertArrayEquals(want, got, "d=" + d + " dbl");
        }
        assertTrue(Xyzz.isInfinity(d, inf, 0));
    }
}
