package jzk.prover.groth16;

import jzk.arith.Curve;
import jzk.arith.Fp12;
import jzk.arith.Fr;
import jzk.arith.G1;
import jzk.arith.G2;
import jzk.arith.Pairing;

import java.math.BigInteger;
import java.security.SecureRandom;
import java.util.List;
import java.util.Random;

/**
 * Groth16 verification (Groth 2016 §3.2): e(A, B) = e(α, β)·e(X, γ)·e(C, δ), X = IC_0 + Σ x_i·IC_i, checked as one
 * product of three Miller loops and one final exponentiation against the prepared e(α, β).
 *
 * <p>Proof points must be on their curves and in the order-r subgroups (checked here: a proof is untrusted
 * input); public inputs are Montgomery Fr (so &lt; r by construction), nPublic of them.
 *
 * <p>Batch verification of k proofs under one key by a random linear combination (Bellare, Garay, Rabin, "Fast
 * Batch Verification for Modular Exponentiation and Digital Signatures", EUROCRYPT 1998, small-exponent test;
 * bellman's {@code verify_proofs_batch}): with random 128-bit ρ_i,
 * Π e(ρ_i·A_i, B_i) · e(Σ ρ_i·X_i, −γ) · e(Σ ρ_i·C_i, −δ) = e(α, β)^(Σ ρ_i). A false batch passes with
 * probability ≤ 2^−128; k + 2 Miller loops and one final exponentiation.
 */
public final class Verifier {
    private static final int RHO_BITS = 128;

    private Verifier() {
    }

    public static boolean verify(PreparedVerifyingKey pvk, Proof proof, long[] publicInputs) {
        if (!validPoints(proof)) {
            return false;
        }
        long[] x = inputPoint(pvk.vk, publicInputs);
        long[] g1s = new long[3 * Points.G1];
        long[] g2s = new long[3 * Points.G2];
        System.arraycopy(proof.a, 0, g1s, 0, Points.G1);
        System.arraycopy(proof.b, 0, g2s, 0, Points.G2);
        System.arraycopy(x, 0, g1s, Points.G1, Points.G1);
        System.arraycopy(pvk.negGamma2, 0, g2s, Points.G2, Points.G2);
        System.arraycopy(proof.c, 0, g1s, 2 * Points.G1, Points.G1);
        System.arraycopy(pvk.negDelta2, 0, g2s, 2 * Points.G2, Points.G2);
        long[] f = new long[Fp12.LONGS];
        Pairing.millerLoop(f, 0, g1s, 0, g2s, 0, 3);
        Pairing.finalExponentiation(f, 0, f, 0);
        return Fp12.equal(f, 0, pvk.alphaBeta, 0);
    }

    /** Batch check of proofs.get(i) against inputs.get(i), with ρ from a SecureRandom. */
    public static boolean verifyBatch(PreparedVerifyingKey pvk, List<Proof> proofs, List<long[]> inputs) {
        return verifyBatch(pvk, proofs, inputs, new SecureRandom());
    }

    public static boolean verifyBatch(PreparedVerifyingKey pvk, List<Proof> proofs, List<long[]> inputs,
                                      Random rnd) {
        int k = proofs.size();
        if (inputs.size() != k) {
            throw new IllegalArgumentException(k + " proofs but " + inputs.size() + " public-input vectors");
        }
        if (k == 0) {
            return true;
        }
        Curve g1 = G1.CURVE;
        long[] g1s = new long[(k + 2) * Points.G1];
        long[] g2s = new long[(k + 2) * Points.G2];
        long[] sumX = new long[Points.G1_JAC];
        long[] sumC = new long[Points.G1_JAC];
        g1.setInfinity(sumX, 0);
        g1.setInfinity(sumC, 0);
        BigInteger rhoSum = BigInteger.ZERO;
        long[] t = new long[Points.G1_JAC];
        for (int i = 0; i < k; i++) {
            Proof p = proofs.get(i);
            if (!validPoints(p)) {
                return false;
            }
            BigInteger rho = new BigInteger(RHO_BITS, rnd).setBit(0); // non-zero
            rhoSum = rhoSum.add(rho);
            g1.mul(t, 0, p.a, 0, rho);
            g1.toAffine(g1s, i * Points.G1, t, 0);
            System.arraycopy(p.b, 0, g2s, i * Points.G2, Points.G2);
            g1.mul(t, 0, inputPoint(pvk.vk, inputs.get(i)), 0, rho);
            g1.add(sumX, 0, sumX, 0, t, 0);
            g1.mul(t, 0, p.c, 0, rho);
            g1.add(sumC, 0, sumC, 0, t, 0);
        }
        g1.toAffine(g1s, k * Points.G1, sumX, 0);
        System.arraycopy(pvk.negGamma2, 0, g2s, k * Points.G2, Points.G2);
        g1.toAffine(g1s, (k + 1) * Points.G1, sumC, 0);
        System.arraycopy(pvk.negDelta2, 0, g2s, (k + 1) * Points.G2, Points.G2);
        long[] f = new long[Fp12.LONGS];
        Pairing.millerLoop(f, 0, g1s, 0, g2s, 0, k + 2);
        Pairing.finalExponentiation(f, 0, f, 0);
        long[] rhs = new long[Fp12.LONGS];
        Fp12.pow(rhs, 0, pvk.alphaBeta, 0, rhoSum.mod(Fr.R));
        return Fp12.equal(f, 0, rhs, 0);
    }

    /** X = IC_0 + Σ x_i·IC_i (affine). */
    static long[] inputPoint(VerifyingKey vk, long[] publicInputs) {
        if (publicInputs.length != vk.nPublic * 4) {
            throw new IllegalArgumentException("verifying key has " + vk.nPublic + " public inputs, got "
                    + publicInputs.length / 4);
        }
        long[] sc = publicInputs.clone();
        Fr.F.toCanonicalVector(sc, 0, vk.nPublic);
        long[] acc = jzk.arith.Pippenger.msmG1(java.util.Arrays.copyOfRange(vk.ic, Points.G1, vk.ic.length), sc,
                vk.nPublic);
        if (!Points.isZero(vk.ic, 0, Points.G1)) {
            G1.CURVE.addMixed(acc, 0, acc, 0, vk.ic, 0);
        }
        return Prover.affine(G1.CURVE, acc);
    }

    /** On-curve and subgroup checks of the three proof points. */
    static boolean validPoints(Proof p) {
        return G1.CURVE.isOnCurveAffine(p.a, 0) && G1.CURVE.isOnCurveAffine(p.c, 0)
                && G2.CURVE.isOnCurveAffine(p.b, 0) && G1.isInSubgroup(p.a, 0) && G1.isInSubgroup(p.c, 0)
                && G2.isInSubgroup(p.b, 0);
    }
}
