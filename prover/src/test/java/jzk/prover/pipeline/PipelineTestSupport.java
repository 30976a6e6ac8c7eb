package jzk.prover.pipeline;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;

/** Shared helpers of the pipeline tests: small configurations and the "everything released" check. */
final class PipelineTestSupport {

    static final long MIB = 1L << 20;

    private PipelineTestSupport() {
    }

    /** W partition workers, lookahead L, G GPU workers on one device "sim:0", 1 finalizer, budget in MiB. */
    static PipelineConfig config(int w, int l, int g, long budgetMib) {
        return new PipelineConfig(w, l, g, List.of("sim:0"), 1, budgetMib * MIB, PermitPolicy.HOLD_UNTIL_GPU,
                true, null, null);
    }

    static ProofOutcome outcome(ProofHandle h) throws Exception {
        return h.outcome().get(20, TimeUnit.SECONDS);
    }

    /** After all proofs are done: no budget bytes, no tracker counts, all W+L permits free. */
    static void assertAllReleased(ProvingPipeline p) throws Exception {
        p.awaitIdle(Duration.ofSeconds(20));
        assertEquals(0, p.budget().reservedBytes(), "budget bytes still reserved");
        assertTrue(p.tracker().isEmpty(), () -> "tracker counts not zero: " + p.tracker().counts());
        PipelineConfig c = p.config();
        assertEquals(c.partitionWorkers() + c.lookahead(), p.availablePermits(), "permits not all returned");
        // a GPU worker releases its partition to the scheduler just after the partition's own release
        for (int i = 0; i < 200 && p.gpuStagesHeld() != 0; i++) {
            Thread.sleep(5);
        }
        assertEquals(0, p.gpuStagesHeld(), "a GPU worker still holds a partition of the scheduler");
    }
}
