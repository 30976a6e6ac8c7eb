package jzk.arith;

import java.math.BigInteger;

/**
 * The cubic extension {@code Fp6 = Fp2[v]/(v³ − ξ)}, {@code ξ = u + 1} (the BLS12-381 tower, "fp6_3over2").
 *
 * <p>Invariants: an element {@code c0 + c1·v + c2·v²} occupies 36 longs: {@code c0, c1, c2}, each an {@link Fp2}
 * element (12 longs: Fp limbs little-endian, Montgomery form, fully reduced). Outputs may alias inputs. Methods
 * with trailing {@code long[] t, int to} use {@code t[to .. to+SCRATCH-1]} as scratch and allocate nothing; the
 * short overloads allocate their scratch (for tests and tooling, not hot paths).
 */
public final class Fp6 {
    private Fp6() {
    }

    public static final int LONGS = 36;
    /** Scratch longs the {@code t}-taking methods need: seven Fp2 temporaries plus Fp2's own scratch. */
    public static final int SCRATCH = 7 * Fp2.LONGS + Fp2.SCRATCH;

    private static final int E = Fp2.LONGS;

    /**
     * Frobenius coefficients: {@code v^(p^k) = γ1[k]·v} and {@code (v²)^(p^k) = γ2[k]·v²} with
     * {@code γ1[k] = ξ^((p^k − 1)/3)}, {@code γ2[k] = ξ^(2(p^k − 1)/3)} (because {@code v³ = ξ}), k = 0..5,
     * computed at class initialisation from {@link BigInteger} exponents; each lies in Fp2 (p^k ≡ 1 mod 3).
     */
    private static final long[] GAMMA1 = new long[6 * E];
    private static final long[] GAMMA2 = new long[6 * E];

    static {
        long[] xi = Fp2.fromBigIntegers(BigInteger.ONE, BigInteger.ONE);
        BigInteger three = BigInteger.valueOf(3);
        for (int k = 0; k < 6; k++) {
            BigInteger pk1 = Fp.P.pow(k).subtract(BigInteger.ONE);
            Fp2.pow(GAMMA1, k * E, xi, 0, pk1.divide(three));
            Fp2.pow(GAMMA2, k * E, xi, 0, pk1.shiftLeft(1).divide(three));
        }
    }

    // ---------------------------------------------------------------- additive

    public static void add(long[] r, int ro, long[] a, int ao, long[] b, int bo) {
        for (int i = 0; i < 3; i++) {
            Fp2.add(r, ro + i * E, a, ao + i * E, b, bo + i * E);
        }
    }

    public static void sub(long[] r, int ro, long[] a, int ao, long[] b, int bo) {
        for (int i = 0; i < 3; i++) {
            Fp2.sub(r, ro + i * E, a, ao + i * E, b, bo + i * E);
        }
    }

    public static void neg(long[] r, int ro, long[] a, int ao) {
        for (int i = 0; i < 3; i++) {
            Fp2.neg(r, ro + i * E, a, ao + i * E);
        }
    }

    public static void dbl(long[] r, int ro, long[] a, int ao) {
        for (int i = 0; i < 3; i++) {
            Fp2.dbl(r, ro + i * E, a, ao + i * E);
        }
    }

    /** {@code r = a·v = ξ·c2 + c0·v + c1·v²} (multiplication by the Fp12 non-residue {@code w² = v}). */
    public static void mulByNonResidue(long[] r, int ro, long[] a, int ao, long[] t, int to) {
        Fp2.mulByNonResidue(t, to, a, ao + 2 * E, t, to + E);
        Fp2.copy(r, ro + 2 * E, a, ao + E);
        Fp2.copy(r, ro + E, a, ao);
        Fp2.copy(r, ro, t, to);
    }

    // ---------------------------------------------------------------- multiplicative

