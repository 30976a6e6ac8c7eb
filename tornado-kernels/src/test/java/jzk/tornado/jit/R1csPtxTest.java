package jzk.tornado.jit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.lang.reflect.Method;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

import jzk.tornado.api.Kernels;
import jzk.tornado.bls.kernels.R1csKernels;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The R1CS kernels ({@link R1csKernels}: the sparse mat-vec, the satisfaction count, Montgomery → canonical) compile
 * to PTX that {@code ptxas --gpu-name sm_90} accepts (skipped without ptxas); R1csKernelsTest checks their results
 * on the jvm device and PoCL. Prints ptxas's register and stack report.
 */
class R1csPtxTest {
    @Test
    void r1csKernelsAssemble(@TempDir Path dir) throws Exception {
        List<Method> kernels = List.of(Kernels.of(R1csKernels::mulVec), Kernels.of(R1csKernels::countUnsatisfied),
                Kernels.of(R1csKernels::fromMontgomery));
        Path ptxas = PtxAssemblyTest.ptxas();
        for (Method m : kernels) {
            CompiledKernel k = KernelCompiler.compile(m, Target.ptx(90));
            assertTrue(k.source().contains(".visible .entry " + k.entryName() + "("), k.entryName());
            assumeTrue(ptxas != null, "ptxas not on PATH: PTX generated but not assembled");
            Path src = dir.resolve(m.getName() + ".ptx");
            Files.writeString(src, k.source());
            Process p = new ProcessBuilder(List.of(ptxas.toString(), "-v", "--gpu-name", "sm_90", src.toString(),
                    "-o", dir.resolve(m.getName() + ".cubin").toString())).redirectErrorStream(true).start();
            String log = new String(p.getInputStream().readAllBytes());
            assertTrue(p.waitFor(120, TimeUnit.SECONDS), "ptxas timed out");
            System.out.println("ptxas R1csKernels." + m.getName() + ": " + log.trim());
            assertEquals(0, p.exitValue(), "ptxas rejected R1csKernels." + m.getName() + ":\n" + log);
            assertTrue(!log.contains("bytes spill") || log.contains("0 bytes spill stores"), log);
        }
    }
}
