package jzk.tornado.bls.kernels;

/**
 * The coordinate field of a BLS12-381 group, chosen by its degree {@code d} over Fp: {@code d = 1} is Fp (G1),
 * {@code d = 2} is Fp2 = Fp[u]/(u² + 1) (G2). Lets {@link Xyzz} be written once for both groups.
 *
 * <p>Invariants: an element is {@code 12·d} ints: its {@code d} Fp coefficients (c0, then c1 for Fp2), each
 * Montgomery on 12 little-endian 32-bit limbs, reduced (see {@link Mont32}) — the 32-bit image of the project's
 * Fp / Fp2 layout. Outputs may alias inputs at the same offset.
 *
 * <p>The Fp operations are {@link MontFp}'s (limbs in scalar locals, so they stay in registers on the GPU). The
 * kernel JIT inlines every call, so code size counts call sites: a G1 product is one {@link MontFp#mul} straight
 * from the operands (no private copies), an Fp2 product runs its three Karatsuba products in one loop (two call
 * sites: the coefficient products read the operands, the sum product reads private copies), and add/sub loop
 * over the {@code d} coefficients. The MSM kernels stay around 10 000 PTX lines (ptxas: 0.3 s).
 */
public final class CurveField {
    private CurveField() {
    }

    private static final int FP = Mont32.FP;

    /** ints per element of the degree-{@code d} field. */
    public static int ints(int d) {
        return 12 * d;
    }

    /** ints of private scratch an Fp2 product needs: the two Karatsuba sums (12 each) and the products (36). */
    public static final int MUL_SCRATCH = 60;

    /** r = a·b; see {@link #mul(int, int[], int, int[], int, int[], int, int[], int)} (allocates its scratch). */
    public static void mul(int d, int[] r, int ro, int[] a, int ao, int[] b, int bo) {
        mul(d, r, ro, a, ao, b, bo, new int[MUL_SCRATCH], 0);
    }

    /**
     * r = a·b. Fp: one Montgomery product. Fp2 by Karatsuba, v0 = a0·b0, v1 = a1·b1, v2 = (a0 + a1)(b0 + b1);
     * r0 = v0 − v1 (u² = −1), r1 = v2 − v0 − v1. r may alias a or b (r is written after the last read). The
     * Fp2 temporaries use {@code t[to … to + MUL_SCRATCH)} (contents ignored, overwritten): a caller that runs
     * many products passes one scratch area instead of having each product allocate (and, as Java requires,
     * zero-fill) private arrays.
     */
    public static void mul(int d, int[] r, int ro, int[] a, int ao, int[] b, int bo, int[] t, int to) {
        if (d == 1) {
            // straight from the operands: no private copies, so the product's limbs stay in registers
            MontFp.mul(r, ro, a, ao, b, bo);
            return;
        }
        int x = to;
        int y = to + 12;
        int v = to + 24;
        for (int k = 0; k < 3; k++) {
            if (k < 2) {
                MontFp.mul(t, v + 12 * k, a, ao + 12 * k, b, bo + 12 * k);
            } else {
                MontFp.add(t, x, a, ao, a, ao + 12);
                MontFp.add(t, y, b, bo, b, bo + 12);
                MontFp.mul(t, v + 24, t, x, t, y);
            }
        }
        MontFp.karatsubaFinish(r, ro, t, v);
    }

    public static void sqr(int d, int[] r, int ro, int[] a, int ao) {
        mul(d, r, ro, a, ao, a, ao);
    }

    public static void add(int d, int[] r, int ro, int[] a, int ao, int[] b, int bo) {
        for (int k = 0; k < d; k++) {
            MontFp.add(r, ro + 12 * k, a, ao + 12 * k, b, bo + 12 * k);
        }
    }

    public static void sub(int d, int[] r, int ro, int[] a, int ao, int[] b, int bo) {
        for (int k = 0; k < d; k++) {
            MontFp.sub(r, ro + 12 * k, a, ao + 12 * k, b, bo + 12 * k);
        }
    }

    public static void neg(int d, int[] r, int ro, int[] a, int ao) {
        for (int k = 0; k < d; k++) {
            Mont32.neg(FP, r, ro + 12 * k, a, ao + 12 * k);
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