    /**
     * {@code r = a·b} with Karatsuba over the cubic extension (6 Fp2 multiplications): Devegili, Ó hÉigeartaigh,
     * Scott, Dahab, "Multiplication and Squaring on Pairing-Friendly Fields", ePrint 2006/471, §4 (Karatsuba):
     * {@code c0 = v0 + ξ((a1+a2)(b1+b2) − v1 − v2)}, {@code c1 = (a0+a1)(b0+b1) − v0 − v1 + ξ·v2},
     * {@code c2 = (a0+a2)(b0+b2) − v0 − v2 + v1}, {@code vi = ai·bi}.
     */
    public static void mul(long[] r, int ro, long[] a, int ao, long[] b, int bo, long[] t, int to) {
        final int v0 = to, v1 = to + E, v2 = to + 2 * E, x = to + 3 * E, y = to + 4 * E, sa = to + 5 * E,
                sb = to + 6 * E, s = to + 7 * E;
        final int a0 = ao, a1 = ao + E, a2 = ao + 2 * E, b0 = bo, b1 = bo + E, b2 = bo + 2 * E;
        Fp2.mul(t, v0, a, a0, b, b0, t, s);
        Fp2.mul(t, v1, a, a1, b, b1, t, s);
        Fp2.mul(t, v2, a, a2, b, b2, t, s);
        // c0
        Fp2.add(t, sa, a, a1, a, a2);
        Fp2.add(t, sb, b, b1, b, b2);
        Fp2.mul(t, x, t, sa, t, sb, t, s);
        Fp2.sub(t, x, t, x, t, v1);
        Fp2.sub(t, x, t, x, t, v2);
        Fp2.mulByNonResidue(t, x, t, x, t, s);
        Fp2.add(t, x, t, x, t, v0);
        // c1
        Fp2.add(t, sa, a, a0, a, a1);
        Fp2.add(t, sb, b, b0, b, b1);
        Fp2.mul(t, y, t, sa, t, sb, t, s);
        Fp2.sub(t, y, t, y, t, v0);
        Fp2.sub(t, y, t, y, t, v1);
        Fp2.mulByNonResidue(t, sa, t, v2, t, s);
        Fp2.add(t, y, t, y, t, sa);
        // c2 (the last reads of a and b happen here, before r is written)
        Fp2.add(t, sa, a, a0, a, a2);
        Fp2.add(t, sb, b, b0, b, b2);
        Fp2.mul(t, sa, t, sa, t, sb, t, s);
        Fp2.sub(t, sa, t, sa, t, v0);
        Fp2.sub(t, sa, t, sa, t, v2);
        Fp2.add(r, ro + 2 * E, t, sa, t, v1);
        Fp2.copy(r, ro, t, x);
        Fp2.copy(r, ro + E, t, y);
    }

    /**
     * {@code r = a²} by Chung and Hasan, "Asymmetric Squaring Formulae", ARITH 2007, §3 (CH-SQR2):
     * {@code s0 = a0², s1 = 2a0a1, s2 = (a0 − a1 + a2)², s3 = 2a1a2, s4 = a2²};
     * {@code c0 = s0 + ξ·s3}, {@code c1 = s1 + ξ·s4}, {@code c2 = s1 + s2 + s3 − s0 − s4}.
     */
    public static void square(long[] r, int ro, long[] a, int ao, long[] t, int to) {
        final int s0 = to, s1 = to + E, s2 = to + 2 * E, s3 = to + 3 * E, s4 = to + 4 * E, u = to + 5 * E,
                s = to + 7 * E;
        final int a0 = ao, a1 = ao + E, a2 = ao + 2 * E;
        Fp2.square(t, s0, a, a0, t, s);
        Fp2.mul(t, s1, a, a0, a, a1, t, s);
        Fp2.dbl(t, s1, t, s1);
        Fp2.sub(t, s2, a, a0, a, a1);
        Fp2.add(t, s2, t, s2, a, a2);
        Fp2.square(t, s2, t, s2, t, s);
        Fp2.mul(t, s3, a, a1, a, a2, t, s);
        Fp2.dbl(t, s3, t, s3);
        Fp2.square(t, s4, a, a2, t, s);
        // c2 = s1 + s2 + s3 − s0 − s4
        Fp2.add(t, u, t, s1, t, s2);
        Fp2.add(t, u, t, u, t, s3);
        Fp2.sub(t, u, t, u, t, s0);
        Fp2.sub(r, ro + 2 * E, t, u, t, s4);
        // c0 = s0 + ξ·s3, c1 = s1 + ξ·s4
        Fp2.mulByNonResidue(t, s3, t, s3, t, s);
        Fp2.add(r, ro, t, s0, t, s3);
        Fp2.mulByNonResidue(t, s4, t, s4, t, s);
        Fp2.add(r, ro + E, t, s1, t, s4);
    }

