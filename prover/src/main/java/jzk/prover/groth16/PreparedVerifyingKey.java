package jzk.prover.groth16;

import jzk.arith.G2;
import jzk.arith.Pairing;

/**
 * A verifying key prepared for repeated checks (as bellman's {@code PreparedVerifyingKey}): e(α, β) ∈ GT computed
 * once, −γ and −δ negated once, so that a proof costs three Miller loops and one final exponentiation:
 * e(A, B)·e(X, −γ)·e(C, −δ) = e(α, β) with X = IC_0 + Σ x_i·IC_i.
 *
 * <p>Layouts: G2 affine (24 longs, Montgomery Fp), GT element in the {@code Fp12} layout (72 longs).
 */
public final class PreparedVerifyingKey {
    public final VerifyingKey vk;
    /** e(α, β). */
    public final long[] alphaBeta;
    public final long[] negGamma2;
    public final long[] negDelta2;

    public PreparedVerifyingKey(VerifyingKey vk) {
        this.vk = vk;
        this.alphaBeta = Pairing.pairing(vk.alpha1, 0, vk.beta2, 0);
        this.negGamma2 = new long[Points.G2];
        this.negDelta2 = new long[Points.G2];
        G2.CURVE.negAffine(negGamma2, 0, vk.gamma2, 0);
        G2.CURVE.negAffine(negDelta2, 0, vk.delta2, 0);
    }
}
