package jzk.tornado.bls.kernels;

import jzk.tornado.api.ModularSum;
import jzk.tornado.api.MontgomeryProduct;

/**
 * The Fp Montgomery product of {@link Mont32#mul} with {@code f = FP}, written for the GPU: the 12 limbs of
 * {@code a} and the 13 running limbs of the CIOS accumulator live in scalar locals, so the kernel JIT gives each
 * its own virtual register and ptxas / the OpenCL compiler keep them in hardware registers. {@link Mont32#mul}
 * indexes a private array {@code t[j]} in loops the JIT does not unroll, which puts {@code t} (and, since ptxas
 * then keeps every private array of the kernel in memory, the point formulas' register file too) in local
 * memory: about 700 local-memory accesses per product against 36 here (12 loads of a, 12 of b, 12 stores).
 *
 * <p>Invariants: as {@link Mont32}: an element is 12 little-endian unsigned 32-bit limbs in Montgomery form
 * ({@code R = 2^384}), inputs and output fully reduced below p; the output may alias either input (both are
 * read into locals before r is written). The result is the unique reduced {@code a·b·R⁻¹ mod p},
 * so it is bit-identical to {@link Mont32#mul}; {@code MontFpTest} checks that on edge and random values.
 *
 * <p>Algorithm: CIOS (Koç, Acar, Kaliski, "Analyzing and Comparing Montgomery Multiplication Algorithms",
 * IEEE Micro 1996, §4), the same step order as {@link Mont32#mul}; every step sum
 * {@code t_j + a_j·b_i + carry ≤ 2^64 − 1} fits an unsigned 64-bit word. The inner steps are written out; the
 * outer loop over the limbs of b reads them from 12 locals rotated one step per iteration, so the loop touches
 * no array. It stays a loop (one copy of the 24 multiply-adds per call site: unrolled it is 7000–8000 JIT
 * instructions, above the default budget), and where the caller's arrays are scalar-replaced
 * ({@link XyzzStraight}, {@link jzk.tornado.api.JitLimits}) the operands and the result stay in registers.
 *
 * <p>Opt-in carry chains: {@link #mul}, {@link #add} and {@link #sub} are marked {@link MontgomeryProduct} /
 * {@link ModularSum} with {@code optIn = true}, so that with {@code -Djzk.jit.optInProducts} (on by default since
 * session 7's H200 A/B: the slice sums halved) the PTX writer replaces each call by the JIT's straight-line carry chains (the product in the
 * pairs form, tornado-kernels/JIT.md) and the OpenCL C writer by a straight-line helper (inline PTX on NVIDIA,
 * portable C elsewhere; {@code jzk.jit.openClProducts}), so the loop above is not used on a device; the jvm device
 * runs these bodies, which are the reference (BlsPtxInterpreterTest, MontMulPtxTest, ModularOpenClTest compare).
 *
 * <p>Written by hand, not by field-arith's {@code MontgomeryGenerator} (issue 15 asked which): that generator
 * emits straight-line CPU code on 64-bit limbs ({@code Math.multiplyHigh}, the no-carry CIOS variant for 6 and 4
 * limbs), while this is 12 limbs of 32 bits (the GPU's native multiply-add), a loop on rotated locals rather
 * than straight-line code (the JIT's unroll budget, above), and only one field; a second emitter for one method
 * would be a generator as long as its output. What a generator's currency test would guarantee is checked
 * instead by {@code MontFpTest}: bit-identical to {@link Mont32#mul} (one CIOS per step) on edge and random values,
 * and the limb constants equal to {@code Mont32}'s table.
 */
public final class MontFp {
    private MontFp() {
    }

