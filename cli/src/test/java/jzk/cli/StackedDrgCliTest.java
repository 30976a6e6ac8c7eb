package jzk.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import jzk.prover.circuits.StackedDrgInput;
import jzk.prover.circuits.StackedDrgShape;
import jzk.prover.circuits.VanillaJson;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code --shape stacked-drg} on the CLI: gen-input writes a vanilla proof that reads back valid, bad shape options
 * are one line; opt-in, a whole batch of the smallest partition (2^17 constraints) on the CPU prover
 * ({@code -Djzk.test.stackedDrgProof=true}) or an OpenCL device ({@code -Djzk.test.opencl=opencl:0:0}).
 */
class StackedDrgCliTest {
    static final String[] TINY = {"--shape", "stacked-drg", "--challenges", "1", "--layers", "1", "--depth", "1",
        "--label-parents", "1"};

    @TempDir
    static Path dir;

    static String[] cmd(String command, String... more) {
        String[] all = new String[1 + TINY.length + more.length];
        all[0] = command;
        System.arraycopy(TINY, 0, all, 1, TINY.length);
        System.arraycopy(more, 0, all, 1 + TINY.length, more.length);
        return all;
    }

    @Test
    void genInputWritesAValidStackedDrgVanillaProof() throws Exception {
        Path out = dir.resolve("s.json");
        CliRun r = CliRun.of(cmd("gen-input", "--partitions", "2", "--seed", "4", "-o", out.toString()));
        assertEquals(0, r.exitCode(), r.out() + r.err());
        assertTrue(r.out().contains("2 partition(s) of stacked-drg k=1 layers=1 d=1 label-parents=1"), r.out());
        StackedDrgInput in = (StackedDrgInput) VanillaJson.read(out);
        assertEquals(new StackedDrgShape(1, 1, 1, 1), in.shape());
        assertEquals(2, in.partitionCount());
    }

    @Test
    void badShapeOptionsAreOneLine() {
        CliRun r = CliRun.of("gen-input", "--shape", "zigzag", "-o", dir.resolve("x.json").toString());
        assertEquals(2, r.exitCode());
        assertEquals(1, r.errLines(), r.err());
        assertTrue(r.err().contains("--shape must be porep or stacked-drg, got 'zigzag'"), r.err());
        r = CliRun.of("gen-input", "--shape", "stacked-drg", "--layers", "17", "-o", dir.resolve("x.json").toString());
        assertEquals(2, r.exitCode());
        assertTrue(r.err().contains("bad circuit shape: layers must be in 1..16, got 17"), r.err());
    }

    private static void batchOn(String device) {
        CliRun r = CliRun.of(cmd("batch", "--device", device, "--count", "1", "--partitions", "1", "--cache",
                dir.resolve("cache").toString()));
        assertEquals(0, r.exitCode(), r.out() + r.err());
        assertTrue(r.out().contains("1 completed, 0 failed"), r.out());
        assertTrue(r.out().contains("groth16 stacked-drg k=1 layers=1 d=1"), r.out());
    }

    @Test
    @Timeout(600)
    void batchOnTheCpuProver() {
        org.junit.jupiter.api.Assumptions.assumeTrue(Boolean.getBoolean("jzk.test.stackedDrgProof"),
                "SKIPPED: set -Djzk.test.stackedDrgProof=true to prove a StackedDRG batch on the CPU prover");
        batchOn("cpu");
    }

    @Test
    @Timeout(900)
    void batchOnAnOpenClDevice() {
        String name = System.getProperty("jzk.test.opencl");
        org.junit.jupiter.api.Assumptions.assumeTrue(name != null,
                "SKIPPED: set -Djzk.test.opencl=opencl:0:0 to run a StackedDRG batch on an OpenCL device");
        batchOn(name);
    }
}
