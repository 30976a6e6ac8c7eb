package jzk.prover.pipeline;

import static jzk.prover.pipeline.PipelineTestSupport.MIB;
import static jzk.prover.pipeline.PipelineTestSupport.assertAllReleased;
import static jzk.prover.pipeline.PipelineTestSupport.config;
import static jzk.prover.pipeline.PipelineTestSupport.outcome;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** A failing partition fails only its own proof, with a clear reason, and releases everything it held. */
@Timeout(30)
class FaultTest {

    private static final SyntheticWorkload.Spec SPEC = new SyntheticWorkload.Spec(3, MIB, MIB / 4, 3, 6, 2);

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "SYNTHESIS | partition 1 synthesis failed: injected synthesis failure in partition 1",
        "GPU       | partition 1 GPU stage on sim:0 failed: injected gpu failure in partition 1",
        "FINALIZE  | partition 1 finalize failed: injected finalize failure in partition 1",
        "ASSEMBLE  | assembly failed: injected assemble failure",
        "VERIFY    | failed verification"})
    void failureInOneStageFailsOnlyThatProof(SyntheticWorkload.FailStage stage, String reason) throws Exception {
        ProvingPipeline p = new ProvingPipeline(config(2, 1, 2, 64));
        ProofHandle before = p.submit(new SyntheticWorkload(SPEC, 1));
        SyntheticWorkload badLoad = new SyntheticWorkload(SPEC, 2, stage, 1, true);
        ProofHandle bad = p.submit(badLoad);
        ProofHandle after = p.submit(new SyntheticWorkload(SPEC, 3));
        ProofOutcome o = outcome(bad);
        assertEquals(ProofOutcome.Status.FAILED, o.status());
        assertTrue(o.reason().contains(reason), o.reason());
        assertNull(o.proof());
        assertTrue(outcome(before).completed(), outcome(before).reason());
        assertTrue(outcome(after).completed(), outcome(after).reason());
        assertAllReleased(p);
        // every native buffer of the failed proof was consumed or closed by the pipeline's discard
        assertEquals(0, badLoad.liveBytes());
        p.close();
    }

    @Test
    void partitionLargerThanTheBudgetFailsWithoutWaiting() throws Exception {
        ProvingPipeline p = new ProvingPipeline(config(1, 1, 1, 4));
        ProofHandle big = p.submit(new SyntheticWorkload(new SyntheticWorkload.Spec(2, 6 * MIB, 2 * MIB, 1, 1, 1), 1));
        ProofHandle small = p.submit(new SyntheticWorkload(SPEC, 2));
        ProofOutcome o = outcome(big);
        assertEquals(ProofOutcome.Status.FAILED, o.status());
        assertEquals("partition 0 needs 8.0 MiB but the whole memory budget is 4.0 MiB; "
                + "raise --memory-budget or use smaller partitions", o.reason());
        assertEquals(0, o.startNanos(), "the oversized proof must never start");
        assertTrue(outcome(small).completed());
        assertAllReleased(p);
        p.close();
    }

    @Test
    void errorsThrownByAStageAreContainedToo() throws Exception {
        ProvingPipeline p = new ProvingPipeline(config(2, 1, 1, 64));
        ProofWorkload oom = new Delegating(new SyntheticWorkload(SPEC, 5)) {
            @Override
            public Synthesized synthesize(int partition) throws Exception {
                if (partition == 2) {
                    throw new OutOfMemoryError("Java heap space");
                }
                return super.synthesize(partition);
            }
        };
        ProofOutcome o = outcome(p.submit(oom));
        assertEquals("partition 2 synthesis failed: OutOfMemoryError: Java heap space", o.reason());
        assertTrue(outcome(p.submit(new SyntheticWorkload(SPEC, 6))).completed());
        assertAllReleased(p);
        p.close();
    }

    @Test
    void unreadableWorkloadFailsAtSubmission() throws Exception {
        ProvingPipeline p = new ProvingPipeline(config(1, 1, 1, 64));
        ProofWorkload broken = new Delegating(new SyntheticWorkload(SPEC, 1)) {
            @Override
            public int partitions() {
                throw new IllegalArgumentException("circuit file truncated at offset 1234");
            }
        };
        ProofOutcome o = outcome(p.submit(broken));
        assertEquals("cannot read the proof's partitions: circuit file truncated at offset 1234", o.reason());
        assertAllReleased(p);
        p.close();
    }

    /** Forwards everything to a delegate, for tests that override one stage. */
    static class Delegating implements ProofWorkload {
        private final ProofWorkload d;

        Delegating(ProofWorkload d) {
            this.d = d;
        }

        @Override
        public String label() {
            return d.label();
        }

        @Override
        public int partitions() {
            return d.partitions();
        }

        @Override
        public Footprint footprint(int partition) {
            return d.footprint(partition);
        }

        @Override
        public Synthesized synthesize(int partition) throws Exception {
            return d.synthesize(partition);
        }

        @Override
        public GpuResult gpuStage(Synthesized s, DeviceSlot slot) throws Exception {
            return d.gpuStage(s, slot);
        }

        @Override
        public PartialProof finalizeStage(GpuResult r) throws Exception {
            return d.finalizeStage(r);
        }

        @Override
        public Proof assemble(List<PartialProof> parts) throws Exception {
            return d.assemble(parts);
        }

        @Override
        public boolean verify(Proof proof) throws Exception {
            return d.verify(proof);
        }
    }
}
