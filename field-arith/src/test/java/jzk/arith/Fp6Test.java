package jzk.arith;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigInteger;
import java.util.Random;
import jzk.arith.Fp2Test.Big;
import org.junit.jupiter.api.Test;

/** {@link Fp6} against the polynomial oracle {@link TowerOracle}. */
class Fp6Test {
    private static final Big[] V = vPower();

    private static Big[] vPower() {
        Big[] v = TowerOracle.one();
        v[0] = TowerOracle.ZERO;
        v[2] = new Big(BigInteger.ONE, BigInteger.ZERO);
        return v;
    }

    @Test
    void mulSquareInverseMatchOracle() {
        Random rnd = new Random(101);
        long[] r = new long[Fp6.LONGS];
        for (int i = 0; i < 25; i++) {
            Big[] x = TowerOracle.randomFp6(rnd);
            Big[] y = TowerOracle.randomFp6(rnd);
            if (i == 0) {
                y = TowerOracle.one();
            }
            long[] a = TowerOracle.toFp6(x);
            long[] b = TowerOracle.toFp6(y);
            Fp6.mul(r, 0, a, 0, b, 0);
            assertArrayEquals(TowerOracle.mul(x, y), TowerOracle.ofFp6(r, 0), "mul");
            Fp6.square(r, 0, a, 0);
            assertArrayEquals(TowerOracle.mul(x, x), TowerOracle.ofFp6(r, 0), "square");
            Fp6.inverse(r, 0, a, 0);
            assertArrayEquals(TowerOracle.one(), TowerOracle.mul(x, TowerOracle.ofFp6(r, 0)), "inverse");
            Fp6.mulByNonResidue(r, 0, a, 0, new long[Fp6.SCRATCH], 0);
            assertArrayEquals(TowerOracle.mul(x, V), TowerOracle.ofFp6(r, 0), "mulByNonResidue (·v)");
            // sparse: y restricted to c0 + c1·v, and to c1·v
            Big[] y01 = y.clone();
            y01[4] = TowerOracle.ZERO;
            Fp6.mulBy01(r, 0, a, 0, b, 0, b, Fp2.LONGS, new long[Fp6.SCRATCH], 0);
            assertArrayEquals(TowerOracle.mul(x, y01), TowerOracle.ofFp6(r, 0), "mulBy01");
            Big[] y1 = y01.clone();
            y1[0] = TowerOracle.ZERO;
            Fp6.mulBy1(r, 0, a, 0, b, Fp2.LONGS, new long[Fp6.SCRATCH], 0);
            assertArrayEquals(TowerOracle.mul(x, y1), TowerOracle.ofFp6(r, 0), "mulBy1");
            // aliasing: r = a
            Fp6.mul(a, 0, a, 0, b, 0);
            assertArrayEquals(TowerOracle.mul(x, y), TowerOracle.ofFp6(a, 0), "mul in place");
            a = TowerOracle.toFp6(x);
            Fp6.square(a, 0, a, 0);
            assertArrayEquals(TowerOracle.mul(x, x), TowerOracle.ofFp6(a, 0), "square in place");
        }
        long[] z = new long[Fp6.LONGS];
        Fp6.inverse(z, 0, z, 0);
        assertTrue(Fp6.isZero(z, 0), "inverse of zero is zero");
    }

    @Test
    void frobeniusIsPowerOfP() {
        Random rnd = new Random(102);
        Big[] x = TowerOracle.randomFp6(rnd);
        long[] a = TowerOracle.toFp6(x);
        long[] r = new long[Fp6.LONGS];
        Big[] expected = x;
        for (int k = 1; k <= 3; k++) {
            expected = TowerOracle.pow(expected, Fp.P);
            Fp6.frobenius(r, 0, a, 0, k);
            assertArrayEquals(expected, TowerOracle.ofFp6(r, 0), "frobenius k=" + k);
        }
    }
}
