package jzk.arith;

import java.math.BigInteger;

/**
 * The BLS12-381 base field {@code Fp}, p = 0x1a0111ea…ffffaaab (381 bits): 6 × 64-bit limbs, little-endian,
 * Montgomery form with {@code R = 2^384}, fully reduced. Arithmetic is {@link #F}; this class adds what only Fp
 * needs (square roots, sign).
 */
public final class Fp {
    private Fp() {
    }

    /** p, from the BLS12-381 definition (IETF draft-irtf-cfrg-pairing-friendly-curves §4.2.1). */
    public static final BigInteger P = new BigInteger(
            "1a0111ea397fe69a4b1ba7b6434bacd764774b84f38512bf6730d2a0f6b0f6241eabfffeb153ffffb9feffffffffaaab", 16);
    public static final int LIMBS = 6;
    public static final int BYTES = 48;
    public static final MontgomeryField F = new MontgomeryField(P, LIMBS);

    /** {@code (p+1)/4}: since p ≡ 3 (mod 4), {@code a^((p+1)/4)} is a square root of a square a. */
    private static final BigInteger SQRT_EXP = P.add(BigInteger.ONE).shiftRight(2);
    /** {@code (p-1)/2}: canonical values above it are "lexicographically largest" (Zcash sign flag). */
    private static final BigInteger HALF = P.subtract(BigInteger.ONE).shiftRight(1);

    /** Writes a square root of {@code a} to {@code r} and returns true, or returns false if a is not a square. */
    public static boolean sqrt(long[] r, int ro, long[] a, int ao) {
        long[] s = new long[LIMBS];
        F.pow(s, 0, a, ao, SQRT_EXP);
        long[] check = new long[LIMBS];
        F.square(check, 0, s, 0);
        if (!F.equal(check, 0, a, ao)) {
            return false;
        }
        F.copy(r, ro, s, 0);
        return true;
    }

    /** True when the canonical value of {@code a} exceeds (p−1)/2 (the Zcash/IETF "sort" flag's meaning). */
    public static boolean isLexicographicallyLargest(long[] a, int ao) {
        return F.toBigInteger(a, ao).compareTo(HALF) > 0;
    }
}
