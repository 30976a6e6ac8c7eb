package jzk.tornado.bls;

import java.lang.foreign.MemorySegment;
import java.lang.reflect.Method;
import java.util.List;
import jzk.arith.Fr;
import jzk.arith.MontgomeryField;
import jzk.tornado.api.Kernels;
import jzk.tornado.bls.kernels.NttKernels;
import jzk.tornado.config.RuntimeConfig;

/**
 * An NTT plan for one size on one device: the twiddle tables ω^i and ω^{−i} (i < n/2) resident on the device,
 * computed there once per plan from two short host tables (with {@code jzk.ntt.twiddles=stage}: gathered from those
 * into stage-major tables laid out for the plan's pass split, n − 1 entries per direction, see {@link #stage}), and
 * the launch sequence of {@link NttKernels}:
 * {@code ceil(lgN / LG_BLOCK)} local-memory passes ({@link NttKernels#pass4q} by default; {@link NttKernels#pass4}
 * with {@code jzk.ntt.layout=limb}, {@link NttKernels#pass} with {@code jzk.ntt.radix=2}: same results) with the
 * bit reversal fused into the first, so a transform reads and writes the data once per pass and nothing else. Coset
 * forms and the inverse's 1/n multiply by a geometric series on the device in one more pass. With more than one
 * pass the first writes a scratch buffer of the plan (n elements, allocated at the first such transform) and the
 * last writes the data back; a plan therefore runs one transform at a time (launches on one host are ordered; two
 * threads must not share a plan).
 *
 * <p>Invariants: the data buffer holds n = 2^lgN Fr elements, 8 ints each (Montgomery, reduced, natural
 * order) and is transformed in place; ω is the primitive n-th root of {@code family} (snarkjs: 5^t, bellman: 7^t,
 * see {@link Fr.RootFamily}); results equal {@code jzk.arith.FrDomain} of the same family bit for bit.
 */
public final class Ntt implements AutoCloseable {
    private static final MontgomeryField F = Fr.F;
    private static final Method PASS = Kernels.of(NttKernels::pass);
    private static final Method PASS_SMALL = Kernels.of(NttKernels::passSmall);
    private static final Method PASS4 = Kernels.of(NttKernels::pass4);
    private static final Method PASS4_SMALL = Kernels.of(NttKernels::pass4Small);
    private static final Method PASS4Q = Kernels.of(NttKernels::pass4q);
    private static final Method PASS4Q_SMALL = Kernels.of(NttKernels::pass4qSmall);
    private static final Method PASS4QT = Kernels.of(NttKernels::pass4qT);
    private static final Method PASS4QT_SMALL = Kernels.of(NttKernels::pass4qTSmall);
    private static final Method PASS4Q_COLS = Kernels.of(NttKernels::pass4qCols);
    private static final Method PASS4Q_SMALL_COLS = Kernels.of(NttKernels::pass4qSmallCols);
    private static final Method PASS4QT_COLS = Kernels.of(NttKernels::pass4qTCols);
    private static final Method PASS4QT_SMALL_COLS = Kernels.of(NttKernels::pass4qTSmallCols);
    private static final Method STAGE_TWIDDLES = Kernels.of(NttKernels::stageTwiddles);
    private static final Method MUL_BY_POWERS = Kernels.of(NttKernels::mulByPowers);
    private static final Method POWERS = Kernels.of(NttKernels::powers);
    /** Work-group size of the element-wise kernels. */
    private static final int LOCAL = 64;

