package jzk.prover.pipeline;

import static jzk.prover.pipeline.PipelineTestSupport.MIB;
import static jzk.prover.pipeline.PipelineTestSupport.config;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

@Timeout(30)
class BatchRunnerTest {

    private static final SyntheticWorkload.Spec SPEC = new SyntheticWorkload.Spec(2, MIB, MIB / 4, 3, 4, 1);

    @Test
    void runsTheBatchWithinTheConcurrencyAndReportsEverything(@TempDir Path dir) throws Exception {
        WorkloadFactory factory = new WorkloadFactory() {
            @Override
            public String label() {
                return "synthetic-with-one-bad";
            }

            @Override
            public ProofWorkload create(int index) throws Exception {
                if (index == 3) {
                    throw new java.io.FileNotFoundException("input-3.json (No such file or directory)");
                }
                return index == 4 ? new SyntheticWorkload(SPEC, index, SyntheticWorkload.FailStage.GPU, 0)
                        : new SyntheticWorkload(SPEC, index);
            }
        };
        List<int[]> seen = new ArrayList<>();
        List<BatchRunner.Progress> progress = new ArrayList<>();
        BatchReport r = new BatchRunner(config(2, 1, 1, 64), factory, 6, 2, dir).run(new BatchRunner.Listener() {
            @Override
            public void proofDone(int index, int count, ProofOutcome outcome) {
                seen.add(new int[] {index, count});
            }

            @Override
            public void progress(BatchRunner.Progress p) {
                progress.add(p);
            }
        });
        assertEquals(6, seen.size());
        assertEquals(4, r.completed());
        assertEquals(2, r.failed());
        assertEquals(0, r.cancelled());
        assertEquals("synthetic-with-one-bad", r.workload());
        assertEquals("cannot create the workload: FileNotFoundException: input-3.json (No such file or directory)",
                r.proofs().get(3).reason());
        assertTrue(r.proofs().get(4).reason().contains("injected gpu failure in partition 0"));
        assertNull(r.proofs().get(0).reason());
        for (int i = 0; i < 6; i++) {
            assertEquals(i + 1, r.proofs().get(i).index());
        }
        assertEquals(4, r.stages().get("total").count());
        // 4 completed proofs × 2 partitions, plus the failed proof's partition 0 and maybe its partition 1
        long synthesized = r.stages().get("synthesis").count();
        assertTrue(synthesized == 9 || synthesized == 10, "synthesis count " + synthesized);
        assertTrue(r.wallSeconds() > 0);
        assertEquals(4 * 60.0 / r.wallSeconds(), r.proofsPerMinute(), 1e-9);
        assertTrue(r.peakRssBytes() > 0);
        assertTrue(r.peakBufferCounts().get("synthesizing") >= 1);
        assertTrue(r.peakReservedBytes() > 0 && r.peakReservedBytes() <= 64 * MIB);
        assertEquals(2, r.settings().concurrency());
        assertTrue(r.gpuBusyFraction().get("sim:0") > 0);
        for (BatchRunner.Progress p : progress) {
            assertTrue(p.inFlight() <= 2, "more than --concurrency proofs in flight: " + p);
        }
        assertTrue(Files.exists(dir.resolve("total.hgrm")));
    }
}
