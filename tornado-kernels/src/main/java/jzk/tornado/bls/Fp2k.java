package jzk.tornado.bls;

/**
 * Fp2 = Fp[u]/(u² + 1) for kernels, on top of {@link Mont32} with {@code f = FP}.
 *
 * <p>Invariants: an element is 24 consecutive ints, c0 (12 limbs) then c1 (12 limbs), each an Fp element in
 * Montgomery form on little-endian 32-bit limbs, fully reduced: the 32-bit image of the project's Fp2 layout
 * (c0 then c1). Outputs may alias inputs (every method reads all of its inputs before the last write, through
 * private temporaries).
 */
public final class Fp2k {
    private Fp2k() {
    }

    /** ints per Fp2 element. */
    public static final int INTS = 24;
    private static final int FP = Mont32.FP;
    private static final int H = 12;

    public static void add(int[] r, int ro, int[] a, int ao, int[] b, int bo) {
        Mont32.add(FP, r, ro, a, ao, b, bo);
        Mont32.add(FP, r, ro + H, a, ao + H, b, bo + H);
    }

    public static void sub(int[] r, int ro, int[] a, int ao, int[] b, int bo) {
        Mont32.sub(FP, r, ro, a, ao, b, bo);
        Mont32.sub(FP, r, ro + H, a, ao + H, b, bo + H);
    }

    public static void dbl(int[] r, int ro, int[] a, int ao) {
        Mont32.add(FP, r, ro, a, ao, a, ao);
        Mont32.add(FP, r, ro + H, a, ao + H, a, ao + H);
    }

    public static void neg(int[] r, int ro, int[] a, int ao) {
        Mont32.neg(FP, r, ro, a, ao);
        Mont32.neg(FP, r, ro + H, a, ao + H);
    }

    public static void copy(int[] r, int ro, int[] a, int ao) {
        for (int i = 0; i < INTS; i++) {
            r[ro + i] = a[ao + i];
        }
    }

    public static boolean isZero(int[] a, int ao) {
        return Mont32.isZero(FP, a, ao) && Mont32.isZero(FP, a, ao + H);
    }

    public static boolean equal(int[] a, int ao, int[] b, int bo) {
        return Mont32.equal(FP, a, ao, b, bo) && Mont32.equal(FP, a, ao + H, b, bo + H);
    }

    /**
     * r = a·b by Karatsuba: with v0 = a0·b0, v1 = a1·b1, r0 = v0 − v1 (u² = −1) and
     * r1 = (a0 + a1)(b0 + b1) − v0 − v1. Three Fp multiplications instead of four.
     */
    public static void mul(int[] r, int ro, int[] a, int ao, int[] b, int bo) {
        int[] t = new int[4 * H];
        Mont32.mul(FP, t, 0, a, ao, b, bo);            // v0
        Mont32.mul(FP, t, H, a, ao + H, b, bo + H);    // v1
        Mont32.add(FP, t, 2 * H, a, ao, a, ao + H);    // a0 + a1
        Mont32.add(FP, t, 3 * H, b, bo, b, bo + H);    // b0 + b1
        Mont32.mul(FP, t, 2 * H, t, 2 * H, t, 3 * H);  // (a0+a1)(b0+b1)
        Mont32.sub(FP, t, 2 * H, t, 2 * H, t, 0);
        Mont32.sub(FP, r, ro + H, t, 2 * H, t, H);
        Mont32.sub(FP, r, ro, t, 0, t, H);
    }

    /** r = a² = (a0 + a1)(a0 − a1) + 2·a0·a1·u: two Fp multiplications. */
    public static void sqr(int[] r, int ro, int[] a, int ao) {
        int[] t = new int[3 * H];
        Mont32.add(FP, t, 0, a, ao, a, ao + H);
        Mont32.sub(FP, t, H, a, ao, a, ao + H);
        Mont32.mul(FP, t, 2 * H, a, ao, a, ao + H);
        Mont32.mul(FP, r, ro, t, 0, t, H);
        Mont32.add(FP, r, ro + H, t, 2 * H, t, 2 * H);
    }
}
