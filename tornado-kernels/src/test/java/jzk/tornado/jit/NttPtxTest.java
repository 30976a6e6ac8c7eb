package jzk.tornado.jit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.lang.reflect.Method;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

import jzk.arith.Fr;
import jzk.arith.FrDomain;
import jzk.tornado.bls.kernels.NttKernels;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.api.io.TempDir;

/**
 * The NTT kernels' PTX: the small pass carries its register cap ({@code .maxnreg}, from {@code @JitLimits}), every
 * kernel uses the carry-chain Fr product, and ptxas ({@code --gpu-name sm_90 -v}, skipped when not on the PATH) assembles every
 * NTT kernel without spilling, with the products in either form ({@link MontMulPtx}: pairs, the default, and rows),
 * and the passes with 16-byte vector accesses ({@link WideAccesses}: then no scalar global access is left), also with
 * their index placed where PTX folds the offset ({@code /fold}: {@code jzk.jit.foldVectorIndex}).
 * The PTX of the small passes (radix 2, radix 4 in both local layouts) also runs in the {@link PtxInterpreter} (shared memory, barriers, the
 * products of either form, with and without vector accesses) for a two-pass NTT against field-arith's CPU {@link FrDomain}: the device's PTX path, bit
 * for bit, without a GPU. Results are checked on the Java and OpenCL hosts by NttTest.
 */
class NttPtxTest {
    @Test
    void nttKernelsAssembleWithoutSpills(@TempDir Path dir) throws Exception {
        Path ptxas = PtxAssemblyTest.ptxas();
        for (String kernel : List.of("pass", "passSmall", "pass4", "pass4Small", "pass4q", "pass4qSmall", "mulByPowers",
                "powers", "pass/rows", "passSmall/rows", "pass4/rows", "pass4Small/rows", "pass4q/rows",
                "pass4qSmall/rows", "pass/wide", "passSmall/wide", "pass4/wide", "pass4Small/wide", "pass4q/wide",
                "pass4qSmall/wide", "pass4qT", "pass4qTSmall", "pass4qT/rows", "pass4qTSmall/rows", "pass4qT/wide",
                "pass4qTSmall/wide", "stageTwiddles", "pass4qCols", "pass4qSmallCols", "pass4qTCols",
                "pass4qTSmallCols", "pass/fold", "passSmall/fold", "pass4/fold", "pass4Small/fold",
                "pass4q/fold", "pass4qSmall/fold", "pass4qT/fold", "pass4qTSmall/fold", "mulByPowers/fold",
                "powers/fold", "stageTwiddles/fold", "pass4q/rows/fold", "pass4qT/rows/fold")) {
            String name = kernel.replaceAll("/.*", "");
            boolean pairs = !kernel.contains("/rows");
            boolean fold = kernel.endsWith("/fold") || WideAccesses.FOLD_INDEX;
            boolean wide = kernel.endsWith("/wide") || kernel.endsWith("/fold") || WideAccesses.ENABLED;
            Method m = null;
            for (Method x : NttKernels.class.getMethods()) {
                if (x.getName().equals(name)) {
                    m = x;
                }
            }
            String src = KernelCompiler.translate(m, Target.ptx(90), pairs, ModularSumPtx.ENABLED, MontMulPtx.OPT_IN,
                    wide, fold).source();
            if (wide && name.startsWith("pass")) {
                // every Fr element of the global arrays moves as two 16-byte vectors (WideAccesses)
                assertTrue(!src.contains("ld.global.u32") && !src.contains("st.global.u32")
                        && src.contains("ld.global.v4.u32") && src.contains("st.global.v4.u32"), kernel + ": vectors");
            }
            if (kernel.endsWith("/fold") && name.startsWith("pass")) {
                // the element's second vector at the first's address plus 16 (WideAccesses' sources)
                assertTrue(java.util.regex.Pattern.compile("st\\.global\\.v4\\.u32 \\[%rd\\d+\\+16], \\{").matcher(src)
                        .find(), kernel + ": folded vector index");
            }
            if (wide && name.startsWith("pass4q")) {
                // and of the local arrays in quads (NttKernels.quadAt, twiddleQuadAt): 2 vectors per element
                assertTrue(!src.contains("ld.shared.u32") && !src.contains("st.shared.u32")
                        && src.contains("ld.shared.v4.u32") && src.contains("st.shared.v4.u32"), kernel + ": shared");
            }
            if (!name.equals("stageTwiddles")) { // an index map, no product
                assertTrue(src.contains("madc.hi.cc.u32"), kernel + ": carry-chain Fr product");
                assertEquals(pairs, src.contains("mul.hi.u32"), kernel + ": the pairs form starts with plain products");
            }
            assertEquals(name.equals("passSmall"), src.contains("\n.maxnreg 48\n"), kernel + ": register cap");
            assertEquals(name.startsWith("pass4"), src.contains("\n.maxnreg 64\n"), kernel + ": radix-4 register cap");
            if (ptxas == null) {
                continue;
            }
            Path file = dir.resolve(kernel.replace('/', '-') + ".ptx");
            Files.writeString(file, src);
            Process p = new ProcessBuilder(List.of(ptxas.toString(), "--gpu-name", "sm_90", "-v", file.toString(),
                    "-o", dir.resolve(kernel.replace('/', '-') + ".cubin").toString())).redirectErrorStream(true).start();
            String log = new String(p.getInputStream().readAllBytes());
            assertTrue(p.waitFor(60, TimeUnit.SECONDS), "ptxas timed out on " + kernel);
            assertEquals(0, p.exitValue(), kernel + ": " + log);
            // the pairs form is meant with the sums and folded offsets (the three flags go on together, see
            // JIT.md); alone, under passSmall's cap of 48, it spills a word, so only that combination is held to it
            if (!pairs || (PtxWriter.FOLD_OFFSETS && ModularSumPtx.ENABLED)) {
                assertTrue(log.contains("0 bytes spill stores, 0 bytes spill loads"), kernel + " spills: " + log);
            }
        }
        assumeTrue(ptxas != null, "ptxas not on PATH: PTX generated but not assembled");
    }

