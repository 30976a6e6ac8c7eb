package jzk.tornado.bls;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.reflect.Method;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import jzk.arith.Curve;
import jzk.arith.Fr;
import jzk.arith.G1;
import jzk.arith.G2;
import jzk.arith.Limbs;
import jzk.tornado.api.Kernels;
import jzk.tornado.bls.kernels.SplitMsmKernels;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.Parameter;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The scalar-class split ({@link SplitMsmKernels}, {@link SplitMsm}) on every test host, bit for bit: the
 * classification against a BigInteger classification of the same scalars (counts, and the index lists as sets);
 * the packing and entry remapping against plain Java; the ones' sum and whole split MSMs against field-arith's CPU
 * {@link jzk.arith.Pippenger} (an independent implementation) and the plain sorted path, in affine form. Inputs:
 * random mixes and the edges — all zeros, all ones, no ones, one single one, one single rest, bases at infinity,
 * repeated bases (P + P in a sum), P next to −P, G1 and G2, several segments, n not a multiple of the chunk.
 */
@ParameterizedClass(name = "{0}")
@MethodSource("jzk.tornado.bls.TestHosts#hosts")
class SplitMsmTest {
    private static final Method CLASSIFY = Kernels.of(SplitMsmKernels::classify);
    private static final Method GATHER = Kernels.of(SplitMsmKernels::gatherScalars);
    private static final Method REMAP = Kernels.of(SplitMsmKernels::remapEntries);
    private static final BigInteger TWO_32 = BigInteger.ONE.shiftLeft(32);

    private final Random rnd = new Random(29);
    @Parameter
    KernelHost host;

    /** n bases: multiples of the generator with infinity, repeats and negations mixed in (period 9). */
    private static long[] bases(Curve curve, int n) {
        int a = curve.affineLongs();
        long[] out = new long[n * a];
        long[] g = curve.generatorAffine();
        long[] p = new long[curve.jacobianLongs()];
        for (int i = 0; i < n; i++) {
            switch (i % 9) {
                case 0 -> curve.setInfinityAffine(out, i * a);
                case 1 -> System.arraycopy(g, 0, out, i * a, a);
                case 2 -> System.arraycopy(out, (i - 1) * a, out, i * a, a);
                case 3 -> curve.negAffine(out, i * a, out, (i - 2) * a);
                default -> {
                    curve.mul(p, 0, g, 0, BigInteger.valueOf(3000 + 29L * i));
                    curve.toAffine(out, i * a, p, 0);
                }
            }
        }
        return out;
    }

    /**
     * n scalars: with probability {@code zeros} 0, {@code ones} 1, else one of the awkward non-trivial values
     * (2, 2^32 — low limb 0 —, 2^32 + 1, r − 1) or a uniform one.
     */
    private long[] scalars(int n, double zeros, double ones) {
        long[] out = new long[4 * n];
        for (int i = 0; i < n; i++) {
            double u = rnd.nextDouble();
            BigInteger k;
            if (u < zeros) {
                k = BigInteger.ZERO;
            } else if (u < zeros + ones) {
                k = BigInteger.ONE;
            } else {
                k = switch (rnd.nextInt(6)) {
                    case 0 -> BigInteger.TWO;
                    case 1 -> TWO_32;
                    case 2 -> TWO_32.add(BigInteger.ONE);
                    case 3 -> Fr.R.subtract(BigInteger.ONE);
                    default -> Oracle.random(rnd, Fr.R);
                };
            }
            System.arraycopy(Limbs.fromBigInteger(k, 4), 0, out, 4 * i, 4);
        }
        return out;
    }

    private static long[] constant(int n, long v) {
        long[] out = new long[4 * n];
        for (int i = 0; i < n; i++) {
            out[4 * i] = v;
        }
        return out;
    }

    private static long[] cpu(int d, long[] bases, long[] scalars) {
        Curve curve = d == 1 ? G1.CURVE : G2.CURVE;
        long[] jac = jzk.arith.Pippenger.msm(curve, bases, scalars, scalars.length / 4);
        long[] aff = new long[curve.affineLongs()];
        curve.toAffine(aff, 0, jac, 0);
        return aff;
    }

