package jzk.arith;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** {@link Fp2} against an independent oracle: pairs of {@link BigInteger} with u² = −1 done by hand. */
class Fp2Test {
    private static final BigInteger P = Fp.P;

    /** Oracle element (c0, c1), canonical. */
    record Big(BigInteger c0, BigInteger c1) {
        Big {
            c0 = c0.mod(P);
            c1 = c1.mod(P);
        }

        Big mul(Big o) {
            return new Big(c0.multiply(o.c0).subtract(c1.multiply(o.c1)), c0.multiply(o.c1).add(c1.multiply(o.c0)));
        }

        Big add(Big o) {
            return new Big(c0.add(o.c0), c1.add(o.c1));
        }

        Big sub(Big o) {
            return new Big(c0.subtract(o.c0), c1.subtract(o.c1));
        }

        Big pow(BigInteger e) {
            Big acc = new Big(BigInteger.ONE, BigInteger.ZERO);
            for (int i = e.bitLength() - 1; i >= 0; i--) {
                acc = acc.mul(acc);
                if (e.testBit(i)) {
                    acc = acc.mul(this);
                }
            }
            return acc;
        }

        long[] limbs() {
            return Fp2.fromBigIntegers(c0, c1);
        }

        static Big of(long[] a, int ao) {
            BigInteger[] c = Fp2.toBigIntegers(a, ao);
            return new Big(c[0], c[1]);
        }
    }

    static List<Big> samples(long seed, int count) {
        Random rnd = new Random(seed);
        BigInteger[] edges = {BigInteger.ZERO, BigInteger.ONE, BigInteger.TWO, P.subtract(BigInteger.ONE),
                P.subtract(BigInteger.TWO), P.shiftRight(1), P.shiftRight(1).add(BigInteger.ONE)};
        List<Big> v = new ArrayList<>();
        for (BigInteger x : edges) {
            for (BigInteger y : edges) {
                v.add(new Big(x, y));
            }
        }
        for (int i = 0; i < count; i++) {
            v.add(new Big(new BigInteger(390, rnd), new BigInteger(390, rnd)));
        }
        return v;
    }

    @Test
    void ringOperationsMatchOracle() {
        List<Big> xs = samples(11, 150);
        List<Big> ys = samples(12, 150);
        long[] r = new long[Fp2.LONGS];
        Big xi = new Big(BigInteger.ONE, BigInteger.ONE);
        for (int i = 0; i < xs.size(); i++) {
            Big x = xs.get(i);
            Big y = ys.get((i * 13 + 5) % ys.size());
            long[] a = x.limbs();
            long[] b = y.limbs();
            Fp2.mul(r, 0, a, 0, b, 0);
            assertEquals(x.mul(y), Big.of(r, 0), "mul");
            Fp2.add(r, 0, a, 0, b, 0);
            assertEquals(x.add(y), Big.of(r, 0), "add");
            Fp2.sub(r, 0, a, 0, b, 0);
            assertEquals(x.sub(y), Big.of(r, 0), "sub");
            Fp2.square(r, 0, a, 0);
            assertEquals(x.mul(x), Big.of(r, 0), "square");
            Fp2.neg(r, 0, a, 0);
            assertEquals(new Big(x.c0.negate(), x.c1.negate()), Big.of(r, 0), "neg");
            Fp2.dbl(r, 0, a, 0);
            assertEquals(x.add(x), Big.of(r, 0), "dbl");
            Fp2.conjugate(r, 0, a, 0);
            assertEquals(new Big(x.c0, x.c1.negate()), Big.of(r, 0), "conjugate");
            Fp2.mulByNonResidue(r, 0, a, 0);
            assertEquals(x.mul(xi), Big.of(r, 0), "mulByNonResidue");
            Fp2.mulByFp(r, 0, a, 0, Fp.F.fromBigInteger(y.c0), 0);
            assertEquals(x.mul(new Big(y.c0, BigInteger.ZERO)), Big.of(r, 0), "mulByFp");
        }
    }

    @Test
    void outputsMayAliasInputs() {
        for (Big x : samples(21, 20)) {
            Big y = x.mul(new Big(BigInteger.valueOf(3), BigInteger.valueOf(7)));
            long[] a = x.limbs();
            Fp2.mul(a, 0, a, 0, y.limbs(), 0);
            assertEquals(x.mul(y), Big.of(a, 0));
            a = x.limbs();
            Fp2.mul(a, 0, y.limbs(), 0, a, 0);
            assertEquals(x.mul(y), Big.of(a, 0));
            a = x.limbs();
            Fp2.square(a, 0, a, 0);
            assertEquals(x.mul(x), Big.of(a, 0));
            a = x.limbs();
            Fp2.inverse(a, 0, a, 0);
            if (!x.equals(new Big(BigInteger.ZERO, BigInteger.ZERO))) {
                assertEquals(new Big(BigInteger.ONE, BigInteger.ZERO), Big.of(a, 0).mul(x));
            }
            a = x.limbs();
            Fp2.mulByNonResidue(a, 0, a, 0);
            assertEquals(x.mul(new Big(BigInteger.ONE, BigInteger.ONE)), Big.of(a, 0));
        }
    }

    @Test
    void offsetsAreHonoured() {
        Big x = samples(3, 1).get(49);
        Big y = samples(4, 1).get(49);
        long[] v = new long[5 * Fp2.LONGS];
        Fp2.fromBigIntegers(v, 12, x.c0, x.c1);
        Fp2.fromBigIntegers(v, 36, y.c0, y.c1);
        Fp2.mul(v, 24, v, 12, v, 36);
        assertEquals(x.mul(y), Big.of(v, 24));
        for (int i = 0; i < 12; i++) {
            assertEquals(0L, v[i]);
            assertEquals(0L, v[48 + i]);
        }
    }

