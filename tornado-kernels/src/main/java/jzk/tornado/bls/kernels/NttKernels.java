package jzk.tornado.bls.kernels;

import jzk.tornado.api.JitLimits;
import jzk.tornado.api.KernelContext;

/**
 * Radix-2 NTT kernels over Fr: iterative Cooley–Tukey, decimation in time after a bit-reversal permutation
 * (Cormen et al., "Introduction to Algorithms", 3rd ed., §30.3, ITERATIVE-FFT). Stage {@code s} (half-size
 * {@code h = 2^s}) pairs indices {@code i0, i0 + h} with {@code i0 mod 2h < h} and twiddle {@code ω_n^{j·n/2h}},
 * {@code j = i0 mod h}. Up to {@link #LG_BLOCK} consecutive stages run in one launch ("pass") in work-group local
 * memory: for stages {@code s0 … s0+k−1} only bits {@code s0 … s0+k−1} of an index change, so the 2^k elements
 * that share all other bits form an independent block (the "stride" view of Bailey's four-step decomposition).
 * A 2^24 NTT is thus 3 passes over global memory instead of 24.
 *
 * <p>What a pass does beyond the butterflies, so that no other launch touches the data of a plain transform:
 * <ul>
 *   <li>the first pass ({@code s0 = 0}) reads element {@code bitreverse(i)} for index {@code i} (the
 *       permutation fused into its loads; it must then write another buffer unless it is the only pass);</li>
 *   <li>a work-group reads its {@code 2^k − 1} twiddles once (the middle stages' into local memory, the first
 *       and last stage's straight from global memory), not one global read per butterfly;</li>
 *   <li>the first stage runs on the pair each work-item loaded and the last stage on the pair it stores, in
 *       registers: {@code k − 1} barriers and local-memory round trips per pass, not {@code k + 1};</li>
 *   <li>{@link #pass4}/{@link #pass4Small} ({@code jzk.ntt.radix=4}) give each work-item 4 elements and two stages
 *       between round trips: {@code ⌈k/2⌉ − 1} barriers, half the local-memory words per element (same bits);
 *       {@link #pass4q}/{@link #pass4qSmall} ({@code jzk.ntt.layout=quad}) the same with local memory in 16-byte
 *       quads of limbs, for 16-byte shared-memory accesses ({@code jzk.jit.wideAccess}); {@link #pass4qT}/
 *       {@link #pass4qTSmall} ({@code jzk.ntt.twiddles=stage}) the same reading every twiddle from global memory in
 *       a stage-major table laid out per pass ({@link #stageTwiddles}: n − 1 entries instead of n/2), a group's
 *       twiddles of a stage contiguous, instead of strided reads and a local copy.</li>
 * </ul>
 * One Montgomery product per butterfly, at one call site: the kernel is one loop, so the inlined code stays small
 * (registers, and the OpenCL compile time on PoCL).
 *
 * <p>Invariants: data is n = 2^lgN Fr elements, 8 ints each (Montgomery, reduced, see {@link Mont32});
 * {@code tw[i] = ω^i} for {@code i < n/2}, same layout ({@link #pass4qT}: the stage-major table of
 * {@link #stageTwiddles} instead, n − 1 entries). Work-group size of a pass is {@code 2^(k−1)}; group
 * {@code g} owns the block whose low {@code s0} index bits are {@code g mod 2^s0} and whose bits above
 * {@code s0+k} are {@code g >> s0}. Each group reads all of its block before its first barrier and writes it
 * after its last, so a pass other than a permuting first one may run in place.
 */
public final class NttKernels {
    private NttKernels() {
    }

    /** log2 of the largest block of elements one work-group transforms in local memory (32 KiB of Fr). */
    public static final int LG_BLOCK = 10;
    /** Elements per local block, 2^LG_BLOCK. */
    public static final int BLOCK = 1024;
    /** Local ints: BLOCK elements × 8 limbs. */
    public static final int BLOCK_INTS = 8192;
    /** Largest block of {@link #passSmall}: its local arrays are a quarter of {@link #pass}'s (more groups per SM). */
    public static final int LG_SMALL_BLOCK = 8;
    private static final int SMALL_BLOCK = 256;
    private static final int SMALL_BLOCK_INTS = 2048;

