package jzk.prover.groth16;

import jzk.arith.Fr;
import jzk.arith.FrDomain;
import jzk.arith.G1;
import jzk.arith.G2;
import jzk.arith.MontgomeryField;
import jzk.prover.config.ProverConfig;
import jzk.prover.r1cs.CsrMatrix;
import jzk.prover.r1cs.FrOps;
import jzk.prover.r1cs.R1cs;

import java.io.IOException;
import java.math.BigInteger;
import java.nio.file.Path;
import java.util.Random;
import java.util.stream.IntStream;

/**
 * Groth16 parameter generation from toxic waste (α, β, γ, δ, τ) for an {@link R1cs}, as zkcrypto/bellman
 * {@code groth16/generator.rs} does it:
 *
 * <ol>
 *   <li>The QAP has the r1cs rows plus one input-consistency row per input j = 0..nPublic with A = z_j, B = C = 0
 *   (bellman adds {@code enforce(x_j · 0 = 0)}): it makes the u_j of inputs linearly independent. Domain: the
 *   smallest 2^k ≥ rows, roots of the generator-7 family.</li>
 *   <li>u_j(τ), v_j(τ), w_j(τ) = Σ_i M[i][j]·L_i(τ), with the Lagrange basis at τ
 *   L_i(τ) = Z(τ)·ω^i / (n·(τ − ω^i)), Z(τ) = τ^n − 1 (one batch inversion).</li>
 *   <li>A_j = [u_j]₁, B_j = [v_j]₁ and [v_j]₂, IC_j = [(β·u_j + α·v_j + w_j)/γ]₁ for inputs, L_j = […/δ]₁ for
 *   private variables, H_i = [τ^i·Z(τ)/δ]₁ for i &lt; n − 1 (Groth 2016 §3.2).</li>
 * </ol>
 * Scalar multiplications are batched per base with {@link FixedBaseMul}; a {@link SetupEngine} decides whether a
 * batch runs on the CPU or on a device (byte-identical results). The toxic waste is discarded.
 */
public final class Setup {
    private static final MontgomeryField F = Fr.F;
    /**
     * Elements per parallel chunk of the CPU scalar work (Lagrange basis, powers of τ, canonical conversion): one
     * Fr inversion or exponentiation per chunk of 2^12, so the split costs &lt; 1 % and the serial loops that took
     * seconds at 2^20 (they dominated a device setup) spread over every core.
     */
    private static final int CHUNK = 1 << 12;
    /** {@code -Djzk.setup.timing=true}: one line of phase times on stderr per setup. */
    private static final boolean TIMING = ProverConfig.get().setupTiming();

    private Setup() {
    }

    /** Fresh parameters from {@code rnd} (which must be a CSPRNG for anything but tests), on the CPU. */
    public static ProvingKey generate(R1cs cs, Random rnd) {
        return generate(cs, rnd, SetupEngine.cpu());
    }

    /** Fresh parameters from {@code rnd}, the fixed-base batches run where {@code engine} says. */
    public static ProvingKey generate(R1cs cs, Random rnd, SetupEngine engine) {
        long[] w = toxicWaste(rnd);
        return generate(cs, w, 0, w, 4, w, 8, w, 12, w, 16, engine);
    }

    /** α, β, γ, δ, τ (Montgomery Fr, 4 longs each, in that order), each non-zero, drawn from {@code rnd}. */
    public static long[] toxicWaste(Random rnd) {
        long[] w = new long[5 * 4];
        for (int i = 0; i < 5; i++) {
            do {
                F.random(w, i * 4, rnd);
            } while (F.isZero(w, i * 4));
        }
        return w;
    }

    /** Parameters for given non-zero α, β, γ, δ, τ (Montgomery Fr), e.g. for tests; on the CPU. */
    public static ProvingKey generate(R1cs cs, long[] alpha, int ao, long[] beta, int bo, long[] gamma, int go,
                                      long[] delta, int dO, long[] tau, int to) {
        return generate(cs, alpha, ao, beta, bo, gamma, go, delta, dO, tau, to, SetupEngine.cpu());
    }

