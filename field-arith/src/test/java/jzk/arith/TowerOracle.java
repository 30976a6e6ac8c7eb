package jzk.arith;

import java.math.BigInteger;
import java.util.Random;
import jzk.arith.Fp2Test.Big;

/**
 * Independent oracle for Fp6 and Fp12: an element of Fp12 is a polynomial {@code Σ e_i·w^i} (i < 6) over the
 * BigInteger-pair Fp2 of {@link Fp2Test}, reduced by {@code w⁶ = ξ = 1 + u} with schoolbook multiplication.
 * Storage order of our Fp12 in this basis: c0.c0 = 1, c0.c1 = v = w², c0.c2 = v² = w⁴, c1.c0 = w, c1.c1 = w³,
 * c1.c2 = w⁵. Fp6 elements are the polynomials with only even powers.
 */
final class TowerOracle {
    private TowerOracle() {
    }

    static final Big ZERO = new Big(BigInteger.ZERO, BigInteger.ZERO);
    static final Big XI = new Big(BigInteger.ONE, BigInteger.ONE);
    /** Position in storage (Fp2 slot index) of the coefficient of w^i. */
    static final int[] SLOT_OF_POWER = {0, 3, 1, 4, 2, 5};

    static Big[] mul(Big[] a, Big[] b) {
        Big[] r = new Big[6];
        java.util.Arrays.fill(r, ZERO);
        for (int i = 0; i < 6; i++) {
            for (int j = 0; j < 6; j++) {
                Big m = a[i].mul(b[j]);
                int k = i + j;
                if (k >= 6) {
                    m = m.mul(XI);
                    k -= 6;
                }
                r[k] = r[k].add(m);
            }
        }
        return r;
    }

    static Big[] pow(Big[] a, BigInteger e) {
        Big[] acc = one();
        for (int i = e.bitLength() - 1; i >= 0; i--) {
            acc = mul(acc, acc);
            if (e.testBit(i)) {
                acc = mul(acc, a);
            }
        }
        return acc;
    }

    static Big[] one() {
        Big[] r = new Big[6];
        java.util.Arrays.fill(r, ZERO);
        r[0] = new Big(BigInteger.ONE, BigInteger.ZERO);
        return r;
    }

    static long[] toFp12(Big[] a) {
        long[] r = new long[Fp12.LONGS];
        for (int i = 0; i < 6; i++) {
            Fp2.fromBigIntegers(r, SLOT_OF_POWER[i] * Fp2.LONGS, a[i].c0(), a[i].c1());
        }
        return r;
    }

    static Big[] ofFp12(long[] a, int ao) {
        Big[] r = new Big[6];
        for (int i = 0; i < 6; i++) {
            r[i] = Big.of(a, ao + SLOT_OF_POWER[i] * Fp2.LONGS);
        }
        return r;
    }

    /** Fp6 element (c0, c1, c2) = polynomial with w^0, w^2, w^4. */
    static Big[] ofFp6(long[] a, int ao) {
        Big[] r = new Big[6];
        java.util.Arrays.fill(r, ZERO);
        for (int i = 0; i < 3; i++) {
            r[2 * i] = Big.of(a, ao + i * Fp2.LONGS);
        }
        return r;
    }

    static long[] toFp6(Big[] a) {
        long[] r = new long[Fp6.LONGS];
        for (int i = 0; i < 3; i++) {
            if (!a[2 * i + 1].equals(ZERO)) {
                throw new IllegalArgumentException("not an Fp6 element: odd power of w present");
            }
            Fp2.fromBigIntegers(r, i * Fp2.LONGS, a[2 * i].c0(), a[2 * i].c1());
        }
        return r;
    }

    static Big randomFp2(Random rnd) {
        return new Big(new BigInteger(390, rnd), new BigInteger(390, rnd));
    }

    static Big[] randomFp12(Random rnd) {
        Big[] r = new Big[6];
        for (int i = 0; i < 6; i++) {
            r[i] = randomFp2(rnd);
        }
        return r;
    }

    static Big[] randomFp6(Random rnd) {
        Big[] r = new Big[6];
        java.util.Arrays.fill(r, ZERO);
        for (int i = 0; i < 3; i++) {
            r[2 * i] = randomFp2(rnd);
        }
        return r;
    }
}
