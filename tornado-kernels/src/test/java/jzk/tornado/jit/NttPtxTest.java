package jzk.tornado.jit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.lang.reflect.Method;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

import jzk.tornado.bls.kernels.NttKernels;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The NTT kernels' PTX: the small pass carries its register cap ({@code .maxnreg}, from {@code @JitLimits}), every
 * kernel uses the carry-chain Fr product, and ptxas ({@code --gpu-name sm_90 -v}, skipped when not on the PATH) assembles every
 * NTT kernel without spilling, with the products in either form ({@link MontMulPtx}: pairs, the default, and rows). Results are checked on the Java and OpenCL hosts by NttTest.
 */
class NttPtxTest {
    @Test
    void nttKernelsAssembleWithoutSpills(@TempDir Path dir) throws Exception {
        Path ptxas = PtxAssemblyTest.ptxas();
        for (String kernel : List.of("pass", "passSmall", "mulByPowers", "powers", "pass/rows", "passSmall/rows")) {
            String name = kernel.replace("/rows", "");
            boolean pairs = !kernel.endsWith("/rows");
            Method m = null;
            for (Method x : NttKernels.class.getMethods()) {
                if (x.getName().equals(name)) {
                    m = x;
                }
            }
            String src = KernelCompiler.translate(m, Target.ptx(90), pairs).source();
            assertTrue(src.contains("madc.hi.cc.u32"), kernel + ": carry-chain Fr product");
            assertEquals(pairs, src.contains("mul.hi.u32"), kernel + ": the pairs form starts with plain products");
            assertEquals(name.equals("passSmall"), src.contains("\n.maxnreg 56\n"), kernel + ": register cap");
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
            assertTrue(log.contains("0 bytes spill stores, 0 bytes spill loads"), kernel + " spills: " + log);
        }
        assumeTrue(ptxas != null, "ptxas not on PATH: PTX generated but not assembled");
    }
}