    /**
     * Registers per thread of {@link #passSmall} in PTX: 48, 10 work-groups of 128 (k = 8) per multiprocessor.
     * ptxas without a cap: 50 with this session's PTX (pairs-form products, carry-chain sums, folded offsets), 48
     * with main's before it; at 48 neither spills (checked for every combination of the three JIT flags), at 40
     * (main's cap, 12 groups, H200: NTT 2^24 8.67 → 8.54 ms) the new code spills 104 bytes. {@link #pass} keeps
     * ptxas's choice (capped at 40, NTT 2^20 went 0.79 → 0.90 ms).
     */
    static final int SMALL_PASS_REGISTERS = 48;

    /**
     * Registers per thread of {@link #pass4} and {@link #pass4Small} in PTX: 64 (ptxas uncapped: 66; at 64 it uses
     * 63 without spilling, at 60 it spills 96 bytes). 64 × 256 work-items = 16 Ki registers: 4 groups of
     * {@link #pass4} (48 KiB local each) per H200 multiprocessor, 32 warps, as {@link #pass}'s 2 groups of 512.
     */
    static final int PASS4_REGISTERS = 64;

    /**
     * A pass of {@code k ≤ LG_BLOCK} stages (local memory: 32 KiB of data, 511 twiddles: just under the 48 KiB a
     * CUDA block may declare statically).
     */
    public static void pass(KernelContext ctx, int[] src, int[] dst, int[] tw, int lgN, int s0, int k) {
        int[] buf = ctx.allocateIntLocalArray(BLOCK_INTS);
        int[] tws = ctx.allocateIntLocalArray((BLOCK / 2 - 1) * 8);
        passIn(ctx, buf, BLOCK, tws, BLOCK / 2 - 1, src, dst, tw, lgN, s0, k);
    }

    /** A pass of {@code k ≤ LG_SMALL_BLOCK} stages (8 KiB of data, 127 twiddles). */
    @JitLimits(maxRegisters = SMALL_PASS_REGISTERS)
    public static void passSmall(KernelContext ctx, int[] src, int[] dst, int[] tw, int lgN, int s0, int k) {
        int[] buf = ctx.allocateIntLocalArray(SMALL_BLOCK_INTS);
        int[] tws = ctx.allocateIntLocalArray((SMALL_BLOCK / 2 - 1) * 8);
        passIn(ctx, buf, SMALL_BLOCK, tws, SMALL_BLOCK / 2 - 1, src, dst, tw, lgN, s0, k);
    }

