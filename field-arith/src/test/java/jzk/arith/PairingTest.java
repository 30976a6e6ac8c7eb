package jzk.arith;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigInteger;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** Pairing relations (bilinearity, non-degeneracy, order r) and the exponent identities Pairing relies on. */
class PairingTest {
    private static final BigInteger R = Fr.R;
    private static final long[] P = G1.generator();
    private static final long[] Q = G2.generator();
    private static final long[] E_PQ = Pairing.pairing(P, 0, Q, 0);

    private static BigInteger x() {
        return new BigInteger(Long.toUnsignedString(Pairing.ABS_X)).negate();
    }

    @Test
    void finalExponentDecompositionIsExact() {
        BigInteger p = Fp.P;
        BigInteger x = x();
        assertEquals(new BigInteger("-d201000000010000", 16), x);
        BigInteger d = p.pow(4).subtract(p.pow(2)).add(BigInteger.ONE);
        assertEquals(BigInteger.ZERO, d.mod(R), "r divides p⁴ − p² + 1");
        d = d.divide(R);
        BigInteger xm1 = x.subtract(BigInteger.ONE);
        assertEquals(BigInteger.ZERO, xm1.mod(BigInteger.valueOf(3)), "x ≡ 1 mod 3");
        BigInteger rhs = xm1.divide(BigInteger.valueOf(3)).multiply(xm1).multiply(x.add(p))
                .multiply(x.pow(2).add(p.pow(2)).subtract(BigInteger.ONE)).add(BigInteger.ONE);
        assertEquals(d, rhs);
        assertEquals(BigInteger.valueOf(Pairing.ABS_X_PLUS_ONE_OVER_3), xm1.negate().divide(BigInteger.valueOf(3)));
    }

    @Test
    void additionChainForAbsXPlusOneOver3MatchesSquareAndMultiply() {
        // a cyclotomic element: the easy part f^((p⁶ − 1)(p² + 1)) of a random f, computed with BigInteger exponents
        long[] f = TowerOracle.toFp12(TowerOracle.randomFp12(new Random(307)));
        long[] g = new long[Fp12.LONGS];
        Fp12.pow(g, 0, f, 0, Fp.P.pow(6).subtract(BigInteger.ONE).multiply(Fp.P.pow(2).add(BigInteger.ONE)));
        long[] expected = new long[Fp12.LONGS];
        Fp12.pow(expected, 0, g, 0, BigInteger.valueOf(Pairing.ABS_X_PLUS_ONE_OVER_3));
        long[] actual = new long[Fp12.LONGS];
        Pairing.powAbsXPlusOneOver3(actual, g, new long[Fp12.SCRATCH]);
        assertTrue(Fp12.equal(expected, 0, actual, 0), "g^((|x|+1)/3) by the addition chain");
    }

    @Test
    void finalExponentiationIsThePowerByP12Minus1OverR() {
        long[] f = TowerOracle.toFp12(TowerOracle.randomFp12(new Random(303)));
        BigInteger exponent = Fp.P.pow(12).subtract(BigInteger.ONE).divide(R);
        long[] expected = new long[Fp12.LONGS];
        Fp12.pow(expected, 0, f, 0, exponent);
        long[] actual = new long[Fp12.LONGS];
        Pairing.finalExponentiation(actual, 0, f, 0);
        assertTrue(Fp12.equal(expected, 0, actual, 0), "f^((p¹²−1)/r) by the direct BigInteger exponent");
    }

    @Test
    void resultHasOrderR() {
        assertFalse(Fp12.isOne(E_PQ, 0), "non-degenerate: e(G1, G2) ≠ 1");
        long[] y = new long[Fp12.LONGS];
        Fp12.pow(y, 0, E_PQ, 0, R);
        assertTrue(Fp12.isOne(y, 0), "e(P, Q)^r = 1");
    }

