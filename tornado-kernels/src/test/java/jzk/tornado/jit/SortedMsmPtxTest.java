package jzk.tornado.jit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.lang.reflect.Method;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The sorted MSM kernels ({@link jzk.tornado.bls.kernels.SortedMsmKernels}), the scalar range check
 * ({@link jzk.tornado.bls.kernels.ScalarKernels}), the scalar-class split ({@link jzk.tornado.bls.kernels.SplitMsmKernels})
 * and the device bucket layout ({@link jzk.tornado.bls.kernels.BucketLayoutKernels})
 * compile to PTX that {@code ptxas --gpu-name sm_90} accepts (skipped when ptxas is not on the PATH); their results
 * are checked on the Java and OpenCL hosts by SortedMsmTest and SplitMsmTest, this guards the CUDA path, which CI
 * has no device for. The straight-line slice sums ({@code sumSlicesG1/G2}) must come out without local memory.
 */
class SortedMsmPtxTest {
    @Test
    void sortedMsmKernelsAssemble(@TempDir Path dir) throws Exception {
        Path ptxas = PtxAssemblyTest.ptxas();
        StringBuilder failures = new StringBuilder();
        List<Method> kernels = new java.util.ArrayList<>();
        for (Class<?> owner : List.of(jzk.tornado.bls.kernels.SortedMsmKernels.class, jzk.tornado.bls.kernels.ScalarKernels.class,
                jzk.tornado.bls.kernels.SplitMsmKernels.class, jzk.tornado.bls.kernels.BucketLayoutKernels.class)) {
            for (Method m : owner.getMethods()) {
                if (m.getDeclaringClass() == owner && m.getReturnType() == void.class && m.getParameterCount() > 0
                        && m.getParameterTypes()[0] == jzk.tornado.api.KernelContext.class) {
                    kernels.add(m);
                }
            }
        }
        for (Method m : kernels) {
            CompiledKernel k = KernelCompiler.compile(m, Target.ptx(90));
            assertTrue(k.source().contains(".visible .entry " + k.entryName() + "("), m.getName());
            if (m.getName().equals("binPoints") || m.getName().equals("countNotBelowR")
                    || m.getName().equals("classify")) {
                assertTrue(k.source().contains("atom.global.add.u32"), m.getName() + " uses a global atomic");
            }
            if (m.getName().startsWith("sumSlicesG")) {
                // the straight-line slice sums keep every private array in registers (JitLimits on the kernel)
                assertTrue(!k.source().contains(".local"), m.getName() + " has no local memory");
            }
            if (m.getName().equals("classify")) {
                assertTrue(k.source().contains("popc.b32"), "classify counts its chunk's classes by popcount");
            }
            if (ptxas == null) {
                continue;
            }
            Path src = dir.resolve(m.getName() + ".ptx");
            Files.writeString(src, k.source());
            Process p = new ProcessBuilder(List.of(ptxas.toString(), "--gpu-name", "sm_90", src.toString(), "-o",
                    dir.resolve(m.getName() + ".cubin").toString())).redirectErrorStream(true).start();
            String log = new String(p.getInputStream().readAllBytes());
            assertTrue(p.waitFor(120, TimeUnit.SECONDS), "ptxas timed out on " + m.getName());
            if (p.exitValue() != 0) {
                failures.append(m.getName()).append(":\n").append(log).append('\n');
            }
        }
        assertEquals("", failures.toString(), "ptxas rejected kernels");
        assumeTrue(ptxas != null, "ptxas not on PATH: PTX generated but not assembled");
    }

    /**
     * With the opt-in Fp carry chains ({@code jzk.jit.optInProducts}) the straight-line slice sums still have no
     * local memory and their products are carry chains; ptxas accepts G1's (G2's takes ptxas seconds: measured by
     * hand, tornado-kernels/JIT.md), G1's also with 16-byte vector accesses, their index in either place
     * ({@code /fold}: {@code jzk.jit.foldVectorIndex}). Their results: BlsPtxInterpreterTest.
     */
    @Test
    void optInSliceSumsKeepRegisters(@TempDir Path dir) throws Exception {
        for (String variant : List.of("sumSlicesG1", "sumSlicesG2", "sumSlicesG1/wide", "sumSlicesG1/fold")) {
            String name = variant.replaceAll("/.*", "");
            boolean fold = variant.endsWith("/fold") || WideAccesses.FOLD_INDEX;
            boolean wide = variant.endsWith("/wide") || variant.endsWith("/fold") || WideAccesses.ENABLED;
            Method m = null;
            for (Method k : jzk.tornado.bls.kernels.SortedMsmKernels.class.getMethods()) {
                if (k.getName().equals(name)) {
                    m = k;
                }
            }
            CompiledKernel k = KernelCompiler.translate(m, Target.ptx(90), true, true, true, wide, fold);
            // with 16-byte vector accesses (WideAccesses) the sums go out as 12 vectors per G1 point
            assertTrue(!wide || k.source().contains("st.global.v4.u32") && !k.source().contains("st.global.u32"),
                    variant + ": vector stores");
            assertTrue(!k.source().contains(".local"), name + " has no local memory");
            assertTrue(k.source().contains("madc.hi.cc.u32") && k.source().contains("subc.cc.u32"),
                    name + ": Fp products and sums as carry chains");
            Path ptxas = PtxAssemblyTest.ptxas();
            if (ptxas == null || name.endsWith("G2")) {
                continue;
            }
            Path src = dir.resolve(variant.replace('/', '-') + ".ptx");
            Files.writeString(src, k.source());
            Process p = new ProcessBuilder(List.of(ptxas.toString(), "--gpu-name", "sm_90", src.toString(), "-o",
                    dir.resolve(variant.replace('/', '-') + ".cubin").toString())).redirectErrorStream(true).start();
            String log = new String(p.getInputStream().readAllBytes());
            assertTrue(p.waitFor(120, TimeUnit.SECONDS) && p.exitValue() == 0, variant + ": " + log);
        }
    }
}
