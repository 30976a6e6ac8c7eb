package jzk.tornado.jit;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.reflect.Method;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

import jzk.tornado.api.Device;
import jzk.tornado.api.DeviceKernel;
import jzk.tornado.api.DeviceKind;
import jzk.tornado.runtime.Devices;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

/**
 * The OpenCL C writer's portable products and sums ({@link ModularOpenCl}) run on every OpenCL device found (PoCL
 * in CI), against BigInteger (independent of the Java bodies and of the writer) on edge inputs (0, 1, 2, m − 1,
 * m − 2, R mod m, values at and around the 32-bit limb boundaries, m/2) and random ones, including outputs aliasing
 * inputs: Fr (8 limbs) and Fp (12 limbs) product, sum and difference. The test kernels are {@link MontMulPtxTest}'s;
 * the opt-in (Fp) calls are replaced by passing {@code optIn} to the compiler, whatever the process's setting.
 */
class ModularOpenClTest {
    static final BigInteger P = new BigInteger("1a0111ea397fe69a4b1ba7b6434bacd764774b84f38512bf6730d2a0"
            + "f6b0f6241eabfffeb153ffffb9feffffffffaaab", 16);
    static final BigInteger FR = new BigInteger("73eda753299d7d483339d80809a1d80553bda402fffe5bfeffffffff00000001",
            16);

    private static List<Device> openClDevices() {
        List<Device> d = Devices.registry().devices().stream().filter(x -> x.info().kind() == DeviceKind.OPENCL)
                .toList();
        Assumptions.assumeFalse(d.isEmpty(), "no OpenCL device (PoCL in CI): " + Devices.registry().backends());
        return d;
    }

    static Method kernel(String name) {
        for (Method m : MontMulPtxTest.class.getMethods()) {
            if (m.getName().equals(name)) {
                return m;
            }
        }
        throw new IllegalArgumentException(name);
    }

    /** The portable OpenCL C of a test kernel, every product and sum (opt-in ones too) a helper call. */
    static CompiledKernel portable(String name) {
        return KernelCompiler.translate(kernel(name), Target.openCl(false), true, true, true);
    }

    /** Edge values of the field of modulus m (limbs limbs) and {@code random} random ones below m. */
    static List<BigInteger> values(BigInteger m, int limbs, int random, long seed) {
        BigInteger r = BigInteger.ONE.shiftLeft(32 * limbs);
        List<BigInteger> v = new ArrayList<>(List.of(BigInteger.ZERO, BigInteger.ONE, BigInteger.TWO,
                m.subtract(BigInteger.ONE), m.subtract(BigInteger.TWO), r.mod(m), m.shiftRight(1),
                m.shiftRight(1).add(BigInteger.ONE)));
        for (int k = 1; k < limbs; k++) {
            // 2^32k − 1 (all ones below a limb boundary), 2^32k, and the all-ones limb k − 1 alone
            v.add(BigInteger.ONE.shiftLeft(32 * k).subtract(BigInteger.ONE).mod(m));
            v.add(BigInteger.ONE.shiftLeft(32 * k).mod(m));
            v.add(BigInteger.valueOf(0xFFFFFFFFL).shiftLeft(32 * (k - 1)).mod(m));
        }
        Random rnd = new Random(seed);
        for (int i = 0; i < random; i++) {
            v.add(new BigInteger(m.bitLength(), rnd).mod(m));
        }
        return v;
    }

    static void put(int[] v, int limbs, int item, BigInteger x) {
        for (int k = 0; k < limbs; k++) {
            v[limbs * item + k] = x.shiftRight(32 * k).intValue();
        }
    }

    /** Fr or Fp, all pairs of the values: product, sum, difference; and the in-place kernels. */
    /**
     * Every ordered pair (x, y) of {@code vs} as item {@code i = index(x)·|vs| + index(y)}: the operands and, from
     * BigInteger, the Montgomery product x·y·2^(−32·limbs), the sum and the difference mod m.
     */
    record Pairs(int n, int[] a, int[] b, int[] mul, int[] sum, int[] diff) {
    }

