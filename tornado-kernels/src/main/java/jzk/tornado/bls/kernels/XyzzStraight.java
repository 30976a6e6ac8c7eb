package jzk.tornado.bls.kernels;

/**
 * The mixed addition of {@link Xyzz#addAffine(int, int[], int, int[], int, boolean)} written as straight-line code,
 * for kernels whose whole bucket accumulation should run out of registers: every field value is its own private
 * array of {@code 12·d} ints indexed by constants only, so once the kernel fixes the group ({@code d} a constant at
 * the call) the kernel JIT replaces each by scalars (scalar replacement) and the device compiler keeps them in
 * hardware registers, with no local-memory frame (the interpreted {@link Xyzz#PROGRAM} needs a data-indexed
 * register file, which stays in local memory).
 *
 * <p>Invariant: the same field operations in the same order as {@link Xyzz}'s MADD_PRE, MADD_POST and MDBL
 * programs (madd-2008-s, mdbl-2008-s-1), so every result is bit-identical to {@code Xyzz.addAffine(d, …)},
 * including the cases base at infinity, accumulator at infinity, P + P (doubling) and P + (−P) (infinity);
 * XyzzStraightTest checks that. Code size: 17 products ({@link CurveField#mul}: one {@link MontFp#mul} in G1, three
 * in G2); a kernel built on this keeps their outer limb loops rolled with a small
 * {@link jzk.tornado.api.JitLimits} budget, else ptxas needs 10 s to a minute for it
 * (bench-results/h200-jit-2026-12-01/xyzz-straight-line-experiment.txt).
 */
public final class XyzzStraight {
    private XyzzStraight() {
    }

    /** Private array length of one coordinate: the widest field (Fp2); G1 uses the first 12 ints. */
    private static final int W = 24;

    /**
     * p += (x, ±y), the affine base of degree {@code d} at {@code a[ao]}, negated when {@code negate}; p is XYZZ at
     * {@code p[po]}.
     */
    public static void addAffine(int d, int[] p, int po, int[] a, int ao, boolean negate) {
        if (Xyzz.isAffineInfinity(d, a, ao)) {
            return;
        }
        if (Xyzz.isInfinity(d, p, po)) {
            Xyzz.setAffine(d, p, po, a, ao, negate);
            return;
        }
        int s = 12 * d;
        int x1 = po;
        int y1 = po + s;
        int zz1 = po + 2 * s;
        int zzz1 = po + 3 * s;
        int[] x2 = new int[W];
        int[] y2 = new int[W];
        CurveField.copy(d, x2, 0, a, ao);
        if (negate) {
            CurveField.neg(d, y2, 0, a, ao + s);
        } else {
            CurveField.copy(d, y2, 0, a, ao + s);
        }
        // MADD_PRE: P = dx = X2·ZZ1 − X1, R = dy = Y2·ZZZ1 − Y1
        int[] dx = new int[W];
        int[] dy = new int[W];
        CurveField.mul(d, dx, 0, x2, 0, p, zz1);
        CurveField.sub(d, dx, 0, dx, 0, p, x1);
        CurveField.mul(d, dy, 0, y2, 0, p, zzz1);
        CurveField.sub(d, dy, 0, dy, 0, p, y1);
        if (CurveField.isZero(d, dx, 0)) {
            if (!CurveField.isZero(d, dy, 0)) {
                Xyzz.setInfinity(d, p, po);
                return;
            }
            doubleAffine(d, p, po, x2, y2);
            return;
        }
        // MADD_POST: PP = dx2 = P², PPP = dx3 = P·PP, Q = X1·PP, ZZ3 = ZZ1·PP, ZZZ3 = ZZZ1·PPP,
        // X3 = R² − PPP − 2Q, Y3 = R(Q − X3) − Y1·PPP; each output written after the last read of what it replaces
        int[] dx2 = new int[W];
        int[] dx3 = new int[W];
        int[] q = new int[W];
        CurveField.mul(d, dx2, 0, dx, 0, dx, 0);
        CurveField.mul(d, dx3, 0, dx, 0, dx2, 0);
        CurveField.mul(d, q, 0, p, x1, dx2, 0);
        CurveField.mul(d, p, zz1, p, zz1, dx2, 0);
        CurveField.mul(d, p, zzz1, p, zzz1, dx3, 0);
        int[] t = new int[W];
        CurveField.mul(d, t, 0, dy, 0, dy, 0);
        CurveField.sub(d, t, 0, t, 0, dx3, 0);
        CurveField.sub(d, t, 0, t, 0, q, 0);
        CurveField.sub(d, p, x1, t, 0, q, 0);
        int[] u = new int[W];
        CurveField.mul(d, u, 0, p, y1, dx3, 0);
        CurveField.sub(d, t, 0, q, 0, p, x1);
        CurveField.mul(d, t, 0, dy, 0, t, 0);
        CurveField.sub(d, p, y1, t, 0, u, 0);
    }

