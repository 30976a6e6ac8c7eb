package jzk.tornado.jit;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.reflect.Method;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

import jzk.tornado.api.KernelContext;
import jzk.tornado.api.MontgomeryProduct;
import jzk.tornado.bls.kernels.MontFp;
import org.junit.jupiter.api.Test;

/**
 * The carry-chain Montgomery product the PTX writer emits for {@link MontgomeryProduct} methods
 * ({@link MontMulPtx}), run in the {@link PtxInterpreter}, against {@code a·b·2^-32n mod m} computed with
 * BigInteger (independent of both the Java body and the emitter) on edge and random reduced inputs, and with the
 * output aliasing an input: Fr (8 limbs, {@link jzk.tornado.bls.kernels.MontFr}, as the NTT uses it) and Fp (12 limbs,
 * {@link MontFp#mul}, {@link MontFp#add}, {@link MontFp#sub}, marked {@code optIn}: replaced only with
 * {@code jzk.jit.optInProducts}, which these tests pass to the compiler explicitly, so they check both settings
 * whatever the process's).
 */
class MontMulPtxTest {
    /** p of BLS12-381, IETF draft-irtf-cfrg-pairing-friendly-curves §4.2.1. */
    private static final BigInteger P = new BigInteger("1a0111ea397fe69a4b1ba7b6434bacd764774b84f38512bf6730d2a0"
            + "f6b0f6241eabfffeb153ffffb9feffffffffaaab", 16);
    private static final BigInteger R_INV = BigInteger.ONE.shiftLeft(384).modInverse(P);

    /** Test kernel: r_i = a_i·b_i (Montgomery), item i at limb offset 12·i. */
    public static void fpMul(KernelContext ctx, int[] r, int[] a, int[] b, int n) {
        int i = ctx.globalIdx;
        if (i < n) {
            MontFp.mul(r, 12 * i, a, 12 * i, b, 12 * i);
        }
    }

    /** Test kernel: s_i = a_i + b_i, d_i = a_i − b_i mod p ({@code MontFp.add/sub}, opt-in {@code @ModularSum}). */
    public static void fpAddSub(KernelContext ctx, int[] s, int[] d, int[] a, int[] b, int n) {
        int i = ctx.globalIdx;
        if (i < n) {
            MontFp.add(s, 12 * i, a, 12 * i, b, 12 * i);
            MontFp.sub(d, 12 * i, a, 12 * i, b, 12 * i);
        }
    }

    /** Test kernel: a_i = (a_i − b_i)·(a_i − b_i) + a_i, each step in place (outputs aliasing inputs). */
    public static void fpSubSqrAddInPlace(KernelContext ctx, int[] a, int[] b, int[] c, int n) {
        int i = ctx.globalIdx;
        if (i < n) {
            MontFp.sub(c, 12 * i, a, 12 * i, b, 12 * i);
            MontFp.mul(c, 12 * i, c, 12 * i, c, 12 * i);
            MontFp.add(a, 12 * i, c, 12 * i, a, 12 * i);
        }
    }

    /** Test kernel: a_i = a_i·a_i in place (output aliasing both inputs). */
    public static void fpSqrInPlace(KernelContext ctx, int[] a, int n) {
        int i = ctx.globalIdx;
        if (i < n) {
            MontFp.mul(a, 12 * i, a, 12 * i, a, 12 * i);
        }
    }

    /** Test kernel: r_i = a_i·b_i in Fr (8 limbs). */
    public static void frMul(KernelContext ctx, int[] r, int[] a, int[] b, int n) {
        int i = ctx.globalIdx;
        if (i < n) {
            jzk.tornado.bls.kernels.MontFr.mul(r, 8 * i, a, 8 * i, b, 8 * i);
        }
    }

    /** Test kernel: s_i = a_i + b_i, d_i = a_i − b_i mod r ({@code MontFr.add/sub}, {@code @ModularSum}). */
    public static void frAddSub(KernelContext ctx, int[] s, int[] d, int[] a, int[] b, int n) {
        int i = ctx.globalIdx;
        if (i < n) {
            jzk.tornado.bls.kernels.MontFr.add(s, 8 * i, a, 8 * i, b, 8 * i);
            jzk.tornado.bls.kernels.MontFr.sub(d, 8 * i, a, 8 * i, b, 8 * i);
        }
    }