    static Pairs pairs(BigInteger m, int limbs, List<BigInteger> vs) {
        int n = vs.size() * vs.size();
        BigInteger rInv = BigInteger.ONE.shiftLeft(32 * limbs).modInverse(m);
        Pairs p = new Pairs(n, new int[limbs * n], new int[limbs * n], new int[limbs * n], new int[limbs * n],
                new int[limbs * n]);
        for (int i = 0; i < n; i++) {
            BigInteger x = vs.get(i / vs.size());
            BigInteger y = vs.get(i % vs.size());
            put(p.a(), limbs, i, x);
            put(p.b(), limbs, i, y);
            put(p.mul(), limbs, i, x.multiply(y).multiply(rInv).mod(m));
            put(p.sum(), limbs, i, x.add(y).mod(m));
            put(p.diff(), limbs, i, x.subtract(y).mod(m));
        }
        return p;
    }

    private static void check(Device d, BigInteger m, int limbs, String mul, String addSub, long seed) {
        Pairs c = pairs(m, limbs, values(m, limbs, 6, seed));
        int n = c.n();
        int[] a = c.a();
        int[] b = c.b();
        int[] wantMul = c.mul();
        int[] wantSum = c.sum();
        int[] wantDiff = c.diff();
        int global = (n + 63) / 64 * 64;
        CompiledKernel km = portable(mul);
        assertTrue(km.source().contains("jzk_mul" + limbs + "_0(jzk_r, jzk_a, jzk_b)"), "the product is a helper call");
        int[] r = new int[limbs * n];
        d.launch(d.kernelFromSource(km.toSource()), global, 64, null, r, a, b, n);
        assertArrayEquals(wantMul, r, d.name() + " " + mul);
        CompiledKernel ks = portable(addSub);
        assertTrue(ks.source().contains("jzk_add" + limbs + "_0(") && ks.source().contains("jzk_sub" + limbs + "_1("),
                "sum and difference are helper calls");
        int[] s = new int[limbs * n];
        int[] diff = new int[limbs * n];
        d.launch(d.kernelFromSource(ks.toSource()), global, 64, null, s, diff, a, b, n);
        assertArrayEquals(wantSum, s, d.name() + " a + b");
        assertArrayEquals(wantDiff, diff, d.name() + " a − b");
    }

    @Test
    void frOnEveryOpenClDevice() {
        for (Device d : openClDevices()) {
            check(d, FR, 8, "frMul", "frAddSub", 81);
        }
    }

    @Test
    void fpOnEveryOpenClDevice() {
        for (Device d : openClDevices()) {
            check(d, P, 12, "fpMul", "fpAddSub", 121);
        }
    }

    /** Outputs aliasing inputs: (a − b)²·R⁻¹ + a in Fp and 2(a − b) in Fr, each step in place. */
    @Test
    void inPlaceOnEveryOpenClDevice() {
        for (Device d : openClDevices()) {
            List<BigInteger> vs = values(P, 12, 4, 7);
            int n = vs.size() * vs.size();
            BigInteger rInv = BigInteger.ONE.shiftLeft(384).modInverse(P);
            int[] a = new int[12 * n];
            int[] b = new int[12 * n];
            int[] want = new int[12 * n];
            for (int i = 0; i < n; i++) {
                BigInteger x = vs.get(i / vs.size());
                BigInteger y = vs.get(i % vs.size());
                put(a, 12, i, x);
                put(b, 12, i, y);
                put(want, 12, i, x.subtract(y).pow(2).multiply(rInv).add(x).mod(P));
            }
            DeviceKernel k = d.kernelFromSource(portable("fpSubSqrAddInPlace").toSource());
            d.launch(k, (n + 63) / 64 * 64, 64, null, a, b, new int[12 * n], n);
            assertArrayEquals(want, a, d.name() + " Fp in place");

            List<BigInteger> fs = values(FR, 8, 4, 9);
            int m = fs.size() * fs.size();
            int[] fa = new int[8 * m];
            int[] fb = new int[8 * m];
            int[] fwant = new int[8 * m];
            for (int i = 0; i < m; i++) {
                BigInteger x = fs.get(i / fs.size());
                BigInteger y = fs.get(i % fs.size());
                put(fa, 8, i, x);
                put(fb, 8, i, y);
                put(fwant, 8, i, x.subtract(y).shiftLeft(1).mod(FR));
            }
            DeviceKernel kf = d.kernelFromSource(portable("frSubThenDoubleInPlace").toSource());
            d.launch(kf, (m + 63) / 64 * 64, 64, null, fa, fb, m);
            assertArrayEquals(fwant, fa, d.name() + " Fr in place");
        }
    }

