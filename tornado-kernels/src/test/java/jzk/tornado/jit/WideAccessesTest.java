package jzk.tornado.jit;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.reflect.Method;
import java.util.List;
import java.util.Random;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import jzk.tornado.api.Device;
import jzk.tornado.api.DeviceKind;
import jzk.tornado.api.KernelContext;
import jzk.tornado.conformance.ConformanceCases;
import jzk.tornado.runtime.Devices;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

/**
 * The 16-byte vector accesses ({@link WideAccesses}): which groups of scalar accesses the pass combines (counted in the
 * PTX text), and that the combined kernels compute what a plain element copy computes (expected arrays built by this
 * test's own loops, and the jvm device's run of the same kernels) in the {@link PtxInterpreter} (which faults on a
 * misaligned vector access, as the GPU does) and on every OpenCL device (PoCL in CI). The pass is asked for through
 * the compiler's parameter, whatever {@code jzk.jit.wideAccess} says; without it the PTX has no vector access. Each
 * check runs with the vector index in either place ({@code jzk.jit.foldVectorIndex}, asked for the same way): the
 * groups and results are the same, only the addresses differ (the folded form's second vector at {@code [a+16]}).
 */
class WideAccessesTest {
    /** dst element i = src element perm[i] (8 ints each) through a private array: 2 vector loads, 2 vector stores. */
    public static void copyElements(KernelContext ctx, int[] dst, int[] src, int[] perm) {
        int i = ctx.globalIdx;
        int j = perm[i];
        int[] t = new int[8];
        for (int q = 0; q < 8; q++) {
            t[q] = src[j * 8 + q];
        }
        for (int q = 0; q < 8; q++) {
            dst[i * 8 + q] = t[q];
        }
    }

    /** The same copy limb by limb: each load is followed by a store to another global array (may alias): scalar. */
    public static void copyInterleaved(KernelContext ctx, int[] dst, int[] src, int[] perm) {
        int i = ctx.globalIdx;
        int j = perm[i];
        for (int q = 0; q < 8; q++) {
            dst[i * 8 + q] = src[j * 8 + q];
        }
    }

    /** Loads at i·8 + 1 + q (misaligned) and 3i + q (alignment unknown) stay scalar; the stores combine. */
    public static void copyUnaligned(KernelContext ctx, int[] dst, int[] src) {
        int i = ctx.globalIdx;
        int[] t = new int[8];
        for (int q = 0; q < 4; q++) {
            t[q] = src[i * 8 + 1 + q];
        }
        for (int q = 0; q < 4; q++) {
            t[4 + q] = src[i * 3 + q];
        }
        for (int q = 0; q < 8; q++) {
            dst[i * 8 + q] = t[q];
        }
    }

    /**
     * Indices set on either side of branches: {@code b} is always a multiple of 8 (both definitions), {@code c} may be
     * odd; only b's group combines (4 + 4 ints, then 4 + 4 stored).
     */
    public static void copyAfterBranch(KernelContext ctx, int[] dst, int[] src, int shift, int odd) {
        int i = ctx.globalIdx;
        int b = i * 8;
        if (shift != 0) {
            b = b + 8 * shift;
        }
        int c = i * 8;
        if (odd != 0) {
            c = c + 2;
        }
        int[] t = new int[16];
        for (int q = 0; q < 8; q++) {
            t[q] = src[b + q];
        }
        for (int q = 0; q < 8; q++) {
            t[8 + q] = src[c + q];
        }
        for (int q = 0; q < 16; q++) {
            dst[i * 16 + q] = t[q];
        }
    }

    /**
     * Two elements stored limb by limb, interleaved (as the NTT passes store theirs): element a = 2i and b = 2i or
     * 2i + 1 (sel), so a and b are sometimes the same element; the vector stores keep every lane's last writer (b's).
     */
    public static void storeTwoInterleaved(KernelContext ctx, int[] dst, int[] src, int[] sel) {
        int i = ctx.globalIdx;
        int a = 2 * i;
        int b = 2 * i + (sel[i] & 1);
        int[] t = new int[8];
        for (int q = 0; q < 8; q++) {
            t[q] = src[i * 8 + q];
        }
        for (int q = 0; q < 8; q++) {
            dst[a * 8 + q] = t[q];
            dst[b * 8 + q] = ~t[q];
        }
    }

