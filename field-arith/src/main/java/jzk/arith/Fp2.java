package jzk.arith;

import java.math.BigInteger;

/**
 * The quadratic extension {@code Fp2 = Fp[u]/(u² + 1)} of the BLS12-381 base field ({@code −1} is a non-square
 * because p ≡ 3 mod 4).
 *
 * <p>Invariants: an element {@code c0 + c1·u} occupies 12 longs at {@code arr[off .. off+11]}: {@code c0} (6 limbs)
 * then {@code c1} (6 limbs), each an {@link Fp} element (little-endian limbs, Montgomery form, fully reduced).
 * Zero is all-zero limbs. Every method accepts outputs aliasing inputs (temporaries are taken before the output
 * is written). Methods with trailing {@code long[] t, int to} use {@code t[to .. to+SCRATCH-1]} as scratch
 * and allocate nothing; the overloads without it allocate their scratch.
 */
public final class Fp2 {
    private Fp2() {
    }

    /** Longs per element. */
    public static final int LONGS = 12;
    /** Longs of scratch the {@code t}-taking methods need. */
    public static final int SCRATCH = 24;

    private static final MontgomeryField F = Fp.F;
    private static final int N = Fp.LIMBS;

    /** {@code (p−3)/4}, exponent of step 1 of Adj–Rodríguez-Henríquez Algorithm 9. */
    private static final BigInteger SQRT_EXP1 = Fp.P.subtract(BigInteger.valueOf(3)).shiftRight(2);
    /** {@code (p−1)/2}, exponent of step 7 of the same algorithm. */
    private static final BigInteger SQRT_EXP2 = Fp.P.subtract(BigInteger.ONE).shiftRight(1);
    /** {@code (p−1)/2}: the Zcash/IETF "lexicographically largest" threshold for one Fp coordinate. */
    private static final BigInteger HALF = SQRT_EXP2;
    private static final long[] ONE = one();
    private static final long[] MINUS_ONE = minusOne();

    // ---------------------------------------------------------------- additive

    // Each is one call into the generated code for both coefficients (MontgomeryUnrolled.fp2Add etc.).

    public static void add(long[] r, int ro, long[] a, int ao, long[] b, int bo) {
        MontgomeryUnrolled.fp2Add(r, ro, a, ao, b, bo);
    }

    public static void sub(long[] r, int ro, long[] a, int ao, long[] b, int bo) {
        MontgomeryUnrolled.fp2Sub(r, ro, a, ao, b, bo);
    }

    public static void neg(long[] r, int ro, long[] a, int ao) {
        MontgomeryUnrolled.fp2Neg(r, ro, a, ao);
    }

    public static void dbl(long[] r, int ro, long[] a, int ao) {
        MontgomeryUnrolled.fp2Add(r, ro, a, ao, a, ao);
    }

    /** {@code r = conj(a) = c0 − c1·u}; equals the Frobenius map {@code a^p}. */
    public static void conjugate(long[] r, int ro, long[] a, int ao) {
        F.copy(r, ro, a, ao);
        F.neg(r, ro + N, a, ao + N);
    }

    /** The Frobenius map {@code a ↦ a^p}, which on Fp2 is conjugation since {@code u^p = −u}. */
    public static void frobenius(long[] r, int ro, long[] a, int ao) {
        conjugate(r, ro, a, ao);
    }

    /** {@code r = a·c} for an Fp element {@code c} at {@code c[co..co+5]}. */
    public static void mulByFp(long[] r, int ro, long[] a, int ao, long[] c, int co) {
        F.mul(r, ro, a, ao, c, co);
        F.mul(r, ro + N, a, ao + N, c, co);
    }

    /**
     * {@code r = a·ξ} with {@code ξ = u + 1} (the non-residue of the sextic twist):
     * {@code (c0 + c1·u)(1 + u) = (c0 − c1) + (c0 + c1)·u}. The scratch parameter is kept for the callers' signature;
     * nothing is written to it.
     */
    public static void mulByNonResidue(long[] r, int ro, long[] a, int ao, long[] t, int to) {
        MontgomeryUnrolled.fp2MulByXi(r, ro, a, ao); // one generated call; the scratch is not needed any more
    }

    public static void mulByNonResidue(long[] r, int ro, long[] a, int ao) {
        MontgomeryUnrolled.fp2MulByXi(r, ro, a, ao);
    }

    // ---------------------------------------------------------------- multiplicative

