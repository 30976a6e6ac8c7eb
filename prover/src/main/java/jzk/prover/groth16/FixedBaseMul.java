package jzk.prover.groth16;

import jzk.arith.Curve;

import java.util.stream.IntStream;

/**
 * Batch scalar multiplication of one fixed base by many scalars (parameter generation), by fixed windows:
 * precompute T[k][d] = [d·2^(w·k)]P for every window k and digit d, then [e]P = Σ_k T[k][e_k] with one mixed
 * addition per window (Handbook of Applied Cryptography §14.6.3, fixed-base windowing; bellman's
 * {@code FixedBaseTable} / {@code batch_exp}). With w = 8: 32 windows × 255 affine entries, ~32 additions per
 * scalar instead of ~255 doublings + 64 additions.
 *
 * <p>Scalars: canonical Fr, 4 limbs LE each. Output: affine points (Montgomery Fp, zero = infinity), normalised in
 * parallel chunks with one inversion per chunk.
 */
public final class FixedBaseMul {
    private static final int W = 8;
    private static final int WINDOWS = (256 + W - 1) / W;
    private static final int CHUNK = 1024;

    private final Curve curve;
    /** WINDOWS × (2^W − 1) affine points: entry (k, d) is [d·2^(W·k)]P at index k·(2^W − 1) + d − 1. */
    private final long[] table;

    /**
     * Builds the table: the window bases [2^(W·k)]P by W doublings each (sequential, 248 doublings), then each
     * window's 255 multiples by repeated addition and its affine forms (one batch inversion per window), windows in
     * parallel.
     */
    public FixedBaseMul(Curve curve, long[] baseAffine) {
        this.curve = curve;
        int per = (1 << W) - 1;
        int jl = curve.jacobianLongs();
        int al = curve.affineLongs();
        long[] bases = new long[WINDOWS * jl];
        curve.fromAffine(bases, 0, baseAffine, 0);
        for (int k = 1; k < WINDOWS; k++) {
            curve.dbl(bases, k * jl, bases, (k - 1) * jl);
            for (int i = 1; i < W; i++) {
                curve.dbl(bases, k * jl, bases, k * jl);
            }
        }
        table = new long[WINDOWS * per * al];
        IntStream.range(0, WINDOWS).parallel().forEach(k -> {
            long[] jac = new long[per * jl];
            System.arraycopy(bases, k * jl, jac, 0, jl);
            for (int d = 2; d <= per; d++) {
                curve.add(jac, (d - 1) * jl, jac, (d - 2) * jl, bases, k * jl);
            }
            curve.batchToAffine(table, k * per * al, jac, 0, per);
        });
    }

    /** The curve of P. */
    public Curve curve() {
        return curve;
    }

    /** Degree of the coordinate field over Fp: 1 for G1, 2 for G2 (the device kernels' {@code d}). */
    public int degree() {
        return curve.n / 6;
    }

    /**
     * The precomputed table itself (not a copy; never modify it): entry (k, d) = [d·2^(W·k)]P, affine, at index
     * k·255 + d − 1 — the layout {@code jzk.tornado.bls.FixedBaseGpu} uploads.
     */
    long[] table() {
        return table;
    }

    /** [scalars_i]P for i < count, affine, into a new array. */
    public long[] mulAll(long[] scalars, int count) {
        int al = curve.affineLongs();
        int jl = curve.jacobianLongs();
        int per = (1 << W) - 1;
        long[] out = new long[jzk.arith.ArraySizes.longs(count, al, "fixed-base products")];
        IntStream.range(0, (count + CHUNK - 1) / CHUNK).parallel().forEach(ch -> {
            int start = ch * CHUNK;
            int m = Math.min(CHUNK, count - start);
            long[] jac = new long[m * jl];
            for (int i = 0; i < m; i++) {
                int so = (start + i) * 4;
                curve.setInfinity(jac, i * jl);
                for (int k = 0; k < WINDOWS; k++) {
                    int bit = k * W;
                    int d = (int) (scalars[so + (bit >>> 6)] >>> (bit & 63)) & per;
                    if (d != 0) {
                        curve.addMixed(jac, i * jl, jac, i * jl, table, (k * per + d - 1) * al);
                    }
                }
            }
            curve.batchToAffine(out, start * al, jac, 0, m);
        });
        return out;
    }
}
