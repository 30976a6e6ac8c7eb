package jzk.arith;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.math.BigInteger;
import java.util.Random;
import org.junit.jupiter.api.Test;

class FrDomainTest {
    private static final MontgomeryField F = Fr.F;

    private static long[] random(int n, long seed) {
        Random rnd = new Random(seed);
        long[] v = new long[n * Fr.LIMBS];
        for (int i = 0; i < n; i++) {
            F.random(v, i * Fr.LIMBS, rnd);
        }
        return v;
    }

    /** Evaluations of the polynomial with coefficients c at shift·ω^i by Horner's rule, with BigInteger. */
    private static BigInteger[] naiveEvaluate(long[] c, BigInteger omega, BigInteger shift, int n) {
        BigInteger[] out = new BigInteger[n];
        for (int i = 0; i < n; i++) {
            BigInteger x = shift.multiply(omega.modPow(BigInteger.valueOf(i), Fr.R)).mod(Fr.R);
            BigInteger acc = BigInteger.ZERO;
            for (int k = n - 1; k >= 0; k--) {
                acc = acc.multiply(x).add(F.toBigInteger(c, k * Fr.LIMBS)).mod(Fr.R);
            }
            out[i] = acc;
        }
        return out;
    }

    @Test
    void fftMatchesNaiveEvaluationBothFamilies() {
        for (Fr.RootFamily fam : Fr.RootFamily.values()) {
            for (int lg : new int[] {0, 1, 3, 6}) {
                FrDomain d = new FrDomain(lg, fam);
                long[] c = random(d.n, lg * 31L + fam.ordinal());
                long[] v = c.clone();
                d.fft(v);
                BigInteger[] expect = naiveEvaluate(c, fam.root(lg), BigInteger.ONE, d.n);
                for (int i = 0; i < d.n; i++) {
                    assertEquals(expect[i], F.toBigInteger(v, i * Fr.LIMBS), fam + " lg=" + lg + " i=" + i);
                }
                d.ifft(v);
                assertArrayEquals(c, v, "ifft(fft(c)) = c");
            }
        }
    }

    @Test
    void cosetFftEvaluatesOnTheShiftedDomain() {
        FrDomain d = new FrDomain(5, Fr.RootFamily.SNARKJS_5);
        long[] c = random(d.n, 99);
        for (long[] shift : new long[][] {d.oddCosetShift(), FrDomain.generatorShift()}) {
            long[] v = c.clone();
            d.cosetFft(v, shift);
            BigInteger[] expect = naiveEvaluate(c, d.family.root(5), F.toBigInteger(shift, 0), d.n);
            for (int i = 0; i < d.n; i++) {
                assertEquals(expect[i], F.toBigInteger(v, i * Fr.LIMBS));
            }
            d.cosetIfft(v, shift);
            assertArrayEquals(c, v);
        }
    }

    @Test
    void largeParallelTransformRoundTrips() {
        FrDomain d = new FrDomain(14, Fr.RootFamily.GENERATOR_7);
        long[] c = random(d.n, 5);
        long[] v = c.clone();
        d.fft(v);
        // spot-check one evaluation against Horner
        BigInteger x = d.family.root(14).modPow(BigInteger.valueOf(12345), Fr.R);
        BigInteger acc = BigInteger.ZERO;
        for (int k = d.n - 1; k >= 0; k--) {
            acc = acc.multiply(x).add(F.toBigInteger(c, k * Fr.LIMBS)).mod(Fr.R);
        }
        assertEquals(acc, F.toBigInteger(v, 12345 * Fr.LIMBS));
        d.ifft(v);
        assertArrayEquals(c, v);
    }
}
