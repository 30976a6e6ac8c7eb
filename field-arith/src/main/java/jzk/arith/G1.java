package jzk.arith;

import java.math.BigInteger;

/**
 * The group G1 of BLS12-381: the order-r subgroup of E(Fp): y² = x³ + 4. Points are flat {@code long[]} in the
 * layouts of {@link Curve} (affine 12 longs, Jacobian 18 longs; coordinates Fp, Montgomery form). The group law
 * lives in {@link #CURVE}; this class holds the constants and the group-specific entry points.
 */
public final class G1 {
    private G1() {
    }

    public static final int AFFINE_LONGS = 2 * Fp.LIMBS;
    public static final int JACOBIAN_LONGS = 3 * Fp.LIMBS;

    /**
     * Generator, from IETF draft-irtf-cfrg-pairing-friendly-curves-11 §4.2.1 (BLS12_381 "x", "y" of G1), equal to
     * zkcrypto bls12_381 {@code G1Affine::generator()}.
     */
    public static final BigInteger GENERATOR_X = new BigInteger(
            "17f1d3a73197d7942695638c4fa9ac0fc3688c4f9774b905a14e3a3f171bac586c55e83ff97a1aeffb3af00adb22c6bb", 16);
    public static final BigInteger GENERATOR_Y = new BigInteger(
            "08b3f481e3aaa0f1a09e30ed741d8ae4fcf5e095d5d00af600db18cb2c04b3edd03cc744a2888ae40caa232946c5e7e1", 16);
    /** Cofactor h1 = (z − 1)²/3 for z = −0xd201000000010000 (IETF draft §4.2.1). */
    public static final BigInteger COFACTOR = new BigInteger("396c8c005555e1568c00aaab0000aaab", 16);

    /** The curve y² = x³ + 4 over Fp with the generator above and order r = {@link Fr#R}. */
    public static final Curve CURVE = new Curve("G1", FpCoordinates.INSTANCE, Fp.F.fromLong(4), generatorLimbs(),
            Fr.R, G1::isInSubgroup);

    private static long[] generatorLimbs() {
        long[] g = new long[AFFINE_LONGS];
        Fp.F.fromBigInteger(g, 0, GENERATOR_X);
        Fp.F.fromBigInteger(g, Fp.LIMBS, GENERATOR_Y);
        return g;
    }

    /** The generator, affine (a new array). */
    public static long[] generator() {
        return CURVE.generatorAffine();
    }

    /** An affine point from canonical integer coordinates (not checked; see {@link Curve#isOnCurveAffine}). */
    public static long[] affine(BigInteger x, BigInteger y) {
        long[] a = new long[AFFINE_LONGS];
        Fp.F.fromBigInteger(a, 0, x);
        Fp.F.fromBigInteger(a, Fp.LIMBS, y);
        return a;
    }

    /** Canonical integer coordinates {x, y} of an affine point (infinity gives {0, 0}). */
    public static BigInteger[] coordinates(long[] a, int ao) {
        return new BigInteger[] {Fp.F.toBigInteger(a, ao), Fp.F.toBigInteger(a, ao + Fp.LIMBS)};
    }

    /**
     * β, the primitive cube root of unity in Fp for which the endomorphism σ(x, y) = (β·x, y) acts on G1 as
     * multiplication by −z² (the eigenvalue Scott's test below needs). Computed at class load as
     * {@code 2^((p−1)/3)} or its square, whichever satisfies σ(G) = [−z²]G on the generator; the test suite
     * checks it against the definitional test on points in and out of G1.
     */
    private static final long[] BETA = chooseBeta();

    private static long[] chooseBeta() {
        long[] beta = new long[Fp.LIMBS];
        Fp.F.pow(beta, 0, Fp.F.fromLong(2), 0, Fp.P.subtract(BigInteger.ONE).divide(BigInteger.valueOf(3)));
        if (Fp.F.isOne(beta, 0)) {
            throw new IllegalStateException("2 is a cube in Fp; choose another non-cube");
        }
        if (!sigmaMatches(generatorLimbs(), beta)) {
            Fp.F.square(beta, 0, beta, 0);
            if (!sigmaMatches(generatorLimbs(), beta)) {
                throw new IllegalStateException("neither cube root of unity gives σ(G) = [−z²]G");
            }
        }
        return beta;
    }

    private static boolean sigmaMatches(long[] a, long[] beta) {
        long[] sigma = new long[JACOBIAN_LONGS];
        Fp.F.mul(sigma, 0, a, 0, beta, 0);
        Fp.F.copy(sigma, Fp.LIMBS, a, Fp.LIMBS);
        Fp.F.setOne(sigma, 2 * Fp.LIMBS);
        return CURVE.equal(sigma, 0, minusZSquared(a), 0);
    }

    private static long[] minusZSquared(long[] a) {
        long[] t = new long[JACOBIAN_LONGS];
        CURVE.fromAffine(t, 0, a, 0);
        CURVE.mulByUnsignedLong(t, 0, t, 0, Pairing.ABS_X);
        CURVE.mulByUnsignedLong(t, 0, t, 0, Pairing.ABS_X); // [z²]P, as z² = |z|²
        CURVE.neg(t, 0, t, 0);
        return t;
    }

    /**
     * Membership in the order-r subgroup of an on-curve affine point, by Scott's endomorphism test: P ∈ G1 iff
     * σ(P) = [−z²]P (M. Scott, "A note on group membership tests for G1, G2 and GT on BLS pairing-friendly
     * curves", ePrint 2021/1130, §6; proof corrected in El Housni, Guillevic, Piellard, ePrint 2022/352). Costs two
     * 64-bit sparse multiplications instead of one by the 255-bit r ({@link Curve#isTorsionFreeByOrder}).
     * The point must be on the curve (the test says nothing about other points).
     */
    public static boolean isInSubgroup(long[] a, int ao) {
        if (CURVE.isInfinityAffine(a, ao)) {
            return true;
        }
        long[] p = java.util.Arrays.copyOfRange(a, ao, ao + AFFINE_LONGS);
        return sigmaMatches(p, BETA);
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
