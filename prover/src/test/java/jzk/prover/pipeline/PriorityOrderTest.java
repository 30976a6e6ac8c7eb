package jzk.prover.pipeline;

import static jzk.prover.pipeline.PipelineTestSupport.assertAllReleased;
import static jzk.prover.pipeline.PipelineTestSupport.config;
import static jzk.prover.pipeline.PipelineTestSupport.outcome;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * {@link ProvingPipeline#submitWithPriority}: partitions of a higher priority pass queued partitions of
 * lower ones, including the not-yet-started partitions of a proof already in synthesis; among equal priorities
 * proofs finish in submission order. One partition worker, no lookahead, 2 partitions of 30 ms synthesis each.
 */
@Timeout(60)
class PriorityOrderTest {
    private static final SyntheticWorkload.Spec SPEC = new SyntheticWorkload.Spec(2, 1024, 512, 30, 2, 1);

    @Test
    void higherPriorityPartitionsPassQueuedLowerOnes() throws Exception {
        try (ProvingPipeline p = new ProvingPipeline(config(1, 0, 1, 64))) {
            List<ProofHandle> low = new ArrayList<>();
            for (int i = 0; i < 6; i++) {
                low.add(p.submitWithPriority(new SyntheticWorkload(SPEC, i), 0));
            }
            ProofHandle mid = p.submitWithPriority(new SyntheticWorkload(SPEC, 10), 2);
            ProofHandle high = p.submitWithPriority(new SyntheticWorkload(SPEC, 11), 5);
            long endHigh = outcome(high).endNanos();
            long endMid = outcome(mid).endNanos();
            long[] endLow = new long[low.size()];
            for (int i = 0; i < low.size(); i++) {
                ProofOutcome o = outcome(low.get(i));
                assertEquals(ProofOutcome.Status.COMPLETED, o.status(), o.reason());
                endLow[i] = o.endNanos();
            }
            assertTrue(endHigh < endMid, "priority 5 after priority 2");
            // the first low proof had at most its partition 0 started: its partition 1 waited behind both
            assertTrue(endMid < endLow[0], "priority 2 finished after the first priority-0 proof");
            for (int i = 1; i < endLow.length; i++) {
                assertTrue(endLow[i - 1] < endLow[i], "equal priorities out of submission order at " + i);
            }
            assertAllReleased(p);
        }
    }
}
