package jzk.tornado.bls;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import jzk.tornado.bls.kernels.Mont32;
import jzk.tornado.bls.kernels.MontFp;

/**
 * {@link MontFp#mul} (register-resident CIOS) against the BigInteger {@link Oracle} and, bit for bit, against
 * {@link Mont32#mul} with {@code f = FP}, on the edges 0, 1, 2, p − 1, p − 2, (p − 1)/2, 2^64, 2^383-ish and
 * random values, with the output aliasing either input. Device runs of the same code: {@code FieldKernelsTest}
 * (fp2Mul) and the MSM / point tests, whose field products all go through {@link MontFp} via {@link CurveField}.
 */
class MontFpTest {
    private static final long[] P = {MontFp.P0, MontFp.P1, MontFp.P2, MontFp.P3, MontFp.P4, MontFp.P5, MontFp.P6,
        MontFp.P7, MontFp.P8, MontFp.P9, MontFp.P10, MontFp.P11};

    @Test
    void modulusLimbsMatchMont32AndTheOracle() {
        int[] limbs = new int[12];
        for (int i = 0; i < 12; i++) {
            assertEquals(Mont32.MODULUS[12 + i], (int) P[i], "limb " + i);
            assertEquals(0, P[i] >>> 32, "limb " + i + " is 32-bit");
            limbs[i] = (int) P[i];
        }
        assertEquals(Oracle.P, Oracle.getRaw(12, limbs, 0));
    }

    @Test
    void productsEqualOracleAndMont32() {
        Random rnd = new Random(20261129L);
        BigInteger p = Oracle.P;
        List<BigInteger> xs = new ArrayList<>(List.of(BigInteger.ZERO, BigInteger.ONE, BigInteger.TWO,
                p.subtract(BigInteger.ONE), p.subtract(BigInteger.TWO), p.shiftRight(1), BigInteger.ONE.shiftLeft(64),
                BigInteger.ONE.shiftLeft(380).subtract(BigInteger.ONE)));
        for (int i = 0; i < 40; i++) {
            xs.add(Oracle.random(rnd, p));
        }
        int[] a = new int[12];
        int[] b = new int[12];
        for (BigInteger x : xs) {
            for (BigInteger y : xs) {
                Oracle.putMont(Mont32.FP, x, a, 0);
                Oracle.putMont(Mont32.FP, y, b, 0);
                int[] expected = new int[12];
                Mont32.mul(Mont32.FP, expected, 0, a, 0, b, 0);
                int[] r = new int[20];
                MontFp.mul(r, 4, a, 0, b, 0);
                int[] got = java.util.Arrays.copyOfRange(r, 4, 16);
                assertArrayEquals(expected, got, x + " * " + y);
                assertEquals(x.multiply(y).mod(p), Oracle.getMont(Mont32.FP, got, 0), x + " * " + y);
                // r aliasing a, then b (same offsets)
                int[] ab = new int[24];
                System.arraycopy(a, 0, ab, 0, 12);
                System.arraycopy(b, 0, ab, 12, 12);
                MontFp.mul(ab, 0, ab, 0, ab, 12);
                assertArrayEquals(expected, java.util.Arrays.copyOf(ab, 12), "r = a, " + x + " * " + y);
                System.arraycopy(a, 0, ab, 0, 12);
                System.arraycopy(b, 0, ab, 12, 12);
                MontFp.mul(ab, 12, ab, 0, ab, 12);
                assertArrayEquals(expected, java.util.Arrays.copyOfRange(ab, 12, 24), "r = b, " + x + " * " + y);
            }
        }
    }

    @Test
    void sumsDifferencesAndKaratsubaFinishEqualMont32() {
        Random rnd = new Random(7L);
        BigInteger p = Oracle.P;
        List<BigInteger> xs = new ArrayList<>(List.of(BigInteger.ZERO, BigInteger.ONE, p.subtract(BigInteger.ONE),
                p.shiftRight(1), p.shiftRight(1).add(BigInteger.ONE)));
        for (int i = 0; i < 12; i++) {
            xs.add(Oracle.random(rnd, p));
        }
        int f = Mont32.FP;
        for (BigInteger x : xs) {
            for (BigInteger y : xs) {
                for (BigInteger z : List.of(xs.get(0), xs.get(2), xs.get(xs.size() - 1))) {
                    int[] t = new int[40];
                    Oracle.putMont(f, x, t, 4);
                    Oracle.putMont(f, y, t, 16);
                    Oracle.putMont(f, z, t, 28);
                    int[] sum = new int[12];
                    int[] diff = new int[12];
                    MontFp.add(sum, 0, t, 4, t, 16);
                    MontFp.sub(diff, 0, t, 4, t, 16);
                    int[] sum32 = new int[12];
                    int[] diff32 = new int[12];
                    Mont32.add(f, sum32, 0, t, 4, t, 16);
                    Mont32.sub(f, diff32, 0, t, 4, t, 16);
                    assertArrayEquals(sum32, sum, x + " + " + y);
                    assertArrayEquals(diff32, diff, x + " - " + y);
                    // karatsubaFinish: r0 = v0 − v1, r1 = v2 − v0 − v1 with v0 = x, v1 = y, v2 = z
                    int[] r = new int[24];
                    MontFp.karatsubaFinish(r, 0, t, 4);
                    int[] e = new int[24];
                    Mont32.sub(f, e, 0, t, 4, t, 16);
                    Mont32.sub(f, e, 12, t, 28, t, 4);
                    Mont32.sub(f, e, 12, e, 12, t, 16);
                    assertArrayEquals(e, r, "finish " + x + ", " + y + ", " + z);
                    assertEquals(z.subtract(x).subtract(y).mod(p), Oracle.getMont(f, r, 12));
                }
            }
        }
    }
}
