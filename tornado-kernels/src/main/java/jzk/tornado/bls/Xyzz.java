package jzk.tornado.bls;

/**
 * Short-Weierstrass points {@code y² = x³ + b} (a = 0) in extended Jacobian "XYZZ" coordinates, for G1
 * ({@code d = 1}, over Fp) and G2 ({@code d = 2}, over Fp2) with one code path (see {@link CurveField}).
 * XYZZ is the cheapest form for bucket accumulation: a mixed addition of an affine base costs 8M + 2S
 * (Bernstein–Lange, Explicit-Formulas Database, "xyzz" for short Weierstrass: madd-2008-s, add-2008-s,
 * dbl-2008-s-1, mdbl-2008-s-1).
 *
 * <p>Invariants: a point is 4 consecutive field elements X, Y, ZZ, ZZZ ({@code 4·12·d} ints) with
 * {@code x = X/ZZ}, {@code y = Y/ZZZ}, {@code ZZ³ = ZZZ²}; the point at infinity is {@code ZZ = 0} (written as
 * all zeros). An affine point is x, y ({@code 2·12·d} ints); the affine point at infinity is all zeros (x = y = 0
 * is on neither curve, per docs/ARCHITECTURE.md). Every formula is complete for the cases a bucket meets:
 * either operand at infinity, P + P (falls back to doubling) and P + (−P) (gives infinity).
 */
public final class Xyzz {
    private Xyzz() {
    }

    /** Temporary stride: the widest coordinate (Fp2). */
    private static final int T = 24;

    /** ints per XYZZ point of degree d. */
    public static int ints(int d) {
        return 48 * d;
    }

    /** ints per affine point of degree d. */
    public static int affineInts(int d) {
        return 24 * d;
    }

    public static void setInfinity(int d, int[] p, int po) {
        int n = 48 * d;
        for (int i = 0; i < n; i++) {
            p[po + i] = 0;
        }
    }

    public static boolean isInfinity(int d, int[] p, int po) {
        return CurveField.isZero(d, p, po + 2 * 12 * d);
    }

    public static boolean isAffineInfinity(int d, int[] a, int ao) {
        return CurveField.isZero(d, a, ao) && CurveField.isZero(d, a, ao + 12 * d);
    }

    public static void copy(int d, int[] r, int ro, int[] p, int po) {
        int n = 48 * d;
        for (int i = 0; i < n; i++) {
            r[ro + i] = p[po + i];
        }
    }

    /**
     * p += (x, ±y), the affine base at {@code a[ao]}, negated when {@code negate} (signed-digit buckets).
     * madd-2008-s: P = x·ZZ1 − X1, R = y·ZZZ1 − Y1, PP = P², PPP = P·PP, Q = X1·PP, X3 = R² − PPP − 2Q,
     * Y3 = R(Q − X3) − Y1·PPP, ZZ3 = ZZ1·PP, ZZZ3 = ZZZ1·PPP.
     */
    public static void addAffine(int d, int[] p, int po, int[] a, int ao, boolean negate) {
        if (isAffineInfinity(d, a, ao)) {
            return;
        }
        int s = 12 * d;
        int[] t = new int[7 * T];
        // t0 = y (possibly negated)
        if (negate) {
            CurveField.neg(d, t, 0, a, ao + s);
        } else {
            CurveField.copy(d, t, 0, a, ao + s);
        }
        if (isInfinity(d, p, po)) {
            CurveField.copy(d, p, po, a, ao);
            CurveField.copy(d, p, po + s, t, 0);
            CurveField.setOne(d, p, po + 2 * s);
            CurveField.setOne(d, p, po + 3 * s);
            return;
        }
        CurveField.mul(d, t, T, a, ao, p, po + 2 * s);          // x·ZZ1
        CurveField.sub(d, t, T, t, T, p, po);                    // P
        CurveField.mul(d, t, 2 * T, t, 0, p, po + 3 * s);       // y·ZZZ1
        CurveField.sub(d, t, 2 * T, t, 2 * T, p, po + s);       // R
        if (CurveField.isZero(d, t, T)) {
            if (CurveField.isZero(d, t, 2 * T)) {
                doubleAffine(d, p, po, a, ao, t, 0);
            } else {
                setInfinity(d, p, po);
            }
            return;
        }
        CurveField.sqr(d, t, 3 * T, t, T);                       // PP
        CurveField.mul(d, t, 4 * T, t, T, t, 3 * T);             // PPP
        CurveField.mul(d, t, 5 * T, p, po, t, 3 * T);            // Q = X1·PP
        CurveField.mul(d, p, po + 2 * s, p, po + 2 * s, t, 3 * T); // ZZ3
        CurveField.mul(d, p, po + 3 * s, p, po + 3 * s, t, 4 * T); // ZZZ3
        CurveField.sqr(d, t, 6 * T, t, 2 * T);                   // R²
        CurveField.sub(d, t, 6 * T, t, 6 * T, t, 4 * T);
        CurveField.sub(d, t, 6 * T, t, 6 * T, t, 5 * T);
        CurveField.sub(d, p, po, t, 6 * T, t, 5 * T);            // X3
        CurveField.mul(d, t, 4 * T, p, po + s, t, 4 * T);        // Y1·PPP
        CurveField.sub(d, t, 5 * T, t, 5 * T, p, po);            // Q − X3
        CurveField.mul(d, t, 5 * T, t, 2 * T, t, 5 * T);         // R(Q − X3)
        CurveField.sub(d, p, po + s, t, 5 * T, t, 4 * T);        // Y3
    }