    /** Classification of the device against BigInteger comparisons, counts and index sets, at offset {@code from}. */
    private void checkClassify(long[] scalars, int from, String what) {
        int total = scalars.length / 4;
        int n = total - from;
        List<Integer> wantOnes = new ArrayList<>();
        List<Integer> wantRest = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            BigInteger k = Limbs.toBigInteger(scalars, 4 * (from + i), 4);
            if (k.equals(BigInteger.ONE)) {
                wantOnes.add(i);
            } else if (k.signum() != 0) {
                wantRest.add(i);
            }
        }
        try (KernelHost.Buffer sc = BlsGpu.uploadScalars(host, scalars);
             KernelHost.Buffer counts = host.allocate(2);
             KernelHost.Buffer ones = host.allocate(Math.max(1, n));
             KernelHost.Buffer rest = host.allocate(Math.max(1, n))) {
            int[] c = new int[2];
            host.write(counts, 0, c, 2);
            int items = (n + SplitMsmKernels.CHUNK - 1) / SplitMsmKernels.CHUNK;
            int grid = Math.max(64, (items + 63) / 64 * 64);
            host.launch(CLASSIFY, grid, 64, sc, from, n, counts, ones, rest, 0);
            host.read(counts, 0, c, 2);
            assertEquals(List.of(wantOnes.size(), wantRest.size()), List.of(c[0], c[1]), "counting pass, " + what);
            c[0] = 0;
            c[1] = 0;
            host.write(counts, 0, c, 2);
            host.launch(CLASSIFY, grid, 64, sc, from, n, counts, ones, rest, 1);
            host.read(counts, 0, c, 2);
            assertEquals(wantOnes.size(), c[0], "ones count, " + what);
            assertEquals(wantRest.size(), c[1], "rest count, " + what);
            assertEquals(wantOnes, sorted(ones, c[0]), "ones indices, " + what);
            assertEquals(wantRest, sorted(rest, c[1]), "rest indices, " + what);
        }
    }

    private List<Integer> sorted(KernelHost.Buffer b, int count) {
        int[] v = new int[count];
        if (count > 0) {
            host.read(b, 0, v, count);
        }
        Arrays.sort(v);
        return Arrays.stream(v).boxed().toList();
    }

    @Test
    void classifyMatchesBigIntegerClasses() {
        checkClassify(scalars(300, 0.4, 0.45), 0, "mix of 300");
        checkClassify(scalars(300, 0.4, 0.45), 37, "mix of 300 from 37");
        checkClassify(scalars(1000, 0.1, 0.1), 0, "mostly rest, 1000");
        checkClassify(constant(200, 0), 0, "all zeros");
        checkClassify(constant(257, 1), 0, "all ones");
        checkClassify(scalars(129, 0.5, 0), 0, "no ones");
        long[] single = constant(130, 0);
        single[4 * 129] = 1;
        checkClassify(single, 0, "one single one, last");
        checkClassify(constant(1, 1), 0, "n = 1");
    }

    @Test
    void gatherAndRemapMoveWhatTheySay() {
        int n = 70;
        long[] s = scalars(n, 0, 0);
        int[] index = new int[n / 2];
        for (int k = 0; k < index.length; k++) {
            index[k] = (k * 37 + 5) % n;
        }
        int from = 3;
        int count = index.length - from;
        int[] idx = Arrays.copyOf(index, count); // indices relative to from stay < n − from
        for (int k = 0; k < count; k++) {
            idx[k] = index[k] % (n - from);
        }
        int[] entries = new int[count];
        for (int e = 0; e < count; e++) {
            entries[e] = (e * 11) % count | (e % 3 == 0 ? 0x80000000 : 0);
        }
        try (KernelHost.Buffer sc = BlsGpu.uploadScalars(host, s);
             KernelHost.Buffer ib = host.allocate(count);
             KernelHost.Buffer out = host.allocate(8L * count);
             KernelHost.Buffer eb = host.allocate(count)) {
            host.write(ib, 0, idx, count);
            host.launch(GATHER, 64 * ((count + 63) / 64), 64, sc, from, ib, count, out);
            int[] got = new int[8 * count];
            host.read(out, 0, got, got.length);
            int[] all = Layout.split(s);
            for (int k = 0; k < count; k++) {
                assertArrayEquals(Arrays.copyOfRange(all, 8 * (from + idx[k]), 8 * (from + idx[k]) + 8),
                        Arrays.copyOfRange(got, 8 * k, 8 * k + 8), "packed scalar " + k);
            }
            host.write(eb, 0, entries, count);
            host.launch(REMAP, 64 * ((count + 63) / 64), 64, eb, ib, count);
            int[] mapped = new int[count];
            host.read(eb, 0, mapped, count);
            for (int e = 0; e < count; e++) {
                int want = idx[entries[e] & 0x7FFFFFFF] | (entries[e] & 0x80000000);
                assertEquals(want, mapped[e], "entry " + e);
            }
        }
    }

    /** Split MSM = plain sorted MSM = CPU Pippenger; segmentPoints cuts the bases into several segments. */
    private void check(int d, long[] bases, long[] scalars, int segmentPoints, String what) {
        long[] want = cpu(d, bases, scalars);
        try (ResidentBases rb = new ResidentBases(host, d, bases, segmentPoints)) {
            assertArrayEquals(want, SplitMsm.msm(rb, scalars), "split vs CPU, " + what);
            assertArrayEquals(want, SortedMsm.msm(rb, scalars), "plain sorted vs CPU, " + what);
            // device scalars in a larger buffer (the MSM reads its first n)
            try (KernelHost.Buffer sc = BlsGpu.uploadScalars(host, Arrays.copyOf(scalars, scalars.length + 8))) {
                assertArrayEquals(want, SplitMsm.msm(rb, sc), "split, device scalars, " + what);
            }
        }
    }

    @Test
    void g1SplitIsBitExactOnMixesAndEdges() {
        int n = 300;
        long[] b = bases(G1.CURVE, n);
        check(1, b, scalars(n, 0.45, 0.4), 1 << 20, "85 % trivial");
        check(1, b, scalars(n, 0.45, 0.4), 128, "85 % trivial, 3 segments");
        check(1, b, scalars(n, 0.05, 0.05), 1 << 20, "mostly rest");
        check(1, b, constant(n, 0), 1 << 20, "all zeros");
        check(1, b, constant(n, 1), 1 << 20, "all ones");
        check(1, b, scalars(n, 0.5, 0), 1 << 20, "no ones");
        long[] single = constant(n, 0);
        single[4 * 10] = 1; // base 10: a finite multiple of G
        check(1, b, single, 1 << 20, "one single one");
        long[] oneRest = constant(n, 1);
        System.arraycopy(Limbs.fromBigInteger(Fr.R.subtract(BigInteger.ONE), 4), 0, oneRest, 4 * 7, 4);
        check(1, b, oneRest, 1 << 20, "ones and one single r − 1");
    }

    @Test
    void g2SplitIsBitExact() {
        int n = 40;
        long[] b = bases(G2.CURVE, n);
        check(2, b, scalars(n, 0.3, 0.5), 1 << 20, "G2 mix");
        check(2, b, constant(n, 1), 16, "G2 all ones, 3 segments");
    }

    /**
     * The ones' sum alone at the edges of the point formulas: only the infinity base is a one (sum at infinity);
     * P twice (P + P in one work-item's chain or in the fold); P and −P (sum at infinity); many ones per
     * work-item (more ones than {@link SplitMsm#MIN_ONES_PER_ITEM} × items).
     */
    @Test
    void onesSumAtTheFormulaEdges() {
        int n = 18;
        long[] b = bases(G1.CURVE, n); // 0 and 9: infinity; 2 = 1 (P, P); 3 = −1 (P, −P); 11 = 10, 12 = −10
        long[] s = constant(n, 0);
        s[0] = 1;
        check(1, b, s, 1 << 20, "only the infinity base");
        s = constant(n, 0);
        s[4] = 1;
        s[8] = 1;
        check(1, b, s, 1 << 20, "P + P");
        s = constant(n, 0);
        s[4] = 1;
        s[12] = 1;
        check(1, b, s, 1 << 20, "P + (−P)");
        s = constant(n, 0);
        s[4 * 10] = 1;
        s[4 * 11] = 1;
        s[4 * 12] = 1;
        check(1, b, s, 1 << 20, "Q + Q + (−Q)");
        int m = 1000;
        long[] same = new long[12 * m];
        long[] g = G1.CURVE.generatorAffine();
        for (int i = 0; i < m; i++) {
            System.arraycopy(g, 0, same, 12 * i, 12);
        }
        check(1, same, constant(m, 1), 1 << 20, "1000 × G: doublings inside the chains and the fold");
    }

    /** A scalar ≥ r is rejected before any split, naming its index. */
    @Test
    void scalarNotBelowRIsNamed() {
        int n = 50;
        long[] s = constant(n, 1);
        System.arraycopy(Limbs.fromBigInteger(Fr.R, 4), 0, s, 4 * 33, 4);
        try (ResidentBases rb = new ResidentBases(host, 1, bases(G1.CURVE, n), 1 << 20)) {
            IllegalArgumentException e = org.junit.jupiter.api.Assertions.assertThrows(
                    IllegalArgumentException.class, () -> SplitMsm.msm(rb, s));
            assertTrue(e.getMessage().startsWith("scalar 33 is not below the group order r"), e.getMessage());
        }
    }

    /** {@link Msm}'s resident entry point splits when zeros and ones are common, and stays plain otherwise. */
    @Test
    void msmSelectsTheSplit() {
        int n = 200;
        long[] b = bases(G1.CURVE, n);
        long[] mix = scalars(n, 0.4, 0.45);
        long[] uniform = scalars(n, 0, 0);
        boolean saved = SplitMsm.enabled;
        try (ResidentBases rb = new ResidentBases(host, 1, b, 1 << 20)) {
            MsmOps split = MsmOps.count(() -> assertArrayEquals(cpu(1, b, mix), Msm.msm(rb, mix), "Msm, mix"));
            assertEquals(2 * n, split.classified, "counted, then classified");
            assertEquals(1, split.splitSegments, "split");
            MsmOps plain = MsmOps.count(() -> assertArrayEquals(cpu(1, b, uniform), Msm.msm(rb, uniform),
                    "Msm, uniform"));
            assertEquals(n, plain.classified, "counted, then left to the plain path");
            assertEquals(0, plain.splitSegments, "not split");
            assertEquals(0, plain.mixedAdds, "no sorted-path work counted: uniform scalars below 2^17 go chunked");
            SplitMsm.enabled = false;
            MsmOps off = MsmOps.count(() -> assertArrayEquals(cpu(1, b, mix), Msm.msm(rb, mix), "Msm, split off"));
            assertEquals(0, off.classified, "split off: nothing classified");
        } finally {
            SplitMsm.enabled = saved;
        }
    }

    /**
     * Operation counts for an 85 % trivial mix (45 % zeros, 40 % ones): the split decodes only the rest's windows
     * and its hottest counter is far below the plain path's (every 1 lands in window 0's bucket 1), with no more
     * point operations.
     */
    @Test
    void splitCutsBinningWork() {
        int n = 1 << 11;
        long[] b = bases(G1.CURVE, n);
        long[] s = scalars(n, 0.45, 0.4);
        try (ResidentBases rb = new ResidentBases(host, 1, b, 1 << 20)) {
            MsmOps plain = MsmOps.count(() -> SortedMsm.msm(rb, s));
            MsmOps split = MsmOps.count(() -> SplitMsm.msm(rb, s));
            assertTrue(split.digitScans * 4 < plain.digitScans, "digit scans " + split + " vs " + plain);
            assertTrue(split.hotCounter * 4 < plain.hotCounter, "hottest counter " + split + " vs " + plain);
            assertTrue(split.pointOps() <= plain.pointOps(), "point operations " + split + " vs " + plain);
        }
    }
}
