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
 * NTT kernel without spilling. Results are checked on the Java and OpenCL hosts by NttTest.
 */
class NttPtxTest {
    @Test
    void nttKernelsAssembleWithoutSpills(@TempDir Path dir) throws Exception {
        Path ptxas = PtxAssemblyTest.ptxas();
        for (String name : List.of("pass", "passSmall", "mulByPowers", "powers")) {
            Method m = null;
            for (Method x : NttKernels.class.getMethods()) {
                if (x.getName().equals(name)) {
                    m = x;
                }
            }
            String src = KernelCompiler.compile(m, Target.ptx(90)).source();
            assertTrue(src.contains("madc.hi.cc.u32"), name + ": carry-chain Fr product");
            assertEquals(name.equals("passSmall"), src.contains("\n.maxnreg 40\n"), name + ": register cap");
            if (ptxas == null) {
                continue;
            }
            Path file = dir.resolve(name + ".ptx");
            Files.writeString(file, src);
            Process p = new ProcessBuilder(List.of(ptxas.toString(), "--gpu-name", "sm_90", "-v", file.toString(),
                    "-o", dir.resolve(name + ".cubin").toString())).redirectErrorStream(true).start();
            String log = new String(p.getInputStream().readAllBytes());
            assertTrue(p.waitFor(60, TimeUnit.SECONDS), "ptxas timed out on " + name);
            assertEquals(0, p.exitValue(), name + ": " + log);
            assertTrue(log.contains("0 bytes spill stores, 0 bytes spill loads"), name + " spills: " + log);
        }
        assumeTrue(ptxas != null, "ptxas not on PATH: PTX generated but not assembled");
    }
}
