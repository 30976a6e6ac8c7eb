package jzk.tornado.bls.kernels;

import java.math.BigInteger;

import jzk.tornado.api.KernelContext;

/**
 * Decompression of BLS12-381 points on the device: the Zcash/IETF compressed encoding (field-arith's
 * {@code PointEncoding}: x big-endian canonical, G2 as c1 ‖ c0; byte 0 carries the flags 0x80 compressed, 0x40
 * infinity, 0x20 "y is the lexicographically largest root") into the kernels' affine layout (Montgomery, 32-bit
 * little-endian limbs, infinity all zeros), so a parameter file of 48-byte G1 and 96-byte G2 points goes to the
 * device as it is and is expanded there, next to the MSMs that read it ({@link ResidentBases}).
 *
 * <p>Per point: x ← the limbs of the encoding (byte-swapped, flags masked), checked {@code < p}; x·R by one
 * Montgomery product with R² mod p; y² = x³ + b (b = 4 in G1, 4(1 + u) in G2); y by a square root, checked by
 * squaring it back; y negated when its canonical form's "largest" test differs from the sort flag.
 * Square roots (p ≡ 3 mod 4): in Fp {@code y = a^((p+1)/4)}; in Fp2 (u² = −1) Algorithm 9 of Adj and
 * Rodríguez-Henríquez, "Square root computation over even extension fields" (IEEE TC 2014):
 * {@code a1 = a^((p−3)/4)}, {@code α = a1²·a}, {@code x0 = a1·a}; {@code y = u·x0} if α = −1, else
 * {@code y = (1 + α)^((p−1)/2)·x0}. Exponentiations are left-to-right square-and-multiply over the 381 bits of
 * the fixed exponent (tables below), so every work-item runs the same instruction stream.
 *
 * <p>Invariants: work-item {@code i < n} reads {@code 12·d} ints at {@code in[12·d·i]} (the encoding's bytes,
 * read as little-endian ints), writes {@code 24·d} ints at {@code out[outOffset + 24·d·i]} and a status at
 * {@code status[i]}: {@link #OK}, or the first failed check ({@link #NOT_COMPRESSED}, {@link #BAD_INFINITY},
 * {@link #NOT_CANONICAL}, {@link #NOT_ON_CURVE}); a failed point's output is all zeros. The subgroup is not checked
 * (the parameter file's digests establish integrity, as for field-arith's {@code fromCompressedTrusted}). A
 * G1 point never has y = 0 (x³ = −4 has no solution in Fp: the group order is odd), and a G2 point with y = 0
 * would be its own negation, which the sort flag then cannot distinguish; both encode and decode alike.
 */
public final class DecompressKernels {
    private DecompressKernels() {
    }

    public static final int OK = 0;
    /** The compression flag (0x80) is not set. */
    public static final int NOT_COMPRESSED = 1;
    /** The infinity flag with the sort flag or any coordinate bit set. */
    public static final int BAD_INFINITY = 2;
    /** A coordinate is ≥ p. */
    public static final int NOT_CANONICAL = 3;
    /** x³ + b is not a square: no point with this x. */
    public static final int NOT_ON_CURVE = 4;

