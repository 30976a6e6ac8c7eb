package jzk.prover.groth16;

import jzk.arith.Curve;
import jzk.arith.Fr;
import jzk.arith.FrDomain;
import jzk.arith.G1;
import jzk.arith.G2;
import jzk.arith.MontgomeryField;
import jzk.tornado.bls.BlsGpu;
import jzk.tornado.bls.Coset;
import jzk.tornado.bls.KernelHost;

import java.math.BigInteger;
import java.util.Arrays;
import java.util.stream.IntStream;

/**
 * A {@link ProverBackend} on a device through the kernels' host API ({@code jzk.tornado.bls.BlsGpu}): the six NTTs
 * of the quotient and the MSMs run as kernels on {@code host} (a GPU, PoCL, or the {@code jvm} device); the
 * pointwise a·b − c (and the division by Z on the coset) stays on the CPU, between the two NTT groups.
 *
 * <p>Each call uploads its inputs (bases are not kept resident across proofs yet: that is the pipeline's job with
 * {@code ResidentBases}). Results are the same group elements as {@link CpuBackend}'s, so with fixed r, s the
 * proofs are byte-identical (tested on the jvm device).
 */
public final class DeviceBackend implements ProverBackend {
    private static final MontgomeryField F = Fr.F;
    private final KernelHost host;

    public DeviceBackend(KernelHost host) {
        this.host = host;
    }

    @Override
    public String name() {
        return "device:" + host.name();
    }

    @Override
    public long[] msmG1(long[] points, int po, long[] scalars, int so, int count) {
        return jacobian(G1.CURVE, count == 0 ? null
                : BlsGpu.msmG1(host, slice(points, po, count * Points.G1), slice(scalars, so, count * 4)));
    }

    @Override
    public long[] msmG2(long[] points, int po, long[] scalars, int so, int count) {
        return jacobian(G2.CURVE, count == 0 ? null
                : BlsGpu.msmG2(host, slice(points, po, count * Points.G2), slice(scalars, so, count * 4)));
    }

    @Override
    public long[] quotient(ProvingKey.HVariant variant, FrDomain domain, long[] a, long[] b, long[] c) {
        if (domain.n < 2) {
            return CpuBackend.INSTANCE.quotient(variant, domain, a, b, c); // the kernels need n ≥ 2
        }
        boolean bellman = variant == ProvingKey.HVariant.BELLMAN;
        Coset coset = bellman ? Coset.GENERATOR : Coset.ODD;
        for (long[] v : new long[][] {a, b, c}) {
            BlsGpu.ntt(host, v, true, Coset.NONE, domain.family);
            BlsGpu.ntt(host, v, false, coset, domain.family);
        }
        long[] zInv = null;
        if (bellman) {
            zInv = new long[4];
            F.pow(zInv, 0, FrDomain.generatorShift(), 0, BigInteger.valueOf(domain.n));
            F.sub(zInv, 0, zInv, 0, F.fromLong(1), 0);
            F.inverse(zInv, 0, zInv, 0);
        }
        final long[] scale = zInv;
        IntStream.range(0, domain.n).parallel().forEach(i -> {
            int o = i * 4;
            F.mul(a, o, a, o, b, o);
            F.sub(a, o, a, o, c, o);
            if (scale != null) {
                F.mul(a, o, a, o, scale, 0);
            }
        });
        if (bellman) {
            BlsGpu.ntt(host, a, true, Coset.GENERATOR, domain.family);
        }
        return a;
    }

    private static long[] jacobian(Curve curve, long[] affine) {
        long[] j = new long[curve.jacobianLongs()];
        if (affine == null) {
            curve.setInfinity(j, 0);
        } else {
            curve.fromAffine(j, 0, affine, 0);
        }
        return j;
    }

    private static long[] slice(long[] a, int off, int len) {
        return off == 0 && a.length == len ? a : Arrays.copyOfRange(a, off, off + len);
    }
}
