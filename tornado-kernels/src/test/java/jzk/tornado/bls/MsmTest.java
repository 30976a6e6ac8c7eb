package jzk.tornado.bls;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigInteger;
import java.util.Random;
import jzk.arith.Fp;
import jzk.arith.Fr;
import jzk.arith.Limbs;
import jzk.tornado.bls.kernels.MsmKernels;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.Parameter;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Pippenger MSM on every test host against the naive Σ k_i·P_i of the BigInteger {@link Oracle}, for G1 and G2,
 * with zero scalars, r − 1, points at infinity, repeated bases (also P and −P), several segments; plus the
 * signed-digit recoding and the rejection of scalars ≥ r.
 */
@ParameterizedClass(name = "{0}")
@MethodSource("jzk.tornado.bls.TestHosts#hosts")
class MsmTest {
    private final Random rnd = new Random(7);
    @Parameter
    KernelHost host;

    @Test
    void signedDigitsReconstructTheScalar() {
        for (int trial = 0; trial < 50; trial++) {
            BigInteger s = trial == 0 ? Fr.R.subtract(BigInteger.ONE) : Oracle.random(rnd, Fr.R);
            int[] limbs = new int[8];
            Oracle.putRaw(s, 8, limbs, 0);
            for (int c = 2; c <= 16; c++) {
                int windows = (256 + c - 1) / c;
                BigInteger sum = BigInteger.ZERO;
                for (int w = 0; w < windows; w++) {
                    int digit = MsmKernels.signedDigit(limbs, 0, w, c);
                    assertTrue(digit > -(1 << (c - 1)) && digit <= (1 << (c - 1)), "digit range c=" + c);
                    sum = sum.add(BigInteger.valueOf(digit).shiftLeft(w * c));
                }
                assertEquals(s, sum, "recoding c=" + c);
            }
        }
    }

    private static long[] affineToLongs(BigInteger[][] p, int d) {
        long[] out = new long[12 * d];
        if (p != null) {
            for (int c = 0; c < 2; c++) {
                for (int i = 0; i < d; i++) {
                    Fp.F.fromBigInteger(out, (c * d + i) * 6, p[c][i]);
                }
            }
        }
        return out;
    }

    private void checkMsm(int d, int n, int segmentPoints) {
        BigInteger[][] g = Oracle.generator(d);
        BigInteger[][][] pts = new BigInteger[n][][];
        BigInteger[] ks = new BigInteger[n];
        for (int i = 0; i < n; i++) {
            pts[i] = switch (i % 9) {
                case 0 -> null;                               // infinity base
                case 1 -> g;
                case 2 -> pts[i - 1];                         // repeated base
                case 3 -> Oracle.neg(pts[i - 2]);             // its negation
                default -> Oracle.scalarMul(g, new BigInteger(40, rnd));
            };
            ks[i] = switch (i % 5) {
                case 0 -> BigInteger.ZERO;
                case 1 -> Fr.R.subtract(BigInteger.ONE);
                case 2 -> BigInteger.ONE;
                default -> Oracle.random(rnd, Fr.R);
            };
        }
        BigInteger[][] want = null;
        long[] bases = new long[n * 12 * d];
        long[] scalars = new long[n * 4];
        for (int i = 0; i < n; i++) {
            want = Oracle.addPoints(want, Oracle.scalarMul(pts[i], ks[i]));
            System.arraycopy(affineToLongs(pts[i], d), 0, bases, i * 12 * d, 12 * d);
            System.arraycopy(Limbs.fromBigInteger(ks[i], 4), 0, scalars, i * 4, 4);
        }
        try (ResidentBases rb = new ResidentBases(host, d, bases, segmentPoints)) {
            long[] got = Msm.msm(rb, scalars);
            assertEquals(java.util.Arrays.toString(affineToLongs(want, d)), java.util.Arrays.toString(got),
                    "MSM d=" + d + " n=" + n + " segments of " + segmentPoints);
        }
    }

    @Test
    void g1SmallAndSegmented() {
        checkMsm(1, 1, 100);
        checkMsm(1, 37, 100);
        checkMsm(1, 37, 10);
    }

