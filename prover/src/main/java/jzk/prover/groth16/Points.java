package jzk.prover.groth16;

import jzk.arith.Fp;

/**
 * Sizes of the flat point layouts the prover passes around (docs/ARCHITECTURE.md): affine G1 = x, y (12 longs),
 * affine G2 = x.c0, x.c1, y.c0, y.c1 (24 longs), Montgomery-form Fp limbs, little-endian; all-zero = infinity.
 * Jacobian G1 = X, Y, Z (18 longs), G2 (36 longs); infinity ⇔ Z = 0.
 */
public final class Points {
    public static final int G1 = 2 * Fp.LIMBS;
    public static final int G2 = 4 * Fp.LIMBS;
    public static final int G1_JAC = 3 * Fp.LIMBS;
    public static final int G2_JAC = 6 * Fp.LIMBS;

    private Points() {
    }

    /** True when the {@code len} longs at {@code a[o..]} are all zero (the affine point at infinity). */
    public static boolean isZero(long[] a, int o, int len) {
        long acc = 0;
        for (int k = 0; k < len; k++) {
            acc |= a[o + k];
        }
        return acc == 0;
    }
}