    /**
     * The body of a pass. Local memory is limb-major (limb q of element m at {@code q·stride + m}; twiddle entry
     * e at {@code q·twStride + e}): the work-items of a warp then read consecutive words, free of bank conflicts.
     * Stage ls (0 … k−1) of the pass has local half-size {@code h = 2^ls}; its butterfly jl ({@code < h}) pairs
     * local positions {@code m0 = 2h·(l >> ls) + jl} and {@code m0 + h} (ls = 0: 2l, 2l+1, the pair work-item l
     * loaded; ls = k−1: l, l + 2^(k−1), the pair it stores) with twiddle exponent
     * {@code (low + jl·2^s0)·2^(lgN−1−s0−ls)}, kept in entry {@code 2^ls − 1 + jl} of {@code tws} for
     * {@code 1 ≤ ls ≤ k−2} (written before the first barrier, read after it); stage 0's (one for the group) and
     * stage k−1's are read from global memory. Global stage 0 (s0 = ls = 0) has twiddle 1: its product is skipped.
     */
    private static void passIn(KernelContext ctx, int[] buf, int stride, int[] tws, int twStride, int[] src,
                               int[] dst, int[] tw, int lgN, int s0, int k) {
        int l = ctx.localIdx;
        int g = ctx.groupIdx;
        int half = 1 << (k - 1);
        int low = g & ((1 << s0) - 1);
        int base = low + ((g >>> s0) << (s0 + k));
        for (int ls = 1; ls < k - 1; ls++) {
            if (l < (1 << ls)) {
                int w = (low + (l << s0)) << (lgN - 1 - s0 - ls);
                int e = (1 << ls) - 1 + l;
                for (int q = 0; q < 8; q++) {
                    tws[e + q * twStride] = tw[w * 8 + q];
                }
            }
        }
        int[] u = new int[8];
        int[] v = new int[8];
        int[] t = new int[8];
        int wl = (low + (l << s0)) << (lgN - s0 - k);
        int w0 = low << (lgN - 1 - s0);
        int r0 = base + ((2 * l) << s0);
        int r1 = r0 + (1 << s0);
        if (s0 == 0) {
            r0 = Integer.reverse(r0) >>> (32 - lgN);
            r1 = Integer.reverse(r1) >>> (32 - lgN);
        }
        for (int q = 0; q < 8; q++) {
            u[q] = src[r0 * 8 + q];
            v[q] = src[r1 * 8 + q];
        }
        for (int ls = 0; ls < k; ls++) {
            int h = 1 << ls;
            int jl = l & (h - 1);
            int m0 = ((l >>> ls) << (ls + 1)) + jl;
            int m1 = m0 + h;
            if (ls > 0) {
                for (int q = 0; q < 8; q++) {
                    u[q] = buf[m0 + q * stride];
                    v[q] = buf[m1 + q * stride];
                }
            }
            if (s0 + ls == 0) {
                for (int q = 0; q < 8; q++) {
                    t[q] = v[q];
                }
            } else {
                if (ls == 0 || ls == k - 1) {
                    int w = ls == k - 1 ? wl : w0;
                    for (int q = 0; q < 8; q++) {
                        t[q] = tw[w * 8 + q];
                    }
                } else {
                    for (int q = 0; q < 8; q++) {
                        t[q] = tws[(h - 1 + jl) + q * twStride];
                    }
                }
                MontFr.mul(t, 0, v, 0, t, 0);
            }
            MontFr.sub(v, 0, u, 0, t, 0);
            MontFr.add(u, 0, u, 0, t, 0);
            if (ls < k - 1) {
                for (int q = 0; q < 8; q++) {
                    buf[m0 + q * stride] = u[q];
                    buf[m1 + q * stride] = v[q];
                }
                ctx.localBarrier();
            }
        }
        int o0 = base + (l << s0);
        int o1 = base + ((l + half) << s0);
        for (int q = 0; q < 8; q++) {
            dst[o0 * 8 + q] = u[q];
            dst[o1 * 8 + q] = v[q];
        }
    }

    /**
     * Radix-4 form of {@link #pass} (k ≤ LG_BLOCK, 2 ≤ k): the same butterflies and twiddles, 2^(k−2) work-items of
     * 4 elements, two stages per local-memory round trip (see {@link #pass4In}). Local memory as {@link #pass}.
     */
    @JitLimits(maxRegisters = PASS4_REGISTERS)
    public static void pass4(KernelContext ctx, int[] src, int[] dst, int[] tw, int lgN, int s0, int k) {
        int[] buf = ctx.allocateIntLocalArray(BLOCK_INTS);
        int[] tws = ctx.allocateIntLocalArray((BLOCK / 2 - 1) * 8);
        pass4In(ctx, buf, BLOCK, tws, BLOCK / 2 - 1, src, dst, tw, lgN, s0, k, false, false, false, 0);
    }

    /** Radix-4 form of {@link #passSmall} (2 ≤ k ≤ LG_SMALL_BLOCK): 2^(k−2) work-items, local memory as there. */
    @JitLimits(maxRegisters = PASS4_REGISTERS)
    public static void pass4Small(KernelContext ctx, int[] src, int[] dst, int[] tw, int lgN, int s0, int k) {
        int[] buf = ctx.allocateIntLocalArray(SMALL_BLOCK_INTS);
        int[] tws = ctx.allocateIntLocalArray((SMALL_BLOCK / 2 - 1) * 8);
        pass4In(ctx, buf, SMALL_BLOCK, tws, SMALL_BLOCK / 2 - 1, src, dst, tw, lgN, s0, k, false, false, false, 0);
    }

    /**
     * {@link #pass4} with its local memory in 16-byte quads ({@link #quadAt}, {@link #twiddleQuadAt};
     * {@code jzk.ntt.layout=quad}): each half of an element is 4 consecutive ints at a multiple of 4, so that the
     * JIT's {@code jzk.jit.wideAccess} makes every local access a 16-byte one, 2 shared-memory instructions per element
     * and round trip instead of 8, free of bank conflicts. Meant for wide accesses: with scalar ones every local access
     * is a 4-way bank conflict (see {@link #quadAt}).
     */
    @JitLimits(maxRegisters = PASS4_REGISTERS)
    public static void pass4q(KernelContext ctx, int[] src, int[] dst, int[] tw, int lgN, int s0, int k) {
        int[] buf = ctx.allocateIntLocalArray(BLOCK_INTS);
        int[] tws = ctx.allocateIntLocalArray((BLOCK / 2 - 1) * 8);
        pass4In(ctx, buf, BLOCK, tws, BLOCK / 2 - 1, src, dst, tw, lgN, s0, k, true, false, false, 0);
    }

