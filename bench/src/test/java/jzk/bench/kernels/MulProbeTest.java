package jzk.bench.kernels;

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

/**
 * The multiply-ceiling probe's PTX: the instruction counts the reported rate is computed from, and that ptxas
 * (when on the PATH; no GPU here) assembles it for sm_90 without spilling.
 */
class MulProbeTest {
    @Test
    void loopBodyHasTheCountedPairs() {
        String ptx = MulProbe.ptx(90);
        assertEquals(MulProbe.CHAINS * MulProbe.UNROLL, count(ptx, "mad.lo.cc.u32 "));
        assertEquals(MulProbe.CHAINS * MulProbe.UNROLL, count(ptx, "madc.hi.cc.u32 "));
        assertTrue(ptx.contains(".visible .entry " + MulProbe.ENTRY + "("));
        assertTrue(ptx.contains("st.global.u32"), "the folded chains are stored");
        assertEquals(2.0 * 3 * MulProbe.UNROLL * MulProbe.CHAINS, MulProbe.pairs(2, 3));
    }

    @Test
    void ptxasAssemblesTheProbe(@TempDir Path dir) throws Exception {
        Path ptxas = null;
        for (String p : System.getenv().getOrDefault("PATH", "").split(File.pathSeparator)) {
            if (Files.isExecutable(Path.of(p, "ptxas"))) {
                ptxas = Path.of(p, "ptxas");
                break;
            }
        }
        assumeTrue(ptxas != null, "ptxas not on PATH");
        Path src = dir.resolve("probe.ptx");
        Files.writeString(src, MulProbe.ptx(90));
        Process p = new ProcessBuilder(List.of(ptxas.toString(), "-v", "--gpu-name", "sm_90", src.toString(), "-o",
                dir.resolve("probe.cubin").toString())).redirectErrorStream(true).start();
        String log = new String(p.getInputStream().readAllBytes());
        assertTrue(p.waitFor(60, TimeUnit.SECONDS), "ptxas timed out");
        assertEquals(0, p.exitValue(), log);
        assertTrue(log.contains("0 bytes spill stores"), log);
    }

    private static int count(String s, String what) {
        int n = 0;
        for (int i = s.indexOf(what); i >= 0; i = s.indexOf(what, i + 1)) {
            n++;
        }
        return n;
    }
}
