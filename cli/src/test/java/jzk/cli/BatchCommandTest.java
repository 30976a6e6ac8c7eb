package jzk.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/** Drives {@code jzk batch --synthetic} in-process and checks its output and JSON report. */
@Timeout(60)
class BatchCommandTest {

    private static final String[] SMALL = {"batch", "--synthetic", "--count", "3", "--concurrency", "2",
        "--synthetic-partitions", "2", "--synthetic-abc", "1m", "--synthetic-aux", "256k", "--synthetic-ms", "3,5,1",
        "--memory-budget", "64m"};

    private static String[] with(String[] base, String... more) {
        String[] all = new String[base.length + more.length];
        System.arraycopy(base, 0, all, 0, base.length);
        System.arraycopy(more, 0, all, base.length, more.length);
        return all;
    }

    @Test
    void printsOneLinePerProofAndTheSummary() {
        CliRun r = CliRun.of(SMALL);
        assertEquals(0, r.exitCode(), r.err());
        for (int i = 1; i <= 3; i++) {
            assertTrue(r.out().matches("(?s).*\\[" + i + "/3] VERIFIED — [0-9.]+s \\(prove=[0-9.]+s, queue=[0-9.]+s\\)\n.*"),
                    r.out());
        }
        assertTrue(r.out().contains("batch: 3 proofs of synthetic — 3 completed (3 verified), 0 failed, 0 cancelled"),
                r.out());
        assertTrue(r.out().matches("(?s).*wall [0-9.]+ s · [0-9.]+ proofs/min · [0-9.]+ s/proof.*"), r.out());
        for (String stage : List.of("total", "queue", "synthesis", "gpu")) {
            String unit = stage.equals("total") || stage.equals("queue") ? "3 proofs" : "6 partitions";
            assertTrue(r.out().matches("(?s).*\n  " + stage + " +[0-9.]+ +[0-9.]+ +[0-9.]+ +[0-9.]+  " + unit
                    + " \\(n<20, indicative only\\)\n.*"), stage + " missing in\n" + r.out());
        }
        assertTrue(r.out().contains("memory: peak RSS "), r.out());
        assertTrue(r.out().contains("peak buffers: synthesizing="), r.out());
        assertTrue(r.out().matches("(?s).*GPU busy \\(simulated\\): sim:0=[0-9.]+%.*"), r.out());
        assertTrue(r.out().contains("legend:\n  stages: total = submit to outcome; ") && r.out().contains(
                "handoffWait = a/b/c ready, waiting for a GPU worker") && r.out().contains("abcWaiting = ")
                && r.out().contains("auxHeld = ") && r.out().contains("permits: HOLD_UNTIL_GPU = "), r.out());
        assertEquals("", r.err());
    }

    @Test
    void writesJsonReportHgrmTimelineAndBufferLog(@TempDir Path dir) throws Exception {
        Path json = dir.resolve("out/report.json");
        CliRun r = CliRun.of(with(SMALL, "--json", json.toString(), "--hgrm", dir.resolve("hgrm").toString(),
                "--timeline", dir.resolve("timeline.csv").toString(), "--buffer-log", dir.resolve("buf.log").toString(),
                "--device", "sim:0,sim:1", "--gpu-workers", "2"));
        assertEquals(0, r.exitCode(), r.err());
        JsonNode j = new ObjectMapper().readTree(json.toFile());
        assertEquals("synthetic", j.get("workload").asText());
        assertEquals(3, j.get("count").asInt());
        assertEquals(3, j.get("completed").asInt());
        assertEquals(0, j.get("failed").asInt());
        assertTrue(j.get("wallSeconds").asDouble() > 0);
        assertEquals(3 * 60.0 / j.get("wallSeconds").asDouble(), j.get("proofsPerMinute").asDouble(), 1e-6);
        assertEquals(j.get("wallSeconds").asDouble() / 3, j.get("secondsPerProof").asDouble(), 1e-6);
        for (String stage : List.of("total", "queue", "synthesis", "gpu", "finalize")) {
            JsonNode s = j.get("stages").get(stage);
            for (String f : List.of("p50Ms", "p90Ms", "p99Ms", "maxMs", "count")) {
                assertTrue(s.has(f), stage + "." + f);
            }
            assertTrue(s.get("p50Ms").asDouble() <= s.get("maxMs").asDouble());
        }
        assertEquals(6, j.get("stages").get("gpu").get("count").asInt());
        assertTrue(j.get("peakRssBytes").asLong() > 0);
        for (String c : List.of("synthesizing", "abcWaiting", "abcOnGpu", "auxHeld", "pendingFinalize", "finalizing")) {
            assertTrue(j.get("peakBufferCounts").has(c), c);
        }
        assertEquals(2, j.get("gpuBusyFraction").size());
        assertTrue(j.get("gpuBusyFraction").has("sim:1"));
        JsonNode devs = j.get("devices");
        assertEquals(2, devs.size());
        assertEquals("sim:1", devs.get(1).get("device").asText());
        assertEquals(6, devs.get(0).get("partitions").asLong() + devs.get(1).get("partitions").asLong());
        assertEquals(2, devs.get(0).get("gpuWorkers").asInt());
        assertTrue(devs.get(0).get("failure").isNull() && devs.get(0).has("residentBytes")
                && devs.get(0).has("gpuStageSeconds") && devs.get(0).has("busyFraction"), devs.toString());
        assertTrue(r.out().matches("(?s).*\n  device sim:0: 2 GPU workers, \\d+ partitions?, busy [0-9.]+%, "
                + "GPU stage [0-9.]+ s, resident 0 B\n.*"), r.out());
        assertEquals("HOLD_UNTIL_GPU", j.get("settings").get("permitPolicy").asText());
        assertEquals(64L << 20, j.get("settings").get("memoryBudgetBytes").asLong());
        assertEquals(3, j.get("proofs").size());
        assertEquals("COMPLETED", j.get("proofs").get(0).get("status").asText());
        assertTrue(j.get("proofs").get(0).get("verified").asBoolean());
        assertTrue(Files.exists(dir.resolve("hgrm/total.hgrm")));
        assertTrue(Files.readAllLines(dir.resolve("timeline.csv")).size() > 1 + 6 * 6);
        assertEquals(6 * 6, Files.readAllLines(dir.resolve("buf.log")).size()); // 6 partitions × 6 transitions
    }