    private static final long M32 = 0xFFFFFFFFL;
    /** {@code −p⁻¹ mod 2^32}, as {@code Mont32.NEG_INV[FP]}. */
    private static final int NEG_INV = 0xfffcfffd;
    // p = 0x1a0111ea397fe69a4b1ba7b6434bacd764774b84f38512bf6730d2a0f6b0f6241eabfffeb153ffffb9feffffffffaaab
    // (IETF draft-irtf-cfrg-pairing-friendly-curves §4.2.1) in 32-bit limbs, least significant first; equal to
    // Mont32.MODULUS[12..24) (MontFpTest checks it)
    public static final long P0 = 0xffffaaabL;
    public static final long P1 = 0xb9feffffL;
    public static final long P2 = 0xb153ffffL;
    public static final long P3 = 0x1eabfffeL;
    public static final long P4 = 0xf6b0f624L;
    public static final long P5 = 0x6730d2a0L;
    public static final long P6 = 0xf38512bfL;
    public static final long P7 = 0x64774b84L;
    public static final long P8 = 0x434bacd7L;
    public static final long P9 = 0x4b1ba7b6L;
    public static final long P10 = 0x397fe69aL;
    public static final long P11 = 0x1a0111eaL;

    /**
     * r = a·b·R⁻¹ mod p (Montgomery product), all reduced; r may alias a or b. A
     * {@link jzk.tornado.api.MontgomeryProduct} by opt-in ({@code jzk.jit.optInProducts}; when off the JIT inlines
     * this body): the JIT's carry-chain product in its old rows form gained nothing for the MSM
     * slice sums on the H200 (G1 2^22 / 2^24 sums 76 / 280 ms → 75 / 278 ms) and lost for G2 (2^22 sums 252 → 394
     * ms: 255 registers and spills; bench-results/h200-kernels-s4-2026-12-01); the pairs form (one
     * {@code IMAD.WIDE} per 32×32-bit product, tornado-kernels/JIT.md) halved them (session 7, H200: G1 2^24 sums
     * 241.5 → 115.1 ms, G2 2^22 199.8 → 114.3 ms) and is on by default
     * ({@code scripts/device-suite.sh fp-ab}).
     */
    @MontgomeryProduct(modulus = {0xffffaaab, 0xb9feffff, 0xb153ffff, 0x1eabfffe, 0xf6b0f624, 0x6730d2a0,
        0xf38512bf, 0x64774b84, 0x434bacd7, 0x4b1ba7b6, 0x397fe69a, 0x1a0111ea}, negInv = NEG_INV, optIn = true)
    public static void mul(int[] r, int ro, int[] a, int ao, int[] b, int bo) {
        int a0 = a[ao], a1 = a[ao + 1], a2 = a[ao + 2], a3 = a[ao + 3], a4 = a[ao + 4], a5 = a[ao + 5];
        int a6 = a[ao + 6], a7 = a[ao + 7], a8 = a[ao + 8], a9 = a[ao + 9], a10 = a[ao + 10], a11 = a[ao + 11];
        int t0 = 0, t1 = 0, t2 = 0, t3 = 0, t4 = 0, t5 = 0, t6 = 0, t7 = 0, t8 = 0, t9 = 0, t10 = 0, t11 = 0, t12 = 0;
        int b0 = b[bo], b1 = b[bo + 1], b2 = b[bo + 2], b3 = b[bo + 3], b4 = b[bo + 4], b5 = b[bo + 5];
        int b6 = b[bo + 6], b7 = b[bo + 7], b8 = b[bo + 8], b9 = b[bo + 9], b10 = b[bo + 10], b11 = b[bo + 11];
        for (int i = 0; i < 12; i++) {
            // b_i is b0 after i rotations: every array index is a constant, so even where this loop stays a loop
            // (a kernel's unroll budget below its size) the operands may live in registers (scalar replacement)
            int bi = b0;
            b0 = b1;
            b1 = b2;
            b2 = b3;
            b3 = b4;
            b4 = b5;
            b5 = b6;
            b6 = b7;
            b7 = b8;
            b8 = b9;
            b9 = b10;
            b10 = b11;
            b11 = bi;
            // t += a·b_i, t12 and t13 taking the carries (t < 2p < 2^382 before the step, t + a·b_i < 2^415)
            long s = (t0 & M32) + (a0 & M32) * (bi & M32);
            t0 = (int) s;
            s = (t1 & M32) + (a1 & M32) * (bi & M32) + (s >>> 32);
            t1 = (int) s;
            s = (t2 & M32) + (a2 & M32) * (bi & M32) + (s >>> 32);
            t2 = (int) s;
            s = (t3 & M32) + (a3 & M32) * (bi & M32) + (s >>> 32);
            t3 = (int) s;
            s = (t4 & M32) + (a4 & M32) * (bi & M32) + (s >>> 32);
            t4 = (int) s;
            s = (t5 & M32) + (a5 & M32) * (bi & M32) + (s >>> 32);
            t5 = (int) s;
            s = (t6 & M32) + (a6 & M32) * (bi & M32) + (s >>> 32);
            t6 = (int) s;
            s = (t7 & M32) + (a7 & M32) * (bi & M32) + (s >>> 32);
            t7 = (int) s;
            s = (t8 & M32) + (a8 & M32) * (bi & M32) + (s >>> 32);
            t8 = (int) s;
            s = (t9 & M32) + (a9 & M32) * (bi & M32) + (s >>> 32);
            t9 = (int) s;
            s = (t10 & M32) + (a10 & M32) * (bi & M32) + (s >>> 32);
            t10 = (int) s;
            s = (t11 & M32) + (a11 & M32) * (bi & M32) + (s >>> 32);
            t11 = (int) s;
            s = (t12 & M32) + (s >>> 32);
            t12 = (int) s;
            int t13 = (int) (s >>> 32);
            // t = (t + q·m) / 2^32 with q = t0·(−m^-1) mod 2^32, which makes the low limb 0
            int q = t0 * NEG_INV;
            s = (t0 & M32) + (q & M32) * P0;
            s = (t1 & M32) + (q & M32) * P1 + (s >>> 32);
            t0 = (int) s;
            s = (t2 & M32) + (q & M32) * P2 + (s >>> 32);
            t1 = (int) s;
            s = (t3 & M32) + (q & M32) * P3 + (s >>> 32);
            t2 = (int) s;
            s = (t4 & M32) + (q & M32) * P4 + (s >>> 32);
            t3 = (int) s;
            s = (t5 & M32) + (q & M32) * P5 + (s >>> 32);
            t4 = (int) s;
            s = (t6 & M32) + (q & M32) * P6 + (s >>> 32);
            t5 = (int) s;
            s = (t7 & M32) + (q & M32) * P7 + (s >>> 32);
            t6 = (int) s;
            s = (t8 & M32) + (q & M32) * P8 + (s >>> 32);
            t7 = (int) s;
            s = (t9 & M32) + (q & M32) * P9 + (s >>> 32);
            t8 = (int) s;
            s = (t10 & M32) + (q & M32) * P10 + (s >>> 32);
            t9 = (int) s;
            s = (t11 & M32) + (q & M32) * P11 + (s >>> 32);
            t10 = (int) s;
            s = (t12 & M32) + (s >>> 32);
            t11 = (int) s;
            t12 = t13 + (int) (s >>> 32);
        }
        // (t12, t) < 2p: subtract p once if needed
        reduceOnce(r, ro, t12, t0, t1, t2, t3, t4, t5, t6, t7, t8, t9, t10, t11);
    }