    /**
     * {@code r = a·b} by Karatsuba with lazy reduction (Aranha, Karabina, Longa, Gebotys, López, "Faster Explicit
     * Formulas for Computing Pairings over Ordinary Curves", Eurocrypt 2011, §3.1 / Algorithm 2): the three
     * products {@code W0 = a0b0}, {@code W1 = a1b1}, {@code W2 = (a0 + a1)(b0 + b1)} stay unreduced (768 bits,
     * the sums unreduced below 2p), then only two Montgomery reductions: {@code r1 = REDC(W2 − W0 − W1)} (exactly
     * {@code a0b1 + a1b0 < 2p² < p·R}) and {@code r0 = REDC(W0 − W1 mod p·R)} (u² = −1). Both bounds need
     * {@code 4p < R = 2^384}, true for the 381-bit p. Costs 3 half-size products + 2 reductions instead of 3 full
     * Montgomery products. W2 is built in {@code r} itself: it is the last read of {@code a} and {@code b}.
     */
    public static void mul(long[] r, int ro, long[] a, int ao, long[] b, int bo, long[] t, int to) {
        final int w1 = to + 2 * N;
        MontgomeryUnrolled.fpMulWide(t, to, a, ao, b, bo);               // W0
        MontgomeryUnrolled.fpMulWide(t, w1, a, ao + N, b, bo + N);       // W1
        MontgomeryUnrolled.fpMulWideOfSums(r, ro, a, ao, b, bo);         // W2 (12 longs at r)
        MontgomeryUnrolled.fpRedcSub2(r, ro + N, r, ro, t, to, t, w1);   // r1 = REDC(W2 − W0 − W1)
        MontgomeryUnrolled.fpRedcSubModMR(r, ro, t, to, t, w1);          // r0 = REDC(W0 − W1 mod pR)
    }

    public static void mul(long[] r, int ro, long[] a, int ao, long[] b, int bo) {
        mul(r, ro, a, ao, b, bo, new long[SCRATCH], 0);
    }

    /**
     * {@code r = a²} by complex squaring: {@code r0 = (a0 + a1)(a0 − a1)}, {@code r1 = (2a0)·a1}. The three
     * factors are formed unreduced ({@code a0 + a1}, {@code a0 − a1 + p}, {@code a0 + a0}, each below 2p), which
     * the Fp multiplication accepts since {@code 4p < 2^384} (see {@code MontgomeryUnrolled.fpAddRaw}): no
     * reductions outside the two products, and the doubling is folded into one of them.
     */
    public static void square(long[] r, int ro, long[] a, int ao, long[] t, int to) {
        final int t1 = to + N, t2 = to + 2 * N;
        MontgomeryUnrolled.fpAddRaw(t, to, a, ao, a, ao + N);
        MontgomeryUnrolled.fpSubRaw(t, t1, a, ao, a, ao + N);
        MontgomeryUnrolled.fpAddRaw(t, t2, a, ao, a, ao);
        F.mul(r, ro + N, t, t2, a, ao + N);  // reads a1 before writing r1 (r may alias a); r0 needs only t
        F.mul(r, ro, t, to, t, t1);
    }

    public static void square(long[] r, int ro, long[] a, int ao) {
        square(r, ro, a, ao, new long[SCRATCH], 0);
    }

    /** Norm {@code N(a) = a·conj(a) = c0² + c1²} in Fp, written to {@code r[ro..ro+5]}. */
    public static void norm(long[] r, int ro, long[] a, int ao, long[] t, int to) {
        F.square(t, to, a, ao);
        F.square(t, to + N, a, ao + N);
        F.add(r, ro, t, to, t, to + N);
    }

    /** {@code r = a^{-1} = conj(a) / N(a)}; the inverse of zero is zero (as in {@link MontgomeryField#inverse}). */
    public static void inverse(long[] r, int ro, long[] a, int ao) {
        long[] t = new long[SCRATCH];
        norm(t, 2 * N, a, ao, t, 0);
        F.inverse(t, 2 * N, t, 2 * N);
        F.mul(r, ro, a, ao, t, 2 * N);
        F.mul(t, 0, a, ao + N, t, 2 * N);
        F.neg(r, ro + N, t, 0);
    }

    /** {@code r = a^e} for {@code e ≥ 0}, square-and-multiply from the top bit. */
    public static void pow(long[] r, int ro, long[] a, int ao, BigInteger e) {
        long[] t = new long[SCRATCH];
        long[] base = new long[LONGS];
        copy(base, 0, a, ao);
        long[] acc = one();
        for (int i = e.bitLength() - 1; i >= 0; i--) {
            square(acc, 0, acc, 0, t, 0);
            if (e.testBit(i)) {
                mul(acc, 0, acc, 0, base, 0, t, 0);
            }
        }
        copy(r, ro, acc, 0);
    }

    // ---------------------------------------------------------------- square roots

    /**
     * Legendre symbol in Fp2: 1 for a non-zero square, −1 for a non-square, 0 for zero. An element of Fp2 is a
     * square iff its norm is a square in Fp (the norm map is surjective onto Fp* and maps squares to squares).
     */
    public static int legendre(long[] a, int ao) {
        long[] t = new long[SCRATCH];
        norm(t, 2 * N, a, ao, t, 0);
        return F.legendre(t, 2 * N);
    }

