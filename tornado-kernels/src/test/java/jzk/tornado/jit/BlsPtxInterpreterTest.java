package jzk.tornado.jit;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.reflect.Method;
import java.util.Random;
import jzk.tornado.bls.kernels.FieldKernels;
import jzk.tornado.bls.kernels.MontFp;
import jzk.tornado.conformance.ConformanceCases;
import org.junit.jupiter.api.Test;

/**
 * The MSM point formulas ({@code Xyzz} over {@code CurveField}/{@code MontFp}) as PTX, run in the
 * {@link PtxInterpreter} and compared bit for bit with the same kernels run as Java: the PTX of the register-
 * resident Fp arithmetic is otherwise only executed on a GPU. Covers the mixed addition, its doubling and
 * infinity branches (base equal to / the negation of the bucket), the XYZZ addition and Fp2 products. Inputs
 * are reduced field elements (top limb below p's), not curve points: the formulas' arithmetic does not care.
 * The formula tests and the straight-line slice sums of the sorted MSM run twice: with {@link MontFp}'s opt-in
 * carry chains ({@code jzk.jit.optInProducts}) and without (the Java bodies inlined).
 */
class BlsPtxInterpreterTest {
    private static final int ITEMS = 4;
    /** 1 in Montgomery form: R mod p = 2^384 mod p, 12 little-endian 32-bit limbs. */
    private static final int[] MONT_ONE = new int[12];

    static {
        java.math.BigInteger p = new java.math.BigInteger("1a0111ea397fe69a4b1ba7b6434bacd764774b84f38512bf6730d2a0"
                + "f6b0f6241eabfffeb153ffffb9feffffffffaaab", 16); // IETF pairing-friendly-curves §4.2.1
        java.math.BigInteger one = java.math.BigInteger.ONE.shiftLeft(384).mod(p);
        for (int i = 0; i < 12; i++) {
            MONT_ONE[i] = one.shiftRight(32 * i).intValue();
        }
    }
    private final Random rnd = new Random(20261129L);

    private int[] elements(int count) {
        int[] v = new int[count * 12];
        for (int i = 0; i < v.length; i++) {
            v[i] = i % 12 == 11 ? rnd.nextInt(0x1a0111ea) : rnd.nextInt();
        }
        return v;
    }

    private static Method kernel(String name) {
        Class<?> owner = name.equals("accumulate") ? jzk.tornado.bls.kernels.MsmKernels.class
                : name.startsWith("sumSlicesG") ? jzk.tornado.bls.kernels.SortedMsmKernels.class
                : name.equals("countNotBelowR") ? jzk.tornado.bls.kernels.ScalarKernels.class : FieldKernels.class;
        for (Method m : owner.getMethods()) {
            if (m.getName().equals(name)) {
                return m;
            }
        }
        throw new IllegalArgumentException(name);
    }

    /**
     * Runs kernel {@code name} as Java and as interpreted PTX, asserts equal arrays, returns the Java run's; the
     * PTX translated with the opt-in products and sums ({@link MontFp}) replaced by carry chains when
     * {@code optIn}, else inlined.
     */
    private static Object[] compare(String name, boolean optIn, Object... args) throws Exception {
        return compareWide(name, optIn, WideAccesses.ENABLED, WideAccesses.FOLD_INDEX, args);
    }

    /**
     * As {@link #compare(String, boolean, Object...)}, with the 16-byte vector accesses when {@code wide}, their index
     * placed where PTX folds the offset when {@code fold} ({@code jzk.jit.foldVectorIndex}).
     */
    private static Object[] compareWide(String name, boolean optIn, boolean wide, boolean fold, Object... args)
            throws Exception {
        Method m = kernel(name);
        Object[] jvm = args.clone();
        Object[] dev = args.clone();
        for (int i = 0; i < args.length; i++) {
            if (args[i] instanceof int[] a) {
                jvm[i] = a.clone();
                dev[i] = a.clone();
            }
        }
        ConformanceCases.runOnJvm(m, ITEMS, ITEMS, jvm);
        CompiledKernel k = KernelCompiler.translate(m, Target.ptx(90), MontMulPtx.PAIRS, ModularSumPtx.ENABLED, optIn,
                wide, fold);
        if (wide && (name.equals("accumulate") || name.startsWith("sumSlices"))) {
            assertTrue(k.source().contains(".v4.u32"), name + ": 16-byte vector accesses");
        }
        assertTrue(k.source().contains("madc.hi.cc.u32") == optIn, name + ": Fp products replaced exactly with the opt-in");
        new PtxInterpreter(k.source()).run(k, ITEMS, ITEMS, dev);
        for (int i = 0; i < args.length; i++) {
            if (jvm[i] instanceof int[] x) {
                assertArrayEquals(x, (int[]) dev[i], name + " argument " + i);
            }
        }
        return jvm;
    }