    /** Test kernel: a_i = a_i − b_i then a_i = a_i + a_i in place (outputs aliasing inputs). */
    public static void frSubThenDoubleInPlace(KernelContext ctx, int[] a, int[] b, int n) {
        int i = ctx.globalIdx;
        if (i < n) {
            jzk.tornado.bls.kernels.MontFr.sub(a, 8 * i, a, 8 * i, b, 8 * i);
            jzk.tornado.bls.kernels.MontFr.add(a, 8 * i, a, 8 * i, a, 8 * i);
        }
    }

    /** 1 in Fr's Montgomery form (2^256 mod r), limbs least significant first. */
    static final int[] FR_ONE = {0xfffffffe, 0x00000001, 0x00034802, 0x5884b7fa, 0xecbc4ff5, 0x998c4fef, 0xacc5056f,
        0x1824b159};

    /** Test kernel: r_i = a_i·1 (Montgomery) with the 1 a compile-time constant: the product's b operands are immediates. */
    public static void frTimesOne(KernelContext ctx, int[] r, int[] a, int n) {
        int i = ctx.globalIdx;
        if (i < n) {
            int[] one = new int[8];
            for (int k = 0; k < 8; k++) {
                one[k] = FR_ONE[k];
            }
            jzk.tornado.bls.kernels.MontFr.mul(r, 8 * i, a, 8 * i, one, 0);
        }
    }

    /**
     * The kernel's PTX with the products in the pairs form ({@code true}, the default) or the rows form, the
     * opt-in products and sums (Fp) replaced.
     */
    private static CompiledKernel ptx(String name, boolean pairs) {
        return ptx(name, pairs, true);
    }

    /** As {@link #ptx(String, boolean)}, the opt-in products and sums replaced when {@code optIn}, else inlined. */
    private static CompiledKernel ptx(String name, boolean pairs, boolean optIn) {
        return KernelCompiler.translate(kernel(name), Target.ptx(90), pairs, true, optIn);
    }

    private static Method kernel(String name) {
        for (Method m : MontMulPtxTest.class.getMethods()) {
            if (m.getName().equals(name)) {
                return m;
            }
        }
        throw new IllegalArgumentException(name);
    }

    private static void put(int[] v, int item, BigInteger x) {
        for (int k = 0; k < 12; k++) {
            v[12 * item + k] = x.shiftRight(32 * k).intValue();
        }
    }

    private static BigInteger get(int[] v, int item) {
        BigInteger x = BigInteger.ZERO;
        for (int k = 11; k >= 0; k--) {
            x = x.shiftLeft(32).or(BigInteger.valueOf(v[12 * item + k] & 0xFFFFFFFFL));
        }
        return x;
    }

    /**
     * Edge values (0, 1, 2, p − 1, p − 2, R mod p, 2^383 mod p, (2^384 − 1) mod p, limbs all ones below p, p/2
     * and its neighbour, 2^32 and 2^32 − 1) and random ones.
     */
    private static List<BigInteger> values(int random) {
        List<BigInteger> v = new ArrayList<>(List.of(BigInteger.ZERO, BigInteger.ONE, BigInteger.TWO,
                P.subtract(BigInteger.ONE), P.subtract(BigInteger.TWO), BigInteger.ONE.shiftLeft(384).mod(P),
                BigInteger.ONE.shiftLeft(383).mod(P), BigInteger.ONE.shiftLeft(384).subtract(BigInteger.ONE).mod(P),
                BigInteger.ONE.shiftLeft(380).subtract(BigInteger.ONE), P.shiftRight(1),
                P.shiftRight(1).add(BigInteger.ONE), BigInteger.ONE.shiftLeft(32),
                BigInteger.ONE.shiftLeft(32).subtract(BigInteger.ONE)));
        Random rnd = new Random(20261201L);
        for (int i = 0; i < random; i++) {
            v.add(new BigInteger(381, rnd).mod(P));
        }
        return v;
    }

    @org.junit.jupiter.params.ParameterizedTest(name = "pairs={0}")
    @org.junit.jupiter.params.provider.ValueSource(booleans = {true, false})
    void carryChainProductMatchesBigInteger(boolean pairs) throws Exception {
        List<BigInteger> vs = values(7);
        int n = vs.size() * vs.size();
        int[] a = new int[12 * n];
        int[] b = new int[12 * n];
        for (int i = 0; i < n; i++) {
            put(a, i, vs.get(i / vs.size()));
            put(b, i, vs.get(i % vs.size()));
        }
        CompiledKernel k = ptx("fpMul", pairs);
        assertTrue(k.source().contains("madc.hi.cc.u32") && !k.source().contains("mul.wide.u32"),
                "the product is the carry-chain form");
        int[] r = new int[12 * n];
        new PtxInterpreter(k.source()).run(k, (n + 15) / 16 * 16, 16, new Object[] {null, r, a, b, n});
        int[] want = new int[12 * n];
        for (int i = 0; i < n; i++) {
            put(want, i, get(a, i).multiply(get(b, i)).multiply(R_INV).mod(P));
        }
        assertArrayEquals(want, r);
    }

