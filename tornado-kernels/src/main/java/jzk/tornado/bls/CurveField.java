package jzk.tornado.bls;

/**
 * The coordinate field of a BLS12-381 group, chosen by its degree {@code d} over Fp: {@code d = 1} is Fp (G1),
 * {@code d = 2} is Fp2 (G2). Lets {@link Xyzz} be written once for both groups: every call here is a branch on
 * {@code d}, which is a launch-wide constant (uniform on the GPU, folded when the JIT inlines a constant).
 *
 * <p>Invariants: an element is {@code 12·d} ints (see {@link Mont32}, {@link Fp2k}), Montgomery form, reduced.
 */
public final class CurveField {
    private CurveField() {
    }

    private static final int FP = Mont32.FP;

    /** ints per element of the degree-{@code d} field. */
    public static int ints(int d) {
        return 12 * d;
    }

    public static void mul(int d, int[] r, int ro, int[] a, int ao, int[] b, int bo) {
        if (d == 1) {
            Mont32.mul(FP, r, ro, a, ao, b, bo);
        } else {
            Fp2k.mul(r, ro, a, ao, b, bo);
        }
    }

    public static void sqr(int d, int[] r, int ro, int[] a, int ao) {
        if (d == 1) {
            Mont32.mul(FP, r, ro, a, ao, a, ao);
        } else {
            Fp2k.sqr(r, ro, a, ao);
        }
    }

    public static void add(int d, int[] r, int ro, int[] a, int ao, int[] b, int bo) {
        Mont32.add(FP, r, ro, a, ao, b, bo);
        if (d == 2) {
            Mont32.add(FP, r, ro + 12, a, ao + 12, b, bo + 12);
        }
    }

    public static void sub(int d, int[] r, int ro, int[] a, int ao, int[] b, int bo) {
        Mont32.sub(FP, r, ro, a, ao, b, bo);
        if (d == 2) {
            Mont32.sub(FP, r, ro + 12, a, ao + 12, b, bo + 12);
        }
    }

    public static void neg(int d, int[] r, int ro, int[] a, int ao) {
        Mont32.neg(FP, r, ro, a, ao);
        if (d == 2) {
            Mont32.neg(FP, r, ro + 12, a, ao + 12);
        }
    }

    public static void copy(int d, int[] r, int ro, int[] a, int ao) {
        int n = 12 * d;
        for (int i = 0; i < n; i++) {
            r[ro + i] = a[ao + i];
        }
    }

    public static void setZero(int d, int[] r, int ro) {
        int n = 12 * d;
        for (int i = 0; i < n; i++) {
            r[ro + i] = 0;
        }
    }

    /** r = 1 (Montgomery); for Fp2 that is (1, 0). */
    public static void setOne(int d, int[] r, int ro) {
        setZero(d, r, ro);
        Mont32.setOne(FP, r, ro);
    }

    public static boolean isZero(int d, int[] a, int ao) {
        int n = 12 * d;
        int acc = 0;
        for (int i = 0; i < n; i++) {
            acc |= a[ao + i];
        }
        return acc == 0;
    }
}
