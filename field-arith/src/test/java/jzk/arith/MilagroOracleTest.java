package jzk.arith;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigInteger;
import java.util.Random;
import org.apache.milagro.amcl.BLS381.BIG;
import org.apache.milagro.amcl.BLS381.ECP;
import org.apache.milagro.amcl.BLS381.ECP2;
import org.apache.milagro.amcl.BLS381.FP2;
import org.junit.jupiter.api.Test;

/**
 * Cross-checks G1/G2 against an independent implementation, Apache Milagro AMCL 0.4.0 (BLS381 package, test
 * scope only): generators, and scalar multiplication of random and edge scalars compared coordinate by
 * coordinate (affine, canonical big-endian bytes).
 */
class MilagroOracleTest {
    private static final Random RND = new Random(2026);

    static BigInteger big(BIG b) {
        byte[] bytes = new byte[BIG.MODBYTES];
        b.toBytes(bytes);
        return new BigInteger(1, bytes);
    }

    static BIG big(BigInteger x) {
        byte[] bytes = new byte[BIG.MODBYTES];
        byte[] raw = x.toByteArray();
        int len = Math.min(raw.length, bytes.length);
        System.arraycopy(raw, raw.length - len, bytes, bytes.length - len, len);
        return BIG.fromBytes(bytes);
    }

    static BigInteger[] milagroG1(ECP p) {
        return new BigInteger[] {big(p.getX()), big(p.getY())};
    }

    static BigInteger[] milagroG2(ECP2 p) {
        FP2 x = p.getX();
        FP2 y = p.getY();
        return new BigInteger[] {big(x.getA()), big(x.getB()), big(y.getA()), big(y.getB())};
    }

    @Test
    void generatorsAgree() {
        assertArrayEquals(milagroG1(ECP.generator()), G1.coordinates(G1.generator(), 0));
        assertArrayEquals(milagroG2(ECP2.generator()), G2.coordinates(G2.generator(), 0));
    }

    @Test
    void g1ScalarMultiplicationAgrees() {
        for (int i = 0; i < 12; i++) {
            BigInteger k = new BigInteger(255, RND).mod(Fr.R);
            BigInteger base = new BigInteger(255, RND).mod(Fr.R);
            ECP mp = ECP.generator().mul(big(base)).mul(big(k));
            long[] ours = G1.mulAffine(G1.mulAffine(G1.generator(), 0, base), 0, k);
            assertArrayEquals(milagroG1(mp), G1.coordinates(ours, 0), "k = " + k);
        }
    }

    @Test
    void g2ScalarMultiplicationAgrees() {
        for (int i = 0; i < 6; i++) {
            BigInteger k = new BigInteger(255, RND).mod(Fr.R);
            BigInteger base = new BigInteger(255, RND).mod(Fr.R);
            ECP2 mp = ECP2.generator().mul(big(base)).mul(big(k));
            long[] ours = G2.mulAffine(G2.mulAffine(G2.generator(), 0, base), 0, k);
            assertArrayEquals(milagroG2(mp), G2.coordinates(ours, 0), "k = " + k);
        }
    }

    @Test
    void edgeScalarsAgree() {
        BigInteger[] ks = {BigInteger.ONE, BigInteger.TWO, Fr.R.subtract(BigInteger.ONE),
            Fr.R.subtract(BigInteger.TWO), BigInteger.ONE.shiftLeft(254)};
        for (BigInteger k : ks) {
            assertArrayEquals(milagroG1(ECP.generator().mul(big(k))),
                    G1.coordinates(G1.mulAffine(G1.generator(), 0, k), 0));
            assertArrayEquals(milagroG2(ECP2.generator().mul(big(k))),
                    G2.coordinates(G2.mulAffine(G2.generator(), 0, k), 0));
        }
        // [0]G and [r]G: infinity on both sides (ours: all-zero affine limbs)
        assertTrue(ECP.generator().mul(big(Fr.R)).is_infinity());
        assertTrue(G1.CURVE.isInfinityAffine(G1.mulAffine(G1.generator(), 0, Fr.R), 0));
        assertTrue(ECP2.generator().mul(big(Fr.R)).is_infinity());
        assertTrue(G2.CURVE.isInfinityAffine(G2.mulAffine(G2.generator(), 0, Fr.R), 0));
        assertEquals(0, G1.coordinates(G1.mulAffine(G1.generator(), 0, BigInteger.ZERO), 0)[0].signum());
    }
}