    @org.junit.jupiter.params.ParameterizedTest(name = "pairs={0}")
    @org.junit.jupiter.params.provider.ValueSource(booleans = {true, false})
    void inPlaceSquareMatchesBigInteger(boolean pairs) throws Exception {
        List<BigInteger> vs = values(23);
        int n = vs.size();
        int[] a = new int[12 * n];
        int[] want = new int[12 * n];
        for (int i = 0; i < n; i++) {
            put(a, i, vs.get(i));
            put(want, i, vs.get(i).multiply(vs.get(i)).multiply(R_INV).mod(P));
        }
        CompiledKernel k = ptx("fpSqrInPlace", pairs);
        new PtxInterpreter(k.source()).run(k, (n + 15) / 16 * 16, 16, new Object[] {null, a, n});
        assertArrayEquals(want, a);
    }

    @org.junit.jupiter.params.ParameterizedTest(name = "pairs={0}")
    @org.junit.jupiter.params.provider.ValueSource(booleans = {true, false})
    void frProductMatchesBigInteger(boolean pairs) throws Exception {
        BigInteger fr = new BigInteger("73eda753299d7d483339d80809a1d80553bda402fffe5bfeffffffff00000001", 16);
        BigInteger rInv = BigInteger.ONE.shiftLeft(256).modInverse(fr);
        Random rnd = new Random(11);
        List<BigInteger> vs = new ArrayList<>(List.of(BigInteger.ZERO, BigInteger.ONE, fr.subtract(BigInteger.ONE),
                BigInteger.ONE.shiftLeft(256).mod(fr)));
        for (int i = 0; i < 6; i++) {
            vs.add(new BigInteger(256, rnd).mod(fr));
        }
        int n = vs.size() * vs.size();
        int[] a = new int[8 * n];
        int[] b = new int[8 * n];
        int[] want = new int[8 * n];
        for (int i = 0; i < n; i++) {
            BigInteger x = vs.get(i / vs.size());
            BigInteger y = vs.get(i % vs.size());
            BigInteger z = x.multiply(y).multiply(rInv).mod(fr);
            for (int k = 0; k < 8; k++) {
                a[8 * i + k] = x.shiftRight(32 * k).intValue();
                b[8 * i + k] = y.shiftRight(32 * k).intValue();
                want[8 * i + k] = z.shiftRight(32 * k).intValue();
            }
        }
        CompiledKernel k = ptx("frMul", pairs);
        assertTrue(k.source().contains("madc.hi.cc.u32"), "the product is the carry-chain form");
        int[] r = new int[8 * n];
        new PtxInterpreter(k.source()).run(k, (n + 15) / 16 * 16, 16, new Object[] {null, r, a, b, n});
        assertArrayEquals(want, r);
    }

    @org.junit.jupiter.params.ParameterizedTest(name = "pairs={0}")
    @org.junit.jupiter.params.provider.ValueSource(booleans = {true, false})
    void constantOperandsBecomeImmediates(boolean pairs) throws Exception {
        BigInteger fr = new BigInteger("73eda753299d7d483339d80809a1d80553bda402fffe5bfeffffffff00000001", 16);
        BigInteger one = BigInteger.ZERO;
        for (int k = 7; k >= 0; k--) {
            one = one.shiftLeft(32).or(BigInteger.valueOf(FR_ONE[k] & 0xFFFFFFFFL));
        }
        org.junit.jupiter.api.Assertions.assertEquals(BigInteger.ONE.shiftLeft(256).mod(fr), one, "FR_ONE = R mod r");
        Random rnd = new Random(3);
        int n = 16;
        int[] a = new int[8 * n];
        for (int i = 0; i < n; i++) {
            BigInteger x = i == 0 ? fr.subtract(BigInteger.ONE) : new BigInteger(256, rnd).mod(fr);
            for (int k = 0; k < 8; k++) {
                a[8 * i + k] = x.shiftRight(32 * k).intValue();
            }
        }
        CompiledKernel k = ptx("frTimesOne", pairs);
        assertFalse(k.source().contains(".local"), "the constant operand needs no private array");
        int[] r = new int[8 * n];
        new PtxInterpreter(k.source()).run(k, n, 16, new Object[] {null, r, a, n});
        assertArrayEquals(a, r, "a·1 = a");
    }