    @Test
    void inverseAndPowMatchOracle() {
        for (Big x : samples(31, 40)) {
            long[] r = new long[Fp2.LONGS];
            Fp2.inverse(r, 0, x.limbs(), 0);
            if (x.c0.signum() == 0 && x.c1.signum() == 0) {
                assertTrue(Fp2.isZero(r, 0), "inverse of zero is zero");
                continue;
            }
            // oracle: x^(p²−2) by Lagrange
            assertEquals(x.pow(P.multiply(P).subtract(BigInteger.TWO)), Big.of(r, 0), "inverse");
            Fp2.pow(r, 0, x.limbs(), 0, BigInteger.valueOf(1_000_003));
            assertEquals(x.pow(BigInteger.valueOf(1_000_003)), Big.of(r, 0), "pow");
        }
    }

    @Test
    void frobeniusIsPthPower() {
        for (Big x : samples(41, 5)) {
            long[] r = new long[Fp2.LONGS];
            Fp2.frobenius(r, 0, x.limbs(), 0);
            assertEquals(x.pow(P), Big.of(r, 0));
        }
    }

    @Test
    void sqrtAndLegendreMatchOracle() {
        BigInteger half = P.multiply(P).subtract(BigInteger.ONE).shiftRight(1);
        long[] r = new long[Fp2.LONGS];
        int squares = 0;
        int nonSquares = 0;
        for (Big x : samples(51, 60)) {
            Big euler = x.pow(half);
            boolean isZero = x.c0.signum() == 0 && x.c1.signum() == 0;
            int expected = isZero ? 0 : euler.equals(new Big(BigInteger.ONE, BigInteger.ZERO)) ? 1 : -1;
            assertEquals(expected, Fp2.legendre(x.limbs(), 0), "legendre of " + x);
            boolean ok = Fp2.sqrt(r, 0, x.limbs(), 0);
            assertEquals(expected >= 0, ok, "sqrt existence for " + x);
            if (ok) {
                assertEquals(x, Big.of(r, 0).mul(Big.of(r, 0)), "sqrt squared");
                squares++;
            } else {
                nonSquares++;
            }
            // x² is always a square; its root is ±x
            Big sq = x.mul(x);
            assertTrue(Fp2.sqrt(r, 0, sq.limbs(), 0));
            Big root = Big.of(r, 0);
            assertTrue(root.equals(x) || root.equals(new Big(x.c0.negate(), x.c1.negate())), "root of x² is ±x");
        }
        assertTrue(squares > 10 && nonSquares > 10, "both branches exercised");
        // α = −1 branch of Algorithm 9: a = −1 (a non-square in Fp, a square in Fp2 with root u) and a = −c² for c in Fp
        Big minusOne = new Big(BigInteger.ONE.negate(), BigInteger.ZERO);
        assertTrue(Fp2.sqrt(r, 0, minusOne.limbs(), 0));
        assertEquals(minusOne, Big.of(r, 0).mul(Big.of(r, 0)));
        Big m9 = new Big(BigInteger.valueOf(-9), BigInteger.ZERO);
        assertTrue(Fp2.sqrt(r, 0, m9.limbs(), 0));
        assertEquals(m9, Big.of(r, 0).mul(Big.of(r, 0)));
    }

    @Test
    void lexicographicallyLargestFollowsZcashRule() {
        BigInteger h = P.subtract(BigInteger.ONE).shiftRight(1);
        assertFalse(Fp2.isLexicographicallyLargest(new Big(BigInteger.ZERO, BigInteger.ZERO).limbs(), 0));
        assertFalse(Fp2.isLexicographicallyLargest(new Big(h, BigInteger.ZERO).limbs(), 0));
        assertTrue(Fp2.isLexicographicallyLargest(new Big(h.add(BigInteger.ONE), BigInteger.ZERO).limbs(), 0));
        // c1 decides when non-zero, whatever c0 is
        assertFalse(Fp2.isLexicographicallyLargest(new Big(P.subtract(BigInteger.ONE), BigInteger.ONE).limbs(), 0));
        assertTrue(Fp2.isLexicographicallyLargest(new Big(BigInteger.ZERO, h.add(BigInteger.ONE)).limbs(), 0));
        assertFalse(Fp2.isLexicographicallyLargest(new Big(BigInteger.ONE, h).limbs(), 0));
        // exactly one of a, −a is largest for a ≠ 0
        for (Big x : samples(61, 30)) {
            long[] a = x.limbs();
            long[] n = new long[Fp2.LONGS];
            Fp2.neg(n, 0, a, 0);
            if (!Fp2.isZero(a, 0)) {
                assertTrue(Fp2.isLexicographicallyLargest(a, 0) ^ Fp2.isLexicographicallyLargest(n, 0));
            }
        }
    }

    @Test
    void constantsAndPredicates() {
        long[] one = Fp2.one();
        assertTrue(Fp2.isOne(one, 0));
        assertFalse(Fp2.isZero(one, 0));
        assertArrayEquals(new BigInteger[] {BigInteger.ONE, BigInteger.ZERO}, Fp2.toBigIntegers(one, 0));
        long[] z = new long[Fp2.LONGS];
        Fp2.setZero(z, 0);
        assertTrue(Fp2.isZero(z, 0));
        Fp2.setOne(z, 0);
        assertTrue(Fp2.equal(z, 0, one, 0));
        long[] u = Fp2.fromBigIntegers(BigInteger.ZERO, BigInteger.ONE);
        Fp2.square(u, 0, u, 0);
        assertEquals(new Big(BigInteger.ONE.negate(), BigInteger.ZERO), Big.of(u, 0), "u² = −1");
    }
}
