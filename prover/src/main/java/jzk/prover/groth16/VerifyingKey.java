package jzk.prover.groth16;

import java.util.Arrays;

/**
 * A Groth16 verifying key on BLS12-381: [α]₁, [β]₂, [γ]₂, [δ]₂ and the input-consistency points
 * IC_j = [(β·u_j(τ) + α·v_j(τ) + w_j(τ))/γ]₁ for the one-wire j = 0 and the public inputs j = 1..nPublic.
 *
 * <p>Layout: affine points, Montgomery-form Fp limbs (G1 = x, y: 12 longs; G2 = x.c0, x.c1, y.c0, y.c1:
 * 24 longs; all-zero = infinity). Immutable by convention (arrays are shared, never written after construction).
 */
public final class VerifyingKey {
    public final long[] alpha1;
    public final long[] beta2;
    public final long[] gamma2;
    public final long[] delta2;
    /** (nPublic + 1) G1 points. */
    public final long[] ic;
    public final int nPublic;

    public VerifyingKey(long[] alpha1, long[] beta2, long[] gamma2, long[] delta2, long[] ic) {
        if (alpha1.length != Points.G1 || beta2.length != Points.G2 || gamma2.length != Points.G2
                || delta2.length != Points.G2 || ic.length == 0 || ic.length % Points.G1 != 0) {
            throw new IllegalArgumentException("verifying key arrays have wrong lengths");
        }
        this.alpha1 = alpha1;
        this.beta2 = beta2;
        this.gamma2 = gamma2;
        this.delta2 = delta2;
        this.ic = ic;
        this.nPublic = ic.length / Points.G1 - 1;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof VerifyingKey v && Arrays.equals(alpha1, v.alpha1) && Arrays.equals(beta2, v.beta2)
                && Arrays.equals(gamma2, v.gamma2) && Arrays.equals(delta2, v.delta2) && Arrays.equals(ic, v.ic);
    }

    @Override
    public int hashCode() {
        return Arrays.hashCode(ic);
    }
}