    /** Parameters for given non-zero α, β, γ, δ, τ (Montgomery Fr); fixed-base batches where {@code engine} says. */
    public static ProvingKey generate(R1cs cs, long[] alpha, int ao, long[] beta, int bo, long[] gamma, int go,
                                      long[] delta, int dO, long[] tau, int to, SetupEngine engine) {
        long t0 = System.nanoTime();
        try {
            return generateTimed(cs, alpha, ao, beta, bo, gamma, go, delta, dO, tau, to, engine);
        } finally {
            engine.addTotal(System.nanoTime() - t0);
        }
    }

    /**
     * The QAP shape and the canonical scalars of every large section (u, v for A/B1/B2, the IC and L scalars, the H
     * scalars), plus the toxic-waste points' scalars; the fixed-base step turns each into points.
     */
    private record Scalars(int nVars, int nPub, int rows, int lg, long[] u, long[] v, long[] icS, long[] lS,
                           long[] hS) {
        int n() {
            return 1 << lg;
        }
    }

    private static ProvingKey generateTimed(R1cs cs, long[] alpha, int ao, long[] beta, int bo, long[] gamma,
                                            int go, long[] delta, int dO, long[] tau, int to, SetupEngine engine) {
        Scalars q = scalars(cs, alpha, ao, beta, bo, gamma, go, delta, dO, tau, to);
        long tTables = System.nanoTime();
        FixedBaseMul g1 = new FixedBaseMul(G1.CURVE, G1.generator());
        FixedBaseMul g2 = new FixedBaseMul(G2.CURVE, G2.generator());
        long[] a = engine.mulAll("a", g1, q.u, q.nVars);
        long[] b1 = engine.mulAll("b_g1", g1, q.v, q.nVars);
        long[] b2 = engine.mulAll("b_g2", g2, q.v, q.nVars);
        long[] ic = engine.mulAll("ic", g1, q.icS, q.nPub + 1);
        long[] l = engine.mulAll("l", g1, q.lS, q.nVars - q.nPub - 1);
        long[] h = engine.mulAll("h", g1, q.hS, q.n() - 1);
        timing(q.lg, "fixed-base batches", tTables, engine);
        long[][] small = smallPoints(g1, g2, alpha, ao, beta, bo, gamma, go, delta, dO);
        VerifyingKey vk = new VerifyingKey(small[0], small[2], small[3], small[5], ic);
        return new ProvingKey(ProvingKey.HVariant.BELLMAN, q.nVars, q.nPub, q.rows, q.lg, small[0], small[1],
                small[2], small[4], small[5], a, b1, b2, l, h, vk);
    }

    /**
     * Fresh parameters from {@code rnd} written to a compressed parameter file at {@code target} as they are made
     * ({@link CompressedParamsWriter}): every large section goes through the fixed-base step in pieces of
     * {@code chunkPoints} points, each compressed and written (on a second thread, overlapping the next piece's
     * fixed-base work) and then dropped, so the key is never whole on the host. Byte for byte the points of
     * {@link #generate(R1cs, Random, SetupEngine)} for the same toxic waste. Returns the file's size in bytes.
     */
    public static long generateTo(Path target, R1cs cs, Random rnd, SetupEngine engine, int chunkPoints)
            throws IOException {
        return generateTo(target, ParamsFile.shapeId(cs), cs, rnd, engine, chunkPoints, PointSink.NONE);
    }

    /**
     * As {@link #generateTo(Path, R1cs, Random, SetupEngine, int)} for a circuit whose {@link ParamsFile#shapeId} the
     * caller has ({@code shapeId}: at 2^27 constraints the hash reads ≈ 30 GB, tens of seconds), every point also
     * handed to {@code also} as it is made (e.g. a {@link DeviceKeyBuilder}: the key resident without reading the
     * file back).
     */
    public static long generateTo(Path target, byte[] shapeId, R1cs cs, Random rnd, SetupEngine engine,
                                  int chunkPoints, PointSink also) throws IOException {
        long[] w = toxicWaste(rnd);
        return generateTo(target, shapeId, cs, w, 0, w, 4, w, 8, w, 12, w, 16, engine, chunkPoints, also);
    }

    /** As {@link #generateTo(Path, R1cs, Random, SetupEngine, int)} for given α, β, γ, δ, τ (Montgomery Fr). */
    public static long generateTo(Path target, R1cs cs, long[] alpha, int ao, long[] beta, int bo, long[] gamma,
                                  int go, long[] delta, int dO, long[] tau, int to, SetupEngine engine,
                                  int chunkPoints) throws IOException {
        return generateTo(target, ParamsFile.shapeId(cs), cs, alpha, ao, beta, bo, gamma, go, delta, dO, tau, to,
                engine, chunkPoints, PointSink.NONE);
    }

