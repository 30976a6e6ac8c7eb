package jzk.arith;

import java.math.BigInteger;

/**
 * The group G2 of BLS12-381: the order-r subgroup of the sextic twist E'(Fp2): y² = x³ + 4(u + 1). Points are
 * flat {@code long[]} in the layouts of {@link Curve} (affine 24 longs, Jacobian 36 longs; coordinates Fp2 =
 * c0, c1, each Fp in Montgomery form). The group law lives in {@link #CURVE}.
 */
public final class G2 {
    private G2() {
    }

    public static final int AFFINE_LONGS = 4 * Fp.LIMBS;
    public static final int JACOBIAN_LONGS = 6 * Fp.LIMBS;

    /**
     * Generator, from IETF draft-irtf-cfrg-pairing-friendly-curves-11 §4.2.1 (BLS12_381 "x'0, x'1, y'0, y'1" of
     * G2), equal to zkcrypto bls12_381 {@code G2Affine::generator()}.
     */
    public static final BigInteger GENERATOR_X0 = new BigInteger(
            "024aa2b2f08f0a91260805272dc51051c6e47ad4fa403b02b4510b647ae3d1770bac0326a805bbefd48056c8c121bdb8", 16);
    public static final BigInteger GENERATOR_X1 = new BigInteger(
            "13e02b6052719f607dacd3a088274f65596bd0d09920b61ab5da61bbdc7f5049334cf11213945d57e5ac7d055d042b7e", 16);
    public static final BigInteger GENERATOR_Y0 = new BigInteger(
            "0ce5d527727d6e118cc9cdc6da2e351aadfd9baa8cbdd3a76d429a695160d12c923ac9cc3baca289e193548608b82801", 16);
    public static final BigInteger GENERATOR_Y1 = new BigInteger(
            "0606c4a02ea734cc32acd2b02bc28b99cb3e287e85a763af267492ab572e99ab3f370d275cec1da1aaa9075ff05f79be", 16);

    /** The curve y² = x³ + 4(u + 1) over Fp2 with the generator above and order r = {@link Fr#R}. */
    public static final Curve CURVE = new Curve("G2", Fp2Coordinates.INSTANCE,
            Fp2Coordinates.INSTANCE.fromBigIntegers(BigInteger.valueOf(4), BigInteger.valueOf(4)),
            affine(GENERATOR_X0, GENERATOR_X1, GENERATOR_Y0, GENERATOR_Y1), Fr.R, G2::isInSubgroup);

    /** The generator, affine (a new array). */
    public static long[] generator() {
        return CURVE.generatorAffine();
    }

    /** An affine point from canonical integer coordinates x = x0 + x1·u, y = y0 + y1·u (not checked). */
    public static long[] affine(BigInteger x0, BigInteger x1, BigInteger y0, BigInteger y1) {
        long[] a = new long[AFFINE_LONGS];
        Fp.F.fromBigInteger(a, 0, x0);
        Fp.F.fromBigInteger(a, Fp.LIMBS, x1);
        Fp.F.fromBigInteger(a, 2 * Fp.LIMBS, y0);
        Fp.F.fromBigInteger(a, 3 * Fp.LIMBS, y1);
        return a;
    }

    /** Canonical integer coordinates {x0, x1, y0, y1} of an affine point (infinity gives zeros). */
    public static BigInteger[] coordinates(long[] a, int ao) {
        BigInteger[] c = new BigInteger[4];
        for (int i = 0; i < 4; i++) {
            c[i] = Fp.F.toBigInteger(a, ao + i * Fp.LIMBS);
        }
        return c;
    }

    /** ψ's x coefficient {@code 1/(u+1)^((p−1)/3)}, computed at class load. */
    private static final long[] PSI_X = psiCoefficient(3);
    /** ψ's y coefficient {@code 1/(u+1)^((p−1)/2)}. */
    private static final long[] PSI_Y = psiCoefficient(2);

    private static long[] psiCoefficient(int d) {
        long[] c = Fp2.fromBigIntegers(BigInteger.ONE, BigInteger.ONE);
        Fp2.pow(c, 0, c, 0, Fp.P.subtract(BigInteger.ONE).divide(BigInteger.valueOf(d)));
        Fp2.inverse(c, 0, c, 0);
        return c;
    }

    /**
     * The endomorphism ψ = untwist ∘ Frobenius ∘ twist of E'(Fp2) on an affine point:
     * {@code ψ(x, y) = (conj(x)·PSI_X, conj(y)·PSI_Y)} (Galbraith, Scott, "Exponentiation in pairing-friendly
     * groups using homomorphisms", Pairing 2008). Infinity maps to infinity.
     */
    public static void psi(long[] r, int ro, long[] a, int ao) {
        if (CURVE.isInfinityAffine(a, ao)) {
            CURVE.setInfinityAffine(r, ro);
            return;
        }
        Fp2.conjugate(r, ro, a, ao);
        Fp2.mul(r, ro, r, ro, PSI_X, 0);
        Fp2.conjugate(r, ro + Fp2.LONGS, a, ao + Fp2.LONGS);
        Fp2.mul(r, ro + Fp2.LONGS, r, ro + Fp2.LONGS, PSI_Y, 0);
    }

    /**
     * Membership in the order-r subgroup of an on-curve affine point, by Scott's test: P ∈ G2 iff ψ(P) = [z]P
     * (M. Scott, "A note on group membership tests for G1, G2 and GT on BLS pairing-friendly curves",
     * ePrint 2021/1130, §4; proof corrected in El Housni, Guillevic, Piellard, ePrint 2022/352). One sparse
     * 64-bit multiplication instead of one by the 255-bit r ({@link Curve#isTorsionFreeByOrder}). The point must be
     * on the curve.
     */
    public static boolean isInSubgroup(long[] a, int ao) {
        if (CURVE.isInfinityAffine(a, ao)) {
            return true;
        }
        long[] psiP = new long[AFFINE_LONGS];
        psi(psiP, 0, a, ao);
        long[] lhs = new long[JACOBIAN_LONGS];
        CURVE.fromAffine(lhs, 0, psiP, 0);
        long[] zP = new long[JACOBIAN_LONGS];
        CURVE.fromAffine(zP, 0, a, ao);
        CURVE.mulByUnsignedLong(zP, 0, zP, 0, Pairing.ABS_X);
        CURVE.neg(zP, 0, zP, 0); // z = −|z|
        return CURVE.equal(lhs, 0, zP, 0);
    }

    /** {@code [k]P} as a new affine point. */
    public static long[] mulAffine(long[] a, int ao, BigInteger k) {
        long[] j = new long[JACOBIAN_LONGS];
        CURVE.mul(j, 0, a, ao, k);
        long[] r = new long[AFFINE_LONGS];
        CURVE.toAffine(r, 0, j, 0);
        return r;
    }
}