    /** {@link #pass4Small} with its local memory in 16-byte quads, as {@link #pass4q}. */
    @JitLimits(maxRegisters = PASS4_REGISTERS)
    public static void pass4qSmall(KernelContext ctx, int[] src, int[] dst, int[] tw, int lgN, int s0, int k) {
        int[] buf = ctx.allocateIntLocalArray(SMALL_BLOCK_INTS);
        int[] tws = ctx.allocateIntLocalArray((SMALL_BLOCK / 2 - 1) * 8);
        pass4In(ctx, buf, SMALL_BLOCK, tws, SMALL_BLOCK / 2 - 1, src, dst, tw, lgN, s0, k, true, false, false, 0);
    }

    /**
     * {@link #pass4q} reading its twiddles from the stage-major table of {@link #stageTwiddles}
     * ({@code jzk.ntt.twiddles=stage}): every twiddle straight from global memory at entry
     * {@code 2^(s0+ls) − 1 + low·2^ls + j}, the group's entries of a stage consecutive (its work-items read consecutive
     * entries, those that share j the same one); no local twiddle table, no fill loop, one source in every step.
     * {@code tw} is that table (n − 1 entries for the plan's pass split), not the n/2 one.
     */
    @JitLimits(maxRegisters = PASS4_REGISTERS)
    public static void pass4qT(KernelContext ctx, int[] src, int[] dst, int[] tw, int lgN, int s0, int k) {
        int[] buf = ctx.allocateIntLocalArray(BLOCK_INTS);
        pass4In(ctx, buf, BLOCK, buf, 0, src, dst, tw, lgN, s0, k, true, true, false, 0);
    }

    /** {@link #pass4qSmall} reading the stage-major table, as {@link #pass4qT}. */
    @JitLimits(maxRegisters = PASS4_REGISTERS)
    public static void pass4qTSmall(KernelContext ctx, int[] src, int[] dst, int[] tw, int lgN, int s0, int k) {
        int[] buf = ctx.allocateIntLocalArray(SMALL_BLOCK_INTS);
        pass4In(ctx, buf, SMALL_BLOCK, buf, 0, src, dst, tw, lgN, s0, k, true, true, false, 0);
    }

    /**
     * {@link #pass4q} on the work-groups of columns {@code c0 … c0 + G − 1} only (G groups launched): the first pass
     * (s0 = 0) or the last (s0 + k = lgN) of a transform whose data arrives or leaves by column blocks (see
     * {@link #columnGroup}), so a copy of one block overlaps the pass on another.
     */
    @JitLimits(maxRegisters = PASS4_REGISTERS)
    public static void pass4qCols(KernelContext ctx, int[] src, int[] dst, int[] tw, int lgN, int s0, int k, int c0) {
        int[] buf = ctx.allocateIntLocalArray(BLOCK_INTS);
        int[] tws = ctx.allocateIntLocalArray((BLOCK / 2 - 1) * 8);
        pass4In(ctx, buf, BLOCK, tws, BLOCK / 2 - 1, src, dst, tw, lgN, s0, k, true, false, true, c0);
    }

    /** {@link #pass4qSmall} on a column block, as {@link #pass4qCols}. */
    @JitLimits(maxRegisters = PASS4_REGISTERS)
    public static void pass4qSmallCols(KernelContext ctx, int[] src, int[] dst, int[] tw, int lgN, int s0, int k,
                                       int c0) {
        int[] buf = ctx.allocateIntLocalArray(SMALL_BLOCK_INTS);
        int[] tws = ctx.allocateIntLocalArray((SMALL_BLOCK / 2 - 1) * 8);
        pass4In(ctx, buf, SMALL_BLOCK, tws, SMALL_BLOCK / 2 - 1, src, dst, tw, lgN, s0, k, true, false, true, c0);
    }