    /**
     * As {@link #generateTo(Path, byte[], R1cs, Random, SetupEngine, int, PointSink)} for given α, β, γ, δ, τ
     * (Montgomery Fr). {@code also} gets each piece on this thread after its fixed-base step, while the writer
     * thread compresses it.
     */
    public static long generateTo(Path target, byte[] shape, R1cs cs, long[] alpha, int ao, long[] beta, int bo,
                                  long[] gamma, int go, long[] delta, int dO, long[] tau, int to, SetupEngine engine,
                                  int chunkPoints, PointSink also) throws IOException {
        long t0 = System.nanoTime();
        Scalars q = scalars(cs, alpha, ao, beta, bo, gamma, go, delta, dO, tau, to);
        return write(target, shape, q, alpha, ao, beta, bo, gamma, go, delta, dO, engine, chunkPoints, also, t0);
    }

    /**
     * The part of a setup that needs neither the circuit's shape id nor a device: fresh toxic waste and the QAP
     * scalars (Lagrange basis at τ, u, v, w, the IC, L and H scalars; at 2^27 constraints about a minute of CPU), e.g.
     * computed while the shape id is hashed ({@link jzk.prover.batch.ParamsCache}). Holds the toxic waste: drop it
     * unused or pass it to {@link #generateTo(Path, byte[], Prepared, SetupEngine, int, PointSink)} once.
     */
    public static final class Prepared {
        private final long[] waste;
        private final Scalars q;
        private final long nanos;

        private Prepared(long[] waste, Scalars q, long nanos) {
            this.waste = waste;
            this.q = q;
            this.nanos = nanos;
        }
    }

    /** Toxic waste from {@code rnd} and the scalars of {@code cs} ({@link Prepared}). */
    public static Prepared prepare(R1cs cs, Random rnd) {
        long t0 = System.nanoTime();
        long[] w = toxicWaste(rnd);
        Scalars q = scalars(cs, w, 0, w, 4, w, 8, w, 12, w, 16);
        return new Prepared(w, q, System.nanoTime() - t0);
    }

    /**
     * As {@link #generateTo(Path, byte[], R1cs, Random, SetupEngine, int, PointSink)} from a {@link #prepare}d setup
     * of the circuit whose shape id is {@code shapeId} (its time counts in the engine's total).
     */
    public static long generateTo(Path target, byte[] shapeId, Prepared p, SetupEngine engine, int chunkPoints,
                                  PointSink also) throws IOException {
        long[] w = p.waste;
        return write(target, shapeId, p.q, w, 0, w, 4, w, 8, w, 12, engine, chunkPoints, also,
                System.nanoTime() - p.nanos);
    }

    /** The fixed-base steps and the file of a setup whose scalars are {@code q}; its time counted from {@code t0}. */
    private static long write(Path target, byte[] shape, Scalars q, long[] alpha, int ao, long[] beta, int bo,
                              long[] gamma, int go, long[] delta, int dO, SetupEngine engine, int chunkPoints,
                              PointSink also, long t0) throws IOException {
        also.begin(ProvingKey.HVariant.BELLMAN, q.nVars, q.nPub, q.rows, q.lg);
        FixedBaseMul g1 = new FixedBaseMul(G1.CURVE, G1.generator());
        FixedBaseMul g2 = new FixedBaseMul(G2.CURVE, G2.generator());
        long tTables = System.nanoTime();
        java.util.concurrent.ExecutorService io = java.util.concurrent.Executors.newSingleThreadExecutor(r -> {
            Thread t = new Thread(r, "jzk-params-writer");
            t.setDaemon(true);
            return t;
        });
        try (CompressedParamsWriter out = new CompressedParamsWriter(target, ProvingKey.HVariant.BELLMAN, q.nVars,
                q.nPub, q.rows, q.lg, shape, chunkPoints)) {
            long[][] small = smallPoints(g1, g2, alpha, ao, beta, bo, gamma, go, delta, dO);
            for (int s = 0; s < 6; s++) {
                out.append(s, small[s], 0, 1);
                also.append(s, small[s], 0, 1);
            }
            // table order: ic, a, b1, b2, l, h
            Object[][] large = {{6, g1, q.icS}, {7, g1, q.u}, {8, g1, q.v}, {9, g2, q.v}, {10, g1, q.lS},
                    {11, g1, q.hS}};
            java.util.concurrent.Future<?> pending = null;
            for (Object[] sec : large) {
                int s = (int) sec[0];
                FixedBaseMul base = (FixedBaseMul) sec[1];
                long[] sc = (long[]) sec[2];
                int count = Math.toIntExact(CompressedParams.expectedCounts(ProvingKey.HVariant.BELLMAN, q.nVars,
                        q.nPub, q.lg)[s]);
                for (int from = 0; from < count; from += chunkPoints) {
                    int m = Math.min(chunkPoints, count - from);
                    long[] pts = engine.mulAll(base, java.util.Arrays.copyOfRange(sc, from * 4, (from + m) * 4), m);
                    also.append(s, pts, 0, m); // overlaps the writer's compression of the previous piece
                    await(pending);
                    pending = io.submit(() -> {
                        out.append(s, pts, 0, m);
                        return null;
                    });
                }
            }
            await(pending);
            out.finish();
            timing(q.lg, "fixed-base batches + compressed writes", tTables, engine);
            return out.fileBytes();
        } finally {
            io.shutdownNow();
            engine.addTotal(System.nanoTime() - t0);
        }
    }

