package jzk.tornado.bls;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import jzk.arith.Curve;
import jzk.arith.Fr;
import jzk.arith.G1;
import jzk.arith.G2;
import jzk.arith.Limbs;
import jzk.tornado.bls.kernels.FixedBaseKernels;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.Parameter;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The fixed-base kernel on every host (the runtime's jvm device, PoCL in CI) against field-arith's CPU
 * scalar multiplication ({@link Curve#mul}, double-and-add on Jacobian points, an independent code path), bit for
 * bit in the project's affine layout, for G1 and G2: scalars 0, 1, r − 1, r (last window adds −acc: infinity),
 * 2^256 − 1 (every digit 255), 0xE8·2^248 − r (last window adds acc itself: the doubling case), single-byte
 * scalars, runs of equal scalars and random ones; several launches (small batches) and normalisation chunks.
 */
@ParameterizedClass(name = "{0}")
@MethodSource("jzk.tornado.bls.TestHosts#hosts")
class FixedBaseGpuTest {
    private final Random rnd = new Random(21);
    @Parameter
    KernelHost host;

    /** T[k][e] = [e·2^(8k)]P at index k·255 + e − 1, affine: built with field-arith's Jacobian additions. */
    static long[] table(Curve curve, long[] pAffine) {
        int jl = curve.jacobianLongs();
        int per = FixedBaseKernels.DIGITS;
        long[] jac = new long[FixedBaseGpu.TABLE_POINTS * jl];
        long[] base = new long[jl];
        curve.fromAffine(base, 0, pAffine, 0);
        for (int k = 0; k < FixedBaseKernels.WINDOWS; k++) {
            int row = k * per;
            System.arraycopy(base, 0, jac, row * jl, jl);
            for (int e = 2; e <= per; e++) {
                curve.add(jac, (row + e - 1) * jl, jac, (row + e - 2) * jl, base, 0);
            }
            for (int i = 0; i < FixedBaseKernels.WINDOW_BITS; i++) {
                curve.dbl(base, 0, base, 0);
            }
        }
        long[] t = new long[FixedBaseGpu.TABLE_POINTS * curve.affineLongs()];
        curve.batchToAffine(t, 0, jac, 0, FixedBaseGpu.TABLE_POINTS);
        return t;
    }

    private List<BigInteger> scalars() {
        BigInteger r = Fr.R;
        List<BigInteger> s = new ArrayList<>(List.of(BigInteger.ZERO, BigInteger.ONE, BigInteger.TWO,
                r.subtract(BigInteger.ONE), r, BigInteger.ONE.shiftLeft(256).subtract(BigInteger.ONE),
                BigInteger.valueOf(0xE8).shiftLeft(248).subtract(r), BigInteger.valueOf(255),
                BigInteger.valueOf(0x80).shiftLeft(120)));
        BigInteger same = Oracle.random(rnd, r);
        for (int i = 0; i < 5; i++) {
            s.add(same);
        }
        for (int i = 0; i < 6; i++) {
            s.add(Oracle.random(rnd, r));
        }
        return s;
    }

    private void check(int d, long[] pAffine, int batch, int chunk) {
        Curve curve = d == 1 ? G1.CURVE : G2.CURVE;
        List<BigInteger> ks = scalars();
        int n = ks.size();
        long[] sc = new long[4 * n];
        long[] want = new long[n * curve.affineLongs()];
        long[] jac = new long[curve.jacobianLongs()];
        for (int i = 0; i < n; i++) {
            System.arraycopy(Limbs.fromBigInteger(ks.get(i), 4), 0, sc, 4 * i, 4);
            curve.mul(jac, 0, pAffine, 0, ks.get(i));
            curve.toAffine(want, i * curve.affineLongs(), jac, 0);
        }
        try (FixedBaseGpu g = new FixedBaseGpu(host, d, table(curve, pAffine), batch, chunk)) {
            long[] got = g.mulAll(sc, n);
            for (int i = 0; i < n; i++) {
                int al = curve.affineLongs();
                assertArrayEquals(java.util.Arrays.copyOfRange(want, i * al, (i + 1) * al),
                        java.util.Arrays.copyOfRange(got, i * al, (i + 1) * al),
                        curve.name + " scalar " + i + " = " + ks.get(i).toString(16) + " on " + host.name());
            }
            assertTrue(curve.isInfinityAffine(got, 0) && curve.isInfinityAffine(got, 4 * curve.affineLongs()),
                    "[0]P and [r]P are infinity");
        }
    }

    @Test
    void g1GeneratorAndOtherBase() {
        check(1, G1.CURVE.generatorAffine(), 1 << 20, 1024);
        long[] p = new long[G1.CURVE.affineLongs()];
        long[] j = new long[G1.CURVE.jacobianLongs()];
        G1.CURVE.mul(j, 0, G1.CURVE.generatorAffine(), 0, BigInteger.valueOf(987654321));
        G1.CURVE.toAffine(p, 0, j, 0);
        check(1, p, 7, 3); // three launches, chunks of 3 points
    }

    @Test
    void g2Generator() {
        check(2, G2.CURVE.generatorAffine(), 9, 4);
    }

    @Test
    void oneShotEntryPointAndErrors() {
        long[] t = table(G1.CURVE, G1.CURVE.generatorAffine());
        long[] sc = Limbs.fromBigInteger(BigInteger.valueOf(5), 4);
        long[] j = new long[G1.CURVE.jacobianLongs()];
        long[] want = new long[G1.CURVE.affineLongs()];
        G1.CURVE.mul(j, 0, G1.CURVE.generatorAffine(), 0, BigInteger.valueOf(5));
        G1.CURVE.toAffine(want, 0, j, 0);
        assertArrayEquals(want, BlsGpu.fixedBaseMul(host, 1, t, sc));
        assertArrayEquals(new long[0], BlsGpu.fixedBaseMul(host, 1, t, new long[0]));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> new FixedBaseGpu(host, 2, t));
        assertTrue(e.getMessage().contains("G2 table"), e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> new FixedBaseGpu(host, 3, t));
        try (FixedBaseGpu g = new FixedBaseGpu(host, 1, t)) {
            assertThrows(IllegalArgumentException.class, () -> g.mulAll(new long[3], 1));
        }
    }
}