    /** As {@link #storeTwoInterleaved}, but limb 1 is stored b first: the low half's last writers differ, stays scalar. */
    public static void storeTwoCrossed(KernelContext ctx, int[] dst, int[] src, int[] sel) {
        int i = ctx.globalIdx;
        int a = 2 * i;
        int b = 2 * i + (sel[i] & 1);
        int[] t = new int[8];
        for (int q = 0; q < 8; q++) {
            t[q] = src[i * 8 + q];
        }
        for (int q = 0; q < 8; q++) {
            if (q == 1) {
                dst[b * 8 + q] = ~t[q];
                dst[a * 8 + q] = t[q];
            } else {
                dst[a * 8 + q] = t[q];
                dst[b * 8 + q] = ~t[q];
            }
        }
    }

    /**
     * Through shared memory, long elements (2 per vector): each work-item writes its 4-long element into a shared
     * buffer, then (after the barrier) copies its right neighbour's (cyclically in the group) out: vector stores and
     * loads on .shared and .global, in reverse limb order (the group's first access is not the one at c0).
     */
    public static void rotateThroughShared(KernelContext ctx, long[] dst, long[] src) {
        int l = ctx.localIdx;
        int n = ctx.localGroupSizeX;
        int g = ctx.globalIdx;
        long[] buf = ctx.allocateLongLocalArray(4 * 64);
        long[] t = new long[4];
        for (int q = 3; q >= 0; q--) {
            t[q] = src[g * 4 + q];
        }
        for (int q = 3; q >= 0; q--) {
            buf[l * 4 + q] = t[q];
        }
        ctx.localBarrier();
        int from = (l + 1) % n;
        for (int q = 0; q < 4; q++) {
            t[q] = buf[from * 4 + q];
        }
        for (int q = 0; q < 4; q++) {
            dst[g * 4 + q] = t[q];
        }
    }

    private static Method kernel(String name) {
        for (Method m : WideAccessesTest.class.getMethods()) {
            if (m.getName().equals(name)) {
                return m;
            }
        }
        throw new IllegalArgumentException(name);
    }

    private static CompiledKernel ptx(String name, boolean wide) {
        return ptx(name, wide, WideAccesses.FOLD_INDEX);
    }

    /** As {@link #ptx(String, boolean)}, the vector index placed where PTX folds its offset when {@code fold}. */
    private static CompiledKernel ptx(String name, boolean wide, boolean fold) {
        return KernelCompiler.translate(kernel(name), Target.ptx(90), MontMulPtx.PAIRS, ModularSumPtx.ENABLED,
                MontMulPtx.OPT_IN, wide, fold);
    }

    private static int count(String src, String insn) {
        Matcher m = Pattern.compile("\\b" + Pattern.quote(insn) + " ").matcher(src);
        int n = 0;
        while (m.find()) {
            n++;
        }
        return n;
    }

    /**
     * Asserts the PTX's scalar and vector global/shared access counts (with the pass, the index in either place) and
     * none without.
     */
    private static void assertCounts(String name, String space, String scalar, String vector, int scalarLoads,
                                     int vectorLoads, int scalarStores, int vectorStores) {
        for (boolean fold : new boolean[] {false, true}) {
            String src = ptx(name, true, fold).source();
            String what = name + " fold=" + fold;
            assertEquals(scalarLoads, count(src, "ld." + space + "." + scalar), what + " scalar loads\n" + src);
            assertEquals(vectorLoads, count(src, "ld." + space + "." + vector), what + " vector loads\n" + src);
            assertEquals(scalarStores, count(src, "st." + space + "." + scalar), what + " scalar stores\n" + src);
            assertEquals(vectorStores, count(src, "st." + space + "." + vector), what + " vector stores\n" + src);
        }
        String plain = ptx(name, false).source();
        assertFalse(plain.contains(".v4.") || plain.contains(".v2."), name + " without the pass");
    }