    private static void await(java.util.concurrent.Future<?> f) throws IOException {
        if (f == null) {
            return;
        }
        try {
            f.get();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new java.io.InterruptedIOException("interrupted while writing parameters");
        } catch (java.util.concurrent.ExecutionException e) {
            if (e.getCause() instanceof IOException io) {
                throw io;
            }
            if (e.getCause() instanceof RuntimeException re) {
                throw re;
            }
            throw new IllegalStateException(e.getCause());
        }
    }

    private static void timing(int lg, String what, long since, SetupEngine engine) {
        if (TIMING) {
            System.err.printf(java.util.Locale.ROOT, "setup 2^%d: %s %.3f s (%s)%n", lg, what,
                    (System.nanoTime() - since) / 1e9, engine.name());
        }
    }

    /** α₁, β₁, β₂, γ₂, δ₁, δ₂ (table order of the parameter file's first six sections). */
    private static long[][] smallPoints(FixedBaseMul g1, FixedBaseMul g2, long[] alpha, int ao, long[] beta, int bo,
                                        long[] gamma, int go, long[] delta, int dO) {
        return new long[][] {single(g1, alpha, ao), single(g1, beta, bo), single(g2, beta, bo),
                single(g2, gamma, go), single(g1, delta, dO), single(g2, delta, dO)};
    }

