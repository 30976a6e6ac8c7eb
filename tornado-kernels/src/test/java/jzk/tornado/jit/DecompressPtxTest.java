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
import jzk.tornado.bls.kernels.DecompressKernels;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The point-decompression kernel ({@link DecompressKernels#decompress}) compiles to PTX that
 * {@code ptxas --gpu-name sm_90} accepts (skipped without ptxas): DecompressKernelsTest checks its results on the
 * jvm device and PoCL; this guards the CUDA path. Prints ptxas's register and stack report.
 */
class DecompressPtxTest {
    @Test
    void decompressKernelAssembles(@TempDir Path dir) throws Exception {
        Method m = Kernels.of(DecompressKernels::decompress);
        CompiledKernel k = KernelCompiler.compile(m, Target.ptx(90));
        assertTrue(k.source().contains(".visible .entry " + k.entryName() + "("), k.entryName());
        Path ptxas = PtxAssemblyTest.ptxas();
        assumeTrue(ptxas != null, "ptxas not on PATH: PTX generated but not assembled");
        Path src = dir.resolve("decompress.ptx");
        Files.writeString(src, k.source());
        Process p = new ProcessBuilder(List.of(ptxas.toString(), "-v", "--gpu-name", "sm_90", src.toString(), "-o",
                dir.resolve("decompress.cubin").toString())).redirectErrorStream(true).start();
        String log = new String(p.getInputStream().readAllBytes());
        assertTrue(p.waitFor(120, TimeUnit.SECONDS), "ptxas timed out");
        System.out.println("ptxas DecompressKernels.decompress: " + log.trim());
        assertEquals(0, p.exitValue(), "ptxas rejected DecompressKernels.decompress:\n" + log);
    }
}
