package jzk.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/** Errors are one line on stderr, a non-zero exit code, and a stack trace only with --verbose. */
@Timeout(30)
class CliErrorsTest {

    private static void assertOneLineError(CliRun r, int code, String expected) {
        assertEquals(code, r.exitCode(), r.err());
        assertEquals(1, r.errLines(), "not one line:\n" + r.err());
        assertEquals(expected, r.err().strip());
        assertFalse(r.err().contains("\tat "), r.err());
    }

    @Test
    void badMemoryBudget() {
        CliRun r = CliRun.of("batch", "--synthetic", "--memory-budget", "12x");
        assertOneLineError(r, 2, "jzk: Invalid value for option '--memory-budget': bad memory size '12x': expected "
                + "a number with an optional suffix k, m, g or t (e.g. 64g, 512m) (see: jzk batch --help)");
        assertEquals("", r.out());
    }

    @Test
    void unknownDevice() {
        assertOneLineError(CliRun.of("batch", "--synthetic", "--device", "cuda:7"), 2,
                "jzk: unknown device 'cuda:7' for --synthetic: use simulated devices sim:0 … sim:99");
    }

    /**
     * A well-formed device this machine lacks exits 3 ("not available"), one line naming the device, its backend's
     * status and the devices available; the case is only meaningful where no CUDA device exists (CI).
     */
    @Test
    void missingCudaDeviceIsNotAvailable(@TempDir Path dir) {
        Assumptions.assumeTrue(jzk.tornado.runtime.Devices.list().stream().noneMatch(i -> i.name().equals("cuda:0")),
                "this machine has cuda:0");
        CliRun r = CliRun.of("setup", "--challenges", "1", "--depth", "2", "--partitions", "1", "--cache",
                dir.toString(), "--vk", dir.resolve("vk.json").toString(), "--device", "cuda:0");
        assertEquals(3, r.exitCode(), r.err());
        assertEquals(1, r.errLines(), r.err());
        String line = r.err().strip();
        assertTrue(line.startsWith("jzk: device cuda:0 is not available on this machine (cuda"), line);
        assertTrue(line.contains("0 device(s)") && line.contains("; available: [cpu, ") && line.contains("jvm"), line);
        assertFalse(Files.exists(dir.resolve("vk.json")));
    }

    @Test
    void missingOpenClPlatformIsNotAvailable(@TempDir Path dir) {
        CliRun r = CliRun.of("setup", "--challenges", "1", "--depth", "2", "--partitions", "1", "--cache",
                dir.toString(), "--vk", dir.resolve("vk.json").toString(), "--device", "opencl:5:0");
        assertEquals(3, r.exitCode(), r.err());
        assertEquals(1, r.errLines(), r.err());
        assertTrue(r.err().strip().startsWith("jzk: device opencl:5:0 is not available on this machine (opencl"),
                r.err());
    }

    /** A name of no known kind stays a usage error. */
    @Test
    void unknownDeviceNameIsAUsageError(@TempDir Path dir) {
        CliRun r = CliRun.of("setup", "--challenges", "1", "--depth", "2", "--partitions", "1", "--cache",
                dir.toString(), "--vk", dir.resolve("vk.json").toString(), "--device", "cuda0");
        assertEquals(2, r.exitCode(), r.err());
        assertEquals(1, r.errLines(), r.err());
        assertTrue(r.err().startsWith("jzk: unknown device 'cuda0'; available: [cpu, "), r.err());
    }

    @Test
    void zeroMemoryBudget() {
        assertOneLineError(CliRun.of("batch", "--synthetic", "--memory-budget", "0"), 2,
                "jzk: memory budget must be ≥ 1 byte, got 0");
    }

    @Test
    void unknownOption() {
        assertOneLineError(CliRun.of("batch", "--frobnicate"), 2,
                "jzk: Unknown option: '--frobnicate' (see: jzk batch --help)");
    }

    @Test
    void badCount() {
        assertOneLineError(CliRun.of("batch", "--synthetic", "--count", "0"), 2, "jzk: --count must be in 1..1000000, got 0");
    }

    @Test
    void benchNeedsAKnownTarget() {
        CliRun r = CliRun.of("bench", "nonsense");
        assertEquals(2, r.exitCode());
        assertEquals(1, r.errLines(), r.err());
        assertTrue(r.err().startsWith("jzk: Invalid value for positional parameter at index 0 (field|ntt|msm)"),
                r.err());
    }

    @Test
    void verboseAddsTheStackTrace() {
        CliRun r = CliRun.of("batch", "--verbose", "--synthetic", "--device", "nope");
        assertEquals(2, r.exitCode());
        assertTrue(r.err().startsWith("jzk: unknown device 'nope'"), r.err());
        assertTrue(r.err().contains("\tat jzk.cli.BatchCommand"), r.err());
    }

    @Test
    void badInputJsonNamesTheFileAndPlace(@TempDir Path dir) throws Exception {
        Path in = dir.resolve("bad.json");
        Files.writeString(in, "{\"partitions\": 2,\n \"abcBytes\": }");
        CliRun r = CliRun.of("batch", "--synthetic", "--input", in.toString());
        assertEquals(2, r.exitCode());
        assertEquals(1, r.errLines(), r.err());
        assertTrue(r.err().startsWith("jzk: cannot read --input " + in + ": "), r.err());
        assertTrue(r.err().contains("line 2"), r.err());
    }

    @Test
    void unwritableOutputFilesAreOneLineErrors(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("plain-file");
        Files.writeString(file, "x");
        CliRun timeline = CliRun.of("batch", "--synthetic", "--timeline", file.resolve("t.csv").toString());
        assertEquals(1, timeline.exitCode());
        assertEquals(1, timeline.errLines(), timeline.err());
        assertTrue(timeline.err().startsWith("jzk: cannot write --timeline " + file.resolve("t.csv")),
                timeline.err());
        CliRun log = CliRun.of("batch", "--synthetic", "--buffer-log", file.resolve("b.log").toString());
        assertEquals(1, log.exitCode());
        assertTrue(log.err().startsWith("jzk: cannot write --buffer-log " + file.resolve("b.log")), log.err());
    }

    @Test
    void rootAloneShowsUsage() {
        CliRun r = CliRun.of();
        assertEquals(2, r.exitCode());
        assertTrue(r.err().contains("Usage: jzk"), r.err());
        assertTrue(r.err().contains("batch"), r.err());
    }
}