    /**
     * r = a + b mod p, all reduced; r may alias a or b. Same result as {@link Mont32#add} with FP. A
     * {@link ModularSum} by opt-in, as {@link #mul}.
     */
    @ModularSum(modulus = {0xffffaaab, 0xb9feffff, 0xb153ffff, 0x1eabfffe, 0xf6b0f624, 0x6730d2a0, 0xf38512bf,
        0x64774b84, 0x434bacd7, 0x4b1ba7b6, 0x397fe69a, 0x1a0111ea}, optIn = true)
    public static void add(int[] r, int ro, int[] a, int ao, int[] b, int bo) {
        long s = (a[ao] & M32) + (b[bo] & M32);
        int t0 = (int) s;
        s = (a[ao + 1] & M32) + (b[bo + 1] & M32) + (s >>> 32);
        int t1 = (int) s;
        s = (a[ao + 2] & M32) + (b[bo + 2] & M32) + (s >>> 32);
        int t2 = (int) s;
        s = (a[ao + 3] & M32) + (b[bo + 3] & M32) + (s >>> 32);
        int t3 = (int) s;
        s = (a[ao + 4] & M32) + (b[bo + 4] & M32) + (s >>> 32);
        int t4 = (int) s;
        s = (a[ao + 5] & M32) + (b[bo + 5] & M32) + (s >>> 32);
        int t5 = (int) s;
        s = (a[ao + 6] & M32) + (b[bo + 6] & M32) + (s >>> 32);
        int t6 = (int) s;
        s = (a[ao + 7] & M32) + (b[bo + 7] & M32) + (s >>> 32);
        int t7 = (int) s;
        s = (a[ao + 8] & M32) + (b[bo + 8] & M32) + (s >>> 32);
        int t8 = (int) s;
        s = (a[ao + 9] & M32) + (b[bo + 9] & M32) + (s >>> 32);
        int t9 = (int) s;
        s = (a[ao + 10] & M32) + (b[bo + 10] & M32) + (s >>> 32);
        int t10 = (int) s;
        s = (a[ao + 11] & M32) + (b[bo + 11] & M32) + (s >>> 32);
        int t11 = (int) s;
        int high = (int) (s >>> 32);
        reduceOnce(r, ro, high, t0, t1, t2, t3, t4, t5, t6, t7, t8, t9, t10, t11);
    }

