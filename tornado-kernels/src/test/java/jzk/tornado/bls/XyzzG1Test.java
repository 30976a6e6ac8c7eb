package jzk.tornado.bls;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigInteger;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * {@link XyzzG1#addAffine} (straight-line G1 mixed addition) bit for bit against the interpreted
 * {@link Xyzz#addAffine(int, int[], int, int[], int, boolean)} with {@code d = 1}, and its affine value against the
 * BigInteger group law of {@link Oracle}: accumulator or base at infinity, P + P, P + (−P), negated bases, random
 * pairs, and a chain of additions from infinity (the bucket sum's use). The kernel built on it
 * ({@link SortedMsmKernels#sumSlicesG1}) is checked end to end on jvm and PoCL by SortedMsmTest and SplitMsmTest.
 */
class XyzzG1Test {
    private final Random rnd = new Random(19);

    private static BigInteger[][] mul(long k) {
        return Oracle.scalarMul(Oracle.generator(1), BigInteger.valueOf(k));
    }

    private void check(BigInteger[][] acc, BigInteger[][] base, boolean negate, String what) {
        int[] p = new int[Xyzz.ints(1)];
        int[] a = new int[Xyzz.affineInts(1)];
        Oracle.putXyzz(acc, 1, p, 0);
        // stored negated when added negated, so the expected sum is acc + base either way
        Oracle.putAffine(negate && base != null ? Oracle.neg(base) : base, 1, a, 0);
        int[] want = p.clone();
        Xyzz.addAffine(1, want, 0, a, 0, negate);
        int[] got = p.clone();
        XyzzG1.addAffine(got, 0, a, 0, negate);
        assertArrayEquals(want, got, what + " (negate " + negate + ")");
        assertTrue(Oracle.samePoint(Oracle.addPoints(acc, base), Oracle.getXyzz(1, got, 0)), what);
    }

    @Test
    void specialCasesAndRandomPairs() {
        BigInteger[][] p = mul(5);
        BigInteger[][] q = mul(11);
        for (boolean negate : new boolean[] {false, true}) {
            check(null, null, negate, "inf + inf");
            check(null, q, negate, "inf + Q");
            check(p, null, negate, "P + inf");
            check(p, p, negate, "P + P");
            check(p, Oracle.neg(p), negate, "P + (-P)");
            check(p, q, negate, "P + Q");
            for (int i = 0; i < 6; i++) {
                BigInteger[][] x = mul(rnd.nextLong() >>> 1);
                check(x, i % 3 == 0 ? x : mul(rnd.nextLong() >>> 1), negate, "random " + i);
            }
        }
    }

    @Test
    void chainFromInfinityMatchesInterpreted() {
        // a bucket's sequence: 7G, +7G (doubling), −14G (back to infinity), ∞ (skipped), random multiples with
        // repeats, a negated copy of the running sum's last base
        long[] ks = {7, 7, 14, 0, 3, 1000, 3, 0, 12345, 9, 9, 2};
        boolean[] neg = {false, false, true, false, false, false, true, false, false, false, false, true};
        int w = Xyzz.affineInts(1);
        int[] want = new int[Xyzz.ints(1)];
        int[] got = new int[Xyzz.ints(1)];
        BigInteger[][] sum = null;
        for (int i = 0; i < ks.length; i++) {
            long k = ks[i] == 12345 ? 1 + rnd.nextInt(1 << 30) : ks[i];
            BigInteger[][] b = k == 0 ? null : mul(k);
            int[] a = new int[w];
            Oracle.putAffine(b, 1, a, 0);
            Xyzz.addAffine(1, want, 0, a, 0, neg[i]);
            XyzzG1.addAffine(got, 0, a, 0, neg[i]);
            assertArrayEquals(want, got, "after " + (i + 1) + " additions");
            sum = Oracle.addPoints(sum, b == null ? null : neg[i] ? Oracle.neg(b) : b);
            assertTrue(Oracle.samePoint(sum, Oracle.getXyzz(1, got, 0)), "value after " + (i + 1) + " additions");
        }
    }
}
