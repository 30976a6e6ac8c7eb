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
import jzk.tornado.bls.kernels.FixedBaseKernels;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The fixed-base kernel ({@link FixedBaseKernels#mulAll}) compiles to PTX that {@code ptxas --gpu-name sm_90}
 * accepts (skipped when ptxas is not on the PATH): FixedBaseGpuTest checks its results on the Java and OpenCL
 * hosts, this guards the CUDA path, which CI has no device for. Prints ptxas's register and stack report.
 */
class FixedBasePtxTest {
    @Test
    void fixedBaseKernelAssembles(@TempDir Path dir) throws Exception {
        Method m = Kernels.of(FixedBaseKernels::mulAll);
        CompiledKernel k = KernelCompiler.compile(m, Target.ptx(90));
        assertTrue(k.source().contains(".visible .entry " + k.entryName() + "("), k.entryName());
        Path ptxas = PtxAssemblyTest.ptxas();
        assumeTrue(ptxas != null, "ptxas not on PATH: PTX generated but not assembled");
        Path src = dir.resolve("mulAll.ptx");
        Files.writeString(src, k.source());
        Process p = new ProcessBuilder(List.of(ptxas.toString(), "-v", "--gpu-name", "sm_90", src.toString(), "-o",
                dir.resolve("mulAll.cubin").toString())).redirectErrorStream(true).start();
        String log = new String(p.getInputStream().readAllBytes());
        assertTrue(p.waitFor(120, TimeUnit.SECONDS), "ptxas timed out");
        System.out.println("ptxas FixedBaseKernels.mulAll: " + log.trim());
        assertEquals(0, p.exitValue(), "ptxas rejected FixedBaseKernels.mulAll:\n" + log);
    }
}
