package jzk.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Locale;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The scaling table from two real {@code jzk batch --json} reports (synthetic load on one and on two simulated
 * devices): the ratio is the reports' proofs/min divided, the busy and partition columns are the report's device
 * lines, and the bar's verdict follows from them.
 */
class DeviceScalingTest {

    @Test
    void tableRowFromOneAndTwoDeviceReports(@TempDir Path dir) throws Exception {
        String[] batch = {"batch", "--synthetic", "--count", "4", "--concurrency", "4", "--partition-workers", "4",
            "--lookahead", "4", "--synthetic-partitions", "4", "--synthetic-ms", "1,20,1", "--memory-budget", "256m"};
        Path one = dir.resolve("one.json");
        Path two = dir.resolve("two.json");
        assertEquals(0, CliRun.of(with(batch, "--device", "sim:0", "--json", one.toString())).exitCode());
        assertEquals(0, CliRun.of(with(batch, "--device", "sim:0,sim:1", "--json", two.toString())).exitCode());
        ObjectMapper m = new ObjectMapper();
        double base = m.readTree(one.toFile()).get("proofsPerMinute").asDouble();
        double scaled = m.readTree(two.toFile()).get("proofsPerMinute").asDouble();

        ByteArrayOutputStream buf = new ByteArrayOutputStream();
        int rc = DeviceScaling.run(new String[] {"synthetic 4×4", one.toString(), two.toString()},
                new PrintStream(buf, true, StandardCharsets.UTF_8), System.err);
        String[] lines = buf.toString(StandardCharsets.UTF_8).split("\n");
        assertEquals(3, lines.length, buf.toString(StandardCharsets.UTF_8));
        String row = lines[2];
        assertTrue(row.startsWith(String.format(Locale.ROOT, "| synthetic 4×4 | 2 | %.2f | %.2f | %.2f× | sim:0 ",
                base, scaled, scaled / base)), row);
        var d = m.readTree(two.toFile()).get("devices");
        assertTrue(row.contains("| sim:0 " + d.get(0).get("partitions").asLong() + ", sim:1 "
                + d.get(1).get("partitions").asLong() + " |"), row);
        boolean meets = scaled / base >= 1.8 && d.get(0).get("busyFraction").asDouble() >= 0.85
                && d.get(1).get("busyFraction").asDouble() >= 0.85;
        assertEquals(meets ? 0 : 1, rc);
        assertTrue(row.endsWith(meets ? "| met |" : "| not met |"), row);

        // a "scaled" report on one device never meets the bar; bad arguments are a usage error
        assertEquals(1, DeviceScaling.run(new String[] {"x", one.toString(), one.toString()},
                new PrintStream(new ByteArrayOutputStream()), System.err));
        assertEquals(2, DeviceScaling.run(new String[] {"x", one.toString()}, new PrintStream(buf), System.err));
    }

    private static String[] with(String[] base, String... more) {
        String[] all = java.util.Arrays.copyOf(base, base.length + more.length);
        System.arraycopy(more, 0, all, base.length, more.length);
        return all;
    }
}