    @Test
    void combinesExactlyTheProvablyAlignedGroups() {
        assertCounts("copyElements", "global", "u32", "v4.u32", 1, 2, 0, 2);
        assertCounts("copyInterleaved", "global", "u32", "v4.u32", 9, 0, 8, 0);
        assertCounts("copyUnaligned", "global", "u32", "v4.u32", 8, 0, 0, 2);
        assertCounts("copyAfterBranch", "global", "u32", "v4.u32", 8, 2, 0, 4);
        assertCounts("storeTwoInterleaved", "global", "u32", "v4.u32", 1, 2, 0, 4);
        assertCounts("storeTwoCrossed", "global", "u32", "v4.u32", 1, 2, 8, 2);
        assertCounts("rotateThroughShared", "global", "u64", "v2.u64", 0, 2, 0, 2);
        assertCounts("rotateThroughShared", "shared", "u64", "v2.u64", 0, 2, 0, 2);
        // with foldVectorIndex the element's second vector store shares its first's address, the offset folded in
        // (WideAccesses' sources); in the default placement its index is the last store's minus 3, not folded
        Pattern folded = Pattern.compile("st\\.global\\.v4\\.u32 \\[%rd\\d+\\+16], \\{");
        assertTrue(folded.matcher(ptx("copyElements", true, true).source()).find(), "folded second vector store");
        assertFalse(folded.matcher(ptx("copyElements", true, false).source()).find(), "default: own index");
        String shared = ptx("rotateThroughShared", true).source();
        assertTrue(shared.contains(".shared .align 16 .b8 "), "shared arrays 16-byte aligned");
        String cl = KernelCompiler.translate(kernel("rotateThroughShared"), Target.openCl(false), true, true, true, true)
                .source();
        assertTrue(cl.contains("*(__local ulong2*)") && cl.contains("*(__global ulong2*)")
                && cl.contains("__attribute__((aligned(16)))"), cl);
    }

    /** A case: kernel name, global and local size, arguments (fresh each call), expected arrays by argument index. */
    private record Case(String name, int global, int local, java.util.function.Supplier<Object[]> args,
                        java.util.function.Function<Object[], Object[]> expected) {
    }

    private static final int N = 64;

    private static int[] ints(int n, long seed) {
        Random r = new Random(seed);
        int[] v = new int[n];
        for (int i = 0; i < n; i++) {
            v[i] = i % 7 == 0 ? (i % 2 == 0 ? Integer.MIN_VALUE : -1) : r.nextInt();
        }
        return v;
    }

    private static int[] perm(long seed) {
        List<Integer> p = new java.util.ArrayList<>(java.util.stream.IntStream.range(0, N).boxed().toList());
        java.util.Collections.shuffle(p, new Random(seed));
        return p.stream().mapToInt(Integer::intValue).toArray();
    }

    /** Expected dst of the element copies, by plain loops over the arguments. */
    private static int[] permuted(int[] src, int[] perm) {
        int[] d = new int[8 * N];
        for (int i = 0; i < N; i++) {
            System.arraycopy(src, 8 * perm[i], d, 8 * i, 8);
        }
        return d;
    }

    /** Expected dst of the two-element stores: limb by limb, a then b, except limb {@code bFirst} b then a. */
    private static int[] storedTwo(int[] src, int[] sel, int bFirst) {
        int[] d = new int[16 * N];
        for (int i = 0; i < N; i++) {
            int a = 2 * i;
            int b = 2 * i + (sel[i] & 1);
            for (int q = 0; q < 8; q++) {
                int x = src[8 * i + q];
                if (q == bFirst) {
                    d[8 * b + q] = ~x;
                    d[8 * a + q] = x;
                } else {
                    d[8 * a + q] = x;
                    d[8 * b + q] = ~x;
                }
            }
        }
        return d;
    }