    private final KernelHost host;
    public final int lgN;
    public final int n;
    public final Fr.RootFamily family;
    private final long[] omega;
    /**
     * ω^i ([0], forward) and ω^{−i} ([1], inverse) for i < n/2; an entry is null until needed, and freed once the stage
     * tables replace it.
     */
    private final KernelHost.Buffer[] half = new KernelHost.Buffer[2];
    /**
     * The stage-major tables ({@code jzk.ntt.twiddles=stage}, {@link NttKernels#stageTwiddles}) of {@link #split}:
     * for stage s of the pass that starts at s0 (ls = s − s0), entry {@code 2^s − 1 + low·2^ls + j} is
     * {@code ω_{2^(s+1)}^{low + j·2^s0}} (low < 2^s0, j < 2^ls), n − 1 entries per direction: twice the n/2 table's
     * device memory (2^27: 4 GiB per direction instead of 2); indexed as {@link #half}, null when the plan's
     * kernels do not read them.
     */
    private final KernelHost.Buffer[] stage = new KernelHost.Buffer[2];
    /** Stages per pass, in launch order (see {@link #split}); null until computed, reset by the setters. */
    private int[] split;
    /** n elements the first of several passes writes (the permutation cannot run in place); null until needed. */
    private KernelHost.Buffer scratch;
    /**
     * Default most stages per pass: {@code -Djzk.ntt.lgBlock=K} (1 … {@link NttKernels#LG_BLOCK}, read once) lets a
     * benchmark compare pass splits (2^20 as 10+10 or 7+7+6) without a rebuild.
     */
    private static final int DEFAULT_LG_BLOCK = checkLgBlock(
            RuntimeConfig.get().nttLgBlock() < 0 ? NttKernels.LG_BLOCK : RuntimeConfig.get().nttLgBlock());
    /** Stages per local-memory pass (≤ {@link NttKernels#LG_BLOCK}); tests lower it to exercise many passes. */
    private int lgBlock = DEFAULT_LG_BLOCK;
    /**
     * Default pass kernels: {@code -Djzk.ntt.radix=4} (the default since session 7's H200 A/B: 2^20 0.649 → 0.558 ms,
     * 2^24 7.377 → 6.916 ms; {@link NttKernels#pass4}: 4 elements per work-item, two stages per local-memory round
     * trip) or 2 ({@link NttKernels#pass}); read once.
     */
    private static final int DEFAULT_RADIX = checkRadix(RuntimeConfig.get().nttRadix());
    /** 2 or 4: which pass kernels this plan launches; tests set it per plan. */
    private int radix = DEFAULT_RADIX;
    /**
     * Default local layout of the radix-4 passes: {@code -Djzk.ntt.layout=quad} ({@link NttKernels#pass4q}, the
     * default since session 8's H200 A/B: 16-byte quads of limbs, 16-byte local accesses with the JIT's
     * {@code jzk.jit.wideAccess} (on by default), 4-way bank conflicts without) or {@code limb}
     * ({@link NttKernels#pass4}); read once.
     */
    private static final boolean DEFAULT_QUADS = checkLayout(RuntimeConfig.get().nttLayout());
    /** Whether this plan's radix-4 passes keep local memory in quads ({@link NttKernels#pass4q}); tests set it. */
    private boolean quads = DEFAULT_QUADS;
    /**
     * Default twiddle tables of the radix-4 quad passes: {@code -Djzk.ntt.twiddles=stage} (the default since session 9:
     * the stage-major tables, {@link NttKernels#pass4qT}) or {@code full} (the n/2 table, {@link NttKernels#pass4q});
     * read once.
     */
    private static final boolean DEFAULT_STAGE_TWIDDLES = checkTwiddles(RuntimeConfig.get().nttTwiddles());
    /** Whether this plan's radix-4 quad passes read the stage-major tables; tests set it. */
    private boolean stageTwiddles = DEFAULT_STAGE_TWIDDLES;

    /**
     * Column blocks a transform of host memory ({@link #forward(MemorySegment)}) copies in and out in, so that each
     * block's copy overlaps the first or last pass on the blocks before it: {@code -Djzk.ntt.hostChunks=K} (≥ 1; 1: no
     * overlap), read once; tests set it per plan.
     */
    private static final int DEFAULT_HOST_CHUNKS = checkHostChunks(RuntimeConfig.get().nttHostChunks());
    private int hostChunks = DEFAULT_HOST_CHUNKS;

    public Ntt(KernelHost host, int lgN, Fr.RootFamily family) {
        if (lgN < 1 || lgN > 27) {
            throw new IllegalArgumentException("NTT size 2^" + lgN + " outside the supported 2^1 … 2^27");
        }
        this.host = host;
        this.lgN = lgN;
        this.n = 1 << lgN;
        this.family = family;
        this.omega = Fr.rootOfUnity(lgN, family);
        try { // the tables of the default kernels and split (a test's setters rebuild what they change, when used)
            if (usesStageTables()) {
                stageTable(false);
                stageTable(true);
            } else {
                halfTable(false);
                halfTable(true);
            }
        } catch (RuntimeException e) {
            close();
            throw e;
        }
    }

