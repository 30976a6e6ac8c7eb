package jzk.arith;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Random;
import jzk.arith.Fp2Test.Big;
import org.junit.jupiter.api.Test;

/** {@link Fp12} against the polynomial oracle {@link TowerOracle}. */
class Fp12Test {
    @Test
    void mulSquareInverseMatchOracle() {
        Random rnd = new Random(201);
        long[] r = new long[Fp12.LONGS];
        long[] t = new long[Fp12.SCRATCH];
        for (int i = 0; i < 15; i++) {
            Big[] x = TowerOracle.randomFp12(rnd);
            Big[] y = TowerOracle.randomFp12(rnd);
            long[] a = TowerOracle.toFp12(x);
            long[] b = TowerOracle.toFp12(y);
            Fp12.mul(r, 0, a, 0, b, 0);
            assertArrayEquals(TowerOracle.mul(x, y), TowerOracle.ofFp12(r, 0), "mul");
            Fp12.square(r, 0, a, 0);
            assertArrayEquals(TowerOracle.mul(x, x), TowerOracle.ofFp12(r, 0), "square");
            Fp12.inverse(r, 0, a, 0);
            assertArrayEquals(TowerOracle.one(), TowerOracle.mul(x, TowerOracle.ofFp12(r, 0)), "inverse");
            // sparse line: coefficients of 1, v = w², vw = w³ (storage slots 0, 1, 4)
            Big[] line = TowerOracle.one();
            line[0] = y[0];
            line[2] = y[2];
            line[3] = y[3];
            long[] l = TowerOracle.toFp12(line);
            Fp12.mulBy014(r, 0, a, 0, l, 0, Fp2.LONGS, 4 * Fp2.LONGS, t, 0);
            assertArrayEquals(TowerOracle.mul(x, line), TowerOracle.ofFp12(r, 0), "mulBy014");
            Fp12.mulBy014(a, 0, a, 0, l, 0, Fp2.LONGS, 4 * Fp2.LONGS, t, 0);
            assertArrayEquals(TowerOracle.mul(x, line), TowerOracle.ofFp12(a, 0), "mulBy014 in place");
            a = TowerOracle.toFp12(x);
            Fp12.mul(a, 0, a, 0, b, 0, t, 0);
            assertArrayEquals(TowerOracle.mul(x, y), TowerOracle.ofFp12(a, 0), "mul in place");
            if (i == 0) {
                a = TowerOracle.toFp12(x);
                Fp12.conjugate(r, 0, a, 0);
                assertArrayEquals(TowerOracle.pow(x, Fp.P.pow(6)), TowerOracle.ofFp12(r, 0), "conjugate = p^6 power");
            }
        }
    }

    @Test
    void frobeniusIsPowerOfP() {
        Random rnd = new Random(202);
        Big[] x = TowerOracle.randomFp12(rnd);
        long[] a = TowerOracle.toFp12(x);
        long[] r = new long[Fp12.LONGS];
        Big[] expected = x;
        for (int k = 1; k <= 3; k++) {
            expected = TowerOracle.pow(expected, Fp.P);
            Fp12.frobenius(r, 0, a, 0, k);
            assertArrayEquals(expected, TowerOracle.ofFp12(r, 0), "frobenius k=" + k);
        }
        // k = 6 is conjugation, k = 12 would be the identity
        Fp12.frobenius(r, 0, a, 0, 6);
        long[] c = new long[Fp12.LONGS];
        Fp12.conjugate(c, 0, a, 0);
        assertTrue(Fp12.equal(r, 0, c, 0), "frobenius 6 = conjugate");
    }

    @Test
    void cyclotomicSquareMatchesSquareInCyclotomicSubgroup() {
        Random rnd = new Random(203);
        long[] t = new long[Fp12.SCRATCH];
        for (int i = 0; i < 5; i++) {
            long[] f = TowerOracle.toFp12(TowerOracle.randomFp12(rnd));
            // g = f^((p^6 − 1)(p^2 + 1)) lies in the cyclotomic subgroup
            long[] g = new long[Fp12.LONGS];
            long[] inv = new long[Fp12.LONGS];
            Fp12.conjugate(g, 0, f, 0);
            Fp12.inverse(inv, 0, f, 0);
            Fp12.mul(g, 0, g, 0, inv, 0);
            Fp12.frobenius(inv, 0, g, 0, 2);
            Fp12.mul(g, 0, g, 0, inv, 0);
            long[] expected = new long[Fp12.LONGS];
            Fp12.square(expected, 0, g, 0);
            long[] r = new long[Fp12.LONGS];
            Fp12.cyclotomicSquare(r, 0, g, 0, t, 0);
            assertTrue(Fp12.equal(expected, 0, r, 0), "cyclotomic square");
            Fp12.cyclotomicSquare(g, 0, g, 0, t, 0);
            assertTrue(Fp12.equal(expected, 0, g, 0), "cyclotomic square in place");
        }
    }
}
