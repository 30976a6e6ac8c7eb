package jzk.prover.pipeline;

import static jzk.prover.pipeline.PipelineTestSupport.MIB;
import static jzk.prover.pipeline.PipelineTestSupport.assertAllReleased;
import static jzk.prover.pipeline.PipelineTestSupport.config;
import static jzk.prover.pipeline.PipelineTestSupport.outcome;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

@Timeout(30)
class ProvingPipelineTest {

    private static final SyntheticWorkload.Spec SMALL = new SyntheticWorkload.Spec(3, MIB, MIB / 2, 5, 5, 2);

    @Test
    void completesAndVerifiesEveryProofAndReleasesEverything(@TempDir Path dir) throws Exception {
        List<String> log = new CopyOnWriteArrayList<>();
        Path timeline = dir.resolve("timeline.csv");
        PipelineConfig cfg = config(2, 1, 2, 64).withTimelineFile(timeline).withBufferLog(log::add);
        ProvingPipeline p = new ProvingPipeline(cfg);
        List<ProofHandle> handles = new ArrayList<>();
        List<SyntheticWorkload> loads = new ArrayList<>();
        for (int i = 0; i < 4; i++) {
            loads.add(new SyntheticWorkload(SMALL, 100 + i, null, -1, i % 2 == 1)); // heap and off-heap
            handles.add(p.submit(loads.getLast()));
        }
        for (ProofHandle h : handles) {
            ProofOutcome o = outcome(h);
            assertEquals(ProofOutcome.Status.COMPLETED, o.status(), o.reason());
            assertEquals(Boolean.TRUE, o.verified());
            assertNotNull(o.proof());
            assertTrue(o.totalMillis() >= o.proveMillis());
        }
        assertAllReleased(p);
        p.close();
        for (SyntheticWorkload w : loads) {
            assertEquals(0, w.liveBytes());
        }

        // 12 partitions × 6 transitions, each one logged line naming all classes
        assertEquals(12 * 6, p.tracker().transitions());
        assertEquals(72, log.size());
        assertTrue(log.getFirst().matches("BUF .*SYNTH_START .*job=\\d+ part=\\d+ synthesizing=1 abcWaiting=0 "
                + "abcOnGpu=0 auxHeld=0 pendingFinalize=0 finalizing=0 estBytes=.* reserved=.*"), log.getFirst());
        assertTrue(p.tracker().peakCount(BufferClass.SYNTHESIZING) <= 2);
        assertEquals(4, p.metrics().summary(StageMetrics.Stage.TOTAL).count());
        assertEquals(12, p.metrics().summary(StageMetrics.Stage.GPU).count());
        double busy = p.metrics().gpuBusyFractions(p.wallNanos()).get("sim:0");
        assertTrue(busy > 0 && busy <= 1, "busy fraction " + busy);

        List<String> rows = Files.readAllLines(timeline);
        assertEquals(Timeline.HEADER, rows.getFirst());
        // each partition: synthesis, gpu, finalize start+end; each proof: submit, assemble start+end, complete
        assertEquals(1 + 12 * 6 + 4 * 4, rows.size());
        long previous = -1;
        for (String r : rows.subList(1, rows.size())) {
            long t = Long.parseLong(r.split(",")[0]);
            assertTrue(t >= previous, "timeline not ordered at " + r);
            previous = t;
        }
    }

    @Test
    void proofIdsAreOneBasedAndNeverReused() throws Exception {
        try (ProvingPipeline p = new ProvingPipeline(config(1, 1, 1, 64))) {
            var spec = new SyntheticWorkload.Spec(1, MIB, 0, 1, 1, 1);
            assertEquals(1, p.submit(new SyntheticWorkload(spec, 1)).jobId());
            assertEquals(5, p.submit(new SyntheticWorkload(spec, 2), 5).jobId()); // a batch skipping index 2..4
            assertEquals(6, p.submit(new SyntheticWorkload(spec, 3)).jobId());
            var e = org.junit.jupiter.api.Assertions.assertThrows(IllegalArgumentException.class,
                    () -> p.submit(new SyntheticWorkload(spec, 4), 6));
            assertEquals("proof id 6 already used (next free: 7)", e.getMessage());
        }
    }

    @Test
    void olderProofsAreServedFirst() throws Exception {
        // One partition worker and one GPU worker: with oldest-first queues the proofs finish in order.
        ProvingPipeline p = new ProvingPipeline(config(1, 1, 1, 64));
        List<ProofHandle> handles = new ArrayList<>();
        for (int i = 0; i < 4; i++) {
            handles.add(p.submit(new SyntheticWorkload(new SyntheticWorkload.Spec(2, MIB, 0, 3, 3, 1), i)));
        }
        long previousEnd = 0;
        for (ProofHandle h : handles) {
            ProofOutcome o = outcome(h);
            assertTrue(o.completed(), o.reason());
            assertTrue(o.endNanos() >= previousEnd, "proof " + o.jobId() + " finished before an older one");
            previousEnd = o.endNanos();
        }
        p.close();
    }

    @Test
    void gpuWorkersRunConcurrentlyPerDeviceAndOnEveryDevice() throws Exception {
        // 2 devices × 2 workers; synthesis (4 workers, lookahead 4) outpaces the 60 ms GPU stage
        PipelineConfig cfg = config(4, 4, 2, 256).withDevices(List.of("sim:0", "sim:1"));
        ProvingPipeline p = new ProvingPipeline(cfg);
        ProofOutcome o = outcome(p.submit(new SyntheticWorkload(new SyntheticWorkload.Spec(12, MIB / 4, 0, 1, 60, 0),
                9)));
        assertTrue(o.completed(), o.reason());
        p.close();
        assertTrue(p.tracker().peakCount(BufferClass.ABC_ON_GPU) >= 3,
                "GPU stages never overlapped: peak " + p.tracker().peakCount(BufferClass.ABC_ON_GPU));
        assertTrue(p.tracker().peakCount(BufferClass.ABC_ON_GPU) <= 4, "more GPU stages than G × devices");
        for (double busy : p.metrics().gpuBusyFractions(p.wallNanos()).values()) {
            assertTrue(busy > 0, "a device got no work");
        }
    }

    @Test
    void writesHgrmFilesPerStage(@TempDir Path dir) throws Exception {
        ProvingPipeline p = new ProvingPipeline(config(2, 1, 1, 64));
        assertTrue(outcome(p.submit(new SyntheticWorkload(SMALL, 7))).completed());
        p.close();
        List<Path> files = p.metrics().writeHgrm(dir);
        assertEquals(StageMetrics.Stage.values().length, files.size());
        String gpu = Files.readString(dir.resolve("gpu.hgrm"));
        assertTrue(gpu.contains("Value     Percentile TotalCount"), gpu);
        assertTrue(gpu.matches("(?s).*Total count\\s+=\\s+3\\].*"), gpu);
    }
}