    /**
     * {@code r = a·(b0 + b1·v)} (the sparse factor of a Miller-loop line), Karatsuba with 5 Fp2 multiplications:
     * {@code c0 = v0 + ξ((a1 + a2)·b1 − v1)}, {@code c1 = (a0 + a1)(b0 + b1) − v0 − v1},
     * {@code c2 = (a0 + a2)·b0 − v0 + v1}, {@code v0 = a0b0, v1 = a1b1}.
     */
    public static void mulBy01(long[] r, int ro, long[] a, int ao, long[] b0, int b0o, long[] b1, int b1o,
            long[] t, int to) {
        final int v0 = to, v1 = to + E, x = to + 2 * E, y = to + 3 * E, sa = to + 5 * E, sb = to + 6 * E,
                s = to + 7 * E;
        final int a0 = ao, a1 = ao + E, a2 = ao + 2 * E;
        Fp2.mul(t, v0, a, a0, b0, b0o, t, s);
        Fp2.mul(t, v1, a, a1, b1, b1o, t, s);
        Fp2.add(t, sa, a, a1, a, a2);
        Fp2.mul(t, x, t, sa, b1, b1o, t, s);
        Fp2.sub(t, x, t, x, t, v1);
        Fp2.mulByNonResidue(t, x, t, x, t, s);
        Fp2.add(t, x, t, x, t, v0);
        Fp2.add(t, sa, a, a0, a, a1);
        Fp2.add(t, sb, b0, b0o, b1, b1o);
        Fp2.mul(t, y, t, sa, t, sb, t, s);
        Fp2.sub(t, y, t, y, t, v0);
        Fp2.sub(t, y, t, y, t, v1);
        Fp2.add(t, sa, a, a0, a, a2);
        Fp2.mul(t, sa, t, sa, b0, b0o, t, s);
        Fp2.sub(t, sa, t, sa, t, v0);
        Fp2.add(r, ro + 2 * E, t, sa, t, v1);
        Fp2.copy(r, ro, t, x);
        Fp2.copy(r, ro + E, t, y);
    }

    /** {@code r = a·(b1·v) = ξ·a2·b1 + a0·b1·v + a1·b1·v²}. */
    public static void mulBy1(long[] r, int ro, long[] a, int ao, long[] b1, int b1o, long[] t, int to) {
        final int x = to, s = to + 7 * E;
        Fp2.mul(t, x, a, ao + 2 * E, b1, b1o, t, s);
        Fp2.mulByNonResidue(t, x, t, x, t, s);
        Fp2.mul(r, ro + 2 * E, a, ao + E, b1, b1o, t, s);
        Fp2.mul(r, ro + E, a, ao, b1, b1o, t, s);
        Fp2.copy(r, ro, t, x);
    }

    /**
     * {@code r = a^{-1}} (zero maps to zero): with {@code t0 = a0² − ξa1a2}, {@code t1 = ξa2² − a0a1},
     * {@code t2 = a1² − a0a2} one has {@code a·(t0 + t1v + t2v²) = a0t0 + ξ(a2t1 + a1t2) ∈ Fp2}, so
     * {@code a^{-1} = (t0 + t1v + t2v²)/(a0t0 + ξ(a2t1 + a1t2))} (Scott, "Implementing cryptographic pairings",
     * 2007, §3.2; the same adjugate formula as zkcrypto/bls12_381's Fp6::invert).
     */
    public static void inverse(long[] r, int ro, long[] a, int ao) {
        long[] t = new long[SCRATCH];
        final int t0 = 0, t1 = E, t2 = 2 * E, d = 3 * E, w = 4 * E, s = 7 * E;
        final int a0 = ao, a1 = ao + E, a2 = ao + 2 * E;
        Fp2.square(t, t0, a, a0, t, s);
        Fp2.mul(t, w, a, a1, a, a2, t, s);
        Fp2.mulByNonResidue(t, w, t, w, t, s);
        Fp2.sub(t, t0, t, t0, t, w);
        Fp2.square(t, t1, a, a2, t, s);
        Fp2.mulByNonResidue(t, t1, t, t1, t, s);
        Fp2.mul(t, w, a, a0, a, a1, t, s);
        Fp2.sub(t, t1, t, t1, t, w);
        Fp2.square(t, t2, a, a1, t, s);
        Fp2.mul(t, w, a, a0, a, a2, t, s);
        Fp2.sub(t, t2, t, t2, t, w);
        Fp2.mul(t, d, a, a2, t, t1, t, s);
        Fp2.mul(t, w, a, a1, t, t2, t, s);
        Fp2.add(t, d, t, d, t, w);
        Fp2.mulByNonResidue(t, d, t, d, t, s);
        Fp2.mul(t, w, a, a0, t, t0, t, s);
        Fp2.add(t, d, t, d, t, w);
        Fp2.inverse(t, d, t, d);
        Fp2.mul(r, ro, t, t0, t, d, t, s);
        Fp2.mul(r, ro + E, t, t1, t, d, t, s);
        Fp2.mul(r, ro + 2 * E, t, t2, t, d, t, s);
    }