    /**
     * p += q, both XYZZ (add-2008-s, as {@link Xyzz#add(int, int[], int, int[], int)}'s ADD_PRE / ADD_POST, and its
     * DBL when p = q, infinity when p = −q): U1 = X1·ZZ2, S1 = Y1·ZZZ2, P = X2·ZZ1 − U1, R = Y2·ZZZ1 − S1, PP = P²,
     * PPP = P·PP, ZZ3 = ZZ1·ZZ2·PP, ZZZ3 = ZZZ1·ZZZ2·PPP, Q = U1·PP, X3 = R² − PPP − 2Q, Y3 = R(Q − X3) − S1·PPP.
     * p and q are separate arrays (one private, one global in the reduction kernels); each output is written after
     * the last read of what it replaces.
     */
    public static void add(int d, int[] p, int po, int[] q, int qo) {
        if (Xyzz.isInfinity(d, q, qo)) {
            return;
        }
        if (Xyzz.isInfinity(d, p, po)) {
            Xyzz.copy(d, p, po, q, qo);
            return;
        }
        int s = 12 * d;
        int[] u1 = new int[W];
        int[] s1 = new int[W];
        int[] dx = new int[W];
        int[] dy = new int[W];
        CurveField.mul(d, u1, 0, p, po, q, qo + 2 * s);
        CurveField.mul(d, s1, 0, p, po + s, q, qo + 3 * s);
        CurveField.mul(d, dx, 0, q, qo, p, po + 2 * s);
        CurveField.sub(d, dx, 0, dx, 0, u1, 0);
        CurveField.mul(d, dy, 0, q, qo + s, p, po + 3 * s);
        CurveField.sub(d, dy, 0, dy, 0, s1, 0);
        if (CurveField.isZero(d, dx, 0)) {
            if (!CurveField.isZero(d, dy, 0)) {
                Xyzz.setInfinity(d, p, po);
                return;
            }
            dbl(d, p, po);
            return;
        }
        int[] pp = new int[W];
        int[] ppp = new int[W];
        CurveField.mul(d, pp, 0, dx, 0, dx, 0);
        CurveField.mul(d, ppp, 0, dx, 0, pp, 0);
        CurveField.mul(d, p, po + 2 * s, p, po + 2 * s, q, qo + 2 * s);
        CurveField.mul(d, p, po + 2 * s, p, po + 2 * s, pp, 0);
        CurveField.mul(d, p, po + 3 * s, p, po + 3 * s, q, qo + 3 * s);
        CurveField.mul(d, p, po + 3 * s, p, po + 3 * s, ppp, 0);
        int[] qq = new int[W];
        int[] t = new int[W];
        CurveField.mul(d, qq, 0, u1, 0, pp, 0);
        CurveField.mul(d, t, 0, dy, 0, dy, 0);
        CurveField.sub(d, t, 0, t, 0, ppp, 0);
        CurveField.sub(d, t, 0, t, 0, qq, 0);
        CurveField.sub(d, p, po, t, 0, qq, 0);
        CurveField.mul(d, s1, 0, s1, 0, ppp, 0);
        CurveField.sub(d, t, 0, qq, 0, p, po);
        CurveField.mul(d, t, 0, dy, 0, t, 0);
        CurveField.sub(d, p, po + s, t, 0, s1, 0);
    }

