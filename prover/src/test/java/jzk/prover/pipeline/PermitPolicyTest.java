package jzk.prover.pipeline;

import static jzk.prover.pipeline.PipelineTestSupport.MIB;
import static jzk.prover.pipeline.PipelineTestSupport.assertAllReleased;
import static jzk.prover.pipeline.PipelineTestSupport.config;
import static jzk.prover.pipeline.PipelineTestSupport.outcome;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The SUPRASEAL_C2 scenario at small scale: fast synthesis, slow GPU stage. Holding the permit until the GPU
 * takes the partition keeps synthesized-waiting partitions within W + L; releasing it at synthesis end (the
 * naive policy) lets them pile up until the budget stops them.
 */
@Timeout(60)
class PermitPolicyTest {

    private static final int W = 2;
    private static final int L = 1;
    private static final int G = 1;
    private static final int PARTITIONS = 12;
    private static final long ABC = 2 * MIB;
    private static final long AUX = MIB / 4;
    private static final SyntheticWorkload.Spec FAST_SYNTH_SLOW_GPU =
            new SyntheticWorkload.Spec(PARTITIONS, ABC, AUX, 1, 50, 0);
    private static final Pattern COUNTS = Pattern.compile("synthesizing=(\\d+) abcWaiting=(\\d+)");

    private record Run(ProvingPipeline pipeline, List<String> log) {
        long peakWaiting() {
            return pipeline.tracker().peakCount(BufferClass.ABC_WAITING);
        }

        long peakReserved() {
            return pipeline.budget().peakReservedBytes();
        }

        /** Largest synthesizing + abcWaiting on any logged line. */
        long peakSynthesizingPlusWaiting() {
            long max = 0;
            for (String line : log) {
                Matcher m = COUNTS.matcher(line);
                assertTrue(m.find(), line);
                max = Math.max(max, Long.parseLong(m.group(1)) + Long.parseLong(m.group(2)));
            }
            return max;
        }
    }

    private static Run run(PermitPolicy policy, long budgetMib) throws Exception {
        List<String> log = new CopyOnWriteArrayList<>();
        ProvingPipeline p = new ProvingPipeline(config(W, L, G, budgetMib).withPermitPolicy(policy)
                .withBufferLog(log::add));
        ProofOutcome o = outcome(p.submit(new SyntheticWorkload(FAST_SYNTH_SLOW_GPU, 42)));
        assertEquals(ProofOutcome.Status.COMPLETED, o.status(), o.reason());
        assertAllReleased(p);
        p.close();
        return new Run(p, log);
    }

    @Test
    void defaultPolicyBoundsWaitingPartitionsByWorkersPlusLookahead() throws Exception {
        Run held = run(PermitPolicy.HOLD_UNTIL_GPU, 256);
        assertTrue(held.peakSynthesizingPlusWaiting() <= W + L,
                "synthesizing + waiting reached " + held.peakSynthesizingPlusWaiting());
        assertTrue(held.peakWaiting() <= W + L, "waiting reached " + held.peakWaiting());
        // reserved: ≤ W+L partitions before the GPU, G on it, and the aux of those awaiting finalize
        long bound = (W + L + G) * (ABC + AUX) + PARTITIONS * AUX;
        assertTrue(held.peakReserved() <= bound, "reserved " + held.peakReserved() + " > " + bound);
    }

    @Test
    void naivePolicyPilesUpSynthesizedPartitionsPastTheDefaultBound() throws Exception {
        Run held = run(PermitPolicy.HOLD_UNTIL_GPU, 256);
        Run naive = run(PermitPolicy.RELEASE_AT_SYNTHESIS_END, 256);
        // with 50 ms GPU per partition and ~1 ms synthesis, nearly all 12 partitions wait at once (margin for a
        // loaded CI machine: only more than W + L + 2 is required)
        assertTrue(naive.peakWaiting() > W + L + 2, "naive peak waiting only " + naive.peakWaiting());
        assertTrue(naive.peakWaiting() > held.peakWaiting());
        assertTrue(naive.peakReserved() > held.peakReserved(),
                "naive reserved " + naive.peakReserved() + " vs default " + held.peakReserved());
        assertTrue(naive.pipeline().tracker().peakBytes(BufferClass.ABC_WAITING)
                > held.pipeline().tracker().peakBytes(BufferClass.ABC_WAITING));
    }

    @Test
    void budgetStillBoundsTheNaivePolicy() throws Exception {
        long budgetMib = 12; // room for 5 partitions of 2.25 MiB
        Run naive = run(PermitPolicy.RELEASE_AT_SYNTHESIS_END, budgetMib);
        assertTrue(naive.peakReserved() <= budgetMib * MIB, "reserved " + naive.peakReserved());
        assertTrue(naive.peakWaiting() <= 5, "waiting " + naive.peakWaiting());
    }
}
