package jzk.arith;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigInteger;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * Group-law properties every {@link Curve} must have, run once per group ({@link G1CurveTest},
 * {@link G2CurveTest}). Random points are [k]G for random k, so they are in the subgroup.
 */
abstract class CurveSuite {
    abstract Curve curve();

    final Random rnd = new Random(42);

    BigInteger randomScalar() {
        return new BigInteger(255, rnd).mod(Fr.R);
    }

    long[] randomAffine() {
        Curve c = curve();
        long[] j = new long[c.jacobianLongs()];
        c.mul(j, 0, c.generatorAffine(), 0, randomScalar());
        long[] a = new long[c.affineLongs()];
        c.toAffine(a, 0, j, 0);
        return a;
    }

    long[] jac(long[] affine) {
        long[] j = new long[curve().jacobianLongs()];
        curve().fromAffine(j, 0, affine, 0);
        return j;
    }

    /** A Jacobian representative with a random Z ≠ 1, so that formulas see general inputs. */
    long[] scrambled(long[] affine) {
        Curve c = curve();
        int n = c.n;
        long[] j = jac(affine);
        if (c.isInfinity(j, 0)) {
            return j;
        }
        long[] z = new long[n];
        do {
            for (int i = 0; i < n; i += Fp.LIMBS) {
                Fp.F.random(z, i, rnd);
            }
        } while (c.field.isZero(z, 0));
        long[] z2 = new long[n];
        c.field.square(z2, 0, z, 0);
        c.field.mul(j, 0, j, 0, z2, 0);
        c.field.mul(z2, 0, z2, 0, z, 0);
        c.field.mul(j, n, j, n, z2, 0);
        c.field.copy(j, 2 * n, z, 0);
        return j;
    }

    long[] mulG(BigInteger k) {
        long[] r = new long[curve().jacobianLongs()];
        curve().mul(r, 0, curve().generatorAffine(), 0, k);
        return r;
    }

    void assertSame(long[] expectedJac, long[] actualJac) {
        assertTrue(curve().equal(expectedJac, 0, actualJac, 0), "points differ");
        assertTrue(curve().isOnCurve(actualJac, 0), "result not on the curve");
    }

    @Test
    void generatorIsOnCurveAndHasOrderR() {
        Curve c = curve();
        long[] g = c.generatorAffine();
        assertTrue(c.isOnCurveAffine(g, 0));
        assertFalse(c.isInfinityAffine(g, 0));
        assertTrue(c.isInfinity(mulG(Fr.R), 0), "[r]G = O");
        assertSame(jac(g), mulG(BigInteger.ONE));
        assertTrue(c.isInfinity(mulG(BigInteger.ZERO), 0), "[0]G = O");
        long[] minusG = new long[c.affineLongs()];
        c.negAffine(minusG, 0, g, 0);
        assertSame(jac(minusG), mulG(Fr.R.subtract(BigInteger.ONE)));
        assertSame(mulG(BigInteger.ONE), mulG(Fr.R.add(BigInteger.ONE)));
        assertSame(jac(minusG), mulG(BigInteger.ONE.negate()));
    }

    @Test
    void scalarMultiplicationIsLinear() {
        for (int i = 0; i < 4; i++) {
            BigInteger a = randomScalar();
            BigInteger b = randomScalar();
            long[] sum = new long[curve().jacobianLongs()];
            curve().add(sum, 0, mulG(a), 0, mulG(b), 0);
            assertSame(mulG(a.add(b)), sum);
            long[] prod = new long[curve().jacobianLongs()];
            curve().mulJacobian(prod, 0, mulG(a), 0, b);
            assertSame(mulG(a.multiply(b)), prod);
        }
        long[] small = new long[curve().jacobianLongs()];
        curve().setInfinity(small, 0);
        for (int k = 1; k <= 20; k++) {
            curve().addMixed(small, 0, small, 0, curve().generatorAffine(), 0);
            assertSame(mulG(BigInteger.valueOf(k)), small);
        }
    }

    @Test
    void addMixedAndDoubleAgreeWithAdd() {
        Curve c = curve();
        for (int i = 0; i < 5; i++) {
            long[] p = randomAffine();
            long[] q = randomAffine();
            long[] viaAdd = new long[c.jacobianLongs()];
            c.add(viaAdd, 0, scrambled(p), 0, scrambled(q), 0);
            long[] viaMixed = new long[c.jacobianLongs()];
            c.addMixed(viaMixed, 0, scrambled(p), 0, q, 0);
            assertSame(viaAdd, viaMixed);
            long[] sp = scrambled(p);
            long[] dbl = new long[c.jacobianLongs()];
            c.dbl(dbl, 0, sp, 0);
            long[] pp = new long[c.jacobianLongs()];
            c.add(pp, 0, sp, 0, scrambled(p), 0); // P + P through the add path
            assertSame(dbl, pp);
            c.addMixed(pp, 0, sp, 0, p, 0); // and the mixed path
            assertSame(dbl, pp);
        }
    }