    /** The n/2 table ω^{±i} of a direction, computed on the device when absent. */
    private KernelHost.Buffer halfTable(boolean inverse) {
        int d = inverse ? 1 : 0;
        if (half[d] == null) {
            long[] base = omega;
            if (inverse) {
                base = new long[4];
                F.inverse(base, 0, omega, 0);
            }
            half[d] = powersOnDevice(base, n / 2);
        }
        return half[d];
    }

    /** Whether this plan's radix-4 passes read the stage-major tables. */
    private boolean usesStageTables() {
        return stageTwiddles && radix == 4 && quads;
    }

    /** Whether some pass of the plan reads the n/2 table: every one without stage tables, else one-stage passes. */
    private boolean needsHalfTables() {
        if (!usesStageTables()) {
            return true;
        }
        for (int k : split()) {
            if (k < 2) {
                return true;
            }
        }
        return false;
    }

    /**
     * The stage-major table of a direction for {@link #split}, gathered on the device from the n/2 table (one launch
     * of {@link NttKernels#stageTwiddles} per stage), which is then freed unless a one-stage pass still reads it.
     */
    KernelHost.Buffer stageTable(boolean inverse) {
        int d = inverse ? 1 : 0;
        if (stage[d] != null) {
            return stage[d];
        }
        KernelHost.Buffer from = halfTable(inverse);
        KernelHost.Buffer t = host.allocate((n - 1) * 8L);
        try {
            int[] ks = split();
            for (int p = 0, s0 = 0; p < ks.length; s0 += ks[p], p++) {
                for (int s = s0; s < s0 + ks[p]; s++) {
                    host.launch(STAGE_TWIDDLES, grid(1 << s), LOCAL, t, from, lgN, s0, s);
                }
            }
            host.finish();
        } catch (RuntimeException e) {
            t.close();
            throw e;
        }
        stage[d] = t;
        if (!needsHalfTables()) {
            from.close();
            half[d] = null;
        }
        return t;
    }

    /** The host this plan's tables live on. */
    public KernelHost host() {
        return host;
    }

    /** Global size: {@code count} rounded up to a multiple of {@link #LOCAL}. */
    private static int grid(int count) {
        return (count + LOCAL - 1) / LOCAL * LOCAL;
    }

    private static int lgLo(int count) {
        int lg = 0;
        while ((1 << (2 * lg)) < count) {
            lg++;
        }
        return lg;
    }

    /** Host tables lo[i] = c·b^i (i < 2^lgLo) and hi[j] = b^(j·2^lgLo) (j < count / 2^lgLo, rounded up). */
    private KernelHost.Buffer[] seriesTables(long[] base, long[] c, int count, int lg) {
        int loCount = 1 << lg;
        int hiCount = Math.max(1, (count + loCount - 1) / loCount);
        long[] lo = new long[loCount * 4];
        long[] hi = new long[hiCount * 4];
        F.copy(lo, 0, c, 0);
        for (int i = 1; i < loCount; i++) {
            F.mul(lo, i * 4, lo, (i - 1) * 4, base, 0);
        }
        long[] step = new long[4];
        F.pow(step, 0, base, 0, java.math.BigInteger.ONE.shiftLeft(lg));
        F.setOne(hi, 0);
        for (int j = 1; j < hiCount; j++) {
            F.mul(hi, j * 4, hi, (j - 1) * 4, step, 0);
        }
        KernelHost.Buffer bl = host.allocate(lo.length * 2L);
        KernelHost.Buffer bh = host.allocate(hi.length * 2L);
        int[] l32 = Layout.split(lo);
        int[] h32 = Layout.split(hi);
        host.write(bl, 0, l32, l32.length);
        host.write(bh, 0, h32, h32.length);
        return new KernelHost.Buffer[] {bl, bh};
    }

