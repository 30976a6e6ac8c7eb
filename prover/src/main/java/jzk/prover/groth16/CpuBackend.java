package jzk.prover.groth16;

import jzk.arith.FrDomain;
import jzk.arith.G1;
import jzk.arith.G2;
import jzk.arith.Pippenger;

import java.util.Arrays;
import java.util.concurrent.ForkJoinPool;

/**
 * The pure-Java {@link ProverBackend}: NTTs by {@link FrDomain} (parallel butterflies), MSMs by field-arith's
 * {@link Pippenger} (signed-digit buckets, window × chunk tasks; scalars equal to 1, the witness's bits, summed
 * apart), in {@link #POOL} when called by {@link Prover}.
 */
public final class CpuBackend implements ProverBackend {
    public static final CpuBackend INSTANCE = new CpuBackend();
    /**
     * The pool {@link Prover#prove} runs a CPU proof in: one worker per core. (On the common pool, which has
     * cores − 1 workers, the calling thread blocked in {@code join()} during the H MSM without working — profiled:
     * one of the 2 cores of the CI box sat idle for much of a proof.) Everything inside (MSM window tasks, NTT
     * parallel streams, the overlapped MSMs) runs in this pool because fork-join work started from a worker stays
     * in that worker's pool.
     */
    public static final ForkJoinPool POOL = new ForkJoinPool(Runtime.getRuntime().availableProcessors());

    private CpuBackend() {
    }

    @Override
    public String name() {
        return "cpu";
    }

    @Override
    public long[] msmG1(long[] points, int po, long[] scalars, int so, int count) {
        return Pippenger.msm(G1.CURVE, slice(points, po, count * Points.G1), slice(scalars, so, count * 4), count);
    }

    @Override
    public long[] msmG2(long[] points, int po, long[] scalars, int so, int count) {
        return Pippenger.msm(G2.CURVE, slice(points, po, count * Points.G2), slice(scalars, so, count * 4), count);
    }

    @Override
    public long[] quotient(ProvingKey.HVariant variant, FrDomain domain, long[] a, long[] b, long[] c) {
        return variant == ProvingKey.HVariant.BELLMAN ? QuotientPolynomial.bellman(domain, a, b, c)
                : QuotientPolynomial.snarkjsOdd(domain, a, b, c);
    }

    /** field-arith's MSM reads from index 0; copy only when the caller passes an offset. */
    private static long[] slice(long[] a, int off, int len) {
        return off == 0 ? a : Arrays.copyOfRange(a, off, off + len);
    }
}