    private static List<Case> cases() {
        return List.of(
                new Case("copyElements", N, 16, () -> new Object[] {null, new int[8 * N], ints(8 * N, 1), perm(2)},
                        a -> new Object[] {null, permuted((int[]) a[2], (int[]) a[3])}),
                new Case("copyInterleaved", N, 16, () -> new Object[] {null, new int[8 * N], ints(8 * N, 3), perm(4)},
                        a -> new Object[] {null, permuted((int[]) a[2], (int[]) a[3])}),
                new Case("copyUnaligned", N, 16, () -> new Object[] {null, new int[8 * N], ints(8 * N + 4, 5)}, a -> {
                    int[] src = (int[]) a[2];
                    int[] d = new int[8 * N];
                    for (int i = 0; i < N; i++) {
                        for (int q = 0; q < 4; q++) {
                            d[8 * i + q] = src[8 * i + 1 + q];
                            d[8 * i + 4 + q] = src[3 * i + q];
                        }
                    }
                    return new Object[] {null, d};
                }),
                new Case("copyAfterBranch", N, 16, () -> new Object[] {null, new int[16 * N], ints(8 * N + 32, 6), 3, 1},
                        a -> {
                            int[] src = (int[]) a[2];
                            int[] d = new int[16 * N];
                            for (int i = 0; i < N; i++) {
                                System.arraycopy(src, 8 * i + 24, d, 16 * i, 8);
                                System.arraycopy(src, 8 * i + 2, d, 16 * i + 8, 8);
                            }
                            return new Object[] {null, d};
                        }),
                new Case("storeTwoInterleaved", N, 16, () -> new Object[] {null, new int[16 * N], ints(8 * N, 9),
                    ints(N, 10)}, a -> new Object[] {null, storedTwo((int[]) a[2], (int[]) a[3], -1)}),
                new Case("storeTwoCrossed", N, 16, () -> new Object[] {null, new int[16 * N], ints(8 * N, 11),
                    ints(N, 12)}, a -> new Object[] {null, storedTwo((int[]) a[2], (int[]) a[3], 1)}),
                new Case("rotateThroughShared", N, 16, () -> {
                    Random r = new Random(8);
                    long[] src = new long[4 * N];
                    for (int i = 0; i < src.length; i++) {
                        src[i] = i % 5 == 0 ? Long.MIN_VALUE + i : r.nextLong();
                    }
                    return new Object[] {null, new long[4 * N], src};
                }, a -> {
                    long[] src = (long[]) a[2];
                    long[] d = new long[4 * N];
                    for (int g = 0; g < N; g++) {
                        int from = g / 16 * 16 + (g % 16 + 1) % 16;
                        System.arraycopy(src, 4 * from, d, 4 * g, 4);
                    }
                    return new Object[] {null, d};
                }));
    }

    private static void assertResult(Case c, Object[] want, Object[] got, String where) {
        for (int i = 0; i < want.length; i++) {
            if (want[i] instanceof int[] w) {
                assertArrayEquals(w, (int[]) got[i], c.name() + " " + where + " argument " + i);
            } else if (want[i] instanceof long[] w) {
                assertArrayEquals(w, (long[]) got[i], c.name() + " " + where + " argument " + i);
            }
        }
    }

    @Test
    void vectorPtxComputesTheCopiesInTheInterpreter() throws Exception {
        for (Case c : cases()) {
            Object[] jvm = c.args().get();
            Object[] want = c.expected().apply(jvm);
            ConformanceCases.runOnJvm(kernel(c.name()), c.global(), c.local(), jvm);
            assertResult(c, want, jvm, "jvm device");
            for (int v = 0; v < 3; v++) { // scalar, wide, wide with the folded index
                Object[] dev = c.args().get();
                CompiledKernel k = ptx(c.name(), v > 0, v == 2);
                new PtxInterpreter(k.source()).run(k, c.global(), c.local(), dev);
                assertResult(c, want, dev, "PTX wide=" + (v > 0) + " fold=" + (v == 2));
            }
        }
    }

    @Test
    void interpreterFaultsOnAMisalignedVectorAccess() {
        String src = ptx("copyElements", true).source();
        // shift the vector load's address by one int: the interpreter must refuse, as the GPU would
        String bad = src.replaceFirst("(ld\\.global\\.v4\\.u32 \\{[^}]*}, \\[%rd\\d+)(\\+\\d+)?]", "$1+4]");
        assertFalse(bad.equals(src), "a vector load to mangle");
        CompiledKernel k = ptx("copyElements", true);
        IllegalStateException e = assertThrows(IllegalStateException.class, () -> new PtxInterpreter(bad).run(k, N, 16,
                new Object[] {null, new int[8 * N], ints(8 * N, 1), perm(2)}));
        assertTrue(String.valueOf(e.getCause()).contains("misaligned"), String.valueOf(e.getCause()));
    }

    @Test
    void vectorOpenClComputesTheCopiesOnEveryOpenClDevice() {
        List<Device> devices = Devices.registry().devices().stream()
                .filter(x -> x.info().kind() == DeviceKind.OPENCL).toList();
        Assumptions.assumeFalse(devices.isEmpty(), "no OpenCL device (PoCL in CI)");
        for (Case c : cases()) {
            for (boolean fold : new boolean[] {false, true}) {
                CompiledKernel k = KernelCompiler.translate(kernel(c.name()), Target.openCl(false), true, true, true,
                        true, fold);
                for (Device d : devices) {
                    Object[] dev = c.args().get();
                    Object[] want = c.expected().apply(dev);
                    d.launch(d.kernelFromSource(k.toSource()), c.global(), c.local(), dev);
                    assertResult(c, want, dev, d.name() + " fold=" + fold);
                }
            }
        }
    }
}