    /**
     * r = a − b mod p, all reduced; r may alias a or b. Same result as {@link Mont32#sub} with FP. A
     * {@link ModularSum} by opt-in, as {@link #mul}.
     */
    @ModularSum(modulus = {0xffffaaab, 0xb9feffff, 0xb153ffff, 0x1eabfffe, 0xf6b0f624, 0x6730d2a0, 0xf38512bf,
        0x64774b84, 0x434bacd7, 0x4b1ba7b6, 0x397fe69a, 0x1a0111ea}, subtract = true, optIn = true)
    public static void sub(int[] r, int ro, int[] a, int ao, int[] b, int bo) {
        long s = (a[ao] & M32) - (b[bo] & M32);
        int t0 = (int) s;
        s = (a[ao + 1] & M32) - (b[bo + 1] & M32) - (s >>> 63);
        int t1 = (int) s;
        s = (a[ao + 2] & M32) - (b[bo + 2] & M32) - (s >>> 63);
        int t2 = (int) s;
        s = (a[ao + 3] & M32) - (b[bo + 3] & M32) - (s >>> 63);
        int t3 = (int) s;
        s = (a[ao + 4] & M32) - (b[bo + 4] & M32) - (s >>> 63);
        int t4 = (int) s;
        s = (a[ao + 5] & M32) - (b[bo + 5] & M32) - (s >>> 63);
        int t5 = (int) s;
        s = (a[ao + 6] & M32) - (b[bo + 6] & M32) - (s >>> 63);
        int t6 = (int) s;
        s = (a[ao + 7] & M32) - (b[bo + 7] & M32) - (s >>> 63);
        int t7 = (int) s;
        s = (a[ao + 8] & M32) - (b[bo + 8] & M32) - (s >>> 63);
        int t8 = (int) s;
        s = (a[ao + 9] & M32) - (b[bo + 9] & M32) - (s >>> 63);
        int t9 = (int) s;
        s = (a[ao + 10] & M32) - (b[bo + 10] & M32) - (s >>> 63);
        int t10 = (int) s;
        s = (a[ao + 11] & M32) - (b[bo + 11] & M32) - (s >>> 63);
        int t11 = (int) s;
        long mask = -(s >>> 63) & M32; // all ones when a − b borrowed: add p back
        s = (t0 & M32) + (P0 & mask);
        r[ro] = (int) s;
        s = (t1 & M32) + (P1 & mask) + (s >>> 32);
        r[ro + 1] = (int) s;
        s = (t2 & M32) + (P2 & mask) + (s >>> 32);
        r[ro + 2] = (int) s;
        s = (t3 & M32) + (P3 & mask) + (s >>> 32);
        r[ro + 3] = (int) s;
        s = (t4 & M32) + (P4 & mask) + (s >>> 32);
        r[ro + 4] = (int) s;
        s = (t5 & M32) + (P5 & mask) + (s >>> 32);
        r[ro + 5] = (int) s;
        s = (t6 & M32) + (P6 & mask) + (s >>> 32);
        r[ro + 6] = (int) s;
        s = (t7 & M32) + (P7 & mask) + (s >>> 32);
        r[ro + 7] = (int) s;
        s = (t8 & M32) + (P8 & mask) + (s >>> 32);
        r[ro + 8] = (int) s;
        s = (t9 & M32) + (P9 & mask) + (s >>> 32);
        r[ro + 9] = (int) s;
        s = (t10 & M32) + (P10 & mask) + (s >>> 32);
        r[ro + 10] = (int) s;
        s = (t11 & M32) + (P11 & mask) + (s >>> 32);
        r[ro + 11] = (int) s;
    }