    /** {@link #pass4qT} on a column block, as {@link #pass4qCols}. */
    @JitLimits(maxRegisters = PASS4_REGISTERS)
    public static void pass4qTCols(KernelContext ctx, int[] src, int[] dst, int[] tw, int lgN, int s0, int k, int c0) {
        int[] buf = ctx.allocateIntLocalArray(BLOCK_INTS);
        pass4In(ctx, buf, BLOCK, buf, 0, src, dst, tw, lgN, s0, k, true, true, true, c0);
    }

    /** {@link #pass4qTSmall} on a column block, as {@link #pass4qCols}. */
    @JitLimits(maxRegisters = PASS4_REGISTERS)
    public static void pass4qTSmallCols(KernelContext ctx, int[] src, int[] dst, int[] tw, int lgN, int s0, int k,
                                        int c0) {
        int[] buf = ctx.allocateIntLocalArray(SMALL_BLOCK_INTS);
        pass4In(ctx, buf, SMALL_BLOCK, buf, 0, src, dst, tw, lgN, s0, k, true, true, true, c0);
    }

    /**
     * The work-group of a pass that touches column c of the data seen as a 2^k × 2^(lgN−k) row-major matrix (element
     * i in row i >> (lgN−k), column i mod 2^(lgN−k)), for the two passes whose groups own whole columns:
     * <ul>
     *   <li>the first (s0 = 0): group g loads natural indices {@code bitreverse(g·2^k + m)}, m < 2^k, whose low
     *       lgN − k bits are the reversal of g's: column c is read by group {@code bitreverse_{lgN−k}(c)};</li>
     *   <li>the last (s0 = lgN − k): group g (< 2^s0, its {@code low}) stores {@code g + m·2^s0}: column g.</li>
     * </ul>
     * Requires lgN > k (a transform of one pass has one group).
     */
    static int columnGroup(int c, int lgN, int s0, int k) {
        return s0 == 0 ? Integer.reverse(c) >>> (32 - (lgN - k)) : c;
    }

    /**
     * One stage s of the stage-major twiddle table, gathered from the n/2 table {@code tw} (tw[i] = ω^i, n = 2^lgN):
     * for the pass that starts at stage s0 (ls = s − s0), entry {@code 2^s − 1 + low·2^ls + j} (low < 2^s0, j < 2^ls;
     * i = low·2^ls + j is the work-item's index) is {@code ω_{2^(s+1)}^{low + j·2^s0} = tw[(low + j·2^s0)·2^(lgN−1−s)]}:
     * stage s holds 2^s entries at offset 2^s − 1, so stages 0 … lgN−1 fill n − 1 entries. An index map, no product.
     */
    public static void stageTwiddles(KernelContext ctx, int[] out, int[] tw, int lgN, int s0, int s) {
        int i = ctx.globalIdx;
        if (i < (1 << s)) {
            int ls = s - s0;
            int e = ((i >>> ls) + ((i & ((1 << ls) - 1)) << s0)) << (lgN - 1 - s);
            int o = (1 << s) - 1 + i;
            for (int q = 0; q < 8; q++) {
                out[o * 8 + q] = tw[e * 8 + q];
            }
        }
    }

