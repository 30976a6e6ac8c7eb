package jzk.prover.groth16;

import jzk.arith.FrDomain;

/**
 * The heavy kernels of a Groth16 proof, behind one seam so that a device can replace the CPU: the quotient
 * polynomial (three NTT round trips) and the multi-scalar multiplications.
 *
 * <p>Contract: points are affine, Montgomery Fp (see {@link Points}), zero = infinity; scalars are canonical
 * (not Montgomery) Fr, 4 little-endian limbs each; results are Jacobian (G1: 18 longs, G2: 36 longs). For the
 * same inputs every implementation must return the same group element (the prover normalises to affine, so
 * proofs are then byte-identical).
 */
public interface ProverBackend {
    String name();

    /**
     * Whether the prover may call this backend from several threads at once (overlapping the MSMs that do not
     * need H with the NTTs). The CPU backend may; a device backend serialises its calls.
     */
    default boolean concurrent() {
        return true;
    }

    /** {@code Σ_{i<count} scalars[so + 4i] · points[po + 12i]}. */
    long[] msmG1(long[] points, int po, long[] scalars, int so, int count);

    /** {@code Σ_{i<count} scalars[so + 4i] · points[po + 24i]}. */
    long[] msmG2(long[] points, int po, long[] scalars, int so, int count);

    /**
     * {@code Σ_{i<count} scalars[so + 4i] · section[i]} over one of {@code pk}'s large sections. This default reads
     * the host array ({@link KeySection#points}, which fails clearly for a device-resident key); a device backend
     * reads a {@link DeviceKey}'s bases in place.
     */
    default long[] msmKey(ProvingKey pk, KeySection section, long[] scalars, int so, int count) {
        long[] pts = section.points(pk);
        return section.g2() ? msmG2(pts, 0, scalars, so, count) : msmG1(pts, 0, scalars, so, count);
    }

    /**
     * The H scalars for {@code variant} (Montgomery Fr, length n·4) from the evaluations a, b, c on the domain
     * (Montgomery, overwritten): see {@link QuotientPolynomial}.
     */
    long[] quotient(ProvingKey.HVariant variant, FrDomain domain, long[] a, long[] b, long[] c);
}