    @org.junit.jupiter.params.ParameterizedTest(name = "sums={0}")
    @org.junit.jupiter.params.provider.ValueSource(booleans = {true, false})
    void frSumsMatchBigInteger(boolean sums) throws Exception {
        BigInteger fr = new BigInteger("73eda753299d7d483339d80809a1d80553bda402fffe5bfeffffffff00000001", 16);
        Random rnd = new Random(5);
        List<BigInteger> vs = new ArrayList<>(List.of(BigInteger.ZERO, BigInteger.ONE, BigInteger.TWO,
                fr.subtract(BigInteger.ONE), fr.subtract(BigInteger.TWO), fr.shiftRight(1), fr.shiftRight(1).add(BigInteger.ONE),
                BigInteger.ONE.shiftLeft(32), BigInteger.ONE.shiftLeft(32).subtract(BigInteger.ONE)));
        for (int i = 0; i < 5; i++) {
            vs.add(new BigInteger(256, rnd).mod(fr));
        }
        int n = vs.size() * vs.size();
        int[] a = new int[8 * n];
        int[] b = new int[8 * n];
        int[] wantSum = new int[8 * n];
        int[] wantDiff = new int[8 * n];
        int[] wantTwiceDiff = new int[8 * n];
        for (int i = 0; i < n; i++) {
            BigInteger x = vs.get(i / vs.size());
            BigInteger y = vs.get(i % vs.size());
            for (int k = 0; k < 8; k++) {
                a[8 * i + k] = x.shiftRight(32 * k).intValue();
                b[8 * i + k] = y.shiftRight(32 * k).intValue();
                wantSum[8 * i + k] = x.add(y).mod(fr).shiftRight(32 * k).intValue();
                wantDiff[8 * i + k] = x.subtract(y).mod(fr).shiftRight(32 * k).intValue();
                wantTwiceDiff[8 * i + k] = x.subtract(y).shiftLeft(1).mod(fr).shiftRight(32 * k).intValue();
            }
        }
        CompiledKernel k = KernelCompiler.translate(kernel("frAddSub"), Target.ptx(90), true, sums);
        assertTrue(k.source().contains("subc.cc.u32") == sums && k.source().contains("shr.u64") != sums,
                "carry chains exactly when asked, else the Java body's 64-bit limb sums");
        int[] s = new int[8 * n];
        int[] d = new int[8 * n];
        int global = (n + 15) / 16 * 16;
        new PtxInterpreter(k.source()).run(k, global, 16, new Object[] {null, s, d, a, b, n});
        assertArrayEquals(wantSum, s, "a + b");
        assertArrayEquals(wantDiff, d, "a − b");
        CompiledKernel inPlace = KernelCompiler.translate(kernel("frSubThenDoubleInPlace"), Target.ptx(90), true, sums);
        new PtxInterpreter(inPlace.source()).run(inPlace, global, 16, new Object[] {null, a, b, n});
        assertArrayEquals(wantTwiceDiff, a, "2(a − b), in place");
    }

    @Test
    void fpWithoutOptInKeepsTheJavaBody() throws Exception {
        List<BigInteger> vs = values(3);
        int n = vs.size() * vs.size();
        int[] a = new int[12 * n];
        int[] b = new int[12 * n];
        int[] want = new int[12 * n];
        for (int i = 0; i < n; i++) {
            put(a, i, vs.get(i / vs.size()));
            put(b, i, vs.get(i % vs.size()));
            put(want, i, vs.get(i / vs.size()).multiply(vs.get(i % vs.size())).multiply(R_INV).mod(P));
        }
        CompiledKernel k = ptx("fpMul", true, false);
        assertFalse(k.source().contains("madc.hi.cc.u32"), "without the opt-in, the Java CIOS body");
        int[] r = new int[12 * n];
        new PtxInterpreter(k.source()).run(k, (n + 15) / 16 * 16, 16, new Object[] {null, r, a, b, n});
        assertArrayEquals(want, r);
    }