    private static final BigInteger P = new BigInteger("1a0111ea397fe69a4b1ba7b6434bacd764774b84f38512bf6730d2a0f6b0"
            + "f6241eabfffeb153ffffb9feffffffffaaab", 16);
    /** p in 32-bit limbs, least significant first. */
    static final int[] P_LIMBS = limbs(P);
    /** R² mod p (R = 2^384): x·R² ·R⁻¹ = x·R, the Montgomery form of x. */
    static final int[] R2 = limbs(BigInteger.ONE.shiftLeft(768).mod(P));
    /** (p − 1)/2: a canonical value above it is the "largest" root; also the exponent of the Fp2 step. */
    static final int[] HALF = limbs(P.subtract(BigInteger.ONE).shiftRight(1));
    /** (p + 1)/4: the Fp square-root exponent. */
    static final int[] EXP_SQRT = limbs(P.add(BigInteger.ONE).shiftRight(2));
    /** (p − 3)/4: the first Fp2 exponent. */
    static final int[] EXP_A1 = limbs(P.subtract(BigInteger.valueOf(3)).shiftRight(2));
    /** The three exponents in one table: (p+1)/4 at 0, (p−3)/4 at 12, (p−1)/2 at 24. */
    static final int[] EXPONENTS = concat(EXP_SQRT, EXP_A1, HALF);
    /** 1 (plain, not Montgomery): a Montgomery product with it leaves the canonical value. */
    static final int[] PLAIN_ONE = limbs(BigInteger.ONE);
    /** 4 in Montgomery form (b of G1; G2's b is (4, 4)). */
    static final int[] FOUR = limbs(BigInteger.valueOf(4).shiftLeft(384).mod(P));
    /** −1 in Montgomery form. */
    static final int[] MINUS_ONE = limbs(P.subtract(BigInteger.ONE.shiftLeft(384).mod(P)));

    private static int[] concat(int[]... parts) {
        int[] r = new int[12 * parts.length];
        for (int i = 0; i < parts.length; i++) {
            System.arraycopy(parts[i], 0, r, 12 * i, 12);
        }
        return r;
    }

    private static int[] limbs(BigInteger v) {
        int[] r = new int[12];
        for (int i = 0; i < 12; i++) {
            r[i] = v.shiftRight(32 * i).intValue();
        }
        return r;
    }

    // scratch layout of one work-item (ints): x, y, rhs, three temporaries, the Fp2 product's scratch
    private static final int X = 0;
    private static final int Y = 24;
    private static final int RHS = 48;
    private static final int T = 72;
    private static final int U = 96;
    private static final int W = 120;
    private static final int MS = 144;
    private static final int SCRATCH = MS + CurveField.MUL_SCRATCH;

    /** Work-item {@code i < n}: decompresses point i of {@code in} (group degree d) into {@code out}; see the class. */
    public static void decompress(KernelContext ctx, int d, int[] in, int[] out, int outOffset, int[] status, int n) {
        int i = ctx.globalIdx;
        if (i >= n) {
            return;
        }
        int[] v = new int[SCRATCH];
        int code = decode(d, in, i * 12 * d, v);
        int o = outOffset + i * 24 * d;
        for (int k = 0; k < 24 * d; k++) {
            out[o + k] = code != OK ? 0 : k < 12 * d ? v[X + k] : v[Y + k - 12 * d];
        }
        status[i] = code;
    }