    private KernelHost.Buffer powersOnDevice(long[] base, int count) {
        int lg = lgLo(count);
        KernelHost.Buffer[] t = seriesTables(base, F.fromLong(1), count, lg);
        try (KernelHost.Buffer t0 = t[0]; KernelHost.Buffer t1 = t[1]) { // freed also when a launch fails
            KernelHost.Buffer out = host.allocate(count * 8L);
            try {
                host.launch(POWERS, grid(count), LOCAL, out, t0, t1, lg, count);
                host.finish();
            } catch (RuntimeException e) {
                out.close();
                throw e;
            }
            return out;
        }
    }

    /** data[i] ·= c·b^i on the device. */
    private void scaleBySeries(KernelHost.Buffer data, long[] b, long[] c) {
        int lg = lgLo(n);
        KernelHost.Buffer[] t = seriesTables(b, c, n, lg);
        try (KernelHost.Buffer t0 = t[0]; KernelHost.Buffer t1 = t[1]) { // freed also when a launch fails
            host.launch(MUL_BY_POWERS, grid(n), LOCAL, data, t0, t1, lg, n);
            host.finish();
        }
    }

    private Method bigPass() {
        return radix == 4 ? quads ? stageTwiddles ? PASS4QT : PASS4Q : PASS4 : PASS;
    }

    private Method smallPass() {
        return radix == 4 ? quads ? stageTwiddles ? PASS4QT_SMALL : PASS4Q_SMALL : PASS4_SMALL : PASS_SMALL;
    }

    /**
     * Stages per pass, in launch order: a function of lgN, the radix, layout and twiddle tables, lgBlock and the pass
     * kernels' work-group limits, computed once per plan (the setters reset it) and used both by {@link #transform}
     * and by the stage tables, which are laid out for it.
     */
    private int[] split() {
        if (split != null) {
            return split;
        }
        int lgPer = radix == 4 ? 2 : 1; // log2 of the elements one work-item holds
        // a pass of k stages runs 2^(k−lgPer) work-items per group: cap k where the compiled kernels allow fewer
        int block = Math.max(Math.min(NttKernels.LG_BLOCK, lgLimit(bigPass(), lgPer)),
                Math.min(NttKernels.LG_SMALL_BLOCK, lgLimit(smallPass(), lgPer)));
        block = Math.max(1, Math.min(lgBlock, block));
        // balanced passes: 2^24 runs as 8 + 8 + 8 stages, not 10 + 10 + 4, whose last pass would launch work-groups
        // of 8 work-items (a quarter-full warp each, few resident per SM: measured 24.8 ms against 15.6 on the H200)
        int passes = (lgN + block - 1) / block;
        int[] ks = new int[passes];
        for (int p = 0; p < passes; p++) {
            ks[p] = lgN / passes + (p < lgN % passes ? 1 : 0);
        }
        split = ks;
        return ks;
    }

    private void transform(KernelHost.Buffer data, boolean inverse) {
        checkSize(data);
        int[] ks = split();
        KernelHost.Buffer halfTw = needsHalfTables() ? halfTable(inverse) : null;
        KernelHost.Buffer tw = usesStageTables() ? stageTable(inverse) : halfTw;
        int passes = ks.length;
        for (int p = 0, s0 = 0; p < passes; p++) {
            int k = ks[p];
            KernelHost.Buffer src = p == 0 ? data : scratch();
            KernelHost.Buffer dst = p == passes - 1 ? data : scratch();
            launchPass(src, dst, tw, halfTw, s0, k);
            s0 += k;
        }
    }

    /**
     * One pass of k stages from s0: a radix-4 pass reading {@code tw} (the stage tables where the plan uses them, else
     * the n/2 table), or, for radix 2 or a one-stage pass (a radix-4 work-item needs two), a radix-2 pass reading
     * {@code halfTw}.
     */
    private void launchPass(KernelHost.Buffer src, KernelHost.Buffer dst, KernelHost.Buffer tw,
                            KernelHost.Buffer halfTw, int s0, int k) {
        if (radix == 4 && k >= 2) {
            host.launch(k <= NttKernels.LG_SMALL_BLOCK ? smallPass() : bigPass(), n / 4, 1 << (k - 2),
                    src, dst, tw, lgN, s0, k);
        } else {
            host.launch(k <= NttKernels.LG_SMALL_BLOCK ? PASS_SMALL : PASS, n / 2, 1 << (k - 1),
                    src, dst, halfTw, lgN, s0, k);
        }
    }