    /**
     * {@code r = a^(p^k)}: {@code c0^(p^k) + c1^(p^k)·γ1[k]·v + c2^(p^k)·γ2[k]·v²}, where on Fp2
     * {@code x^(p^k)} is conjugation for odd k and the identity for even k.
     */
    public static void frobenius(long[] r, int ro, long[] a, int ao, int k, long[] t, int to) {
        if (k < 0 || k > 5) {
            throw new IllegalArgumentException("Frobenius power k must be in 0..5, got " + k);
        }
        final int s = to + E;
        boolean odd = (k & 1) == 1;
        for (int i = 0; i < 3; i++) {
            if (odd) {
                Fp2.conjugate(r, ro + i * E, a, ao + i * E);
            } else if (r != a || ro != ao) {
                Fp2.copy(r, ro + i * E, a, ao + i * E);
            }
        }
        Fp2.mul(r, ro + E, r, ro + E, GAMMA1, k * E, t, s);
        Fp2.mul(r, ro + 2 * E, r, ro + 2 * E, GAMMA2, k * E, t, s);
    }

    // ---------------------------------------------------------------- constants, predicates, conversion

    public static void setZero(long[] r, int ro) {
        java.util.Arrays.fill(r, ro, ro + LONGS, 0L);
    }

    public static void setOne(long[] r, int ro) {
        setZero(r, ro);
        Fp2.setOne(r, ro);
    }

    public static void copy(long[] r, int ro, long[] a, int ao) {
        System.arraycopy(a, ao, r, ro, LONGS);
    }

    public static boolean isZero(long[] a, int ao) {
        return Fp2.isZero(a, ao) && Fp2.isZero(a, ao + E) && Fp2.isZero(a, ao + 2 * E);
    }

    public static boolean isOne(long[] a, int ao) {
        return Fp2.isOne(a, ao) && Fp2.isZero(a, ao + E) && Fp2.isZero(a, ao + 2 * E);
    }

    public static boolean equal(long[] a, int ao, long[] b, int bo) {
        return ArrayRanges.equal(a, ao, b, bo, LONGS);
    }

    public static void mul(long[] r, int ro, long[] a, int ao, long[] b, int bo) {
        mul(r, ro, a, ao, b, bo, new long[SCRATCH], 0);
    }

    public static void square(long[] r, int ro, long[] a, int ao) {
        square(r, ro, a, ao, new long[SCRATCH], 0);
    }

    public static void frobenius(long[] r, int ro, long[] a, int ao, int k) {
        frobenius(r, ro, a, ao, k, new long[SCRATCH], 0);
    }

    /** Canonical Fp coordinates in the order c0.c0, c0.c1, c1.c0, c1.c1, c2.c0, c2.c1. */
    public static BigInteger[] toBigIntegers(long[] a, int ao) {
        BigInteger[] r = new BigInteger[6];
        for (int i = 0; i < 6; i++) {
            r[i] = Fp.F.toBigInteger(a, ao + i * Fp.LIMBS);
        }
        return r;
    }
}
