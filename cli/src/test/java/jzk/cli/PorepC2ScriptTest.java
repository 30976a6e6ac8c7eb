package jzk.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code scripts/porep-c2-full.sh}, the full-size run's two phases, run as written on a tiny PoRep shape on the jvm
 * device (the script's logic, not its size): {@code setup} leaves only the compressed parameters in the cache and
 * reports their bytes; {@code prove} refuses to start without them, then proves through the resident key and leaves
 * the JSON report (device memory included), the timeline and a summary with peak RSS; the size rows are those of
 * prover/CIRCUITS.md.
 */
@Timeout(300)
class PorepC2ScriptTest {
    private static final Path ROOT = Path.of("..").toAbsolutePath().normalize();

    record Run(int rc, String output) {
    }

    private static Run script(Path dir, Map<String, String> env, String... args) throws Exception {
        List<String> cmd = new java.util.ArrayList<>(List.of("bash", ROOT.resolve("scripts/porep-c2-full.sh")
                .toString()));
        cmd.addAll(List.of(args));
        ProcessBuilder pb = new ProcessBuilder(cmd).directory(dir.toFile()).redirectErrorStream(true)
                .redirectOutput(dir.resolve("script-output.txt").toFile());
        pb.environment().put("JZK_CMD", String.join(" ", Path.of(System.getProperty("java.home"), "bin", "java")
                .toString(), "--enable-native-access=ALL-UNNAMED", "-Xmx1g", "-cp",
                System.getProperty("java.class.path"), Main.class.getName()));
        pb.environment().putAll(env);
        Process p = pb.start();
        assertTrue(p.waitFor(240, TimeUnit.SECONDS), "script timed out");
        return new Run(p.exitValue(), Files.readString(dir.resolve("script-output.txt")));
    }

    private static Properties summary(Path file) throws IOException {
        Properties p = new Properties();
        try (var r = Files.newBufferedReader(file)) {
            p.load(r);
        }
        return p;
    }

    @Test
    void setupThenProveOnTheJvmDevice(@TempDir Path dir) throws Exception {
        Path cache = dir.resolve("cache");
        Path out = dir.resolve("out");
        Map<String, String> env = Map.of("DEVICE", "jvm", "SHAPE", "--challenges 1 --depth 2", "PARTITIONS", "2",
                "COUNT", "1", "BUDGET", "1g", "CACHE", cache.toString(), "OUT", out.toString(), "LIMIT", "200",
                "BATCH_ARGS", "--lookahead 0");

        Run early = script(dir, env, "prove");
        assertEquals(1, early.rc(), early.output());
        assertTrue(early.output().contains("porep-c2-full: no compressed parameters in " + cache + ": run '"),
                early.output());

        Run setup = script(dir, env, "setup");
        assertEquals(0, setup.rc(), setup.output());
        List<Path> files;
        try (Stream<Path> s = Files.list(cache)) {
            files = s.filter(f -> f.toString().endsWith(".jzkp") || f.toString().endsWith(".params")).toList();
        }
        assertEquals(1, files.size(), files.toString());
        assertTrue(files.getFirst().toString().endsWith(".jzkp"), "the device form only");
        Properties s = summary(out.resolve("setup.summary"));
        assertEquals("0", s.getProperty("rc"));
        assertEquals(files.getFirst().toString(), s.getProperty("params_file"));
        assertEquals(Files.size(files.getFirst()), Long.parseLong(s.getProperty("params_bytes")));
        assertTrue(Long.parseLong(s.getProperty("peak_rss_kib")) > 0, s.toString());
        assertTrue(Long.parseLong(s.getProperty("disk_free_bytes")) > 0, s.toString());
        assertTrue(setup.output().contains("compressed, generated in"), setup.output());
        assertTrue(Files.isRegularFile(out.resolve("setup-verification_key.json")));

        Run prove = script(dir, env, "prove");
        assertEquals(0, prove.rc(), prove.output());
        assertTrue(prove.output().contains("\nadmission: 3 partitions of "), prove.output());
        assertTrue(prove.output().contains("device memory: jvm peak "), prove.output());
        JsonNode report = new ObjectMapper().readTree(out.resolve("prove.json").toFile());
        assertEquals(1, report.get("completed").asInt());
        assertTrue(report.get("proofs").get(0).get("verified").asBoolean());
        assertEquals(List.of("jvm"), List.of(report.get("settings").get("devices").get(0).asText()));
        assertEquals(1L << 30, report.get("settings").get("memoryBudgetBytes").asLong());
        JsonNode mem = report.get("deviceMemory").get("jvm");
        assertTrue(mem.get("residentKeyBytes").asLong() > 0 && mem.get("peakBytes").asLong()
                >= mem.get("residentKeyBytes").asLong(), mem.toString());
        assertTrue(Files.isRegularFile(out.resolve("prove-timeline.html")));
        Properties p = summary(out.resolve("prove.summary"));
        assertEquals("0", p.getProperty("rc"));
        assertTrue(Long.parseLong(p.getProperty("peak_rss_kib")) > 0, p.toString());
    }

    /**
     * A phase longer than one device call runs detached (its own process session) and is followed by {@code wait},
     * which copies its files into OUT and returns its status, or 75 while it runs.
     */
    @Test
    void detachedSetupIsFollowedByWait(@TempDir Path dir) throws Exception {
        Path out = dir.resolve("out");
        Path run = dir.resolve("run");
        Map<String, String> env = Map.of("DEVICE", "jvm", "SHAPE", "--challenges 1 --depth 2", "CACHE",
                dir.resolve("cache").toString(), "OUT", out.toString(), "RUN_DIR", run.toString());
        Run none = script(dir, env, "wait");
        assertEquals(1, none.rc());
        assertEquals("porep-c2-full: nothing detached in " + run, none.output().strip());

        Run detach = script(dir, env, "detach", "setup");
        assertEquals(0, detach.rc(), detach.output());
        assertTrue(detach.output().startsWith("porep-c2-full: 'setup' detached (pid "), detach.output());
        Run early = script(dir, env, "wait", "0");
        assertEquals(75, early.rc(), early.output());
        assertTrue(early.output().contains("porep-c2-full: still running after 0 s"), early.output());
        Run done = script(dir, env, "wait", "200");
        assertEquals(0, done.rc(), done.output());
        assertTrue(done.output().contains("porep-c2-full: the detached run ended with rc 0; its files are in " + out),
                done.output());
        Properties s = summary(out.resolve("setup.summary"));
        assertEquals("0", s.getProperty("rc"));
        assertTrue(Long.parseLong(s.getProperty("params_bytes")) > 0, s.toString());
        assertTrue(Files.readString(out.resolve("run.txt")).contains("== setup: rc 0 in "));
    }

    @Test
    void sizeRowsAreTheCircuitTable(@TempDir Path dir) throws Exception {
        Run rows = script(dir, Map.of(), "rows");
        assertEquals(0, rows.rc(), rows.output());
        assertEquals(List.of("2^20: --shape stacked-drg --challenges 1 --layers 1 --depth 10",
                "2^22: --shape stacked-drg --challenges 1 --layers 5", "2^23: --shape stacked-drg --challenges 1",
                "2^24: --shape stacked-drg --challenges 2", "2^25: --shape stacked-drg --challenges 4",
                "2^26: --shape stacked-drg --challenges 9", "2^27: --shape stacked-drg --challenges 18"),
                rows.output().lines().toList());
        // each row's shape has a domain of 2^N: constraints + public inputs + 1 rows, by the shape's own count
        for (String line : rows.output().lines().toList()) {
            int n = Integer.parseInt(line.substring(2, line.indexOf(':')));
            List<String> o = List.of(line.substring(line.indexOf(':') + 2).split(" "));
            int k = Integer.parseInt(o.get(o.indexOf("--challenges") + 1));
            int layers = o.contains("--layers") ? Integer.parseInt(o.get(o.indexOf("--layers") + 1)) : 11;
            int depth = o.contains("--depth") ? Integer.parseInt(o.get(o.indexOf("--depth") + 1)) : 30;
            var shape = new jzk.prover.circuits.StackedDrgShape(k, layers, depth, 37);
            long rowsOfDomain = shape.constraintCount() + shape.numPublicInputs() + 1;
            assertEquals(n, 64 - Long.numberOfLeadingZeros(rowsOfDomain - 1), line);
        }
        Run bad = script(dir, Map.of(), "size", "21");
        assertEquals(2, bad.rc());
        assertEquals("porep-c2-full: no table row 2^21 (rows: 20 22 23 24 25 26 27)", bad.output().strip());
        Run usage = script(dir, Map.of(), "nonsense");
        assertEquals(2, usage.rc());
        assertTrue(usage.output().contains("scripts/porep-c2-full.sh setup"), usage.output());
    }
}