    /** The plan's scratch of n elements, allocated at its first use. */
    private KernelHost.Buffer scratch() {
        if (scratch == null) {
            scratch = host.allocate(n * 8L);
        }
        return scratch;
    }

    /**
     * The transform of n elements in host memory (8 ints each, little-endian: a buffer's bytes), in place, through a
     * device buffer allocated for the call: the copies run on the host's {@link KernelHost#copyQueue()} in
     * {@link #hostChunks} column blocks, each block's upload overlapping the first pass on the blocks before it and
     * each block's download the last pass on the blocks after it (forward; the inverse's 1/n runs over all of the data,
     * so its download follows it whole). Where the split does not allow it (one pass, radix 2, limb layout, a one-stage
     * pass) or one chunk is asked for: upload, {@link #transform}, download.
     *
     * <p>Why columns: seen as a 2^k × 2^(lgN−k) row-major matrix ({@link NttKernels#columnGroup}), the first pass's
     * work-groups (k = its stages) each read one whole column (the bit reversal gathers across all rows) and the last
     * pass's each write one: a block of columns is a row copy (2D: 2^k rows of the block's width) and a launch of its
     * groups. Rows would not do: every group of both passes touches every row.
     */
    private void transformHost(MemorySegment data, boolean inverse) {
        long bytes = n * 32L;
        if (data.byteSize() < bytes) {
            throw new IllegalArgumentException("NTT of 2^" + lgN + " needs " + bytes + " bytes of host memory, got "
                    + data.byteSize());
        }
        int[] ks = split();
        boolean cols = ks.length > 1 && radix == 4 && quads && hostChunks > 1;
        for (int k : ks) {
            cols &= k >= 2;
        }
        try (KernelHost.Buffer d = host.allocate(n * 8L); KernelHost.CopyQueue q = host.copyQueue()) {
            q.afterLaunches(); // the buffer's zero fill, on the launch queue, before the uploads
            if (!cols) {
                q.writeRows(d, data, 0, bytes, bytes, 1);
                q.beforeLaunches();
                if (inverse) {
                    inverse(d);
                } else {
                    transform(d, false);
                }
                q.afterLaunches();
                q.readRows(d, data, 0, bytes, bytes, 1);
                q.finish();
                return;
            }
            KernelHost.Buffer tw = usesStageTables() ? stageTable(inverse) : halfTable(inverse);
            KernelHost.Buffer work = scratch();
            int last = ks.length - 1;
            int k0 = ks[0];
            columnBlocks(k0, 0, (c0, w, pitch) -> {
                q.writeRows(d, data, 32L * c0, pitch, 32L * w, 1L << k0);
                q.beforeLaunches();
                launchColumns(d, work, tw, 0, k0, c0, w);
            });
            for (int p = 1, s0 = k0; p < last; s0 += ks[p], p++) {
                launchPass(work, work, tw, tw, s0, ks[p]);
            }
            int kl = ks[last];
            int sl = lgN - kl;
            if (inverse) {
                launchPass(work, d, tw, tw, sl, kl);
                scaleBySeries(d, F.fromLong(1), nInverse());
                q.afterLaunches();
                q.readRows(d, data, 0, bytes, bytes, 1);
            } else {
                columnBlocks(kl, sl, (c0, w, pitch) -> {
                    launchColumns(work, d, tw, sl, kl, c0, w);
                    q.afterLaunches();
                    q.readRows(d, data, 32L * c0, pitch, 32L * w, 1L << kl);
                });
            }
            q.finish();
        }
    }

    /** One column block: columns {@code c0 … c0 + w − 1} of rows {@code pitch} bytes apart. */
    private interface ColumnBlock {
        void run(int c0, int w, long pitch);
    }

    /** The column blocks of a pass of k stages ({@code 2^(lgN−k)} columns in up to {@link #hostChunks} blocks). */
    private void columnBlocks(int k, int s0, ColumnBlock block) {
        int columns = 1 << (lgN - k);
        int w = columns / Math.min(hostChunks, columns);
        for (int c0 = 0; c0 < columns; c0 += w) {
            block.run(c0, Math.min(w, columns - c0), 32L * columns);
        }
    }

