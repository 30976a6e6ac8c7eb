package jzk.tornado.bls;

/**
 * The G1 mixed addition of {@link Xyzz#addAffine(int, int[], int, int[], int, boolean)} ({@code d = 1}) written as
 * straight-line code, for kernels whose whole bucket accumulation should run out of registers: every field value
 * is its own 12-int private array indexed by constants only, so the kernel JIT replaces each by 12 scalars
 * (scalar replacement, cap 64 elements) and ptxas keeps them in hardware registers, with no local-memory frame
 * (the interpreted {@link Xyzz#PROGRAM} needs a data-indexed register file, which stays in local memory).
 *
 * <p>Invariant: the same operations in the same order as {@link Xyzz}'s MADD_PRE, MADD_POST and MDBL programs
 * (madd-2008-s, mdbl-2008-s-1), so every result is bit-identical to {@code Xyzz.addAffine(1, …)}, including the
 * cases base at infinity, accumulator at infinity, P + P (doubling) and P + (−P) (infinity); XyzzKernelsTest
 * checks that. Code size: 17 Montgomery products, each one copy of {@link MontFp#mul}; a kernel built on this
 * keeps their outer limb loops rolled with a small {@link jzk.tornado.api.Unroll} budget, else ptxas needs about
 * a minute for it (bench-results/h200-jit-2026-12-01/xyzz-straight-line-experiment.txt).
 */
public final class XyzzG1 {
    private XyzzG1() {
    }

    /** p += (x, ±y), the affine G1 base at {@code a[ao]}, negated when {@code negate}; p is XYZZ at {@code p[po]}. */
    public static void addAffine(int[] p, int po, int[] a, int ao, boolean negate) {
        if (Xyzz.isAffineInfinity(1, a, ao)) {
            return;
        }
        if (Xyzz.isInfinity(1, p, po)) {
            Xyzz.setAffine(1, p, po, a, ao, negate);
            return;
        }
        int x1 = po;
        int y1 = po + 12;
        int zz1 = po + 24;
        int zzz1 = po + 36;
        int[] x2 = new int[12];
        int[] y2 = new int[12];
        CurveField.copy(1, x2, 0, a, ao);
        if (negate) {
            CurveField.neg(1, y2, 0, a, ao + 12);
        } else {
            CurveField.copy(1, y2, 0, a, ao + 12);
        }
        // MADD_PRE: P = dx = X2·ZZ1 − X1, R = dy = Y2·ZZZ1 − Y1
        int[] dx = new int[12];
        int[] dy = new int[12];
        MontFp.mul(dx, 0, x2, 0, p, zz1);
        MontFp.sub(dx, 0, dx, 0, p, x1);
        MontFp.mul(dy, 0, y2, 0, p, zzz1);
        MontFp.sub(dy, 0, dy, 0, p, y1);
        if (CurveField.isZero(1, dx, 0)) {
            if (!CurveField.isZero(1, dy, 0)) {
                Xyzz.setInfinity(1, p, po);
                return;
            }
            doubleAffine(p, po, x2, y2);
            return;
        }
        // MADD_POST: PP = dx2 = P², PPP = dx3 = P·PP, Q = X1·PP, ZZ3 = ZZ1·PP, ZZZ3 = ZZZ1·PPP,
        // X3 = R² − PPP − 2Q, Y3 = R(Q − X3) − Y1·PPP; each output written after the last read of what it replaces
        int[] dx2 = new int[12];
        int[] dx3 = new int[12];
        int[] q = new int[12];
        MontFp.mul(dx2, 0, dx, 0, dx, 0);
        MontFp.mul(dx3, 0, dx, 0, dx2, 0);
        MontFp.mul(q, 0, p, x1, dx2, 0);
        MontFp.mul(p, zz1, p, zz1, dx2, 0);
        MontFp.mul(p, zzz1, p, zzz1, dx3, 0);
        int[] t = new int[12];
        MontFp.mul(t, 0, dy, 0, dy, 0);
        MontFp.sub(t, 0, t, 0, dx3, 0);
        MontFp.sub(t, 0, t, 0, q, 0);
        MontFp.sub(p, x1, t, 0, q, 0);
        int[] u = new int[12];
        MontFp.mul(u, 0, p, y1, dx3, 0);
        MontFp.sub(t, 0, q, 0, p, x1);
        MontFp.mul(t, 0, dy, 0, t, 0);
        MontFp.sub(p, y1, t, 0, u, 0);
    }

    /**
     * p = 2·(x, y) in XYZZ (MDBL, mdbl-2008-s-1): U = 2y, V = U², W = U·V, S = x·V, M = 3x², X3 = M² − 2S,
     * Y3 = M(S − X3) − W·y, ZZ3 = V, ZZZ3 = W.
     */
    private static void doubleAffine(int[] p, int po, int[] x, int[] y) {
        int[] u = new int[12];
        int[] s = new int[12];
        int[] x2 = new int[12];
        int[] m = new int[12];
        int[] t = new int[12];
        MontFp.add(u, 0, y, 0, y, 0);
        MontFp.mul(p, po + 24, u, 0, u, 0);
        MontFp.mul(p, po + 36, u, 0, p, po + 24);
        MontFp.mul(s, 0, x, 0, p, po + 24);
        MontFp.mul(x2, 0, x, 0, x, 0);
        MontFp.add(m, 0, x2, 0, x2, 0);
        MontFp.add(m, 0, m, 0, x2, 0);
        MontFp.mul(t, 0, m, 0, m, 0);
        MontFp.sub(t, 0, t, 0, s, 0);
        MontFp.sub(p, po, t, 0, s, 0);
        MontFp.sub(t, 0, s, 0, p, po);
        MontFp.mul(t, 0, m, 0, t, 0);
        MontFp.mul(u, 0, p, po + 36, y, 0);
        MontFp.sub(p, po + 12, t, 0, u, 0);
    }
}
