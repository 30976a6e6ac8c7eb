package jzk.arith;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigInteger;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * The endomorphism subgroup tests of {@link G1#isInSubgroup} and {@link G2#isInSubgroup} agree with the
 * definition {@code [r]P = O} on points inside and outside the subgroup.
 */
class SubgroupCheckTest {
    private final Random rnd = new Random(3);

    /** Curve points found from x = start upwards (almost surely outside the subgroup: the cofactor is large). */
    private static long[] curvePoint(Curve c, int start) {
        for (int x = start; ; x++) {
            long[] p = new long[c.affineLongs()];
            for (int i = 0; i < c.n; i += Fp.LIMBS) {
                Fp.F.fromBigInteger(p, i, BigInteger.valueOf(x + i)); // Fp2: c0 = x, c1 = x + 6
            }
            long[] rhs = new long[c.n];
            c.field.square(rhs, 0, p, 0);
            c.field.mul(rhs, 0, rhs, 0, p, 0);
            c.field.add(rhs, 0, rhs, 0, c.b(), 0);
            if (c.field.sqrt(p, c.n, rhs, 0)) {
                return p;
            }
        }
    }

    private long[] subgroupPoint(Curve c) {
        long[] j = new long[c.jacobianLongs()];
        c.mul(j, 0, c.generatorAffine(), 0, new BigInteger(255, rnd).mod(Fr.R));
        long[] a = new long[c.affineLongs()];
        c.toAffine(a, 0, j, 0);
        return a;
    }

    private void agree(Curve c, java.util.function.BiPredicate<long[], Integer> fast) {
        int outside = 0;
        for (int i = 0; i < 3; i++) {
            long[] in = subgroupPoint(c);
            assertTrue(fast.test(in, 0));
            assertTrue(c.isTorsionFreeByOrder(in, 0));
            long[] p = curvePoint(c, 1 + 10 * i);
            boolean byOrder = c.isTorsionFreeByOrder(p, 0);
            assertEquals(byOrder, fast.test(p, 0));
            outside += byOrder ? 0 : 1;
            // P + Q with Q in the subgroup keeps P's cofactor component
            long[] s = new long[c.jacobianLongs()];
            c.fromAffine(s, 0, in, 0);
            c.addMixed(s, 0, s, 0, p, 0);
            long[] sa = new long[c.affineLongs()];
            c.toAffine(sa, 0, s, 0);
            assertEquals(byOrder, fast.test(sa, 0));
        }
        assertTrue(outside > 0, "no point outside the subgroup was tried");
        assertTrue(fast.test(new long[c.affineLongs()], 0), "infinity is in the subgroup");
        assertTrue(fast.test(c.generatorAffine(), 0));
    }

    @Test
    void g1EndomorphismTestAgreesWithOrder() {
        agree(G1.CURVE, (a, o) -> G1.isInSubgroup(a, o));
        assertFalse(G1.isInSubgroup(G1.affine(BigInteger.ZERO, BigInteger.TWO), 0)); // order 3
    }

    @Test
    void g2EndomorphismTestAgreesWithOrder() {
        agree(G2.CURVE, (a, o) -> G2.isInSubgroup(a, o));
    }

    @Test
    void firstInvalidFindsTheFirstBadPoint() {
        for (Curve c : new Curve[] {G1.CURVE, G2.CURVE}) {
            int count = 6;
            long[] pts = new long[count * c.affineLongs()];
            for (int i = 0; i < count; i++) {
                if (i != 1) { // index 1 stays infinity (valid)
                    System.arraycopy(subgroupPoint(c), 0, pts, i * c.affineLongs(), c.affineLongs());
                }
            }
            assertEquals(-1, c.firstInvalidAffine(pts, 0, count, true));
            long[] outside = curvePoint(c, 1);
            assertFalse(c.isInSubgroup(outside, 0));
            System.arraycopy(outside, 0, pts, 4 * c.affineLongs(), c.affineLongs());
            assertEquals(-1, c.firstInvalidAffine(pts, 0, count, false));
            assertEquals(4, c.firstInvalidAffine(pts, 0, count, true));
            pts[3 * c.affineLongs() + c.n] ^= 1; // point 3 off the curve
            assertEquals(3, c.firstInvalidAffine(pts, 0, count, false));
            assertEquals(1, c.firstInvalidAffine(pts, 2 * c.affineLongs(), count - 2, true)); // offset: index 3 → 1
        }
    }

    /** #E(Fp) = p + 1 − t with trace t = z + 1, so h1·r = p − z; clearing the cofactor lands in G1. */
    @Test
    void g1CofactorMatchesTheCurveOrder() {
        BigInteger z = new BigInteger(Long.toUnsignedString(Pairing.ABS_X)).negate();
        assertEquals(Fp.P.subtract(z), G1.COFACTOR.multiply(Fr.R));
        long[] p = curvePoint(G1.CURVE, 1);
        assertFalse(G1.isInSubgroup(p, 0));
        long[] cleared = G1.mulAffine(p, 0, G1.COFACTOR);
        assertTrue(G1.isInSubgroup(cleared, 0));
        assertTrue(G1.CURVE.isTorsionFreeByOrder(cleared, 0));
    }

    @Test
    void psiIsAnEndomorphismActingAsZOnG2() {
        long[] p = subgroupPoint(G2.CURVE);
        long[] psiP = new long[G2.AFFINE_LONGS];
        G2.psi(psiP, 0, p, 0);
        assertTrue(G2.CURVE.isOnCurveAffine(psiP, 0));
        // ψ on the subgroup is multiplication by z = −|z| (mod r)
        long[] zP = new long[G2.JACOBIAN_LONGS];
        BigInteger z = new BigInteger(Long.toUnsignedString(Pairing.ABS_X)).negate();
        G2.CURVE.mul(zP, 0, p, 0, z);
        long[] lhs = new long[G2.JACOBIAN_LONGS];
        G2.CURVE.fromAffine(lhs, 0, psiP, 0);
        assertTrue(G2.CURVE.equal(lhs, 0, zP, 0));
    }
}
