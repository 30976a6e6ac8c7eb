package jzk.prover.groth16;

import jzk.arith.FrDomain;
import jzk.arith.G1;
import jzk.arith.G2;

/**
 * The pure-Java {@link ProverBackend}: NTTs by {@link FrDomain} (parallel butterflies), MSMs by {@link Pippenger}
 * (parallel windows) on the common fork-join pool.
 */
public final class CpuBackend implements ProverBackend {
    public static final CpuBackend INSTANCE = new CpuBackend();

    private CpuBackend() {
    }

    @Override
    public String name() {
        return "cpu";
    }

    @Override
    public long[] msmG1(long[] points, int po, long[] scalars, int so, int count) {
        return Pippenger.msm(G1.CURVE, points, po, scalars, so, count);
    }

    @Override
    public long[] msmG2(long[] points, int po, long[] scalars, int so, int count) {
        return Pippenger.msm(G2.CURVE, points, po, scalars, so, count);
    }

    @Override
    public long[] quotient(ProvingKey.HVariant variant, FrDomain domain, long[] a, long[] b, long[] c) {
        return variant == ProvingKey.HVariant.BELLMAN ? QuotientPolynomial.bellman(domain, a, b, c)
                : QuotientPolynomial.snarkjsOdd(domain, a, b, c);
    }
}
