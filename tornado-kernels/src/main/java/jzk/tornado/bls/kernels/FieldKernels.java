package jzk.tornado.bls.kernels;

import jzk.tornado.api.KernelContext;

/**
 * Element-wise kernels over vectors of field elements and points: the device entry points of {@link Mont32},
 * {@link CurveField} and {@link Xyzz}, used by the conformance tests (each GPU result compared bit for bit with the
 * CPU reference), by the throughput benchmark and ({@link #frMulSub}) by the Groth16 quotient.
 *
 * <p>Invariants: work-item {@code i < n} handles element {@code i} (offset {@code i·width}); work-items past
 * {@code n} (padding to a multiple of the work-group size) do nothing. Field elements are Montgomery, reduced,
 * 32-bit limbs; field selector {@code f} as in {@link Mont32}, curve degree {@code d} as in {@link CurveField}.
 */
public final class FieldKernels {
    private FieldKernels() {
    }

    /** r[i] = a[i]·b[i] in field f. */
    public static void mul(KernelContext ctx, int f, int[] r, int[] a, int[] b, int n) {
        int i = ctx.globalIdx;
        if (i < n) {
            int w = Mont32.limbs(f);
            Mont32.mul(f, r, i * w, a, i * w, b, i * w);
        }
    }

    /**
     * a[i] = a[i]·b[i] − c[i] in Fr: the pointwise step of the Groth16 quotient on the coset
     * ({@link BlsGpu#quotient}). In place in {@code a} through a private product, so no buffer is passed twice.
     */
    public static void frMulSub(KernelContext ctx, int[] a, int[] b, int[] c, int n) {
        int i = ctx.globalIdx;
        if (i < n) {
            int[] t = new int[8];
            MontFr.mul(t, 0, a, i * 8, b, i * 8);
            Mont32.sub(Mont32.FR, a, i * 8, t, 0, c, i * 8);
        }
    }

    /** r[i] = a[i] + b[i] in field f. */
    public static void add(KernelContext ctx, int f, int[] r, int[] a, int[] b, int n) {
        int i = ctx.globalIdx;
        if (i < n) {
            int w = Mont32.limbs(f);
            Mont32.add(f, r, i * w, a, i * w, b, i * w);
        }
    }

    /** r[i] = a[i] − b[i] in field f. */
    public static void sub(KernelContext ctx, int f, int[] r, int[] a, int[] b, int n) {
        int i = ctx.globalIdx;
        if (i < n) {
            int w = Mont32.limbs(f);
            Mont32.sub(f, r, i * w, a, i * w, b, i * w);
        }
    }

    /** r[i] = −a[i] in field f. */
    public static void neg(KernelContext ctx, int f, int[] r, int[] a, int n) {
        int i = ctx.globalIdx;
        if (i < n) {
            int w = Mont32.limbs(f);
            Mont32.neg(f, r, i * w, a, i * w);
        }
    }

    /** r[i] = a[i]·b[i] in Fp2. */
    public static void fp2Mul(KernelContext ctx, int[] r, int[] a, int[] b, int n) {
        int i = ctx.globalIdx;
        if (i < n) {
            CurveField.mul(2, r, i * 24, a, i * 24, b, i * 24);
        }
    }

    /** r[i] = a[i]² in Fp2. */
    public static void fp2Sqr(KernelContext ctx, int[] r, int[] a, int n) {
        int i = ctx.globalIdx;
        if (i < n) {
            CurveField.sqr(2, r, i * 24, a, i * 24);
        }
    }

    /** p[i] += ±a[i] (XYZZ += affine), negated when {@code negate != 0}. */
    public static void pointAddAffine(KernelContext ctx, int d, int[] p, int[] a, int negate, int n) {
        int i = ctx.globalIdx;
        if (i < n) {
            Xyzz.addAffine(d, p, i * Xyzz.ints(d), a, i * Xyzz.affineInts(d), negate != 0);
        }
    }

    /** p[i] += q[i] (XYZZ). */
    public static void pointAdd(KernelContext ctx, int d, int[] p, int[] q, int n) {
        int i = ctx.globalIdx;
        if (i < n) {
            Xyzz.add(d, p, i * Xyzz.ints(d), q, i * Xyzz.ints(d));
        }
    }

    /** p[i] = 2·p[i] (XYZZ). */
    public static void pointDbl(KernelContext ctx, int d, int[] p, int n) {
        int i = ctx.globalIdx;
        if (i < n) {
            Xyzz.dbl(d, p, i * Xyzz.ints(d));
        }
    }

    /**
     * Throughput probe: each work-item sets y = x² for its Fr element x, then runs {@code iterations} rounds of
     * x ← x·y, y ← y·x, so the count of Fr multiplications is {@code 2·n·iterations} (+ n). Both operands of every product differ: a squaring (x ← x²) would let a device
     * compiler share the symmetric limb products (NVIDIA's OpenCL compiler does), which is not the general
     * multiplication this probe rates.
     */
    public static void frMulChain(KernelContext ctx, int[] x, int iterations, int n) {
        int i = ctx.globalIdx;
        if (i < n) {
            int[] v = new int[16];
            for (int k = 0; k < 8; k++) {
                v[k] = x[i * 8 + k];
            }
            MontFr.mul(v, 8, v, 0, v, 0);
            for (int it = 0; it < iterations; it++) {
                MontFr.mul(v, 0, v, 0, v, 8);
                MontFr.mul(v, 8, v, 8, v, 0);
            }
            for (int k = 0; k < 8; k++) {
                x[i * 8 + k] = v[k];
            }
        }
    }

    /**
     * The same probe for Fp ({@link MontFp#mul}, 12 limbs, the MSM's point arithmetic): y = x², then
     * {@code iterations} rounds of x ← x·y, y ← y·x; {@code 2·n·iterations} (+ n) Fp multiplications. x (12·n ints,
     * Montgomery form, reduced) is replaced by the final x.
     */
    public static void fpMulChain(KernelContext ctx, int[] x, int iterations, int n) {
        int i = ctx.globalIdx;
        if (i < n) {
            int[] v = new int[24];
            for (int k = 0; k < 12; k++) {
                v[k] = x[i * 12 + k];
            }
            MontFp.mul(v, 12, v, 0, v, 0);
            for (int it = 0; it < iterations; it++) {
                MontFp.mul(v, 0, v, 0, v, 12);
                MontFp.mul(v, 12, v, 12, v, 0);
            }
            for (int k = 0; k < 12; k++) {
                x[i * 12 + k] = v[k];
            }
        }
    }
}