    /**
     * p = 2·(x, y) for an affine (x, y), y given in {@code t[yo]} (already signed). mdbl-2008-s-1:
     * U = 2y, V = U², W = U·V, S = x·V, M = 3x², X3 = M² − 2S, Y3 = M(S − X3) − W·y, ZZ3 = V, ZZZ3 = W.
     * Uses {@code t} from offset {@code T} on as scratch. y ≠ 0 on both curves (no 2-torsion), so no special case.
     */
    private static void doubleAffine(int d, int[] p, int po, int[] a, int ao, int[] t, int yo) {
        int s = 12 * d;
        CurveField.add(d, t, T, t, yo, t, yo);                   // U
        CurveField.sqr(d, p, po + 2 * s, t, T);                  // ZZ3 = V
        CurveField.mul(d, p, po + 3 * s, t, T, p, po + 2 * s);   // ZZZ3 = W
        CurveField.mul(d, t, 2 * T, a, ao, p, po + 2 * s);       // S
        CurveField.sqr(d, t, 3 * T, a, ao);                      // x²
        CurveField.add(d, t, 4 * T, t, 3 * T, t, 3 * T);
        CurveField.add(d, t, 3 * T, t, 4 * T, t, 3 * T);         // M = 3x²
        CurveField.sqr(d, t, 4 * T, t, 3 * T);                   // M²
        CurveField.sub(d, t, 4 * T, t, 4 * T, t, 2 * T);
        CurveField.sub(d, p, po, t, 4 * T, t, 2 * T);            // X3
        CurveField.sub(d, t, 2 * T, t, 2 * T, p, po);            // S − X3
        CurveField.mul(d, t, 2 * T, t, 3 * T, t, 2 * T);         // M(S − X3)
        CurveField.mul(d, t, 4 * T, p, po + 3 * s, t, yo);       // W·y
        CurveField.sub(d, p, po + s, t, 2 * T, t, 4 * T);        // Y3
    }