    @Test
    void g2Small() {
        checkMsm(2, 19, 100);
        checkMsm(2, 19, 8);
    }

    @Test
    void allZeroScalarsGiveInfinity() {
        BigInteger[][] g = Oracle.generator(1);
        long[] bases = new long[4 * 12];
        for (int i = 0; i < 4; i++) {
            System.arraycopy(affineToLongs(g, 1), 0, bases, i * 12, 12);
        }
        try (ResidentBases rb = new ResidentBases(host, 1, bases, 16)) {
            assertEquals(java.util.Arrays.toString(new long[12]), java.util.Arrays.toString(Msm.msm(rb, new long[16])));
        }
    }

    @Test
    void scalarsAtLeastRAreRejected() {
        long[] bases = affineToLongs(Oracle.generator(1), 1);
        try (ResidentBases rb = new ResidentBases(host, 1, bases, 16)) {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                    () -> Msm.msm(rb, Limbs.fromBigInteger(Fr.R, 4)));
            assertTrue(e.getMessage().contains("scalar 0"), e.getMessage());
            assertThrows(IllegalArgumentException.class, () -> Msm.msm(rb, new long[8]));
        }
    }

    @Test
    void windowChoiceFitsMemoryAndGrowsWithSize() {
        int previous = 0;
        for (int lg = 4; lg <= 26; lg += 2) {
            Msm.Config cfg = Msm.choose(1 << lg, 2, Msm.TARGET_WORK_ITEMS);
            assertTrue(cfg.bucketInts(2) <= Msm.MAX_BUCKET_INTS, "fits for 2^" + lg);
            assertTrue(cfg.c() >= previous, "c grows with n at 2^" + lg);
            previous = cfg.c();
        }
    }

    /** Against field-arith's CPU Pippenger, an independent implementation (Jacobian, madd-2007-bl). */
    @Test
    void matchesFieldArithPippenger() {
        for (int d = 1; d <= 2; d++) {
            jzk.arith.Curve curve = d == 1 ? jzk.arith.G1.CURVE : jzk.arith.G2.CURVE;
            int n = 24;
            long[] bases = new long[n * curve.affineLongs()];
            long[] scalars = new long[n * 4];
            long[] g = curve.generatorAffine();
            for (int i = 0; i < n; i++) {
                long[] p = new long[curve.jacobianLongs()];
                curve.mul(p, 0, g, 0, BigInteger.valueOf(1000 + 17L * i));
                curve.toAffine(bases, i * curve.affineLongs(), p, 0);
                System.arraycopy(Limbs.fromBigInteger(Oracle.random(rnd, Fr.R), 4), 0, scalars, i * 4, 4);
            }
            long[] jac = jzk.arith.Pippenger.msm(curve, bases, scalars, n);
            long[] want = new long[curve.affineLongs()];
            curve.toAffine(want, 0, jac, 0);
            try (ResidentBases rb = new ResidentBases(host, d, bases, 1 << 20)) {
                org.junit.jupiter.api.Assertions.assertArrayEquals(want, Msm.msm(rb, scalars), "d=" + d);
            }
        }
    }

    /** Streaming segments through the device gives the resident result, for segment sizes that do not divide n. */
    @Test
    void streamedSegmentsMatchResident() {
        int n = 23;
        BigInteger[][] g = Oracle.generator(1);
        long[] bases = new long[n * 12];
        long[] scalars = new long[n * 4];
        for (int i = 0; i < n; i++) {
            System.arraycopy(affineToLongs(Oracle.scalarMul(g, BigInteger.valueOf(3 + i)), 1), 0, bases, i * 12, 12);
            System.arraycopy(Limbs.fromBigInteger(Oracle.random(rnd, Fr.R), 4), 0, scalars, i * 4, 4);
        }
        try (ResidentBases rb = new ResidentBases(host, 1, bases, 1 << 20)) {
            long[] want = Msm.msm(rb, scalars);
            for (int seg : new int[] {1, 5, 23}) {
                org.junit.jupiter.api.Assertions.assertArrayEquals(want, Msm.msmStreaming(host, 1, bases, scalars, seg),
                        "segments of " + seg);
            }
        }
    }
}