    @Test
    void timelineHtmlIsAChartWithItsCsvBeside(@TempDir Path dir) throws Exception {
        Path html = dir.resolve("run.html");
        CliRun r = CliRun.of(with(SMALL, "--timeline", html.toString()));
        assertEquals(0, r.exitCode(), r.err());
        assertTrue(r.out().contains("timeline written to " + html + " (data: " + dir.resolve("run.csv") + ")"),
                r.out());
        String page = Files.readString(html);
        assertTrue(page.startsWith("<!DOCTYPE html>") && page.contains("<svg "), page);
        // 3 proofs × 2 partitions × 5 bars (synthesis, handoffWait, gpu, finalizeWait, finalize)
        assertEquals(3 * 2 * 5, page.split("<rect class=\"bar\"", -1).length - 1);
        List<String> rows = Files.readAllLines(dir.resolve("run.csv"));
        assertEquals("t_us,stage,phase,job,partition,worker,start_us", rows.getFirst());
        assertTrue(rows.stream().anyMatch(l -> l.matches("\\d+,gpu,end,3,1,sim:0.*,\\d+")), rows.toString());
    }

    @Test
    void naivePermitsLetSynthesizedPartitionsPileUp(@TempDir Path dir) throws Exception {
        String[] slowGpu = {"batch", "--synthetic", "--count", "1", "--synthetic-partitions", "12",
            "--synthetic-abc", "1m", "--synthetic-aux", "0", "--synthetic-ms", "1,50,0", "--partition-workers", "2",
            "--lookahead", "1", "--memory-budget", "256m", "--no-verify"};
        CliRun held = CliRun.of(with(slowGpu, "--json", dir.resolve("held.json").toString()));
        CliRun naive = CliRun.of(with(slowGpu, "--naive-permits", "--json", dir.resolve("naive.json").toString()));
        assertEquals(0, held.exitCode(), held.err());
        assertEquals(0, naive.exitCode(), naive.err());
        ObjectMapper m = new ObjectMapper();
        JsonNode h = m.readTree(dir.resolve("held.json").toFile());
        JsonNode n = m.readTree(dir.resolve("naive.json").toFile());
        assertEquals("RELEASE_AT_SYNTHESIS_END", n.get("settings").get("permitPolicy").asText());
        long heldWaiting = h.get("peakBufferCounts").get("abcWaiting").asLong();
        long naiveWaiting = n.get("peakBufferCounts").get("abcWaiting").asLong();
        assertTrue(heldWaiting <= 3, "default policy exceeded W + L: " + heldWaiting);
        assertTrue(naiveWaiting > 5, "naive policy did not pile up: " + naiveWaiting);
        assertTrue(n.get("peakReservedBytes").asLong() > h.get("peakReservedBytes").asLong());
        assertTrue(held.out().contains("(prove=") && held.out().contains("not verified"), held.out());
    }

    @Test
    void failedProofsAreReportedWithTheirReasonAndExitCodeOne() {
        CliRun r = CliRun.of("batch", "--synthetic", "--count", "2", "--synthetic-abc", "8m",
                "--synthetic-aux", "2m", "--memory-budget", "4m");
        assertEquals(1, r.exitCode());
        assertTrue(r.out().contains("[1/2] FAILED — "), r.out());
        assertTrue(r.out().contains(": partition 0 needs 10.0 MiB but the whole memory budget is 4.0 MiB; "
                + "raise --memory-budget or use smaller partitions"), r.out());
        assertTrue(r.out().contains("0 completed (0 verified), 2 failed"), r.out());
    }

    @Test
    void readsTheSyntheticShapeFromInputJson(@TempDir Path dir) throws Exception {
        Path in = dir.resolve("shape.json");
        Files.writeString(in, "{\"partitions\":3,\"abcBytes\":65536,\"auxBytes\":4096,\"synthMillis\":1,"
                + "\"gpuMillis\":2,\"finalizeMillis\":1}");
        Path json = dir.resolve("r.json");
        CliRun r = CliRun.of("batch", "--synthetic", "--count", "2", "--input", in.toString(), "--json",
                json.toString(), "--memory-budget", "16m");
        assertEquals(0, r.exitCode(), r.err());
        JsonNode j = new ObjectMapper().readTree(json.toFile());
        assertEquals(6, j.get("stages").get("synthesis").get("count").asInt());
        assertEquals(65536 + 4096, j.get("peakBufferBytes").get("synthesizing").asLong()
                / j.get("peakBufferCounts").get("synthesizing").asLong());
    }
}