    /**
     * The body of a radix-4 pass: the butterflies of {@link #passIn} (same pairs, twiddles and operations, so the
     * same bits), grouped so that each work-item l (of q = 2^(k−2)) holds 4 elements in registers across two stages.
     * Step ls (even, 0 ≤ ls < k), h = 2^ls, jl = l mod h:
     * <ul>
     *   <li>ls + 1 < k (radix 4): elements e = 0…3 at local positions {@code mb + e·h}, {@code mb = 4h·(l >> ls) + jl};
     *       stage ls pairs (0, 1) and (2, 3) (both twiddle index jl), stage ls + 1 (half-size 2h) pairs (0, 2) with
     *       index jl and (1, 3) with index jl + h;</li>
     *   <li>ls = k − 1 (k odd, the last step, radix 2): elements at {@code l, l + h, l + q, l + q + h}; stage ls
     *       pairs (0, 1) with index l and (2, 3) with index l + q.</li>
     * </ul>
     * Every element sits in exactly one butterfly of each stage, so a step reads its 4 positions from local memory,
     * writes the same 4 back and then one barrier: ⌈k/2⌉ − 1 barriers per pass ({@link #passIn}: k − 1). Step 0's
     * positions 4l … 4l+3 are loaded from global memory (bit-reversed when s0 = 0) and the last step's stored.
     * Twiddle of stage ls, index j: exponent {@code (low + j·2^s0)·2^(lgN−1−s0−ls)}; stages 0, 1 (read before the
     * first barrier) and k − 1 (too many for local memory) from global memory, stages 2 … k−2 from entry
     * {@code 2^ls − 1 + j} of {@code tws} (written before the first barrier).
     *
     * <p>Local layout ({@code quads} a constant at each call, so the JIT keeps one of the two): limb-major
     * ({@link #pass4}), limb q of position m at {@code q·stride + slot(m)}, stride a multiple of 32, so a word's bank
     * is {@code slot(m) mod 32}; {@link #slot} makes the 32 positions a warp touches at once (for each e) fall in 32
     * distinct banks in every step (ls = 0, 2, 4: positions 4 apart, 16 apart in groups of 4, 64 apart in groups of
     * 16; ls ≥ 5 and the radix-2 step: 32 consecutive positions); twiddle entry e's limb q at {@code q·twStride + e}.
     * In quads ({@link #pass4q}): {@link #quadAt} and {@link #twiddleQuadAt}, for 16-byte accesses.
     *
     * <p>{@code stage} (a constant at each call, {@link #pass4qT}): {@code tw} is the stage-major table of
     * {@link #stageTwiddles} and every twiddle is read from it (no fill loop, {@code tws} unused). {@code cols} (a
     * constant, {@link #pass4qCols}): work-group {@code groupIdx} is the group of column {@code c0 + groupIdx}
     * ({@link #columnGroup}) instead of group {@code groupIdx}.
     */
    private static void pass4In(KernelContext ctx, int[] buf, int stride, int[] tws, int twStride, int[] src,
                                int[] dst, int[] tw, int lgN, int s0, int k, boolean quads, boolean stage,
                                boolean cols, int c0) {
        int l = ctx.localIdx;
        int g = cols ? columnGroup(c0 + ctx.groupIdx, lgN, s0, k) : ctx.groupIdx;
        int quarter = 1 << (k - 2);
        int low = g & ((1 << s0) - 1);
        int base = low + ((g >>> s0) << (s0 + k));
        for (int ls = 2; !stage && ls < k - 1; ls++) {
            if (l < (1 << ls)) {
                int w = (low + (l << s0)) << (lgN - 1 - s0 - ls);
                int e = (1 << ls) - 1 + l;
                for (int q = 0; q < 8; q++) {
                    tws[twLocal(quads, e, q, twStride)] = tw[w * 8 + q];
                }
            }
        }
        int[] x = new int[32];
        int[] t = new int[8];
        for (int e = 0; e < 4; e++) {
            int r = base + ((4 * l + e) << s0);
            if (s0 == 0) {
                r = Integer.reverse(r) >>> (32 - lgN);
            }
            for (int q = 0; q < 8; q++) {
                x[e * 8 + q] = src[r * 8 + q];
            }
        }
        int mb = 0;
        int d1 = 0;
        int d2 = 0;
        for (int ls = 0; ls < k; ls += 2) {
            boolean two = ls + 1 < k;
            int h = 1 << ls;
            int jl = l & (h - 1);
            mb = two ? ((l >>> ls) << (ls + 2)) + jl : l;
            d1 = h;
            d2 = two ? 2 * h : quarter;
            if (ls > 0) {
                for (int e = 0; e < 4; e++) {
                    int m = mb + (e & 1) * d1 + (e >> 1) * d2;
                    for (int q = 0; q < 8; q++) {
                        x[e * 8 + q] = buf[local(quads, m, q, stride)];
                    }
                }
            }
            // the twiddle is loaded again for each butterfly (the product overwrites it): 8 registers fewer
            boolean one = s0 + ls == 0;
            twiddle(t, tw, tws, twStride, quads, stage, lgN, s0, k, low, ls, jl);
            butterfly(x, 0, 1, t, one);
            twiddle(t, tw, tws, twStride, quads, stage, lgN, s0, k, low, ls, two ? jl : jl + quarter);
            butterfly(x, 2, 3, t, one);
            if (two) {
                twiddle(t, tw, tws, twStride, quads, stage, lgN, s0, k, low, ls + 1, jl);
                butterfly(x, 0, 2, t, false);
                twiddle(t, tw, tws, twStride, quads, stage, lgN, s0, k, low, ls + 1, jl + h);
                butterfly(x, 1, 3, t, false);
            }
            if (ls + 2 < k) {
                for (int e = 0; e < 4; e++) {
                    int m = mb + (e & 1) * d1 + (e >> 1) * d2;
                    for (int q = 0; q < 8; q++) {
                        buf[local(quads, m, q, stride)] = x[e * 8 + q];
                    }
                }
                ctx.localBarrier();
            }
        }
        for (int e = 0; e < 4; e++) {
            int o = base + ((mb + (e & 1) * d1 + (e >> 1) * d2) << s0);
            for (int q = 0; q < 8; q++) {
                dst[o * 8 + q] = x[e * 8 + q];
            }
        }
    }

