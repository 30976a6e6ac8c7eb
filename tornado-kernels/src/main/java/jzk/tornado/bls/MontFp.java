package jzk.tornado.bls;

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
 * read before r is written, b one limb per outer step). The result is the unique reduced {@code a·b·R⁻¹ mod p},
 * so it is bit-identical to {@link Mont32#mul}; {@code MontFpTest} checks that on edge and random values.
 *
 * <p>Algorithm: CIOS (Koç, Acar, Kaliski, "Analyzing and Comparing Montgomery Multiplication Algorithms",
 * IEEE Micro 1996, §4), the same step order as {@link Mont32#mul}; every step sum
 * {@code t_j + a_j·b_i + carry ≤ 2^64 − 1} fits an unsigned 64-bit word. The outer loop over the limbs of b
 * stays a loop (one copy of the 24 multiply-adds), the inner loops are written out.
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
    static final long P0 = 0xffffaaabL;
    static final long P1 = 0xb9feffffL;
    static final long P2 = 0xb153ffffL;
    static final long P3 = 0x1eabfffeL;
    static final long P4 = 0xf6b0f624L;
    static final long P5 = 0x6730d2a0L;
    static final long P6 = 0xf38512bfL;
    static final long P7 = 0x64774b84L;
    static final long P8 = 0x434bacd7L;
    static final long P9 = 0x4b1ba7b6L;
    static final long P10 = 0x397fe69aL;
    static final long P11 = 0x1a0111eaL;

    /** r = a·b·R⁻¹ mod p (Montgomery product), all reduced; r may alias a or b. */
    public static void mul(int[] r, int ro, int[] a, int ao, int[] b, int bo) {
        int a0 = a[ao], a1 = a[ao + 1], a2 = a[ao + 2], a3 = a[ao + 3], a4 = a[ao + 4], a5 = a[ao + 5];
        int a6 = a[ao + 6], a7 = a[ao + 7], a8 = a[ao + 8], a9 = a[ao + 9], a10 = a[ao + 10], a11 = a[ao + 11];
        int t0 = 0, t1 = 0, t2 = 0, t3 = 0, t4 = 0, t5 = 0, t6 = 0, t7 = 0, t8 = 0, t9 = 0, t10 = 0, t11 = 0, t12 = 0;
        int next = b[bo];
        for (int i = 0; i < 12; i++) {
            int bi = next;
            // the next limb's load is issued a step ahead, so its latency hides behind this step's 24 products
            next = b[bo + Math.min(i + 1, 11)];
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

    /** r = a + b mod p, all reduced; r may alias a or b. Same result as {@link Mont32#add} with FP. */
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

    /** r = a − b mod p, all reduced; r may alias a or b. Same result as {@link Mont32#sub} with FP. */
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

}