    @org.junit.jupiter.params.ParameterizedTest(name = "optIn={0}")
    @org.junit.jupiter.params.provider.ValueSource(booleans = {true, false})
    void fpSumsMatchBigInteger(boolean optIn) throws Exception {
        List<BigInteger> vs = values(5);
        int n = vs.size() * vs.size();
        int[] a = new int[12 * n];
        int[] b = new int[12 * n];
        int[] wantSum = new int[12 * n];
        int[] wantDiff = new int[12 * n];
        int[] wantChain = new int[12 * n];
        for (int i = 0; i < n; i++) {
            BigInteger x = vs.get(i / vs.size());
            BigInteger y = vs.get(i % vs.size());
            put(a, i, x);
            put(b, i, y);
            put(wantSum, i, x.add(y).mod(P));
            put(wantDiff, i, x.subtract(y).mod(P));
            put(wantChain, i, x.subtract(y).pow(2).multiply(R_INV).add(x).mod(P));
        }
        CompiledKernel k = ptx("fpAddSub", true, optIn);
        assertTrue(k.source().contains("subc.cc.u32") == optIn && k.source().contains("shr.u64") != optIn,
                "carry chains exactly with the opt-in, else the Java body's 64-bit limb sums");
        int[] s = new int[12 * n];
        int[] d = new int[12 * n];
        int global = (n + 15) / 16 * 16;
        new PtxInterpreter(k.source()).run(k, global, 16, new Object[] {null, s, d, a, b, n});
        assertArrayEquals(wantSum, s, "a + b");
        assertArrayEquals(wantDiff, d, "a − b");
        CompiledKernel chain = ptx("fpSubSqrAddInPlace", true, optIn);
        assertTrue(chain.source().contains("madc.hi.cc.u32") == optIn, "the product replaced exactly with the opt-in");
        new PtxInterpreter(chain.source()).run(chain, global, 16, new Object[] {null, a, b, new int[12 * n], n});
        assertArrayEquals(wantChain, a, "(a − b)²·R⁻¹ + a, each step in place");
    }

    /** The products' PTX assembles for the H100/H200 (skipped without ptxas on the PATH). */
    @Test
    void ptxasAssemblesTheProducts(@org.junit.jupiter.api.io.TempDir java.nio.file.Path dir) throws Exception {
        java.nio.file.Path ptxas = PtxAssemblyTest.ptxas();
        org.junit.jupiter.api.Assumptions.assumeTrue(ptxas != null, "ptxas not on PATH");
        for (String name : List.of("fpMul", "fpSqrInPlace", "frMul", "fpMul/rows", "frMul/rows", "frAddSub",
                "fpAddSub", "fpSubSqrAddInPlace")) {
            java.nio.file.Path src = dir.resolve(name.replace('/', '-') + ".ptx");
            java.nio.file.Files.writeString(src, ptx(name.replace("/rows", ""), !name.endsWith("/rows")).source());
            Process p = new ProcessBuilder(List.of(ptxas.toString(), "--gpu-name", "sm_90", src.toString(), "-o",
                    dir.resolve(name.replace('/', '-') + ".cubin").toString())).redirectErrorStream(true).start();
            String log = new String(p.getInputStream().readAllBytes());
            assertTrue(p.waitFor(60, java.util.concurrent.TimeUnit.SECONDS) && p.exitValue() == 0, name + ": " + log);
        }
    }

    @Test
    void modulusConstraints() {
        int[] fr = {0x00000001, 0xffffffff, 0xfffe5bfe, 0x53bda402, 0x09a1d805, 0x3339d808, 0x299d7d48, 0x73eda753};
        assertTrue(MontMulPtx.supported(fr, 0xffffffff), "Fr, 255 bits in 8 limbs");
        assertFalse(MontMulPtx.supported(fr, 1), "wrong −m⁻¹");
        int[] even = fr.clone();
        even[0] = 2;
        assertFalse(MontMulPtx.supported(even, 0xffffffff), "even modulus");
        int[] wide = fr.clone();
        wide[7] = 0x80000001;
        assertFalse(MontMulPtx.supported(wide, 0xffffffff), "m ≥ 2^(32n − 1): the accumulator would need n + 2 limbs");
        int[] top = fr.clone();
        top[7] = 0;
        assertFalse(MontMulPtx.supported(top, 0xffffffff), "top limb zero");
        assertTrue(ModularSumPtx.supported(fr), "Fr sums: a + b < 2r fits 8 limbs");
        assertFalse(ModularSumPtx.supported(wide), "m ≥ 2^(32n − 1): a + b could carry out of n limbs");
        assertFalse(ModularSumPtx.supported(top), "top limb zero");
    }
}