    /**
     * Local slot of block position m: m with its low 5 bits XORed by {@code f(bits 5, 6 of m)}, f = 0, 5, 26, 31
     * (bit 5 → bits 0, 2; bit 6 → bits 1, 3, 4). A permutation of every aligned 128 positions; it separates the banks
     * of {@link #pass4In}'s strided steps: for ls = 0, 2, 4 the five lane bits reach the five bank bits through an
     * invertible map (ls = 0: bank bits e0^l3, e1^l4, l0^l3, l1^l4, l2^l4), checked for every k by
     * {@code NttLocalLayoutTest}.
     */
    static int slot(int m) {
        return m ^ (((m >>> 5) & 1) * 5) ^ (((m >>> 6) & 1) * 26);
    }

    /** Index in {@link #pass4In}'s {@code buf} of limb q of block position m, in the layout {@code quads} picks. */
    private static int local(boolean quads, int m, int q, int stride) {
        return quads ? quadAt(m, q, stride) : slot(m) + q * stride;
    }

    /** Index in {@link #pass4In}'s {@code tws} of limb q of twiddle entry e, in the layout {@code quads} picks. */
    private static int twLocal(boolean quads, int e, int q, int twStride) {
        return quads ? twiddleQuadAt(e, q, twStride) : e + q * twStride;
    }

    /**
     * Local index in quads of limb q (0 … 7) of block position m, the local array holding {@code stride} positions:
     * {@code 4·quadSlot(m) + h·4·stride + (q & 3)}, h = q >> 2 the element's 16-byte half. Each half is one 16-byte
     * chunk, {@code c = quadSlot(m) + h·stride}, 4 ints at a multiple of 4: the index's form {@code (quadSlot(m) << 2)}
     * plus constants (after unrolling) shows the JIT that (known trailing zeros), and the second half's access is the
     * first's address plus an immediate offset.
     *
     * <p>Banks: a warp's 16-byte accesses are served in 4 phases of 8 consecutive lanes, a phase without conflict
     * when its 8 chunks differ mod 8 (8 groups of 4 banks); stride is a multiple of 8, so that is quadSlot(m) mod 8.
     * See {@link #quadSlot}. With scalar 4-byte accesses (no {@code jzk.jit.wideAccess}) limb q's bank is
     * {@code (4·c + (q & 3)) mod 32}: 8 banks for a warp's 32 lanes, a 4-way conflict on every local access. A warp
     * loading or storing one element per lane (1 KiB) issues: limb-major ({@link #slot}) 8 instructions of 1
     * wavefront each; quads with wide accesses 2 instructions of 4 wavefronts (512 bytes each, the minimum); quads
     * with scalar accesses 8 instructions of 4 wavefronts (32: the price of this layout without wide accesses).
     */
    static int quadAt(int m, int q, int stride) {
        return (quadSlot(m) << 2) + (q >>> 2) * (stride << 2) + (q & 3);
    }

    /**
     * Quad slot of block position m: {@code m ^ 5·m4 ^ 2·m3} (m_i: bit i of m), a permutation of every block of 2^k
     * positions (it changes bits 0 … 2 by bits 3, 4). Its bits 0, 1, 2 are {@code m0 ^ m4, m1 ^ m3, m2 ^ m4}; the
     * positions 8 consecutive lanes of {@link #pass4In} touch at once (one e) differ in m bits 2, 3, 4 (ls = 0:
     * 4l + e), 0, 1, 4 (ls = 2: 16·(l >> 2) + (l & 3) + 4e) or 0, 1, 2 (ls ≥ 4 and the radix-2 step) and agree in the
     * rest, and each of the three 3×3 maps onto slot bits 0 … 2 is invertible: every 16-byte access of every step is
     * conflict-free ({@code NttLocalLayoutTest} checks it for every k).
     */
    static int quadSlot(int m) {
        return m ^ (((m >>> 4) & 1) * 5) ^ ((m >>> 2) & 2);
    }