    private static Scalars scalars(R1cs cs, long[] alpha, int ao, long[] beta, int bo, long[] gamma, int go,
                                   long[] delta, int dO, long[] tau, int to) {
        int m = cs.numConstraints();
        int nPub = cs.numInputs();
        int nVars = cs.numVariables();
        int rows = m + nPub + 1;
        int lg = QuotientPolynomial.lgSizeFor(rows);
        FrDomain dom = new FrDomain(lg, Fr.RootFamily.GENERATOR_7);
        int n = dom.n;

        long[] zTau = new long[4];
        F.pow(zTau, 0, tau, to, BigInteger.valueOf(n));
        F.sub(zTau, 0, zTau, 0, F.fromLong(1), 0);
        if (F.isZero(zTau, 0)) {
            throw new IllegalArgumentException("τ is in the evaluation domain; draw another");
        }
        long tPhase = System.nanoTime();
        long[] lag = lagrangeAt(dom, tau, to, zTau);
        long tLag = System.nanoTime();

        long[] u = FrOps.newVector(nVars, "setup QAP scalars");
        long[] v = FrOps.newVector(nVars, "setup QAP scalars");
        long[] wv = FrOps.newVector(nVars, "setup QAP scalars");
        IntStream.range(0, 3).parallel().forEach(k -> accumulate(k == 0 ? cs.a() : k == 1 ? cs.b() : cs.c(),
                lag, k == 0 ? u : k == 1 ? v : wv));
        for (int j = 0; j <= nPub; j++) { // input-consistency rows: A[m + j][j] = 1
            F.add(u, j * 4, u, j * 4, lag, (m + j) * 4);
        }
        long tUvw = System.nanoTime();

        long[] gInv = new long[4];
        F.inverse(gInv, 0, gamma, go);
        long[] dInv = new long[4];
        F.inverse(dInv, 0, delta, dO);
        // ic/l scalars: (β·u + α·v + w)·γ⁻¹ or ·δ⁻¹
        int nPriv = nVars - nPub - 1;
        long[] icS = new long[(nPub + 1) * 4];
        long[] lS = FrOps.newVector(nPriv, "setup L scalars");
        IntStream.range(0, nVars).parallel().forEach(j -> {
            long[] t = new long[8];
            F.mul(t, 0, beta, bo, u, j * 4);
            F.mul(t, 4, alpha, ao, v, j * 4);
            F.add(t, 0, t, 0, t, 4);
            F.add(t, 0, t, 0, wv, j * 4);
            if (j <= nPub) {
                F.mul(icS, j * 4, t, 0, gInv, 0);
            } else {
                F.mul(lS, (j - nPub - 1) * 4, t, 0, dInv, 0);
            }
        });
        // h scalars: τ^i·Z(τ)/δ for i < n − 1
        long[] hS = powers(copy(tau, to), n - 1);
        long[] zd = new long[4];
        F.mul(zd, 0, zTau, 0, dInv, 0);
        IntStream.range(0, n - 1).parallel().forEach(i -> F.mul(hS, i * 4, hS, i * 4, zd, 0));

        for (long[] s : new long[][] {u, v, icS, lS, hS}) {
            F.toCanonicalVector(s, 0, s.length / 4);
        }
        if (TIMING) {
            System.err.printf(java.util.Locale.ROOT, "setup phases 2^%d: lagrange %.3f s, QAP scalars %.3f s (u, v, w "
                    + "at τ %.3f s)%n", lg, (tLag - tPhase) / 1e9, (System.nanoTime() - tLag) / 1e9,
                    (tUvw - tLag) / 1e9);
        }
        return new Scalars(nVars, nPub, rows, lg, u, v, icS, lS, hS);
    }

    /** L_i(τ) = Z(τ)·ω^i / (n·(τ − ω^i)) for i &lt; n (Montgomery); parallel chunks, one inversion each. */
    static long[] lagrangeAt(FrDomain dom, long[] tau, int to, long[] zTau) {
        int n = dom.n;
        long[] wi = powers(dom.omega, n);
        long[] den = new long[n * 4];
        long[] nm = F.fromLong(n);
        IntStream.range(0, chunks(n)).parallel().forEach(ch -> {
            int start = ch * CHUNK;
            int end = Math.min(n, start + CHUNK);
            for (int i = start; i < end; i++) {
                F.sub(den, i * 4, tau, to, wi, i * 4);
                F.mul(den, i * 4, den, i * 4, nm, 0);
            }
            F.batchInverse(den, start * 4, end - start); // τ ≠ ω^i since Z(τ) ≠ 0
            for (int i = start; i < end; i++) {
                F.mul(den, i * 4, den, i * 4, wi, i * 4);
                F.mul(den, i * 4, den, i * 4, zTau, 0);
            }
        });
        return den;
    }

    /** base^i for i &lt; count (Montgomery); parallel chunks, each starting from base^start by exponentiation. */
    static long[] powers(long[] base, int count) {
        long[] v = new long[count * 4];
        IntStream.range(0, chunks(count)).parallel().forEach(ch -> {
            int start = ch * CHUNK;
            int end = Math.min(count, start + CHUNK);
            F.pow(v, start * 4, base, 0, BigInteger.valueOf(start));
            for (int i = start + 1; i < end; i++) {
                F.mul(v, i * 4, v, (i - 1) * 4, base, 0);
            }
        });
        return v;
    }

    private static int chunks(int count) {
        return (count + CHUNK - 1) / CHUNK;
    }

    /** out[j] += Σ_i M[i][j]·lag[i]: {@link ColumnSums#accumulate} (parallel over columns). */
    static void accumulate(CsrMatrix mat, long[] lag, long[] out) {
        ColumnSums.accumulate(mat, lag, out);
    }

    /** [k]·base for one Montgomery scalar at {@code k[ko..ko+4)}, affine. */
    static long[] single(FixedBaseMul base, long[] k, int ko) {
        long[] c = new long[4];
        F.toCanonical(c, 0, k, ko);
        return base.mulAll(c, 1);
    }

    private static long[] copy(long[] a, int o) {
        return java.util.Arrays.copyOfRange(a, o, o + 4);
    }
}