    /**
     * Square root for q = p ≡ 3 (mod 4): Adj and Rodríguez-Henríquez, "Square root computation over even extension
     * fields", IEEE Trans. Computers 2014 (ePrint 2012/685), Algorithm 9. Writes a root of {@code a} to {@code r}
     * and returns true, or returns false (r untouched) when {@code a} is not a square. The root returned is the
     * one the algorithm yields; callers choose the sign (e.g. by {@link #isLexicographicallyLargest}).
     */
    public static boolean sqrt(long[] r, int ro, long[] a, int ao) {
        long[] t = new long[SCRATCH];
        long[] a1 = new long[LONGS];
        long[] alpha = new long[LONGS];
        long[] x0 = new long[LONGS];
        long[] tmp = new long[LONGS];
        pow(a1, 0, a, ao, SQRT_EXP1);                 // a1 = a^((q−3)/4)
        mul(alpha, 0, a1, 0, a, ao, t, 0);               // a1·a
        mul(alpha, 0, alpha, 0, a1, 0, t, 0);            // α = a1·(a1·a) = a^((q−1)/2)
        conjugate(tmp, 0, alpha, 0);
        mul(tmp, 0, tmp, 0, alpha, 0, t, 0);             // a0 = α^q·α
        if (equal(tmp, 0, MINUS_ONE, 0)) {
            return false;
        }
        mul(x0, 0, a1, 0, a, ao, t, 0);                  // x0 = a1·a
        if (equal(alpha, 0, MINUS_ONE, 0)) {
            // x = u·x0 = (−x0.c1) + x0.c0·u
            F.neg(tmp, 0, x0, N);
            F.copy(tmp, N, x0, 0);
        } else {
            add(alpha, 0, alpha, 0, ONE, 0);          // 1 + α
            pow(alpha, 0, alpha, 0, SQRT_EXP2);       // b = (1 + α)^((q−1)/2)
            mul(tmp, 0, alpha, 0, x0, 0, t, 0);          // x = b·x0
        }
        // The algorithm is only conditionally correct on inputs it was not proven for; check the result.
        square(alpha, 0, tmp, 0, t, 0);
        if (!equal(alpha, 0, a, ao)) {
            return false;
        }
        copy(r, ro, tmp, 0);
        return true;
    }

    /**
     * The Zcash / IETF serialization sign rule for Fp2 (draft-irtf-cfrg-pairing-friendly-curves, Zcash
     * "serialization" notes): {@code a} is lexicographically largest when {@code c1 > (p−1)/2}, or {@code c1 = 0}
     * and {@code c0 > (p−1)/2} (canonical values compared).
     */
    public static boolean isLexicographicallyLargest(long[] a, int ao) {
        if (!F.isZero(a, ao + N)) {
            return F.toBigInteger(a, ao + N).compareTo(HALF) > 0;
        }
        return F.toBigInteger(a, ao).compareTo(HALF) > 0;
    }

    // ---------------------------------------------------------------- constants, predicates, conversion

    public static long[] newVector(int count) {
        return new long[count * LONGS];
    }

    public static void setZero(long[] r, int ro) {
        java.util.Arrays.fill(r, ro, ro + LONGS, 0L);
    }

    public static void setOne(long[] r, int ro) {
        F.setOne(r, ro);
        F.setZero(r, ro + N);
    }

    public static long[] one() {
        long[] r = new long[LONGS];
        setOne(r, 0);
        return r;
    }

    public static void copy(long[] r, int ro, long[] a, int ao) {
        System.arraycopy(a, ao, r, ro, LONGS);
    }

    public static boolean isZero(long[] a, int ao) {
        return F.isZero(a, ao) && F.isZero(a, ao + N);
    }

    public static boolean isOne(long[] a, int ao) {
        return F.isOne(a, ao) && F.isZero(a, ao + N);
    }

    public static boolean equal(long[] a, int ao, long[] b, int bo) {
        return F.equal(a, ao, b, bo) && F.equal(a, ao + N, b, bo + N);
    }

    /** Writes {@code c0 + c1·u} (any integers, reduced mod p) in Montgomery form. */
    public static void fromBigIntegers(long[] r, int ro, BigInteger c0, BigInteger c1) {
        F.fromBigInteger(r, ro, c0);
        F.fromBigInteger(r, ro + N, c1);
    }

    public static long[] fromBigIntegers(BigInteger c0, BigInteger c1) {
        long[] r = new long[LONGS];
        fromBigIntegers(r, 0, c0, c1);
        return r;
    }

    /** The canonical pair {@code {c0, c1}} in [0, p). */
    public static BigInteger[] toBigIntegers(long[] a, int ao) {
        return new BigInteger[] {F.toBigInteger(a, ao), F.toBigInteger(a, ao + N)};
    }

    public static String toString(long[] a, int ao) {
        BigInteger[] c = toBigIntegers(a, ao);
        return "(0x" + c[0].toString(16) + " + 0x" + c[1].toString(16) + "·u)";
    }

    private static long[] minusOne() {
        long[] r = one();
        F.neg(r, 0, r, 0);
        return r;
    }
}