    /**
     * p = 2p in place (dbl-2008-s-1, a = 0, as {@link Xyzz#dbl}): U = 2Y1, V = U², W = U·V, S = X1·V, M = 3X1²,
     * X3 = M² − 2S, Y3 = M(S − X3) − W·Y1, ZZ3 = V·ZZ1, ZZZ3 = W·ZZZ1. Infinity (ZZ1 = 0) stays infinity.
     */
    public static void dbl(int d, int[] p, int po) {
        int s = 12 * d;
        int[] u = new int[W];
        int[] v = new int[W];
        int[] w = new int[W];
        int[] sv = new int[W];
        int[] m = new int[W];
        int[] t = new int[W];
        CurveField.add(d, u, 0, p, po + s, p, po + s);
        CurveField.mul(d, v, 0, u, 0, u, 0);
        CurveField.mul(d, w, 0, u, 0, v, 0);
        CurveField.mul(d, sv, 0, p, po, v, 0);
        CurveField.mul(d, t, 0, p, po, p, po);
        CurveField.add(d, m, 0, t, 0, t, 0);
        CurveField.add(d, m, 0, m, 0, t, 0);
        CurveField.mul(d, p, po + 2 * s, v, 0, p, po + 2 * s);
        CurveField.mul(d, p, po + 3 * s, w, 0, p, po + 3 * s);
        CurveField.mul(d, t, 0, m, 0, m, 0);
        CurveField.sub(d, t, 0, t, 0, sv, 0);
        CurveField.sub(d, p, po, t, 0, sv, 0);
        CurveField.sub(d, t, 0, sv, 0, p, po);
        CurveField.mul(d, t, 0, m, 0, t, 0);
        CurveField.mul(d, u, 0, w, 0, p, po + s);
        CurveField.sub(d, p, po + s, t, 0, u, 0);
    }

    /**
     * p = 2·(x, y) in XYZZ (MDBL, mdbl-2008-s-1): U = 2y, V = U², W = U·V, S = x·V, M = 3x², X3 = M² − 2S,
     * Y3 = M(S − X3) − W·y, ZZ3 = V, ZZZ3 = W.
     */
    private static void doubleAffine(int d, int[] p, int po, int[] x, int[] y) {
        int s = 12 * d;
        int[] u = new int[W];
        int[] sv = new int[W];
        int[] x2 = new int[W];
        int[] m = new int[W];
        int[] t = new int[W];
        CurveField.add(d, u, 0, y, 0, y, 0);
        CurveField.mul(d, p, po + 2 * s, u, 0, u, 0);
        CurveField.mul(d, p, po + 3 * s, u, 0, p, po + 2 * s);
        CurveField.mul(d, sv, 0, x, 0, p, po + 2 * s);
        CurveField.mul(d, x2, 0, x, 0, x, 0);
        CurveField.add(d, m, 0, x2, 0, x2, 0);
        CurveField.add(d, m, 0, m, 0, x2, 0);
        CurveField.mul(d, t, 0, m, 0, m, 0);
        CurveField.sub(d, t, 0, t, 0, sv, 0);
        CurveField.sub(d, p, po, t, 0, sv, 0);
        CurveField.sub(d, t, 0, sv, 0, p, po);
        CurveField.mul(d, t, 0, m, 0, t, 0);
        CurveField.mul(d, u, 0, p, po + 3 * s, y, 0);
        CurveField.sub(d, p, po + s, t, 0, u, 0);
    }
}