    /** The first (s0 = 0) or last pass's work-groups of columns c0 … c0 + w − 1 ({@link NttKernels#pass4qCols}). */
    private void launchColumns(KernelHost.Buffer src, KernelHost.Buffer dst, KernelHost.Buffer tw, int s0, int k,
                               int c0, int w) {
        boolean small = k <= NttKernels.LG_SMALL_BLOCK;
        Method m = stageTwiddles ? small ? PASS4QT_SMALL_COLS : PASS4QT_COLS : small ? PASS4Q_SMALL_COLS : PASS4Q_COLS;
        host.launch(m, w << (k - 2), 1 << (k - 2), src, dst, tw, lgN, s0, k, c0);
    }

    /** log2 of the largest block a kernel's work-group limit allows (2^(k−lgPer) work-items for k stages). */
    private int lgLimit(Method kernel, int lgPer) {
        int limit = Math.max(1, host.maxLocalSize(kernel));
        return 31 - Integer.numberOfLeadingZeros(Math.min(limit, 1 << 20)) + lgPer;
    }

    private void checkSize(KernelHost.Buffer data) {
        if (data.ints() < n * 8L) {
            throw new IllegalArgumentException("NTT of 2^" + lgN + " needs " + n * 8L + " ints, buffer has " + data.ints());
        }
    }

    /** The plan's pass split (stages per pass, in launch order), for tests. */
    int[] passSplit() {
        return split().clone();
    }

    /** Sets the column blocks of a transform of host memory (≥ 1). */
    void setHostChunks(int chunks) {
        this.hostChunks = checkHostChunks(chunks);
    }

    private static int checkHostChunks(int chunks) {
        if (chunks < 1) {
            throw new IllegalArgumentException("NTT host-copy blocks (jzk.ntt.hostChunks) " + chunks + " below 1");
        }
        return chunks;
    }

    /** Sets the stages per local-memory pass, 1 … {@link NttKernels#LG_BLOCK}. */
    void setLgBlock(int lgBlock) {
        this.lgBlock = checkLgBlock(lgBlock);
        resetSplit();
    }

    /** Sets the pass kernels, radix 2 ({@link NttKernels#pass}) or 4 ({@link NttKernels#pass4}). */
    void setRadix(int radix) {
        this.radix = checkRadix(radix);
        resetSplit();
    }

    /** Sets the radix-4 passes' local layout: 16-byte quads ({@link NttKernels#pass4q}) or limb-major. */
    void setQuadLayout(boolean quads) {
        this.quads = quads;
        resetSplit();
    }

    /** Sets the radix-4 quad passes' twiddle tables: stage-major ({@link NttKernels#pass4qT}) or the n/2 table. */
    void setStageTwiddles(boolean stage) {
        this.stageTwiddles = stage;
        resetSplit();
    }

    /** Forgets the pass split and the stage tables laid out for it (the n/2 tables are rebuilt when needed). */
    private void resetSplit() {
        split = null;
        closeAll(stage);
    }

    private static boolean checkTwiddles(String twiddles) {
        return switch (twiddles) {
            case "full" -> false;
            case "stage" -> true;
            default -> throw new IllegalArgumentException("NTT twiddle tables (jzk.ntt.twiddles) \"" + twiddles
                    + "\" are neither full nor stage");
        };
    }

    private static boolean checkLayout(String layout) {
        return switch (layout) {
            case "limb" -> false;
            case "quad" -> true;
            default -> throw new IllegalArgumentException("NTT local layout (jzk.ntt.layout) \"" + layout
                    + "\" is neither limb nor quad");
        };
    }

    private static int checkRadix(int radix) {
        if (radix != 2 && radix != 4) {
            throw new IllegalArgumentException("NTT pass radix (jzk.ntt.radix) " + radix + " is neither 2 nor 4");
        }
        return radix;
    }

