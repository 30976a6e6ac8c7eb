package jzk.prover.groth16;

import jzk.arith.Fr;
import jzk.arith.FrDomain;
import jzk.arith.G1;
import jzk.arith.G2;
import jzk.arith.MontgomeryField;
import jzk.prover.r1cs.CsrMatrix;
import jzk.prover.r1cs.R1cs;

import java.math.BigInteger;
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
    private static final boolean TIMING = Boolean.getBoolean("jzk.setup.timing");

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
    static long[] toxicWaste(Random rnd) {
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

    private static ProvingKey generateTimed(R1cs cs, long[] alpha, int ao, long[] beta, int bo, long[] gamma,
                                            int go, long[] delta, int dO, long[] tau, int to, SetupEngine engine) {
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

        long[] u = new long[nVars * 4];
        long[] v = new long[nVars * 4];
        long[] wv = new long[nVars * 4];
        IntStream.range(0, 3).parallel().forEach(k -> accumulate(k == 0 ? cs.a() : k == 1 ? cs.b() : cs.c(),
                lag, k == 0 ? u : k == 1 ? v : wv));
        for (int j = 0; j <= nPub; j++) { // input-consistency rows: A[m + j][j] = 1
            F.add(u, j * 4, u, j * 4, lag, (m + j) * 4);
        }

        long[] gInv = new long[4];
        F.inverse(gInv, 0, gamma, go);
        long[] dInv = new long[4];
        F.inverse(dInv, 0, delta, dO);
        // ic/l scalars: (β·u + α·v + w)·γ⁻¹ or ·δ⁻¹
        int nPriv = nVars - nPub - 1;
        long[] icS = new long[(nPub + 1) * 4];
        long[] lS = new long[nPriv * 4];
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
        long tScalars = System.nanoTime();
        FixedBaseMul g1 = new FixedBaseMul(G1.CURVE, G1.generator());
        FixedBaseMul g2 = new FixedBaseMul(G2.CURVE, G2.generator());
        long tTables = System.nanoTime();
        long[] a = engine.mulAll(g1, u, nVars);
        long[] b1 = engine.mulAll(g1, v, nVars);
        long[] b2 = engine.mulAll(g2, v, nVars);
        long[] ic = engine.mulAll(g1, icS, nPub + 1);
        long[] l = engine.mulAll(g1, lS, nPriv);
        long[] h = engine.mulAll(g1, hS, n - 1);
        if (TIMING) {
            System.err.printf(java.util.Locale.ROOT, "setup phases 2^%d: lagrange %.3f s, QAP scalars %.3f s, "
                    + "tables %.3f s, fixed-base batches %.3f s (%s)%n", lg, (tLag - tPhase) / 1e9,
                    (tScalars - tLag) / 1e9, (tTables - tScalars) / 1e9, (System.nanoTime() - tTables) / 1e9,
                    engine.name());
        }

        long[] alpha1 = single(g1, alpha, ao);
        long[] beta1 = single(g1, beta, bo);
        long[] beta2 = single(g2, beta, bo);
        long[] gamma2 = single(g2, gamma, go);
        long[] delta1 = single(g1, delta, dO);
        long[] delta2 = single(g2, delta, dO);
        VerifyingKey vk = new VerifyingKey(alpha1, beta2, gamma2, delta2, ic);
        return new ProvingKey(ProvingKey.HVariant.BELLMAN, nVars, nPub, rows, lg, alpha1, beta1, beta2, delta1,
                delta2, a, b1, b2, l, h, vk);
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

    /** out[j] += Σ_i M[i][j]·lag[i] over the CSR rows. */
    static void accumulate(CsrMatrix mat, long[] lag, long[] out) {
        int[] rs = mat.rowStart();
        int[] ci = mat.colIndex();
        long[] co = mat.coeffTable();
        long[] t = new long[4];
        for (int i = 0; i < mat.rows(); i++) {
            for (int k = rs[i]; k < rs[i + 1]; k++) {
                F.mul(t, 0, co, mat.coeffOffset(k), lag, i * 4);
                F.add(out, ci[k] * 4, out, ci[k] * 4, t, 0);
            }
        }
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
