package jzk.tornado.bls.kernels;

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
 * is on neither curve, per docs/ARCHITECTURE.md). Every operation is complete for the cases a bucket meets:
 * either operand at infinity, P + P (falls back to doubling) and P + (−P) (gives infinity).
 *
 * <p>Why the formulas are data ({@link #PROGRAM}) run by one small loop ({@link #exec}): the kernel JIT inlines
 * every call, so formulas written as straight-line calls put one field multiplication's code at each of their
 * ~17 multiplications; as a program over a private register file, each point operation carries one copy of
 * multiply/add/subtract, and a kernel compiles in about a second instead of tens of seconds. The dispatch costs
 * a few instructions per field operation against hundreds for a multiplication. The register file is indexed
 * by data, so it lives in local memory on the GPU; each field operation ({@link MontFp}) loads its operands'
 * limbs into hardware registers once, computes there, and stores the result once (36 local accesses per Fp
 * product; ptxas for {@code MsmKernels.accumulate}: 2160-byte frame, all of it this file and the Fp2 copies).
 * Where the group is a compile-time constant and code size can be held with a kernel unroll budget, the slice
 * sums use {@link XyzzStraight} instead: the same operations as straight-line calls, all in registers.
 */
public final class Xyzz {
    private Xyzz() {
    }

    /**
     * Register-file capacity per slot: the widest coordinate (Fp2). Slots are packed at the group's width
     * {@code 12·d} (G1 touches only the first half of the file), which halves G1's local-memory working set.
     */
    private static final int W = 24;
    /** Slots: X1 Y1 ZZ1 ZZZ1 = 0..3, X2 Y2 ZZ2 ZZZ2 = 4..7 (affine x2, y2 in 4, 5), T0..T7 = 8..15, outputs 16..19. */
    private static final int SLOTS = 20;
    private static final int OUT = 16;
    /** Register file plus the Fp2 products' scratch: the ints of the {@code reg} array the formulas run on. */
    public static final int SCRATCH = SLOTS * W + CurveField.MUL_SCRATCH;
    private static final int MUL = 0;
    private static final int ADD = 1;
    private static final int SUB = 2;

    /**
     * The formula programs, 4 ints per operation: (op, dst slot, a slot, b slot), dst = a·b, a + b or a − b.
     * Outputs of the final programs land in slots 16..19 (X3, Y3, ZZ3, ZZZ3).
     */
    static final int[] PROGRAM = {
        // MADD_PRE (madd-2008-s, part 1): T0 = P = X2·ZZ1 − X1, T1 = R = Y2·ZZZ1 − Y1
        MUL, 8, 4, 2, SUB, 8, 8, 0, MUL, 9, 5, 3, SUB, 9, 9, 1,
        // MADD_POST: PP, PPP, Q = X1·PP, ZZ3 = ZZ1·PP, ZZZ3 = ZZZ1·PPP, X3 = R² − PPP − 2Q, Y3 = R(Q − X3) − Y1·PPP
        MUL, 10, 8, 8, MUL, 11, 8, 10, MUL, 12, 0, 10, MUL, 18, 2, 10, MUL, 19, 3, 11,
        MUL, 13, 9, 9, SUB, 13, 13, 11, SUB, 13, 13, 12, SUB, 16, 13, 12,
        MUL, 14, 1, 11, SUB, 15, 12, 16, MUL, 15, 9, 15, SUB, 17, 15, 14,
        // MDBL (mdbl-2008-s-1) of the affine (X2, Y2): U = 2y, V = U², W = U·V, S = x·V, M = 3x²,
        // X3 = M² − 2S, Y3 = M(S − X3) − W·y, ZZ3 = V, ZZZ3 = W
        ADD, 8, 5, 5, MUL, 18, 8, 8, MUL, 19, 8, 18, MUL, 9, 4, 18, MUL, 10, 4, 4,
        ADD, 11, 10, 10, ADD, 11, 11, 10, MUL, 12, 11, 11, SUB, 12, 12, 9, SUB, 16, 12, 9,
        SUB, 13, 9, 16, MUL, 13, 11, 13, MUL, 14, 19, 5, SUB, 17, 13, 14,
        // DBL (dbl-2008-s-1, a = 0) of (X1, Y1, ZZ1, ZZZ1): U = 2Y1, V = U², W = U·V, S = X1·V, M = 3X1²,
        // X3 = M² − 2S, Y3 = M(S − X3) − W·Y1, ZZ3 = V·ZZ1, ZZZ3 = W·ZZZ1
        ADD, 8, 1, 1, MUL, 9, 8, 8, MUL, 10, 8, 9, MUL, 11, 0, 9, MUL, 12, 0, 0,
        ADD, 13, 12, 12, ADD, 12, 13, 12, MUL, 18, 9, 2, MUL, 19, 10, 3,
        MUL, 13, 12, 12, SUB, 13, 13, 11, SUB, 16, 13, 11, SUB, 14, 11, 16, MUL, 14, 12, 14,
        MUL, 15, 10, 1, SUB, 17, 14, 15,
        // ADD_PRE (add-2008-s, part 1): T0 = U1 = X1·ZZ2, T1 = U2 = X2·ZZ1, T2 = S1 = Y1·ZZZ2, T3 = S2 = Y2·ZZZ1,
        // T1 = P = U2 − U1, T3 = R = S2 − S1
        MUL, 8, 0, 6, MUL, 9, 4, 2, MUL, 10, 1, 7, MUL, 11, 5, 3, SUB, 9, 9, 8, SUB, 11, 11, 10,
        // ADD_POST: PP, PPP, ZZ3 = ZZ1·ZZ2·PP, ZZZ3 = ZZZ1·ZZZ2·PPP, Q = U1·PP, X3 = R² − PPP − 2Q,
        // Y3 = R(Q − X3) − S1·PPP
        MUL, 12, 9, 9, MUL, 13, 9, 12, MUL, 18, 2, 6, MUL, 18, 18, 12, MUL, 19, 3, 7, MUL, 19, 19, 13,
        MUL, 8, 8, 12, MUL, 14, 11, 11, SUB, 14, 14, 13, SUB, 14, 14, 8, SUB, 16, 14, 8,
        MUL, 15, 10, 13, SUB, 8, 8, 16, MUL, 8, 11, 8, SUB, 17, 8, 15};

    // program bounds, in ints of PROGRAM (4 per operation)
    private static final int MADD_PRE = 0;
    private static final int MADD_POST = MADD_PRE + 4 * 4;
    private static final int MDBL = MADD_POST + 4 * 13;
    private static final int DBL = MDBL + 4 * 14;
    private static final int ADD_PRE = DBL + 4 * 16;
    private static final int ADD_POST = ADD_PRE + 4 * 6;
    private static final int END = ADD_POST + 4 * 15;

    /** ints per XYZZ point of degree d. */
    public static int ints(int d) {
        return 48 * d;
    }

    /** ints per affine point of degree d. */
    public static int affineInts(int d) {
        return 24 * d;
    }

    /** Runs the operations of {@link #PROGRAM} in {@code [from, to)} on the register file {@code reg}. */
    private static void exec(int d, int[] reg, int from, int to) {
        int s = 12 * d;
        for (int pc = from; pc < to; pc += 4) {
            int op = PROGRAM[pc];
            int dst = PROGRAM[pc + 1] * s;
            int a = PROGRAM[pc + 2] * s;
            int b = PROGRAM[pc + 3] * s;
            if (op == MUL) {
                CurveField.mul(d, reg, dst, reg, a, reg, b, reg, SLOTS * W);
            } else if (op == ADD) {
                CurveField.add(d, reg, dst, reg, a, reg, b);
            } else {
                CurveField.sub(d, reg, dst, reg, a, reg, b);
            }
        }
    }

    /** Copies {@code count} coordinates from {@code src[so…]} (packed, 12·d ints each) into slots from {@code slot}. */
    private static void load(int d, int[] reg, int slot, int[] src, int so, int count) {
        int s = 12 * d;
        for (int c = 0; c < count; c++) {
            for (int i = 0; i < s; i++) {
                reg[(slot + c) * s + i] = src[so + c * s + i];
            }
        }
    }

    /** Stores the output slots X3, Y3, ZZ3, ZZZ3 to the point at {@code p[po]}. */
    private static void storeOut(int d, int[] reg, int[] p, int po) {
        int s = 12 * d;
        for (int c = 0; c < 4; c++) {
            for (int i = 0; i < s; i++) {
                p[po + c * s + i] = reg[(OUT + c) * s + i];
            }
        }
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

    /** p = (x, ±y, 1, 1), the affine base at {@code a[ao]} (not infinity) in XYZZ, negated when {@code negate}. */
    static void setAffine(int d, int[] p, int po, int[] a, int ao, boolean negate) {
        int s = 12 * d;
        CurveField.copy(d, p, po, a, ao);
        if (negate) {
            CurveField.neg(d, p, po + s, a, ao + s);
        } else {
            CurveField.copy(d, p, po + s, a, ao + s);
        }
        CurveField.setOne(d, p, po + 2 * s);
        CurveField.setOne(d, p, po + 3 * s);
    }

    /**
     * p += (x, ±y), the affine base at {@code a[ao]}, negated when {@code negate} (signed-digit buckets):
     * madd-2008-s, or mdbl-2008-s-1 when the base equals p, or infinity when it is −p.
     */
    public static void addAffine(int d, int[] p, int po, int[] a, int ao, boolean negate) {
        addAffine(d, p, po, a, ao, negate, new int[SCRATCH]);
    }

    /**
     * As {@link #addAffine(int, int[], int, int[], int, boolean)} on the caller's register file {@code reg} of
     * {@link #SCRATCH} ints (contents ignored, overwritten): a kernel that adds many points allocates it once,
     * instead of every addition allocating and zero-filling its own.
     */
    public static void addAffine(int d, int[] p, int po, int[] a, int ao, boolean negate, int[] reg) {
        if (isAffineInfinity(d, a, ao)) {
            return;
        }
        int s = 12 * d;
        if (isInfinity(d, p, po)) {
            setAffine(d, p, po, a, ao, negate);
            return;
        }
        load(d, reg, 0, p, po, 4);
        load(d, reg, 4, a, ao, 2);
        if (negate) {
            CurveField.neg(d, reg, 5 * s, reg, 5 * s);
        }
        // phase 0: P and R; phase 1: the addition, or the doubling when P = R = 0
        int from = MADD_PRE;
        int to = MADD_POST;
        for (int phase = 0; phase < 2; phase++) {
            if (phase == 1) {
                if (CurveField.isZero(d, reg, 8 * s)) {
                    if (!CurveField.isZero(d, reg, 9 * s)) {
                        setInfinity(d, p, po);
                        return;
                    }
                    from = MDBL;
                    to = DBL;
                } else {
                    from = MADD_POST;
                    to = MDBL;
                }
            }
            exec(d, reg, from, to);
        }
        storeOut(d, reg, p, po);
    }

    /** p = 2p in place (dbl-2008-s-1). Infinity stays infinity (ZZ1 = 0 ⇒ ZZ3 = 0). */
    public static void dbl(int d, int[] p, int po) {
        int[] reg = new int[SCRATCH];
        load(d, reg, 0, p, po, 4);
        exec(d, reg, DBL, ADD_PRE);
        storeOut(d, reg, p, po);
    }

    /**
     * p += q, both XYZZ: add-2008-s; P = 0 = R means p = q (doubling); P = 0 ≠ R means p = −q (infinity).
     */
    public static void add(int d, int[] p, int po, int[] q, int qo) {
        add(d, p, po, q, qo, new int[SCRATCH]);
    }

    /** As {@link #add(int, int[], int, int[], int)} on the caller's register file of {@link #SCRATCH} ints. */
    public static void add(int d, int[] p, int po, int[] q, int qo, int[] reg) {
        if (isInfinity(d, q, qo)) {
            return;
        }
        if (isInfinity(d, p, po)) {
            copy(d, p, po, q, qo);
            return;
        }
        int s = 12 * d;
        load(d, reg, 0, p, po, 4);
        load(d, reg, 4, q, qo, 4);
        int from = ADD_PRE;
        int to = ADD_POST;
        for (int phase = 0; phase < 2; phase++) {
            if (phase == 1) {
                if (CurveField.isZero(d, reg, 9 * s)) {
                    if (!CurveField.isZero(d, reg, 11 * s)) {
                        setInfinity(d, p, po);
                        return;
                    }
                    from = DBL;
                    to = ADD_PRE;
                } else {
                    from = ADD_POST;
                    to = END;
                }
            }
            exec(d, reg, from, to);
        }
        storeOut(d, reg, p, po);
    }
}
