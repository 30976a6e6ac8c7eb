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
            affine(GENERATOR_X0, GENERATOR_X1, GENERATOR_Y0, GENERATOR_Y1), Fr.R);

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
