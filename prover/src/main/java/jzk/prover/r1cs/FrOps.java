package jzk.prover.r1cs;

import jzk.arith.Fr;

/**
 * Small Fr helpers the constraint-system code needs beyond {@code Fr.F}: named constants and allocation-free
 * predicates. All values are Montgomery form, 4 little-endian limbs.
 */
public final class FrOps {
    private FrOps() {
    }

    private static final long[] ONE = Fr.F.fromLong(1);
    private static final long ONE0 = ONE[0];
    private static final long ONE1 = ONE[1];
    private static final long ONE2 = ONE[2];
    private static final long ONE3 = ONE[3];

    /** A fresh copy of 1 (Montgomery: {@code 2^256 mod r}). */
    public static long[] one() {
        return ONE.clone();
    }

    /** A fresh zero. */
    public static long[] zero() {
        return new long[Fr.LIMBS];
    }

    /** A fresh copy of −1. */
    public static long[] minusOne() {
        return LinearCombination.MINUS_ONE.clone();
    }

    /** Montgomery form of a small signed integer. */
    public static long[] of(long x) {
        return Fr.F.fromLong(x);
    }

    /** Most elements a {@code long[]} vector of 4-limb elements holds: {@code (2^31 − 9) / 4 ≈ 2^29}. */
    public static final int MAX_VECTOR_ELEMENTS = jzk.arith.ArraySizes.MAX_ARRAY / Fr.LIMBS;

    /**
     * A zero vector of {@code elements} Fr elements (4 limbs each), or one clear error naming {@code what} when it
     * cannot be a Java array ({@code 4·elements} computed in long, never wrapped).
     */
    public static long[] newVector(long elements, String what) {
        return new long[jzk.arith.ArraySizes.longs(elements, Fr.LIMBS, what)];
    }

    public static boolean isOne(long[] a, int ao) {
        return a[ao] == ONE0 && a[ao + 1] == ONE1 && a[ao + 2] == ONE2 && a[ao + 3] == ONE3;
    }

    public static boolean isZero(long[] a, int ao) {
        return (a[ao] | a[ao + 1] | a[ao + 2] | a[ao + 3]) == 0;
    }

    public static long[] mul(long[] a, long[] b) {
        long[] r = new long[Fr.LIMBS];
        Fr.F.mul(r, 0, a, 0, b, 0);
        return r;
    }

    public static long[] add(long[] a, long[] b) {
        long[] r = new long[Fr.LIMBS];
        Fr.F.add(r, 0, a, 0, b, 0);
        return r;
    }

    public static long[] sub(long[] a, long[] b) {
        long[] r = new long[Fr.LIMBS];
        Fr.F.sub(r, 0, a, 0, b, 0);
        return r;
    }
}