    /** Little-endian 32-bit limbs of 4-long Montgomery elements (the kernels' layout). */
    private static int[] split(long[] v) {
        int[] d = new int[v.length * 2];
        for (int i = 0; i < v.length; i++) {
            d[2 * i] = (int) v[i];
            d[2 * i + 1] = (int) (v[i] >>> 32);
        }
        return d;
    }

    /** The stage-major twiddle table of a two-pass split (k0, lgN − k0), gathered by stageTwiddles' PTX. */
    private static int[] stageTable(int[] half, int lgN, int k0, boolean pairs, boolean wide, boolean fold)
            throws Exception {
        Method gather = null;
        for (Method x : NttKernels.class.getMethods()) {
            if (x.getName().equals("stageTwiddles")) {
                gather = x;
            }
        }
        CompiledKernel k = KernelCompiler.translate(gather, Target.ptx(90), pairs, ModularSumPtx.ENABLED,
                MontMulPtx.OPT_IN, wide || WideAccesses.ENABLED, fold || WideAccesses.FOLD_INDEX);
        PtxInterpreter ptx = new PtxInterpreter(k.source());
        int[] table = new int[((1 << lgN) - 1) * 8];
        for (int s = 0; s < lgN; s++) {
            int count = Math.max(64, 1 << s);
            ptx.run(k, count, 64, new Object[] {null, table, half, lgN, s < k0 ? 0 : k0, s});
        }
        return table;
    }

    /**
     * The pass kernels' PTX in the interpreter, each as Ntt launches it for a two-pass NTT (a permuting first pass into
     * scratch, then back into data) against the CPU domain: passSmall for 2^7 as 4 + 3 stages (2^(k−1) work-items
     * per group); pass4Small for 2^10 as 7 + 3 stages (2^(k−2) work-items; both odd, so each ends in its radix-2
     * step, and the 7-stage pass reaches the positions whose local slots {@code NttKernels.slot} permutes); pass4qSmall
     * (local memory in 16-byte quads) as pass4Small; pass4qTSmall as pass4qSmall, with the stage-major twiddle table
     * for that split gathered by stageTwiddles' PTX in the interpreter (one launch per stage). {@code fold}: with the
     * vector accesses' index placed where PTX folds the offset ({@code jzk.jit.foldVectorIndex}).
     */
    @ParameterizedTest(name = "{0} pairs={1} wide={2} fold={3}")
    @CsvSource({"passSmall, true, false, false", "passSmall, false, false, false", "pass4Small, true, false, false",
        "pass4Small, false, false, false", "passSmall, true, true, false", "pass4Small, true, true, false",
        "pass4qSmall, true, false, false", "pass4qSmall, false, false, false", "pass4qSmall, true, true, false",
        "pass4qTSmall, true, false, false", "pass4qTSmall, true, true, false", "passSmall, true, true, true",
        "pass4Small, true, true, true", "pass4qSmall, true, true, true", "pass4qTSmall, true, true, true"})
    void passPtxComputesTheTransform(String kernel, boolean pairs, boolean wide, boolean fold) throws Exception {
        boolean four = kernel.startsWith("pass4");
        int lgN = four ? 10 : 7;
        int k0 = four ? 7 : 4;
        int lgPer = four ? 2 : 1;
        int n = 1 << lgN;
        java.util.Random rnd = new java.util.Random(7);
        long[] v = new long[4 * n];
        for (int i = 0; i < n; i++) {
            if (i % 5 == 0) {
                long[] top = Fr.F.fromBigInteger(Fr.R.subtract(java.math.BigInteger.ONE)); // r − 1: the largest limbs
                System.arraycopy(top, 0, v, 4 * i, 4);
            } else {
                Fr.F.random(v, 4 * i, rnd);
            }
        }
        long[] want = v.clone();
        new FrDomain(lgN, Fr.RootFamily.SNARKJS_5).fft(want);
        int[] tw = split(FrDomain.powers(Fr.rootOfUnity(lgN, Fr.RootFamily.SNARKJS_5), n / 2));
        if (kernel.startsWith("pass4qT")) {
            tw = stageTable(tw, lgN, k0, pairs, wide, fold);
        }
        Method pass = null;
        for (Method x : NttKernels.class.getMethods()) {
            if (x.getName().equals(kernel)) {
                pass = x;
            }
        }
        CompiledKernel k = KernelCompiler.translate(pass, Target.ptx(90), pairs, ModularSumPtx.ENABLED,
                MontMulPtx.OPT_IN, wide || WideAccesses.ENABLED, fold || WideAccesses.FOLD_INDEX);
        PtxInterpreter ptx = new PtxInterpreter(k.source());
        int[] data = split(v);
        int[] scratch = new int[data.length];
        ptx.run(k, n >> lgPer, 1 << (k0 - lgPer), new Object[] {null, data, scratch, tw, lgN, 0, k0});
        ptx.run(k, n >> lgPer, 1 << (lgN - k0 - lgPer), new Object[] {null, scratch, data, tw, lgN, k0, lgN - k0});
        org.junit.jupiter.api.Assertions.assertArrayEquals(split(want), data);
    }
}
