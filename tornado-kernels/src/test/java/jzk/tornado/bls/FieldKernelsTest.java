package jzk.tornado.bls;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.reflect.Method;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.function.BinaryOperator;
import jzk.tornado.api.Kernels;
import jzk.tornado.bls.kernels.FieldKernels;
import jzk.tornado.bls.kernels.Mont32;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.Parameter;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Field and point kernels on every test host against the BigInteger {@link Oracle}, bit for bit (the kernel output
 * limbs must equal the Montgomery form of the oracle's value), on random values and the edges 0, 1, m − 1.
 */
@ParameterizedClass(name = "{0}")
@MethodSource("jzk.tornado.bls.TestHosts#hosts")
class FieldKernelsTest {
    private final Random rnd = new Random(20261129);
    @Parameter
    KernelHost host;

    private List<BigInteger> operands(BigInteger m, int randomCount) {
        List<BigInteger> v = new ArrayList<>(List.of(BigInteger.ZERO, BigInteger.ONE, BigInteger.TWO,
                m.subtract(BigInteger.ONE), m.subtract(BigInteger.TWO), m.shiftRight(1), BigInteger.ONE.shiftLeft(64)));
        for (int i = 0; i < randomCount; i++) {
            v.add(Oracle.random(rnd, m));
        }
        return v;
    }

    @Test
    void constantsMatchTheirFormulas() {
        for (int f : new int[] {Mont32.FR, Mont32.FP}) {
            int n = Oracle.limbs(f);
            BigInteger m = Oracle.modulus(f);
            assertEquals(m, Oracle.getRaw(n, Mont32.MODULUS, f * 12), "modulus");
            BigInteger negInv = m.negate().modInverse(BigInteger.ONE.shiftLeft(32));
            assertEquals(negInv.intValue(), Mont32.NEG_INV[f], "-m^-1 mod 2^32");
            assertEquals(BigInteger.ONE.shiftLeft(32 * n).mod(m), Oracle.getRaw(n, Mont32.ONE, f * 12), "R mod m");
        }
    }

    private void checkBinary(int f, Method kernel, BinaryOperator<BigInteger> op) {
        BigInteger m = Oracle.modulus(f);
        int w = Oracle.limbs(f);
        List<BigInteger> xs = operands(m, 20);
        int count = xs.size() * xs.size();
        int[] a = new int[count * w];
        int[] b = new int[count * w];
        int k = 0;
        for (BigInteger x : xs) {
            for (BigInteger y : xs) {
                Oracle.putMont(f, x, a, k * w);
                Oracle.putMont(f, y, b, k * w);
                k++;
            }
        }
        int[] r = run(kernel, f, a, b, count, w);
        k = 0;
        for (BigInteger x : xs) {
            for (BigInteger y : xs) {
                int[] expect = new int[w];
                Oracle.putMont(f, op.apply(x, y).mod(m), expect, 0);
                for (int i = 0; i < w; i++) {
                    assertEquals(expect[i], r[k * w + i], kernel.getName() + " f=" + f + " x=" + x + " y=" + y + " limb " + i);
                }
                k++;
            }
        }
    }

    private int[] run(Method kernel, int f, int[] a, int[] b, int count, int w) {
        KernelHost.Buffer ba = host.allocate(a.length);
        KernelHost.Buffer bb = host.allocate(b.length);
        KernelHost.Buffer br = host.allocate(a.length);
        host.write(ba, 0, a, a.length);
        host.write(bb, 0, b, b.length);
        int local = 16;
        int global = (count + local - 1) / local * local;
        host.launch(kernel, global, local, f, br, ba, bb, count);
        int[] r = new int[count * w];
        host.read(br, 0, r, r.length);
        return r;
    }

    @Test
    void frMulAddSub() {
        checkBinary(Mont32.FR, Kernels.of(FieldKernels::mul), BigInteger::multiply);
        checkBinary(Mont32.FR, Kernels.of(FieldKernels::add), BigInteger::add);
        checkBinary(Mont32.FR, Kernels.of(FieldKernels::sub), BigInteger::subtract);
    }

    /** frMulSub: a ← a·b − c in place, over all (x, y) pairs of the operands and c cycling through them. */
    @Test
    void frMulSubInPlace() {
        BigInteger m = Oracle.modulus(Mont32.FR);
        List<BigInteger> xs = operands(m, 12);
        int count = xs.size() * xs.size();
        int[] a = new int[count * 8];
        int[] b = new int[count * 8];
        int[] c = new int[count * 8];
        for (int k = 0; k < count; k++) {
            Oracle.putMont(Mont32.FR, xs.get(k / xs.size()), a, k * 8);
            Oracle.putMont(Mont32.FR, xs.get(k % xs.size()), b, k * 8);
            Oracle.putMont(Mont32.FR, xs.get((k * 7) % xs.size()), c, k * 8);
        }
        KernelHost.Buffer ba = host.allocate(a.length);
        KernelHost.Buffer bb = host.allocate(b.length);
        KernelHost.Buffer bc = host.allocate(c.length);
        host.write(ba, 0, a, a.length);
        host.write(bb, 0, b, b.length);
        host.write(bc, 0, c, c.length);
        host.launch(Kernels.of(FieldKernels::frMulSub), (count + 15) / 16 * 16, 16, ba, bb, bc, count);
        int[] r = new int[a.length];
        host.read(ba, 0, r, r.length);
        for (int k = 0; k < count; k++) {
            BigInteger x = xs.get(k / xs.size());
            BigInteger y = xs.get(k % xs.size());
            BigInteger z = xs.get((k * 7) % xs.size());
            int[] expect = new int[8];
            Oracle.putMont(Mont32.FR, x.multiply(y).subtract(z).mod(m), expect, 0);
            for (int i = 0; i < 8; i++) {
                assertEquals(expect[i], r[k * 8 + i], "frMulSub x=" + x + " y=" + y + " c=" + z + " limb " + i);
            }
        }
    }

    /**
     * The throughput probes frMulChain and fpMulChain: y = x², then x ← x·y, y ← y·x three times, against the same
     * recurrence in BigInteger (Montgomery form is kept by the product, so the limbs must be the oracle's x in it).
     */
    @Test
    void mulChainProbes() {
        for (int f : new int[] {Mont32.FR, Mont32.FP}) {
            BigInteger m = Oracle.modulus(f);
            int w = Oracle.limbs(f);
            List<BigInteger> xs = operands(m, 9);
            int n = xs.size();
            int[] data = new int[n * w];
            for (int k = 0; k < n; k++) {
                Oracle.putMont(f, xs.get(k), data, k * w);
            }
            KernelHost.Buffer b = host.allocate(data.length);
            host.write(b, 0, data, data.length);
            Method kernel = f == Mont32.FR ? Kernels.of(FieldKernels::frMulChain) : Kernels.of(FieldKernels::fpMulChain);
            host.launch(kernel, (n + 15) / 16 * 16, 16, b, 3, n);
            int[] r = new int[data.length];
            host.read(b, 0, r, r.length);
            for (int k = 0; k < n; k++) {
                BigInteger x = xs.get(k);
                BigInteger y = x.multiply(x).mod(m);
                for (int it = 0; it < 3; it++) {
                    x = x.multiply(y).mod(m);
                    y = y.multiply(x).mod(m);
                }
                int[] expect = new int[w];
                Oracle.putMont(f, x, expect, 0);
                for (int i = 0; i < w; i++) {
                    assertEquals(expect[i], r[k * w + i], kernel.getName() + " x=" + xs.get(k) + " limb " + i);
                }
            }
        }
    }

    @Test
    void fpMulAddSub() {
        checkBinary(Mont32.FP, Kernels.of(FieldKernels::mul), BigInteger::multiply);
        checkBinary(Mont32.FP, Kernels.of(FieldKernels::add), BigInteger::add);
        checkBinary(Mont32.FP, Kernels.of(FieldKernels::sub), BigInteger::subtract);
    }

    @Test
    void negation() {
        for (int f : new int[] {Mont32.FR, Mont32.FP}) {
            BigInteger m = Oracle.modulus(f);
            int w = Oracle.limbs(f);
            List<BigInteger> xs = operands(m, 20);
            int[] a = new int[xs.size() * w];
            for (int i = 0; i < xs.size(); i++) {
                Oracle.putMont(f, xs.get(i), a, i * w);
            }
            KernelHost.Buffer ba = host.allocate(a.length);
            KernelHost.Buffer br = host.allocate(a.length);
            host.write(ba, 0, a, a.length);
            host.launch(Kernels.of(FieldKernels::neg), xs.size(), 1, f, br, ba, xs.size());
            int[] r = new int[a.length];
            host.read(br, 0, r, r.length);
            for (int i = 0; i < xs.size(); i++) {
                int[] expect = new int[w];
                Oracle.putMont(f, xs.get(i).negate().mod(m), expect, 0);
                for (int k = 0; k < w; k++) {
                    assertEquals(expect[k], r[i * w + k], "neg " + xs.get(i) + " limb " + k);
                }
            }
        }
    }

    @Test
    void fp2MulAndSqr() {
        int count = 40;
        int[] a = new int[count * 24];
        int[] b = new int[count * 24];
        BigInteger[][] xs = new BigInteger[count][];
        BigInteger[][] ys = new BigInteger[count][];
        for (int i = 0; i < count; i++) {
            xs[i] = edgeOrRandomFp2(i);
            ys[i] = edgeOrRandomFp2(i * 7 + 3);
            Oracle.putMont(Mont32.FP, xs[i][0], a, i * 24);
            Oracle.putMont(Mont32.FP, xs[i][1], a, i * 24 + 12);
            Oracle.putMont(Mont32.FP, ys[i][0], b, i * 24);
            Oracle.putMont(Mont32.FP, ys[i][1], b, i * 24 + 12);
        }
        KernelHost.Buffer ba = host.allocate(a.length);
        KernelHost.Buffer bb = host.allocate(b.length);
        KernelHost.Buffer br = host.allocate(a.length);
        KernelHost.Buffer bs = host.allocate(a.length);
        host.write(ba, 0, a, a.length);
        host.write(bb, 0, b, b.length);
        host.launch(Kernels.of(FieldKernels::fp2Mul), count, 8, br, ba, bb, count);
        host.launch(Kernels.of(FieldKernels::fp2Sqr), count, 8, bs, ba, count);
        int[] r = new int[a.length];
        int[] s = new int[a.length];
        host.read(br, 0, r, r.length);
        host.read(bs, 0, s, s.length);
        for (int i = 0; i < count; i++) {
            BigInteger[] prod = Oracle.mul(xs[i], ys[i]);
            BigInteger[] sq = Oracle.mul(xs[i], xs[i]);
            int[] e = new int[24];
            Oracle.putMont(Mont32.FP, prod[0], e, 0);
            Oracle.putMont(Mont32.FP, prod[1], e, 12);
            for (int k = 0; k < 24; k++) {
                assertEquals(e[k], r[i * 24 + k], "fp2 mul " + i + " limb " + k);
            }
            Oracle.putMont(Mont32.FP, sq[0], e, 0);
            Oracle.putMont(Mont32.FP, sq[1], e, 12);
            for (int k = 0; k < 24; k++) {
                assertEquals(e[k], s[i * 24 + k], "fp2 sqr " + i + " limb " + k);
            }
        }
    }

    private BigInteger[] edgeOrRandomFp2(int i) {
        BigInteger pm1 = Oracle.P.subtract(BigInteger.ONE);
        return switch (i % 6) {
            case 0 -> new BigInteger[] {BigInteger.ZERO, BigInteger.ZERO};
            case 1 -> new BigInteger[] {BigInteger.ONE, BigInteger.ZERO};
            case 2 -> new BigInteger[] {pm1, pm1};
            case 3 -> new BigInteger[] {BigInteger.ZERO, BigInteger.ONE};
            default -> new BigInteger[] {Oracle.random(rnd, Oracle.P), Oracle.random(rnd, Oracle.P)};
        };
    }

    @Test
    void generatorsAreOnTheCurveWithOrderR() {
        for (int d = 1; d <= 2; d++) {
            assertTrue(Oracle.onCurve(Oracle.generator(d), d), "generator on curve, d=" + d);
            assertEquals(null, Oracle.scalarMul(Oracle.generator(d), Oracle.R), "r·G = infinity, d=" + d);
        }
    }

    /** The kernels against field-arith's CPU {@code MontgomeryField} on the project layout, through {@link Layout}. */
    @Test
    void matchesFieldArithBitForBit() {
        jzk.arith.MontgomeryField[] cpu = {jzk.arith.Fr.F, jzk.arith.Fp.F};
        for (int f : new int[] {Mont32.FR, Mont32.FP}) {
            jzk.arith.MontgomeryField F = cpu[f];
            int longs = F.n;
            int count = 64;
            long[] a = new long[count * longs];
            long[] b = new long[count * longs];
            java.util.Random r = new java.util.Random(f + 40);
            for (int i = 0; i < count; i++) {
                F.random(a, i * longs, r);
                F.random(b, i * longs, r);
            }
            F.setZero(a, 0);
            F.setOne(b, longs);
            F.neg(a, 2 * longs, b, longs); // m - 1 in Montgomery form
            for (String op : new String[] {"mul", "add", "sub"}) {
                long[] want = new long[a.length];
                for (int i = 0; i < count; i++) {
                    switch (op) {
                        case "mul" -> F.mul(want, i * longs, a, i * longs, b, i * longs);
                        case "add" -> F.add(want, i * longs, a, i * longs, b, i * longs);
                        default -> F.sub(want, i * longs, a, i * longs, b, i * longs);
                    }
                }
                Method kernel = switch (op) {
                    case "mul" -> Kernels.of(FieldKernels::mul);
                    case "add" -> Kernels.of(FieldKernels::add);
                    default -> Kernels.of(FieldKernels::sub);
                };
                int[] got = run(kernel, f, Layout.split(a), Layout.split(b), count, 2 * longs);
                org.junit.jupiter.api.Assertions.assertArrayEquals(want, Layout.join(got), op + " field " + f);
            }
        }
    }
}