    /**
     * p = 2p in place. dbl-2008-s-1 (a = 0): U = 2Y1, V = U², W = U·V, S = X1·V, M = 3X1², X3 = M² − 2S,
     * Y3 = M(S − X3) − W·Y1, ZZ3 = V·ZZ1, ZZZ3 = W·ZZZ1. Infinity stays infinity (ZZ1 = 0 ⇒ ZZ3 = 0).
     */
    public static void dbl(int d, int[] p, int po) {
        int s = 12 * d;
        int[] t = new int[6 * T];
        CurveField.add(d, t, 0, p, po + s, p, po + s);           // U
        CurveField.sqr(d, t, T, t, 0);                           // V
        CurveField.mul(d, t, 2 * T, t, 0, t, T);                 // W
        CurveField.mul(d, t, 3 * T, p, po, t, T);                // S
        CurveField.sqr(d, t, 4 * T, p, po);                      // X1²
        CurveField.add(d, t, 5 * T, t, 4 * T, t, 4 * T);
        CurveField.add(d, t, 4 * T, t, 5 * T, t, 4 * T);         // M
        CurveField.mul(d, p, po + 2 * s, p, po + 2 * s, t, T);   // ZZ3
        CurveField.mul(d, p, po + 3 * s, p, po + 3 * s, t, 2 * T); // ZZZ3
        CurveField.mul(d, t, 2 * T, t, 2 * T, p, po + s);        // W·Y1
        CurveField.sqr(d, t, 5 * T, t, 4 * T);                   // M²
        CurveField.sub(d, t, 5 * T, t, 5 * T, t, 3 * T);
        CurveField.sub(d, p, po, t, 5 * T, t, 3 * T);            // X3
        CurveField.sub(d, t, 3 * T, t, 3 * T, p, po);            // S − X3
        CurveField.mul(d, t, 3 * T, t, 4 * T, t, 3 * T);         // M(S − X3)
        CurveField.sub(d, p, po + s, t, 3 * T, t, 2 * T);        // Y3
    }

    /**
     * p += q, both XYZZ. add-2008-s: U1 = X1·ZZ2, U2 = X2·ZZ1, S1 = Y1·ZZZ2, S2 = Y2·ZZZ1, P = U2 − U1,
     * R = S2 − S1, PP = P², PPP = P·PP, Q = U1·PP, X3 = R² − PPP − 2Q, Y3 = R(Q − X3) − S1·PPP,
     * ZZ3 = ZZ1·ZZ2·PP, ZZZ3 = ZZZ1·ZZZ2·PPP. P = 0 = R means p = q: doubling; P = 0 ≠ R: p = −q, infinity.
     */
    public static void add(int d, int[] p, int po, int[] q, int qo) {
        if (isInfinity(d, q, qo)) {
            return;
        }
        if (isInfinity(d, p, po)) {
            copy(d, p, po, q, qo);
            return;
        }
        int s = 12 * d;
        int[] t = new int[7 * T];
        CurveField.mul(d, t, 0, p, po, q, qo + 2 * s);           // U1
        CurveField.mul(d, t, T, q, qo, p, po + 2 * s);           // U2
        CurveField.mul(d, t, 2 * T, p, po + s, q, qo + 3 * s);   // S1
        CurveField.mul(d, t, 3 * T, q, qo + s, p, po + 3 * s);   // S2
        CurveField.sub(d, t, T, t, T, t, 0);                     // P
        CurveField.sub(d, t, 3 * T, t, 3 * T, t, 2 * T);         // R
        if (CurveField.isZero(d, t, T)) {
            if (CurveField.isZero(d, t, 3 * T)) {
                dbl(d, p, po);
            } else {
                setInfinity(d, p, po);
            }
            return;
        }
        CurveField.sqr(d, t, 4 * T, t, T);                       // PP
        CurveField.mul(d, t, 5 * T, t, T, t, 4 * T);             // PPP
        CurveField.mul(d, p, po + 2 * s, p, po + 2 * s, q, qo + 2 * s);
        CurveField.mul(d, p, po + 2 * s, p, po + 2 * s, t, 4 * T); // ZZ3
        CurveField.mul(d, p, po + 3 * s, p, po + 3 * s, q, qo + 3 * s);
        CurveField.mul(d, p, po + 3 * s, p, po + 3 * s, t, 5 * T); // ZZZ3
        CurveField.mul(d, t, 0, t, 0, t, 4 * T);                 // Q = U1·PP
        CurveField.sqr(d, t, 6 * T, t, 3 * T);                   // R²
        CurveField.sub(d, t, 6 * T, t, 6 * T, t, 5 * T);
        CurveField.sub(d, t, 6 * T, t, 6 * T, t, 0);
        CurveField.sub(d, p, po, t, 6 * T, t, 0);                // X3
        CurveField.mul(d, t, 2 * T, t, 2 * T, t, 5 * T);         // S1·PPP
        CurveField.sub(d, t, 0, t, 0, p, po);                    // Q − X3
        CurveField.mul(d, t, 0, t, 3 * T, t, 0);                 // R(Q − X3)
        CurveField.sub(d, p, po + s, t, 0, t, 2 * T);            // Y3
    }
}