    /**
     * r = (high, t) − p when that is ≥ 0, else t: the final conditional subtraction of a value below 2p
     * ({@code high} is its bit 384, 0 or 1). Limbs arrive as scalars so they stay in registers.
     */
    private static void reduceOnce(int[] r, int ro, int high, int t0, int t1, int t2, int t3, int t4, int t5, int t6, int t7, int t8, int t9, int t10, int t11) {
        long s = (t0 & M32) - P0;
        int u0 = (int) s;
        s = (t1 & M32) - P1 - (s >>> 63);
        int u1 = (int) s;
        s = (t2 & M32) - P2 - (s >>> 63);
        int u2 = (int) s;
        s = (t3 & M32) - P3 - (s >>> 63);
        int u3 = (int) s;
        s = (t4 & M32) - P4 - (s >>> 63);
        int u4 = (int) s;
        s = (t5 & M32) - P5 - (s >>> 63);
        int u5 = (int) s;
        s = (t6 & M32) - P6 - (s >>> 63);
        int u6 = (int) s;
        s = (t7 & M32) - P7 - (s >>> 63);
        int u7 = (int) s;
        s = (t8 & M32) - P8 - (s >>> 63);
        int u8 = (int) s;
        s = (t9 & M32) - P9 - (s >>> 63);
        int u9 = (int) s;
        s = (t10 & M32) - P10 - (s >>> 63);
        int u10 = (int) s;
        s = (t11 & M32) - P11 - (s >>> 63);
        int u11 = (int) s;
        int keep = high == 0 ? -(int) (s >>> 63) : 0; // t < p: keep t
        r[ro + 0] = u0 ^ ((t0 ^ u0) & keep);
        r[ro + 1] = u1 ^ ((t1 ^ u1) & keep);
        r[ro + 2] = u2 ^ ((t2 ^ u2) & keep);
        r[ro + 3] = u3 ^ ((t3 ^ u3) & keep);
        r[ro + 4] = u4 ^ ((t4 ^ u4) & keep);
        r[ro + 5] = u5 ^ ((t5 ^ u5) & keep);
        r[ro + 6] = u6 ^ ((t6 ^ u6) & keep);
        r[ro + 7] = u7 ^ ((t7 ^ u7) & keep);
        r[ro + 8] = u8 ^ ((t8 ^ u8) & keep);
        r[ro + 9] = u9 ^ ((t9 ^ u9) & keep);
        r[ro + 10] = u10 ^ ((t10 ^ u10) & keep);
        r[ro + 11] = u11 ^ ((t11 ^ u11) & keep);
    }