    /**
     * Local index in quads of limb q of twiddle entry e ({@link #pass4In}'s {@code tws}, twStride entries):
     * {@code 4e + h·4·twStride + (q & 3)}, chunk {@code e + h·twStride}: distinct mod 8 for any 8 consecutive entries.
     * The 8 lanes of a phase write 8 consecutive entries {@code 2^s − 1 + l} (stage s ≥ 3; 4 at s = 2) and read 8
     * consecutive ones {@code 2^s − 1 + j} (steps ls ≥ 4: j = l mod 2^ls, or that plus 2^ls, over an aligned 8) or, at
     * step ls = 2, 4, each read by two lanes (the same address, a broadcast): conflict-free too
     * ({@code NttLocalLayoutTest} checks it for every k). With scalar accesses: 8 banks for 32 lanes, as in
     * {@link #quadAt}.
     */
    static int twiddleQuadAt(int e, int q, int twStride) {
        return (e << 2) + (q >>> 2) * (twStride << 2) + (q & 3);
    }

    /**
     * w = twiddle of pass stage ls, index j (see {@link #pass4In}); {@code stage}: tw is the stage-major table
     * ({@link #stageTwiddles}), entry {@code 2^(s0+ls) − 1 + low·2^ls + j}.
     */
    private static void twiddle(int[] w, int[] tw, int[] tws, int twStride, boolean quads, boolean stage, int lgN,
                                int s0, int k, int low, int ls, int j) {
        if (stage) {
            int a = (1 << (s0 + ls)) - 1 + (low << ls) + j;
            for (int q = 0; q < 8; q++) {
                w[q] = tw[a * 8 + q];
            }
        } else if (ls < 2 || ls == k - 1) {
            int a = (low + (j << s0)) << (lgN - 1 - s0 - ls);
            for (int q = 0; q < 8; q++) {
                w[q] = tw[a * 8 + q];
            }
        } else {
            int e = (1 << ls) - 1 + j;
            for (int q = 0; q < 8; q++) {
                w[q] = tws[twLocal(quads, e, q, twStride)];
            }
        }
    }

    /**
     * (x_a, x_b) ← (x_a + w·x_b, x_a − w·x_b) on elements a, b of x (8 limbs each), w given in t (overwritten with
     * w·x_b); w = 1 when {@code one} (t's value unused).
     */
    private static void butterfly(int[] x, int a, int b, int[] t, boolean one) {
        if (one) {
            for (int q = 0; q < 8; q++) {
                t[q] = x[b * 8 + q];
            }
        } else {
            MontFr.mul(t, 0, x, b * 8, t, 0);
        }
        MontFr.sub(x, b * 8, x, a * 8, t, 0);
        MontFr.add(x, a * 8, x, a * 8, t, 0);
    }

    /** data[i] ·= hi[i >> lgLo] · lo[i mod 2^lgLo] for i < n: multiplies by a geometric series c·g^i (coset shifts, 1/n). */
    public static void mulByPowers(KernelContext ctx, int[] data, int[] lo, int[] hi, int lgLo, int n) {
        int i = ctx.globalIdx;
        if (i < n) {
            int[] t = new int[8];
            MontFr.mul(t, 0, hi, (i >>> lgLo) * 8, lo, (i & ((1 << lgLo) - 1)) * 8);
            MontFr.mul(data, i * 8, data, i * 8, t, 0);
        }
    }

    /** out[i] = hi[i >> lgLo] · lo[i mod 2^lgLo] for i < n: a table of powers (twiddles) from two short tables. */
    public static void powers(KernelContext ctx, int[] out, int[] lo, int[] hi, int lgLo, int n) {
        int i = ctx.globalIdx;
        if (i < n) {
            MontFr.mul(out, i * 8, hi, (i >>> lgLo) * 8, lo, (i & ((1 << lgLo) - 1)) * 8);
        }
    }
}