    @org.junit.jupiter.params.ParameterizedTest(name = "optIn={0}")
    @org.junit.jupiter.params.provider.ValueSource(booleans = {true, false})
    void mixedAdditionAllBranches(boolean optIn) throws Exception {
        for (int d = 1; d <= 2; d++) {
            int s = 12 * d;
            int[] p = elements(ITEMS * 4 * d);
            int[] a = elements(ITEMS * 2 * d);
            // item 1: bucket = (x, y, 1, 1) of its base (1 in Montgomery form, R mod p), so P = R = 0: the
            // doubling branch without negation, the infinity branch with it
            int item = 1;
            System.arraycopy(a, item * 2 * s, p, item * 4 * s, 2 * s);
            for (int c = 2; c < 4; c++) {
                java.util.Arrays.fill(p, item * 4 * s + c * s, item * 4 * s + (c + 1) * s, 0);
                System.arraycopy(MONT_ONE, 0, p, item * 4 * s + c * s, 12);
            }
            int[] doubled = (int[]) compare("pointAddAffine", optIn, null, d, p, a, 0, ITEMS)[2];
            int[] cancelled = (int[]) compare("pointAddAffine", optIn, null, d, p, a, 1, ITEMS)[2];
            int[] zz = java.util.Arrays.copyOfRange(doubled, item * 4 * s + 2 * s, item * 4 * s + 3 * s);
            assertTrue(java.util.Arrays.stream(zz).anyMatch(v -> v != 0), "doubling gives a finite point");
            assertTrue(java.util.Arrays.stream(cancelled, item * 4 * s, (item + 1) * 4 * s).allMatch(v -> v == 0),
                    "P + (-P) gives infinity (all zeros)");
        }
    }

    @org.junit.jupiter.params.ParameterizedTest(name = "optIn={0}")
    @org.junit.jupiter.params.provider.ValueSource(booleans = {true, false})
    void xyzzAdditionAndFp2Products(boolean optIn) throws Exception {
        compare("pointAdd", optIn, null, 1, elements(ITEMS * 4), elements(ITEMS * 4), ITEMS);
        compare("pointAdd", optIn, null, 2, elements(ITEMS * 8), elements(ITEMS * 8), ITEMS);
        compare("fp2Mul", optIn, null, elements(ITEMS * 2), elements(ITEMS * 2), elements(ITEMS * 2), ITEMS);
        compare("fpMulChain", optIn, null, elements(ITEMS), 2, ITEMS);
    }

    /**
     * Regression guard for register residency: one G1 mixed addition kernel executes 1 294 {@code ld/st.local}
     * in the interpreted PTX: 540 zero-filling its register file (the MSM kernels do that once per work-item,
     * not per addition), the rest 10 Fp products at 36 each, the subtractions, the register-file loads and
     * stores; with the array-based CIOS of {@code Mont32} it was 11 262. The bound fails if the Fp arithmetic
     * goes back to private arrays.
     */
    @Test
    void g1MixedAdditionStaysInRegisters() throws Exception {
        Method m = kernel("pointAddAffine");
        CompiledKernel k = KernelCompiler.compile(m, Target.ptx(90));
        long before = PtxInterpreter.LOCAL_ACCESSES.sum();
        new PtxInterpreter(k.source()).run(k, 1, 1, new Object[] {null, 1, elements(4), elements(2), 0, 1});
        long local = PtxInterpreter.LOCAL_ACCESSES.sum() - before;
        assertTrue(local > 0 && local < 2000, "ld/st.local per G1 mixed addition: " + local);
    }

