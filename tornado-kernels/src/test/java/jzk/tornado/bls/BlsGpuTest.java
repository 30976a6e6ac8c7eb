package jzk.tornado.bls;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.math.BigInteger;
import java.util.Random;
import jzk.arith.Fr;
import jzk.arith.FrDomain;
import jzk.arith.G1;
import jzk.arith.G2;
import jzk.arith.Limbs;
import jzk.arith.Pippenger;
import jzk.tornado.runtime.Devices;
import org.junit.jupiter.api.Test;

/**
 * The prover-facing facade on the runtime's jvm device (and through it the same layout conversions every device
 * uses): NTT of every kind against field-arith's {@link FrDomain}, MSMs against field-arith's {@link Pippenger},
 * and its input checks.
 */
class BlsGpuTest {
    private final Random rnd = new Random(99);

    private long[] randomFr(int n) {
        long[] v = new long[n * 4];
        for (int i = 0; i < n; i++) {
            Fr.F.fromBigInteger(v, i * 4, Oracle.random(rnd, Fr.R));
        }
        return v;
    }

    @Test
    void nttOfEveryKindMatchesFrDomain() {
        int lgN = 6;
        FrDomain cpu = new FrDomain(lgN, Fr.RootFamily.SNARKJS_5);
        long[] a = randomFr(1 << lgN);
        long[] odd = Fr.rootOfUnity(lgN + 1, Fr.RootFamily.SNARKJS_5);
        long[] seven = FrDomain.generatorShift();
        for (Coset coset : Coset.values()) {
            for (boolean inverse : new boolean[] {false, true}) {
                long[] want = a.clone();
                long[] shift = coset == Coset.ODD ? odd : seven;
                if (coset == Coset.NONE) {
                    if (inverse) {
                        cpu.ifft(want);
                    } else {
                        cpu.fft(want);
                    }
                } else if (inverse) {
                    cpu.cosetIfft(want, shift);
                } else {
                    cpu.cosetFft(want, shift);
                }
                long[] got = a.clone();
                BlsGpu.ntt(Devices.jvm(), got, inverse, coset);
                assertArrayEquals(want, got, coset + (inverse ? " inverse" : " forward"));
            }
        }
    }

    @Test
    void nttRejectsSizesThatAreNotPowersOfTwo() {
        assertThrows(IllegalArgumentException.class, () -> BlsGpu.ntt(Devices.jvm(), new long[12], false, Coset.NONE));
    }

    @Test
    void msmG1AndG2MatchPippengerAndResidentBasesAreReusable() {
        int n = 20;
        for (jzk.arith.Curve curve : new jzk.arith.Curve[] {G1.CURVE, G2.CURVE}) {
            long[] bases = new long[n * curve.affineLongs()];
            long[] g = curve.generatorAffine();
            for (int i = 0; i < n; i++) {
                long[] p = new long[curve.jacobianLongs()];
                curve.mul(p, 0, g, 0, BigInteger.valueOf(31 + 7L * i));
                curve.toAffine(bases, i * curve.affineLongs(), p, 0);
            }
            boolean g1 = curve == G1.CURVE;
            try (ResidentBases rb = g1 ? BlsGpu.residentG1(Devices.jvm(), bases)
                    : BlsGpu.residentG2(Devices.jvm(), bases)) {
                for (int round = 0; round < 2; round++) {
                    long[] scalars = new long[n * 4];
                    for (int i = 0; i < n; i++) {
                        System.arraycopy(Limbs.fromBigInteger(Oracle.random(rnd, Fr.R), 4), 0, scalars, i * 4, 4);
                    }
                    long[] want = new long[curve.affineLongs()];
                    curve.toAffine(want, 0, Pippenger.msm(curve, bases, scalars, n), 0);
                    assertArrayEquals(want, BlsGpu.msm(rb, scalars), curve.name + " resident, round " + round);
                    long[] once = g1 ? BlsGpu.msmG1(Devices.jvm(), bases, scalars)
                            : BlsGpu.msmG2(Devices.jvm(), bases, scalars);
                    assertArrayEquals(want, once, curve.name + " one-shot");
                }
            }
        }
    }
}
