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
            Fr.R);

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

    /** Membership in the order-r subgroup of an on-curve affine point: {@code [r]P = O}. */
    public static boolean isInSubgroup(long[] a, int ao) {
        return CURVE.isTorsionFreeByOrder(a, ao);
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