    @Test
    void specialCasesInfinityAndInverse() {
        Curve c = curve();
        long[] p = randomAffine();
        long[] minusP = new long[c.affineLongs()];
        c.negAffine(minusP, 0, p, 0);
        long[] inf = new long[c.jacobianLongs()];
        c.setInfinity(inf, 0);
        long[] infAffine = new long[c.affineLongs()];
        assertTrue(c.isOnCurveAffine(infAffine, 0));
        long[] r = new long[c.jacobianLongs()];
        c.add(r, 0, scrambled(p), 0, scrambled(minusP), 0);
        assertTrue(c.isInfinity(r, 0), "P + (−P) = O (add)");
        c.addMixed(r, 0, scrambled(p), 0, minusP, 0);
        assertTrue(c.isInfinity(r, 0), "P + (−P) = O (mixed)");
        c.add(r, 0, inf, 0, scrambled(p), 0);
        assertSame(jac(p), r);
        c.add(r, 0, scrambled(p), 0, inf, 0);
        assertSame(jac(p), r);
        c.addMixed(r, 0, inf, 0, p, 0);
        assertSame(jac(p), r);
        c.addMixed(r, 0, scrambled(p), 0, infAffine, 0);
        assertSame(jac(p), r);
        c.addMixed(r, 0, inf, 0, infAffine, 0);
        assertTrue(c.isInfinity(r, 0));
        c.dbl(r, 0, inf, 0);
        assertTrue(c.isInfinity(r, 0));
        long[] a = new long[c.affineLongs()];
        c.toAffine(a, 0, inf, 0);
        assertTrue(c.isInfinityAffine(a, 0));
        long[] neg = new long[c.jacobianLongs()];
        c.neg(neg, 0, scrambled(p), 0);
        assertSame(jac(minusP), neg);
        assertFalse(c.equal(jac(p), 0, inf, 0));
        assertFalse(c.equal(jac(p), 0, jac(minusP), 0));
    }

    @Test
    void outputsMayAliasInputs() {
        Curve c = curve();
        long[] p = randomAffine();
        long[] q = randomAffine();
        long[] expected = new long[c.jacobianLongs()];
        c.add(expected, 0, jac(p), 0, jac(q), 0);
        long[] x = scrambled(p);
        c.add(x, 0, x, 0, scrambled(q), 0);
        assertSame(expected, x);
        x = scrambled(q);
        c.add(x, 0, scrambled(p), 0, x, 0);
        assertSame(expected, x);
        x = scrambled(p);
        c.addMixed(x, 0, x, 0, q, 0);
        assertSame(expected, x);
        long[] d = new long[c.jacobianLongs()];
        c.dbl(d, 0, jac(p), 0);
        x = scrambled(p);
        c.dbl(x, 0, x, 0);
        assertSame(d, x);
    }

    @Test
    void batchToAffineMatchesSingleConversions() {
        Curve c = curve();
        int count = 7;
        long[] jacs = new long[count * c.jacobianLongs()];
        long[] expected = new long[count * c.affineLongs()];
        for (int i = 0; i < count; i++) {
            long[] p = i % 3 == 1 ? new long[c.affineLongs()] : randomAffine(); // infinity in between
            System.arraycopy(scrambled(p), 0, jacs, i * c.jacobianLongs(), c.jacobianLongs());
            if (i % 3 == 1) {
                c.setInfinity(jacs, i * c.jacobianLongs());
            }
            System.arraycopy(p, 0, expected, i * c.affineLongs(), c.affineLongs());
        }
        long[] out = new long[count * c.affineLongs()];
        c.batchToAffine(out, 0, jacs, 0, count);
        assertArrayEquals(expected, out);
        for (int i = 0; i < count; i++) {
            long[] single = new long[c.affineLongs()];
            c.toAffine(single, 0, jacs, i * c.jacobianLongs());
            assertTrue(c.equalAffine(single, 0, out, i * c.affineLongs()));
        }
    }

    @Test
    void pointsOffTheCurveAreDetected() {
        Curve c = curve();
        long[] p = randomAffine();
        c.field.add(p, c.n, p, c.n, p, 0); // y += x
        assertFalse(c.isOnCurveAffine(p, 0));
        assertFalse(c.isOnCurve(jac(p), 0));
    }
}