    /**
     * Decodes the point at {@code in[base…]} into {@code v[X…]} (x, {@code 12·d} ints) and {@code v[Y…]} (y);
     * returns the status. Infinity leaves both zero.
     */
    static int decode(int d, int[] in, int base, int[] v) {
        int flags = in[base] & 0xFF;
        if ((flags & 0x80) == 0) {
            return NOT_COMPRESSED;
        }
        // component c (0 = c0, 1 = c1) starts (d − 1 − c)·48 bytes into the encoding (G2: c1 first)
        for (int c = 0; c < d; c++) {
            int src = base + (d - 1 - c) * 12;
            for (int j = 0; j < 12; j++) {
                int w = in[src + 11 - j];
                int limb = (w >>> 24) | ((w >>> 8) & 0xFF00) | ((w << 8) & 0xFF0000) | (w << 24);
                v[T + 12 * c + j] = src == base && j == 11 ? limb & 0x1FFFFFFF : limb;
            }
        }
        if ((flags & 0x40) != 0) {
            return (flags & 0x20) == 0 && CurveField.isZero(d, v, T) ? OK : BAD_INFINITY;
        }
        for (int c = 0; c < d; c++) {
            if (!lessThan(v, T + 12 * c, P_LIMBS, 0)) {
                return NOT_CANONICAL;
            }
            MontFp.mul(v, X + 12 * c, v, T + 12 * c, R2, 0);
        }
        // rhs = x³ + b
        CurveField.mul(d, v, RHS, v, X, v, X, v, MS);
        CurveField.mul(d, v, RHS, v, RHS, v, X, v, MS);
        for (int c = 0; c < d; c++) {
            MontFp.add(v, RHS + 12 * c, v, RHS + 12 * c, FOUR, 0);
        }
        // one exponentiation site for all three exponents (a smaller kernel to compile): stage 0 raises x³ + b to
        // (p+1)/4 (Fp) or (p−3)/4 (Fp2); stage 1 (Fp2 only, unless α = −1) raises 1 + α to (p−1)/2
        int from = RHS;
        int eo = d == 1 ? 0 : 12;
        for (int stage = 0; stage < d; stage++) {
            pow(d, v, T, v, from, EXPONENTS, eo, v, U, v, MS);
            if (d == 1) {
                CurveField.copy(1, v, Y, v, T);
            } else if (stage == 0) {
                CurveField.mul(2, v, Y, v, T, v, RHS, v, MS);    // x0 = a1·a
                CurveField.mul(2, v, W, v, Y, v, T, v, MS);      // α = a1·(a1·a)
                if (Mont32.isZero(Mont32.FP, v, W + 12) && Mont32.equal(Mont32.FP, v, W, MINUS_ONE, 0)) {
                    // y = u·x0 = −x0.c1 + x0.c0·u
                    CurveField.copy(1, v, T, v, Y);
                    Mont32.neg(Mont32.FP, v, Y, v, Y + 12);
                    CurveField.copy(1, v, Y + 12, v, T);
                    break;
                }
                CurveField.setOne(2, v, T);                      // (1, 0)
                CurveField.add(2, v, W, v, W, v, T);             // 1 + α
                from = W;
                eo = 24;
            } else {
                CurveField.mul(2, v, Y, v, Y, v, T, v, MS);      // y = (1 + α)^((p−1)/2)·x0
            }
        }
        CurveField.mul(d, v, T, v, Y, v, Y, v, MS);
        for (int k = 0; k < 12 * d; k++) {
            if (v[T + k] != v[RHS + k]) {
                return NOT_ON_CURVE;
            }
        }
        if (largest(d, v, Y, v, T) != ((flags & 0x20) != 0)) {
            CurveField.neg(d, v, Y, v, Y);
        }
        return OK;
    }

    /** Whether y (Montgomery) is the lexicographically largest root: c1 > (p−1)/2, or c1 = 0 and c0 > (p−1)/2. */
    static boolean largest(int d, int[] v, int y, int[] t, int to) {
        for (int c = 0; c < d; c++) {
            MontFp.mul(t, to + 12 * c, v, y + 12 * c, PLAIN_ONE, 0); // canonical
        }
        int top = to + 12 * (d - 1);
        if (d == 2 && Mont32.isZero(Mont32.FP, t, top)) {
            top = to;
        }
        return lessThan(HALF, 0, t, top);
    }

    /** a < b as 12-limb unsigned integers. */
    static boolean lessThan(int[] a, int ao, int[] b, int bo) {
        for (int j = 11; j >= 0; j--) {
            int c = Integer.compareUnsigned(a[ao + j], b[bo + j]);
            if (c != 0) {
                return c < 0;
            }
        }
        return false;
    }

    /**
     * r = a^e, e the 381-bit number at {@code e[eo … eo + 12)} (least significant limb first), using {@code t[to…]}
     * (12·d ints) as the accumulator; r must not overlap a.
     */
    static void pow(int d, int[] r, int ro, int[] a, int ao, int[] e, int eo, int[] t, int to, int[] ms, int mo) {
        CurveField.setOne(d, t, to);
        for (int k = 380; k >= 0; k--) {
            CurveField.mul(d, t, to, t, to, t, to, ms, mo);
            if (((e[eo + (k >>> 5)] >>> (k & 31)) & 1) != 0) {
                CurveField.mul(d, t, to, t, to, a, ao, ms, mo);
            }
        }
        CurveField.copy(d, r, ro, t, to);
    }
}
