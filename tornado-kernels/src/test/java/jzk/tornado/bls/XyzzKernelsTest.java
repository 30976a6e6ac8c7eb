package jzk.tornado.bls;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigInteger;
import java.util.Random;
import jzk.tornado.api.Kernels;
import jzk.tornado.bls.kernels.FieldKernels;
import jzk.tornado.bls.kernels.Xyzz;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.Parameter;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * XYZZ point kernels for G1 (d = 1) and G2 (d = 2) against the affine BigInteger group law of {@link Oracle},
 * including every special case a bucket meets: accumulator or base at infinity, P + P, P + (−P), negated bases.
 */
@ParameterizedClass(name = "{0}")
@MethodSource("jzk.tornado.bls.TestHosts#jvmHosts")
class XyzzKernelsTest {
    private final Random rnd = new Random(3);
    @Parameter
    KernelHost host;

    private BigInteger[][][] samplePairs(int d, int randomPairs, BigInteger[][][] second) {
        BigInteger[][] g = Oracle.generator(d);
        BigInteger[][] p = Oracle.scalarMul(g, BigInteger.valueOf(5));
        BigInteger[][] q = Oracle.scalarMul(g, BigInteger.valueOf(11));
        BigInteger[][][] first = new BigInteger[6 + randomPairs][][];
        // (acc, base): ∞+∞, ∞+Q, P+∞, P+P, P+(−P), P+Q, then random
        first[0] = null; second[0] = null;
        first[1] = null; second[1] = q;
        first[2] = p; second[2] = null;
        first[3] = p; second[3] = p;
        first[4] = p; second[4] = Oracle.neg(p);
        first[5] = p; second[5] = q;
        for (int i = 0; i < randomPairs; i++) {
            first[6 + i] = Oracle.scalarMul(g, new BigInteger(64, rnd));
            second[6 + i] = (i % 3 == 0) ? first[6 + i] : Oracle.scalarMul(g, new BigInteger(64, rnd));
        }
        return first;
    }

    private void checkAddAffine(int d, boolean negate) {
        int n = 10;
        BigInteger[][][] bases = new BigInteger[6 + n][][];
        BigInteger[][][] accs = samplePairs(d, n, bases);
        int count = accs.length;
        int[] acc = new int[count * Xyzz.ints(d)];
        int[] aff = new int[count * Xyzz.affineInts(d)];
        for (int i = 0; i < count; i++) {
            Oracle.putXyzz(accs[i], d, acc, i * Xyzz.ints(d));
            // negate the stored base when the kernel negates, so the expected sum is still acc + base
            Oracle.putAffine(negate ? Oracle.neg(bases[i]) : bases[i], d, aff, i * Xyzz.affineInts(d));
        }
        KernelHost.Buffer bp = host.allocate(acc.length);
        KernelHost.Buffer ba = host.allocate(aff.length);
        host.write(bp, 0, acc, acc.length);
        host.write(ba, 0, aff, aff.length);
        host.launch(Kernels.of(FieldKernels::pointAddAffine), count, 1, d, bp, ba, negate ? 1 : 0, count);
        host.read(bp, 0, acc, acc.length);
        for (int i = 0; i < count; i++) {
            BigInteger[][] got = Oracle.getXyzz(d, acc, i * Xyzz.ints(d));
            BigInteger[][] want = Oracle.addPoints(accs[i], bases[i]);
            assertTrue(Oracle.samePoint(want, got), "d=" + d + " case " + i + ": " + Oracle.show(got));
        }
    }

    @Test
    void mixedAdditionG1() {
        checkAddAffine(1, false);
        checkAddAffine(1, true);
    }

    @Test
    void mixedAdditionG2() {
        checkAddAffine(2, false);
        checkAddAffine(2, true);
    }

    private void checkAddAndDouble(int d) {
        int n = 6;
        BigInteger[][][] qs = new BigInteger[6 + n][][];
        BigInteger[][][] ps = samplePairs(d, n, qs);
        int count = ps.length;
        int w = Xyzz.ints(d);
        int[] p = new int[count * w];
        int[] q = new int[count * w];
        for (int i = 0; i < count; i++) {
            Oracle.putXyzz(ps[i], d, p, i * w);
            Oracle.putXyzz(qs[i], d, q, i * w);
        }
        KernelHost.Buffer bp = host.allocate(p.length);
        KernelHost.Buffer bq = host.allocate(q.length);
        KernelHost.Buffer bd = host.allocate(p.length);
        host.write(bp, 0, p, p.length);
        host.write(bd, 0, p, p.length);
        host.write(bq, 0, q, q.length);
        host.launch(Kernels.of(FieldKernels::pointAdd), count, 1, d, bp, bq, count);
        host.launch(Kernels.of(FieldKernels::pointDbl), count, 1, d, bd, count);
        int[] sum = new int[p.length];
        int[] dbl = new int[p.length];
        host.read(bp, 0, sum, sum.length);
        host.read(bd, 0, dbl, dbl.length);
        for (int i = 0; i < count; i++) {
            BigInteger[][] want = Oracle.addPoints(ps[i], qs[i]);
            assertTrue(Oracle.samePoint(want, Oracle.getXyzz(d, sum, i * w)), "add d=" + d + " case " + i);
            BigInteger[][] want2 = Oracle.addPoints(ps[i], ps[i]);
            assertTrue(Oracle.samePoint(want2, Oracle.getXyzz(d, dbl, i * w)), "dbl d=" + d + " case " + i);
        }
    }

    @Test
    void additionAndDoublingG1() {
        checkAddAndDouble(1);
    }

    @Test
    void additionAndDoublingG2() {
        checkAddAndDouble(2);
    }
}
