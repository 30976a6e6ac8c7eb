package jzk.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.File;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Stream;
import jzk.prover.pipeline.BatchReport;
import jzk.prover.pipeline.BatchRunner;
import jzk.prover.pipeline.PipelineConfig;
import jzk.prover.pipeline.SyntheticWorkload;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import sun.misc.Signal;

/**
 * Issue 17 item 6: SIGINT during a batch stops admission, lets the proofs in flight end, prints the summary and writes
 * the report (exit 130); a second signal exits at once; SIGTERM during parameter generation leaves no temporary
 * file in the cache (it used to leave a 0-byte {@code .tmp}).
 */
@Timeout(120)
class InterruptTest {
    @TempDir
    Path dir;

    private static BatchRunner slowBatch(int count) {
        var spec = new SyntheticWorkload.Spec(1, 1024, 1024, 0, 100, 0);
        return new BatchRunner(PipelineConfig.defaults("sim:0"), SyntheticWorkload.factory(spec, false), count, 2,
                null);
    }

    @Test
    void firstSignalDrainsSecondExitsAtOnce() throws Exception {
        BatchRunner runner = slowBatch(200);
        AtomicInteger exitCode = new AtomicInteger(-1);
        StringWriter err = new StringWriter();
        BatchInterrupts b = new BatchInterrupts(runner, new PrintWriter(err), 5_000, exitCode::set);
        CompletableFuture<BatchReport> f = CompletableFuture.supplyAsync(() -> {
            try {
                return runner.run((i, n, o) -> { });
            } catch (InterruptedException e) {
                throw new IllegalStateException(e);
            }
        });
        Thread.sleep(500);
        long t0 = System.nanoTime();
        b.handle(new Signal("INT"));
        BatchReport r = f.get(10, TimeUnit.SECONDS);
        double s = (System.nanoTime() - t0) / 1e9;
        assertTrue(s < 3, "drained in " + s + " s");
        assertEquals(200, r.count());
        assertTrue(r.completed() > 0 && r.completed() < 200, "completed " + r.completed());
        assertEquals(200, r.completed() + r.failed() + r.cancelled());
        assertEquals(-1, exitCode.get(), "the first signal does not exit");
        assertTrue(err.toString().startsWith("jzk: SIGINT: no new proofs"), err.toString());
        b.handle(new Signal("INT"));
        assertEquals(BatchInterrupts.EXIT_INTERRUPTED, exitCode.get(), "the second signal exits at once");
        b.close();
    }

    @Test
    void sigintDuringBatchCommandPrintsSummaryAndWritesReport() throws Exception {
        Path json = dir.resolve("report.json");
        CompletableFuture<CliRun> run = CompletableFuture.supplyAsync(() -> CliRun.of("batch", "--synthetic",
                "--count", "300", "--concurrency", "2", "--synthetic-partitions", "1", "--synthetic-ms", "0,100,0",
                "--synthetic-abc", "1k", "--synthetic-aux", "1k", "--json", json.toString()));
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
        while (BatchInterrupts.active() == 0 && System.nanoTime() < deadline) {
            Thread.sleep(20);
        }
        assertEquals(1, BatchInterrupts.active(), "the batch's handler is installed");
        Thread.sleep(300);
        Signal.raise(new Signal("INT"));
        CliRun r = run.get(20, TimeUnit.SECONDS);
        assertEquals(BatchInterrupts.EXIT_INTERRUPTED, r.exitCode(), r.out() + r.err());
        assertTrue(r.out().contains("batch: 300 proofs of"), r.out());
        assertTrue(r.out().contains("interrupted: "), r.out());
        JsonNode j = new ObjectMapper().readTree(json.toFile());
        assertTrue(j.get("completed").asInt() > 0 && j.get("completed").asInt() < 300, j.toString());
        assertEquals(0, BatchInterrupts.active(), "handlers restored");
        try (Stream<Path> s = Files.list(dir)) {
            assertEquals(List.of(json), s.toList(), "no temporary file left");
        }
    }

    @Test
    void sigtermDuringParameterGenerationLeavesNoTempFile() throws Exception {
        Path cache = dir.resolve("cache");
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        Process p = new ProcessBuilder(java, "-cp", System.getProperty("java.class.path"), "jzk.cli.Main", "setup",
                "--challenges", "8", "--depth", "8", "--device", "cpu", "--cache", cache.toString(), "--vk",
                dir.resolve("vk.json").toString()).redirectErrorStream(true)
                .redirectOutput(dir.resolve("setup.log").toFile()).start();
        try {
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
            while (System.nanoTime() < deadline && !Files.readString(dir.resolve("setup.log"))
                    .contains("generating Groth16 parameters")) {
                Thread.sleep(20);
            }
            assertTrue(Files.readString(dir.resolve("setup.log")).contains("generating Groth16 parameters"),
                    Files.readString(dir.resolve("setup.log")));
            Thread.sleep(200);
            p.destroy(); // SIGTERM
            assertTrue(p.waitFor(20, TimeUnit.SECONDS));
        } finally {
            p.destroyForcibly();
        }
        try (Stream<Path> s = Files.list(cache)) {
            List<String> names = s.map(x -> x.getFileName().toString()).toList();
            assertTrue(names.stream().noneMatch(n -> n.endsWith(".tmp") || n.endsWith(".params")), names.toString());
        }
        assertTrue(new File(System.getProperty("java.class.path").split(File.pathSeparator)[0]).exists());
    }
}