    /**
     * The real kernel the Fp helpers are for: the sorted MSM's G1 slice sums ({@code SortedMsmKernels.sumSlicesG1},
     * Fp products, sums and differences all helpers) on every OpenCL device against the jvm device: 4 slices of 3,
     * 0, 2 and 4 entries over 5 bases (random reduced elements, not curve points: the formulas' arithmetic does
     * not care), with negated entries, a base added twice (doubling) and a base and its negation (infinity).
     * The NTT's Fr products are the default on every device (not opt-in), so NttTest checks them on PoCL.
     */
    @Test
    void msmSliceSumsMatchTheJvmDevice() {
        Method m = null;
        for (Method k : jzk.tornado.bls.kernels.SortedMsmKernels.class.getMethods()) {
            if (k.getName().equals("sumSlicesG1")) {
                m = k;
            }
        }
        CompiledKernel k = KernelCompiler.translate(m, Target.openCl(false), true, true, true);
        assertTrue(k.source().contains("jzk_mul12_0(") && k.source().contains("jzk_sub12_"), "Fp helpers");
        int neg = 0x80000000;
        int[] entries = {0, 1 | neg, 2, 3, 3, 4, 4 | neg, 1, 2 | neg};
        int[] sliceStart = {0, 3, 3, 5, 9};
        Random rnd = new Random(20261202L);
        int[] bases = new int[5 * 24];
        for (int i = 0; i < 10; i++) {
            put(bases, 12, i, new BigInteger(381, rnd).mod(P));
        }
        int[] want = new int[4 * 48];
        jzk.tornado.conformance.ConformanceCases.runOnJvm(m, 4, 4, new Object[] {null, bases, entries, sliceStart,
            want, 4, new int[4], 0});
        assertTrue(java.util.Arrays.stream(want, 0, 48).anyMatch(v -> v != 0), "slice 0 sums to a finite point");
        for (Device d : openClDevices()) {
            int[] sums = new int[4 * 48];
            d.launch(d.kernelFromSource(k.toSource()), 4, 4, null, bases, entries, sliceStart, sums, 4, new int[4], 0);
            assertArrayEquals(want, sums, d.name() + " sumSlicesG1");
        }
    }

    /** The setting and the device vendor pick the form: inline PTX only for NVIDIA's OpenCL unless forced. */
    @Test
    void settingAndVendorPickTheForm() {
        assertTrue(OpenClProducts.parse("auto").target("NVIDIA Corporation").inlinePtx());
        assertFalse(OpenClProducts.parse("AUTO").target("The pocl project").inlinePtx());
        assertFalse(OpenClProducts.parse("c").target("NVIDIA Corporation").inlinePtx());
        assertTrue(OpenClProducts.parse("asm").target("Advanced Micro Devices, Inc.").inlinePtx());
        assertEquals(OpenClProducts.JAVA, OpenClProducts.parse(" Java "));
        assertEquals(null, OpenClProducts.parse("ptx"));
        assertFalse(Target.ptx(90).inlinePtx(), "PTX has no inline-PTX flag");
        assertTrue(portable("frMul").source().contains("JZK_INLINE void jzk_mul8_0("), "portable helpers");
        assertTrue(KernelCompiler.translate(kernel("frMul"), Target.openCl(true), true, true, false).source()
                .contains("asm volatile(\"madc.hi.cc.u32"), "inline PTX helpers");
    }

    /** Which calls become helpers mirrors PTX: Fr always, Fp (opt-in) only when asked. */
    @Test
    void optInDecidesForFp() {
        String with = KernelCompiler.translate(kernel("fpMul"), Target.openCl(false), true, true, true).source();
        String without = KernelCompiler.translate(kernel("fpMul"), Target.openCl(false), true, true, false).source();
        assertTrue(with.contains("jzk_mul12_0("), "opt-in: the helper");
        assertFalse(without.contains("jzk_mul12_0("), "no opt-in: the Java body");
        String fr = KernelCompiler.translate(kernel("frMul"), Target.openCl(false), true, true, false).source();
        assertTrue(fr.contains("jzk_mul8_0("), "Fr is not opt-in");
    }
}
