package jzk.prover.groth16;

import java.util.Arrays;

/**
 * A Groth16 proof (A ∈ G1, B ∈ G2, C ∈ G1): affine points in the jzk layout, Montgomery-form Fp limbs
 * (see {@link Points}); all-zero = infinity. The 192-byte compressed encoding is {@link ProofCodec}.
 */
public final class Proof {
    public final long[] a;
    public final long[] b;
    public final long[] c;

    public Proof(long[] a, long[] b, long[] c) {
        if (a.length != Points.G1 || b.length != Points.G2 || c.length != Points.G1) {
            throw new IllegalArgumentException("proof points have wrong lengths");
        }
        this.a = a;
        this.b = b;
        this.c = c;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Proof p && Arrays.equals(a, p.a) && Arrays.equals(b, p.b) && Arrays.equals(c, p.c);
    }

    @Override
    public int hashCode() {
        return Arrays.hashCode(a) * 31 + Arrays.hashCode(c);
    }
}