    private static int checkLgBlock(int lgBlock) {
        if (lgBlock < 1 || lgBlock > NttKernels.LG_BLOCK) {
            throw new IllegalArgumentException("NTT stages per pass (jzk.ntt.lgBlock) " + lgBlock + " outside 1 … "
                    + NttKernels.LG_BLOCK);
        }
        return lgBlock;
    }

    /** Coefficients → evaluations at ω^i. */
    public void forward(KernelHost.Buffer data) {
        transform(data, false);
    }

    /**
     * Coefficients → evaluations at ω^i of n elements in host memory ({@link KernelHost#allocateHost}: pinned, for
     * copies at full speed), in place: the device copies overlap the first and last passes ({@link #transformHost}).
     */
    public void forward(MemorySegment data) {
        transformHost(data, false);
    }

    /** Evaluations at ω^i → coefficients (scaled by 1/n) of n elements in host memory, in place, as {@link #forward(MemorySegment)}. */
    public void inverse(MemorySegment data) {
        transformHost(data, true);
    }

    /** Evaluations at ω^i → coefficients (scaled by 1/n). */
    public void inverse(KernelHost.Buffer data) {
        transform(data, true);
        scaleBySeries(data, F.fromLong(1), nInverse());
    }

    /** Coefficients → evaluations at shift·ω^i: coefficient k times shift^k, then {@link #forward}. */
    public void cosetForward(KernelHost.Buffer data, long[] shift) {
        checkSize(data);
        scaleBySeries(data, shift, F.fromLong(1));
        forward(data);
    }

    /**
     * Evaluations at ω^i → evaluations at shift·ω^i: {@link #inverse} then {@link #cosetForward}, with their two
     * scalings (1/n, then shift^k on coefficient k) in one pass of {@code shift^k/n}.
     */
    public void toCoset(KernelHost.Buffer data, long[] shift) {
        transform(data, true);
        scaleBySeries(data, shift, nInverse());
        transform(data, false);
    }

    /** Evaluations at shift·ω^i → coefficients: inverse transform, then coefficient k times shift^{−k}/n. */
    public void cosetInverse(KernelHost.Buffer data, long[] shift) {
        cosetInverse(data, shift, F.fromLong(1));
    }

    /**
     * As {@link #cosetInverse(KernelHost.Buffer, long[])}, with every coefficient also multiplied by
     * {@code factor} (Montgomery) in the same pass: the transform is linear, so this equals scaling its input.
     */
    public void cosetInverse(KernelHost.Buffer data, long[] shift, long[] factor) {
        long[] shiftInv = new long[4];
        F.inverse(shiftInv, 0, shift, 0);
        long[] c = nInverse();
        F.mul(c, 0, c, 0, factor, 0);
        transform(data, true);
        scaleBySeries(data, shiftInv, c);
    }

    private long[] nInverse() {
        long[] r = new long[4];
        F.inverse(r, 0, F.fromLong(n), 0);
        return r;
    }

    /** The shift of a {@link Coset} for this size and root family (Montgomery form), or null for none. */
    public long[] shift(Coset coset) {
        return switch (coset) {
            case NONE -> null;
            case GENERATOR -> F.fromLong(Fr.GENERATOR);
            case ODD -> Fr.rootOfUnity(lgN + 1, family);
        };
    }

    /**
     * Device memory this plan holds now: its twiddle tables and, once a transform of several passes ran, its scratch
     * (n/2 tables: 32·n bytes for both directions, stage tables: 64·(n − 1); scratch 32·n).
     */
    public long deviceBytes() {
        long b = 0;
        for (KernelHost.Buffer[] tables : List.of(half, stage)) {
            for (KernelHost.Buffer t : tables) {
                b += t == null ? 0 : 4 * t.ints();
            }
        }
        b += scratch == null ? 0 : 4 * scratch.ints();
        return b;
    }

    @Override
    public void close() {
        resetSplit();
        closeAll(half);
        if (scratch != null) {
            scratch.close();
            scratch = null;
        }
    }

    /** Closes every buffer of {@code tables} and clears its entries. */
    private static void closeAll(KernelHost.Buffer[] tables) {
        for (int d = 0; d < tables.length; d++) {
            if (tables[d] != null) {
                tables[d].close();
                tables[d] = null;
            }
        }
    }
}
