package jzk.tornado.jit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import jzk.tornado.conformance.ConformanceCases;
import jzk.tornado.conformance.ConformanceCases.Case;

/**
 * Compiles every conformance kernel to PTX and assembles it with {@code ptxas --gpu-name sm_90} (skipped when
 * ptxas is not on the PATH), so the generated PTX is known to be valid for the H100/H200; also with the 16-byte
 * vector accesses ({@link WideAccesses}) where they change a kernel.
 */
class PtxAssemblyTest {
    static Path ptxas() {
        for (String dir : System.getenv().getOrDefault("PATH", "").split(File.pathSeparator)) {
            Path p = Path.of(dir, "ptxas");
            if (Files.isExecutable(p)) {
                return p;
            }
        }
        return null;
    }

    @Test
    void everyConformanceKernelCompilesToPtx() {
        for (Case c : ConformanceCases.CASES) {
            CompiledKernel k = KernelCompiler.compile(c.method(), Target.ptx(90));
            assertTrue(k.source().contains(".visible .entry " + k.entryName() + "("), c.name());
            assertTrue(k.source().contains(".target sm_90"), c.name());
        }
    }

    @Test
    void ptxasAcceptsEveryConformanceKernel(@TempDir Path dir) throws Exception {
        Path ptxas = ptxas();
        assumeTrue(ptxas != null, "ptxas not on PATH");
        StringBuilder failures = new StringBuilder();
        for (Case c : ConformanceCases.CASES) {
            String plain = KernelCompiler.compile(c.method(), Target.ptx(90)).source();
            // and with the 16-byte vector accesses (WideAccesses), where they change the PTX
            String wide = KernelCompiler.translate(c.method(), Target.ptx(90), MontMulPtx.PAIRS, ModularSumPtx.ENABLED,
                    MontMulPtx.OPT_IN, true).source();
            for (String name : wide.equals(plain) ? List.of(c.name()) : List.of(c.name(), c.name() + "-wide")) {
                Path src = dir.resolve(name + ".ptx");
                Files.writeString(src, name.endsWith("-wide") ? wide : plain);
                Process p = new ProcessBuilder(List.of(ptxas.toString(), "--gpu-name", "sm_90", src.toString(), "-o",
                        dir.resolve(name + ".cubin").toString())).redirectErrorStream(true).start();
                String log = new String(p.getInputStream().readAllBytes());
                assertTrue(p.waitFor(60, TimeUnit.SECONDS), "ptxas timed out on " + name);
                if (p.exitValue() != 0) {
                    failures.append(name).append(":\n").append(log).append('\n');
                }
            }
        }
        assertEquals("", failures.toString(), "ptxas rejected kernels");
    }

    @Test
    void ptxasAcceptsNewerArchitectures(@TempDir Path dir) throws Exception {
        Path ptxas = ptxas();
        assumeTrue(ptxas != null, "ptxas not on PATH");
        Case c = ConformanceCases.CASES.get(0);
        for (int sm : new int[] {80, 100, 120}) {
            Path src = dir.resolve("k" + sm + ".ptx");
            Files.writeString(src, KernelCompiler.compile(c.method(), Target.ptx(sm)).source());
            Process p = new ProcessBuilder(List.of(ptxas.toString(), "--gpu-name", "sm_" + sm, src.toString(), "-o",
                    dir.resolve("k" + sm + ".cubin").toString())).redirectErrorStream(true).start();
            String log = new String(p.getInputStream().readAllBytes());
            assertTrue(p.waitFor(60, TimeUnit.SECONDS));
            assertEquals(0, p.exitValue(), "sm_" + sm + ": " + log);
        }
    }
}