    /**
     * The end of a Karatsuba Fp2 product: from {@code v0, v1, v2} at {@code t[v], t[v + 12], t[v + 24]},
     * r0 = v0 − v1 and r1 = v2 − v0 − v1 (mod p), with v0 and v1 read once and kept in registers (60 memory
     * accesses instead of three separate subtractions' 108). r must not overlap {@code t[v … v + 36)}.
     */
    public static void karatsubaFinish(int[] r, int ro, int[] t, int v) {
        int x0 = t[v + 0]; int x1 = t[v + 1]; int x2 = t[v + 2]; int x3 = t[v + 3]; int x4 = t[v + 4]; int x5 = t[v + 5];
        int x6 = t[v + 6]; int x7 = t[v + 7]; int x8 = t[v + 8]; int x9 = t[v + 9]; int x10 = t[v + 10]; int x11 = t[v + 11];
        int y0 = t[v + 12]; int y1 = t[v + 13]; int y2 = t[v + 14]; int y3 = t[v + 15]; int y4 = t[v + 16]; int y5 = t[v + 17];
        int y6 = t[v + 18]; int y7 = t[v + 19]; int y8 = t[v + 20]; int y9 = t[v + 21]; int y10 = t[v + 22]; int y11 = t[v + 23];
        long s;
        long mask;
        // r0 = v0 − v1
        s = (x0 & M32) - (y0 & M32);
        int d0 = (int) s;
        s = (x1 & M32) - (y1 & M32) - (s >>> 63);
        int d1 = (int) s;
        s = (x2 & M32) - (y2 & M32) - (s >>> 63);
        int d2 = (int) s;
        s = (x3 & M32) - (y3 & M32) - (s >>> 63);
        int d3 = (int) s;
        s = (x4 & M32) - (y4 & M32) - (s >>> 63);
        int d4 = (int) s;
        s = (x5 & M32) - (y5 & M32) - (s >>> 63);
        int d5 = (int) s;
        s = (x6 & M32) - (y6 & M32) - (s >>> 63);
        int d6 = (int) s;
        s = (x7 & M32) - (y7 & M32) - (s >>> 63);
        int d7 = (int) s;
        s = (x8 & M32) - (y8 & M32) - (s >>> 63);
        int d8 = (int) s;
        s = (x9 & M32) - (y9 & M32) - (s >>> 63);
        int d9 = (int) s;
        s = (x10 & M32) - (y10 & M32) - (s >>> 63);
        int d10 = (int) s;
        s = (x11 & M32) - (y11 & M32) - (s >>> 63);
        int d11 = (int) s;
        mask = -(s >>> 63) & M32;
        s = (d0 & M32) + (P0 & mask);
        r[ro + 0] = (int) s;
        s = (d1 & M32) + (P1 & mask) + (s >>> 32);
        r[ro + 1] = (int) s;
        s = (d2 & M32) + (P2 & mask) + (s >>> 32);
        r[ro + 2] = (int) s;
        s = (d3 & M32) + (P3 & mask) + (s >>> 32);
        r[ro + 3] = (int) s;
        s = (d4 & M32) + (P4 & mask) + (s >>> 32);
        r[ro + 4] = (int) s;
        s = (d5 & M32) + (P5 & mask) + (s >>> 32);
        r[ro + 5] = (int) s;
        s = (d6 & M32) + (P6 & mask) + (s >>> 32);
        r[ro + 6] = (int) s;
        s = (d7 & M32) + (P7 & mask) + (s >>> 32);
        r[ro + 7] = (int) s;
        s = (d8 & M32) + (P8 & mask) + (s >>> 32);
        r[ro + 8] = (int) s;
        s = (d9 & M32) + (P9 & mask) + (s >>> 32);
        r[ro + 9] = (int) s;
        s = (d10 & M32) + (P10 & mask) + (s >>> 32);
        r[ro + 10] = (int) s;
        s = (d11 & M32) + (P11 & mask) + (s >>> 32);
        r[ro + 11] = (int) s;
        // w = v2 − v0
        s = (t[v + 24] & M32) - (x0 & M32);
        int e0 = (int) s;
        s = (t[v + 25] & M32) - (x1 & M32) - (s >>> 63);
        int e1 = (int) s;
        s = (t[v + 26] & M32) - (x2 & M32) - (s >>> 63);
        int e2 = (int) s;
        s = (t[v + 27] & M32) - (x3 & M32) - (s >>> 63);
        int e3 = (int) s;
        s = (t[v + 28] & M32) - (x4 & M32) - (s >>> 63);
        int e4 = (int) s;
        s = (t[v + 29] & M32) - (x5 & M32) - (s >>> 63);
        int e5 = (int) s;
        s = (t[v + 30] & M32) - (x6 & M32) - (s >>> 63);
        int e6 = (int) s;
        s = (t[v + 31] & M32) - (x7 & M32) - (s >>> 63);
        int e7 = (int) s;
        s = (t[v + 32] & M32) - (x8 & M32) - (s >>> 63);
        int e8 = (int) s;
        s = (t[v + 33] & M32) - (x9 & M32) - (s >>> 63);
        int e9 = (int) s;
        s = (t[v + 34] & M32) - (x10 & M32) - (s >>> 63);
        int e10 = (int) s;
        s = (t[v + 35] & M32) - (x11 & M32) - (s >>> 63);
        int e11 = (int) s;
        mask = -(s >>> 63) & M32;
        s = (e0 & M32) + (P0 & mask);
        int w0 = (int) s;
        s = (e1 & M32) + (P1 & mask) + (s >>> 32);
        int w1 = (int) s;
        s = (e2 & M32) + (P2 & mask) + (s >>> 32);
        int w2 = (int) s;
        s = (e3 & M32) + (P3 & mask) + (s >>> 32);
        int w3 = (int) s;
        s = (e4 & M32) + (P4 & mask) + (s >>> 32);
        int w4 = (int) s;
        s = (e5 & M32) + (P5 & mask) + (s >>> 32);
        int w5 = (int) s;
        s = (e6 & M32) + (P6 & mask) + (s >>> 32);
        int w6 = (int) s;
        s = (e7 & M32) + (P7 & mask) + (s >>> 32);
        int w7 = (int) s;
        s = (e8 & M32) + (P8 & mask) + (s >>> 32);
        int w8 = (int) s;
        s = (e9 & M32) + (P9 & mask) + (s >>> 32);
        int w9 = (int) s;
        s = (e10 & M32) + (P10 & mask) + (s >>> 32);
        int w10 = (int) s;
        s = (e11 & M32) + (P11 & mask) + (s >>> 32);
        int w11 = (int) s;
        // r1 = w − v1
        s = (w0 & M32) - (y0 & M32);
        int f0 = (int) s;
        s = (w1 & M32) - (y1 & M32) - (s >>> 63);
        int f1 = (int) s;
        s = (w2 & M32) - (y2 & M32) - (s >>> 63);
        int f2 = (int) s;
        s = (w3 & M32) - (y3 & M32) - (s >>> 63);
        int f3 = (int) s;
        s = (w4 & M32) - (y4 & M32) - (s >>> 63);
        int f4 = (int) s;
        s = (w5 & M32) - (y5 & M32) - (s >>> 63);
        int f5 = (int) s;
        s = (w6 & M32) - (y6 & M32) - (s >>> 63);
        int f6 = (int) s;
        s = (w7 & M32) - (y7 & M32) - (s >>> 63);
        int f7 = (int) s;
        s = (w8 & M32) - (y8 & M32) - (s >>> 63);
        int f8 = (int) s;
        s = (w9 & M32) - (y9 & M32) - (s >>> 63);
        int f9 = (int) s;
        s = (w10 & M32) - (y10 & M32) - (s >>> 63);
        int f10 = (int) s;
        s = (w11 & M32) - (y11 & M32) - (s >>> 63);
        int f11 = (int) s;
        mask = -(s >>> 63) & M32;
        s = (f0 & M32) + (P0 & mask);
        r[ro + 12] = (int) s;
        s = (f1 & M32) + (P1 & mask) + (s >>> 32);
        r[ro + 13] = (int) s;
        s = (f2 & M32) + (P2 & mask) + (s >>> 32);
        r[ro + 14] = (int) s;
        s = (f3 & M32) + (P3 & mask) + (s >>> 32);
        r[ro + 15] = (int) s;
        s = (f4 & M32) + (P4 & mask) + (s >>> 32);
        r[ro + 16] = (int) s;
        s = (f5 & M32) + (P5 & mask) + (s >>> 32);
        r[ro + 17] = (int) s;
        s = (f6 & M32) + (P6 & mask) + (s >>> 32);
        r[ro + 18] = (int) s;
        s = (f7 & M32) + (P7 & mask) + (s >>> 32);
        r[ro + 19] = (int) s;
        s = (f8 & M32) + (P8 & mask) + (s >>> 32);
        r[ro + 20] = (int) s;
        s = (f9 & M32) + (P9 & mask) + (s >>> 32);
        r[ro + 21] = (int) s;
        s = (f10 & M32) + (P10 & mask) + (s >>> 32);
        r[ro + 22] = (int) s;
        s = (f11 & M32) + (P11 & mask) + (s >>> 32);
        r[ro + 23] = (int) s;
    }
}
