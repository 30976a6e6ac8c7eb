package jzk.prover.groth16;

import jzk.arith.Fr;
import jzk.arith.FrDomain;
import jzk.arith.G1;
import jzk.arith.G2;
import jzk.arith.MontgomeryField;
import jzk.prover.r1cs.R1cs;

import java.math.BigInteger;
import java.util.Random;
import java.util.stream.IntStream;

/**
 * Groth16 parameters of the <b>snarkjs</b> family ({@link ProvingKey.HVariant#SNARKJS_ODD}) from toxic waste, the
 * keys that snarkjs's {@code groth16 setup} + {@code zkey contribute} would produce from a powers-of-tau file
 * (zkey_new.js), without the ceremony: the same math with τ, α, β, δ known (γ = 1, as in every snarkjs key).
 * For benchmarks and tests only: whoever ran this knows the toxic waste.
 *
 * <ol>
 *   <li>QAP rows: the r1cs rows, then nPublic + 1 rows A[m + j][j] = 1 (snarkjs adds the same input rows as
 *   bellman). Domain: the smallest 2^k ≥ rows, roots of the {@link Fr.RootFamily#SNARKJS_5} family
 *   (shared/reference/snarkjs-h-domain.md).</li>
 *   <li>u_j, v_j, w_j at τ through the n-point Lagrange basis (as {@link Setup}); A_j = [u_j]₁, B_j = [v_j]₁ and
 *   [v_j]₂, IC_j = [β·u_j + α·v_j + w_j]₁ (γ = 1), C_j = [(β·u_j + α·v_j + w_j)/δ]₁ for private j.</li>
 *   <li>H_i = [L^(2n)_(2i+1)(τ)/δ]₁ for i &lt; n: the odd-indexed Lagrange polynomials of the 2n-point domain at τ
 *   (zkey_new.js writeHs reads them from the ptau's level p + 1, and contributions scale them by 1/δ).</li>
 * </ol>
 */
public final class SnarkjsSetup {
    private static final MontgomeryField F = Fr.F;

    private SnarkjsSetup() {
    }

    /** Fresh parameters from {@code rnd} (τ, α, β, δ non-zero; τ outside the 2n-point domain). */
    public static ProvingKey generate(R1cs cs, Random rnd) {
        long[] w = new long[4 * 4];
        for (int i = 0; i < 4; i++) {
            do {
                F.random(w, i * 4, rnd);
            } while (F.isZero(w, i * 4));
        }
        return generate(cs, java.util.Arrays.copyOfRange(w, 0, 4), java.util.Arrays.copyOfRange(w, 4, 8),
                java.util.Arrays.copyOfRange(w, 8, 12), java.util.Arrays.copyOfRange(w, 12, 16));
    }

    /** Parameters for given non-zero α, β, δ, τ (Montgomery Fr, 4 longs each); γ = 1. */
    public static ProvingKey generate(R1cs cs, long[] alpha, long[] beta, long[] delta, long[] tau) {
        int m = cs.numConstraints();
        int nPub = cs.numInputs();
        int nVars = cs.numVariables();
        int rows = m + nPub + 1;
        int lg = QuotientPolynomial.lgSizeFor(rows);
        FrDomain dom = new FrDomain(lg, Fr.RootFamily.SNARKJS_5);
        FrDomain dom2 = new FrDomain(lg + 1, Fr.RootFamily.SNARKJS_5);
        int n = dom.n;

        long[] zTau2 = vanishing(tau, 2L * n); // τ^(2n) − 1 = 0 iff τ is in the 2n-domain (so also the n-domain)
        if (F.isZero(zTau2, 0)) {
            throw new IllegalArgumentException("τ is in the 2n-point evaluation domain; draw another");
        }
        long[] lag = Setup.lagrangeAt(dom, tau, 0, vanishing(tau, n));

        long[] u = new long[nVars * 4];
        long[] v = new long[nVars * 4];
        long[] wv = new long[nVars * 4];
        IntStream.range(0, 3).parallel().forEach(k -> Setup.accumulate(k == 0 ? cs.a() : k == 1 ? cs.b() : cs.c(),
                lag, k == 0 ? u : k == 1 ? v : wv));
        for (int j = 0; j <= nPub; j++) { // input rows: A[m + j][j] = 1
            F.add(u, j * 4, u, j * 4, lag, (m + j) * 4);
        }

        long[] dInv = new long[4];
        F.inverse(dInv, 0, delta, 0);
        int nPriv = nVars - nPub - 1;
        long[] icS = new long[(nPub + 1) * 4];
        long[] cS = new long[nPriv * 4];
        IntStream.range(0, nVars).parallel().forEach(j -> {
            long[] t = new long[8];
            F.mul(t, 0, beta, 0, u, j * 4);
            F.mul(t, 4, alpha, 0, v, j * 4);
            F.add(t, 0, t, 0, t, 4);
            F.add(t, 0, t, 0, wv, j * 4);
            if (j <= nPub) {
                F.copy(icS, j * 4, t, 0); // γ = 1
            } else {
                F.mul(cS, (j - nPub - 1) * 4, t, 0, dInv, 0);
            }
        });
        // H_i = L^(2n)_(2i+1)(τ)/δ
        long[] lag2 = Setup.lagrangeAt(dom2, tau, 0, zTau2);
        long[] hS = new long[n * 4];
        IntStream.range(0, n).parallel().forEach(i -> F.mul(hS, i * 4, lag2, (2 * i + 1) * 4, dInv, 0));

        for (long[] s : new long[][] {u, v, icS, cS, hS}) {
            F.toCanonicalVector(s, 0, s.length / 4);
        }
        FixedBaseMul g1 = new FixedBaseMul(G1.CURVE, G1.generator());
        FixedBaseMul g2 = new FixedBaseMul(G2.CURVE, G2.generator());
        long[] a = g1.mulAll(u, nVars);
        long[] b1 = g1.mulAll(v, nVars);
        long[] b2 = g2.mulAll(v, nVars);
        long[] ic = g1.mulAll(icS, nPub + 1);
        long[] c = g1.mulAll(cS, nPriv);
        long[] h = g1.mulAll(hS, n);

        long[] alpha1 = Setup.single(g1, alpha, 0);
        long[] beta1 = Setup.single(g1, beta, 0);
        long[] beta2 = Setup.single(g2, beta, 0);
        long[] gamma2 = G2.generator().clone();
        long[] delta1 = Setup.single(g1, delta, 0);
        long[] delta2 = Setup.single(g2, delta, 0);
        VerifyingKey vk = new VerifyingKey(alpha1, beta2, gamma2, delta2, ic);
        return new ProvingKey(ProvingKey.HVariant.SNARKJS_ODD, nVars, nPub, rows, lg, alpha1, beta1, beta2, delta1,
                delta2, a, b1, b2, c, h, vk);
    }

    /** τ^k − 1 (Montgomery). */
    private static long[] vanishing(long[] tau, long k) {
        long[] z = new long[4];
        F.pow(z, 0, tau, 0, BigInteger.valueOf(k));
        F.sub(z, 0, z, 0, F.fromLong(1), 0);
        return z;
    }
}
