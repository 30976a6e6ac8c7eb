package jzk.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** {@code jzk bench} on the jvm device: the table it prints (BlsBench writes to System.out), help and options. */
@Timeout(120)
class BenchCommandTest {

    /** Runs {@code jzk args} with System.out captured: {exit code, stdout}. */
    private static String[] run(String... args) {
        PrintStream saved = System.out;
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        CliRun r;
        try {
            System.setOut(new PrintStream(bytes, true, StandardCharsets.UTF_8));
            r = CliRun.of(args);
        } finally {
            System.setOut(saved);
        }
        assertEquals(0, r.exitCode(), r.err());
        return new String[] {r.out(), bytes.toString(StandardCharsets.UTF_8)};
    }

    @Test
    void nttOnTheJvmDeviceHasNoTransferColumnAndSaysWhyPtxOpenClIsEmpty() {
        String table = run("bench", "ntt", "--sizes", "4", "--reps", "1", "--device", "jvm")[1];
        assertTrue(table.lines().anyMatch(l -> l.matches("\\| ntt \\| 2\\^4 \\| jvm .*\\| [0-9.]+ \\|  \\|  \\| yes \\| "
                + "forward, snarkjs roots; jvm device: data in host memory, no transfers; .*")), table);
        assertTrue(table.contains("PTX/OpenCL (resident cuda ÷ resident NVIDIA OpenCL, same row) is empty"), table);
    }

    @Test
    void sizesADeviceDoesNotRunAreListed() {
        String table = run("bench", "msm", "--sizes", "9", "--reps", "1", "--device", "jvm")[1];
        assertTrue(table.contains("| msm G1 | 2^9 | cpu field-arith |"), table);
        assertFalse(table.contains("| msm G1 | 2^9 | jvm"), table);
        assertTrue(table.contains("not run: msm G1 2^9 on jvm (JvmHost): not a GPU (CPU devices run MSMs up to 2^8)")
                || table.matches("(?s).*not run: msm G1 2\\^9 on jvm.*: not a GPU \\(CPU devices run MSMs up to 2\\^8\\).*"),
                table);
    }

    @Test
    void fieldHonoursSizesAndTheOldBackendsNameStillWorks() {
        String table = run("bench", "field", "--sizes", "6", "--backends", "jvm")[1];
        assertTrue(table.lines().anyMatch(l -> l.startsWith("| Fr mul/s | 2^6 | jvm")), table);
        assertFalse(table.contains("| 2^10 |"), table);
    }

    @Test
    void helpNamesDeviceAndHidesBackends() {
        String help = run("bench", "--help")[0].replaceAll("\\s+", " ");
        assertTrue(help.contains("--device=NAME") && help.contains("jvm (the Java reference device, only when named: "
                + "all,jvm)"), help);
        assertFalse(help.contains("--backends"), help);
        assertTrue(help.contains("default 5"), help);
    }
}