    /**
     * The scalar range check: 4 scalars from offset 1 of 5, among them r − 1, r, r + 1, 2^256 − 1 and values that
     * differ from r only in a low limb; the count equals the BigInteger comparison's, in Java and in PTX.
     */
    @Test
    void scalarRangeCheckMatchesJava() throws Exception {
        java.math.BigInteger r = new java.math.BigInteger(
                "73eda753299d7d483339d80809a1d80553bda402fffe5bfeffffffff00000001", 16); // IETF §4.2.1
        java.math.BigInteger[][] cases = {
            {java.math.BigInteger.ZERO, r.subtract(java.math.BigInteger.ONE), r, r.add(java.math.BigInteger.ONE),
                java.math.BigInteger.ONE.shiftLeft(256).subtract(java.math.BigInteger.ONE)},
            {r, r.subtract(java.math.BigInteger.ONE.shiftLeft(32)), r.add(java.math.BigInteger.ONE.shiftLeft(64)),
                r.subtract(java.math.BigInteger.ONE.shiftLeft(224)), r.add(java.math.BigInteger.ONE.shiftLeft(224))}};
        for (java.math.BigInteger[] values : cases) {
            int[] scalars = new int[8 * values.length];
            for (int i = 0; i < values.length; i++) {
                for (int k = 0; k < 8; k++) {
                    scalars[8 * i + k] = values[i].shiftRight(32 * k).intValue();
                }
            }
            int want = 0;
            for (int i = 1; i < values.length; i++) {
                want += values[i].compareTo(r) >= 0 ? 1 : 0;
            }
            int[] bad = (int[]) compare("countNotBelowR", false, null, scalars, 1, ITEMS, new int[1])[4];
            org.junit.jupiter.api.Assertions.assertEquals(want, bad[0], "scalars ≥ r among items 1..4");
        }
    }

    /**
     * The bucket accumulation kernel itself (one register file reused by all of a work-item's additions): 4
     * work-items (windows 0..3 of c = 2, so buckets collide and additions land on finite buckets), 6 points.
     */
    @org.junit.jupiter.params.ParameterizedTest(name = "optIn={0} wide={1} fold={2}")
    @org.junit.jupiter.params.provider.CsvSource({"true, false, false", "false, false, false", "true, true, false",
        "true, true, true"})
    void msmAccumulateMatchesJava(boolean optIn, boolean wide, boolean fold) throws Exception {
        for (int d = 1; d <= 2; d++) {
            int n = 6;
            // one scalar more than points: the kernel reads scalars [from, from + n) with from = 1
            int[] scalars = new int[8 * (n + 1)];
            for (int i = 0; i < scalars.length; i++) {
                scalars[i] = i % 8 == 7 ? rnd.nextInt() >>> 2 : rnd.nextInt();
            }
            int[] buckets = new int[ITEMS * 2 * 48 * d];
            int[] out = (int[]) compareWide("accumulate", optIn, wide || WideAccesses.ENABLED,
                    fold || WideAccesses.FOLD_INDEX, null, d,
                    elements(n * 2 * d), scalars, 1, buckets, n, 2, 128, 1)[5];
            assertTrue(java.util.Arrays.stream(out).anyMatch(v -> v != 0), "some bucket is finite");
        }
    }

    /**
     * The sorted MSM's straight-line slice sums ({@code SortedMsmKernels.sumSlicesG1/G2}), the kernels the opt-in
     * is for: 4 slices of 3, 0, 2 and 4 entries over 5 bases (random reduced elements), with negated entries, a
     * base added twice (the doubling branch) and a base and its negation (infinity), Java against PTX.
     */
    @org.junit.jupiter.params.ParameterizedTest(name = "optIn={0} wide={1} fold={2}")
    @org.junit.jupiter.params.provider.CsvSource({"true, false, false", "false, false, false", "true, true, false",
        "true, true, true"})
    void straightSliceSumsMatchJava(boolean optIn, boolean wide, boolean fold) throws Exception {
        int neg = 0x80000000;
        int[] entries = {0, 1 | neg, 2, /* empty slice */ 3, 3, 4, 4 | neg, 1, 2 | neg};
        int[] sliceStart = {0, 3, 3, 5, 9};
        for (int d = 1; d <= 2; d++) {
            int[] bases = elements(5 * 2 * d);
            int[] sums = new int[ITEMS * 48 * d];
            int[] out = (int[]) compareWide("sumSlicesG" + d, optIn, wide || WideAccesses.ENABLED,
                    fold || WideAccesses.FOLD_INDEX, null, bases, entries, sliceStart, sums, ITEMS,
                    new int[ITEMS], 0)[4];
            assertTrue(java.util.Arrays.stream(out, 0, 48 * d).anyMatch(v -> v != 0), "slice 0 sums to a finite point");
            assertTrue(java.util.Arrays.stream(out, 48 * d, 2 * 48 * d).allMatch(v -> v == 0),
                    "the empty slice is infinity (all zeros)");
        }
    }
}