    @Test
    void bilinearity() {
        Random rnd = new Random(301);
        for (int i = 0; i < 2; i++) {
            BigInteger a = new BigInteger(255, rnd).mod(R);
            BigInteger b = new BigInteger(255, rnd).mod(R);
            long[] aP = G1.mulAffine(P, 0, a);
            long[] bQ = G2.mulAffine(Q, 0, b);
            long[] lhs = Pairing.pairing(aP, 0, bQ, 0);
            long[] rhs = new long[Fp12.LONGS];
            Fp12.pow(rhs, 0, E_PQ, 0, a.multiply(b).mod(R));
            assertTrue(Fp12.equal(lhs, 0, rhs, 0), "e(aP, bQ) = e(P, Q)^(ab)");
            long[] abP = G1.mulAffine(P, 0, a.multiply(b).mod(R));
            assertTrue(Fp12.equal(lhs, 0, Pairing.pairing(abP, 0, Q, 0), 0), "e(aP, bQ) = e(abP, Q)");
        }
        // small multiples through the addition path: e(2P, 3Q) = e(6P, Q) = e(P, 6Q)
        long[] e1 = Pairing.pairing(G1.mulAffine(P, 0, BigInteger.TWO), 0, G2.mulAffine(Q, 0, BigInteger.valueOf(3)), 0);
        long[] e2 = Pairing.pairing(G1.mulAffine(P, 0, BigInteger.valueOf(6)), 0, Q, 0);
        long[] e3 = Pairing.pairing(P, 0, G2.mulAffine(Q, 0, BigInteger.valueOf(6)), 0);
        assertTrue(Fp12.equal(e1, 0, e2, 0));
        assertTrue(Fp12.equal(e1, 0, e3, 0));
    }

    @Test
    void negationGivesInverse() {
        long[] negP = new long[G1.AFFINE_LONGS];
        G1.CURVE.negAffine(negP, 0, P, 0);
        long[] prod = new long[Fp12.LONGS];
        Fp12.mul(prod, 0, E_PQ, 0, Pairing.pairing(negP, 0, Q, 0), 0);
        assertTrue(Fp12.isOne(prod, 0), "e(P, Q)·e(−P, Q) = 1");
        long[] g1s = concat(P, negP);
        long[] g2s = concat(Q, Q);
        assertTrue(Pairing.multiPairingIsOne(g1s, g2s, 2));
    }

    @Test
    void multiPairingOnTrueAndFalseRelations() {
        Random rnd = new Random(302);
        BigInteger a = new BigInteger(200, rnd);
        BigInteger b = new BigInteger(200, rnd);
        BigInteger c = new BigInteger(200, rnd);
        // Groth16-shaped: e(aP, bQ) · e(−cP, Q) · e(−(ab − c)P, Q) = 1
        long[] g1 = concat(G1.mulAffine(P, 0, a), G1.mulAffine(P, 0, c.negate().mod(R)),
                G1.mulAffine(P, 0, a.multiply(b).subtract(c).negate().mod(R)));
        long[] g2 = concat(G2.mulAffine(Q, 0, b), Q, Q);
        assertTrue(Pairing.multiPairingIsOne(g1, g2, 3), "true relation");
        long[] wrong = concat(G1.mulAffine(P, 0, a), G1.mulAffine(P, 0, c.negate().mod(R)),
                G1.mulAffine(P, 0, a.multiply(b).subtract(c).negate().add(BigInteger.ONE).mod(R)));
        assertFalse(Pairing.multiPairingIsOne(wrong, g2, 3), "false relation");
        // the same as the product of individual pairings
        long[] ml = new long[Fp12.LONGS];
        Pairing.millerLoop(ml, 0, wrong, 0, g2, 0, 3);
        Pairing.finalExponentiation(ml, 0, ml, 0);
        long[] prod = Fp12.one();
        for (int i = 0; i < 3; i++) {
            Fp12.mul(prod, 0, prod, 0, Pairing.pairing(wrong, 12 * i, g2, 24 * i), 0);
        }
        assertTrue(Fp12.equal(prod, 0, ml, 0), "multi Miller loop = product of pairings");
    }

    @Test
    void infinityPairsToOne() {
        long[] inf1 = new long[G1.AFFINE_LONGS];
        long[] inf2 = new long[G2.AFFINE_LONGS];
        assertTrue(Fp12.isOne(Pairing.pairing(inf1, 0, Q, 0), 0));
        assertTrue(Fp12.isOne(Pairing.pairing(P, 0, inf2, 0), 0));
        assertTrue(Pairing.multiPairingIsOne(concat(inf1, P), concat(Q, inf2), 2));
        assertTrue(Pairing.multiPairingIsOne(new long[0], new long[0], 0), "empty product is one");
        assertThrows(IllegalArgumentException.class, () -> Pairing.multiPairingIsOne(P, Q, 2));
    }

    static long[] concat(long[]... parts) {
        int len = 0;
        for (long[] p : parts) {
            len += p.length;
        }
        long[] r = new long[len];
        int o = 0;
        for (long[] p : parts) {
            System.arraycopy(p, 0, r, o, p.length);
            o += p.length;
        }
        return r;
    }
}
