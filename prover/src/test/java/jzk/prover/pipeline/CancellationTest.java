package jzk.prover.pipeline;

import static jzk.prover.pipeline.PipelineTestSupport.MIB;
import static jzk.prover.pipeline.PipelineTestSupport.assertAllReleased;
import static jzk.prover.pipeline.PipelineTestSupport.config;
import static jzk.prover.pipeline.PipelineTestSupport.outcome;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** Cancelling a queued or running proof decides it at once and releases what it held; others go on. */
@Timeout(30)
class CancellationTest {

    private static final SyntheticWorkload.Spec QUICK = new SyntheticWorkload.Spec(2, MIB, MIB / 4, 2, 2, 1);

    private static void awaitCount(ProvingPipeline p, BufferClass c, long n) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (p.tracker().count(c) < n) {
            assertTrue(System.nanoTime() < deadline, "never reached " + c + "=" + n);
            Thread.sleep(2);
        }
    }

    @Test
    void queuedProofIsCancelledBeforeItStarts() throws Exception {
        ProvingPipeline p = new ProvingPipeline(config(1, 0, 1, 64));
        ProofHandle running = p.submit(new SyntheticWorkload(new SyntheticWorkload.Spec(2, MIB, 0, 200, 5, 1), 1));
        ProofHandle queued = p.submit(new SyntheticWorkload(QUICK, 2));
        awaitCount(p, BufferClass.SYNTHESIZING, 1);
        assertTrue(queued.cancel());
        ProofOutcome o = queued.outcome().get(1, TimeUnit.SECONDS);
        assertEquals(ProofOutcome.Status.CANCELLED, o.status());
        assertEquals("cancelled", o.reason());
        assertEquals(0, o.startNanos(), "a queued proof must not start");
        assertTrue(outcome(running).completed());
        assertAllReleased(p);
        p.close();
    }

    @Test
    void runningSynthesisIsInterrupted() throws Exception {
        ProvingPipeline p = new ProvingPipeline(config(2, 1, 1, 64));
        ProofHandle slow = p.submit(new SyntheticWorkload(new SyntheticWorkload.Spec(3, MIB, MIB, 20_000, 1, 1), 1));
        awaitCount(p, BufferClass.SYNTHESIZING, 2);
        long t0 = System.nanoTime();
        assertTrue(slow.cancel());
        assertEquals(ProofOutcome.Status.CANCELLED, slow.outcome().get(1, TimeUnit.SECONDS).status());
        slow.released().get(2, TimeUnit.SECONDS); // the 20 s sleeps were interrupted
        assertTrue(System.nanoTime() - t0 < TimeUnit.SECONDS.toNanos(3));
        assertFalse(slow.cancel(), "a decided proof cannot be cancelled again");
        assertTrue(outcome(p.submit(new SyntheticWorkload(QUICK, 2))).completed());
        assertAllReleased(p);
        p.close();
    }

    @Test
    void runningGpuStageIsInterruptedAndWaitingPartitionsDropped() throws Exception {
        ProvingPipeline p = new ProvingPipeline(config(2, 2, 1, 64));
        SyntheticWorkload slowLoad = new SyntheticWorkload(new SyntheticWorkload.Spec(6, MIB, MIB, 1, 20_000, 1), 1,
                null, -1, true);
        ProofHandle slow = p.submit(slowLoad);
        ProofHandle next = p.submit(new SyntheticWorkload(QUICK, 2));
        awaitCount(p, BufferClass.ABC_ON_GPU, 1);
        awaitCount(p, BufferClass.ABC_WAITING, 2);
        assertTrue(slow.cancel());
        slow.released().get(2, TimeUnit.SECONDS);
        assertEquals(0, slowLoad.liveBytes(), "native buffers of the cancelled proof not freed");
        assertTrue(outcome(next).completed(), outcome(next).reason());
        assertAllReleased(p);
        p.close();
    }

    @Test
    void cancelAllCancelsEverythingUndecided() throws Exception {
        ProvingPipeline p = new ProvingPipeline(config(1, 1, 1, 64));
        ProofHandle a = p.submit(new SyntheticWorkload(new SyntheticWorkload.Spec(2, MIB, 0, 10_000, 1, 1), 1));
        ProofHandle b = p.submit(new SyntheticWorkload(QUICK, 2));
        awaitCount(p, BufferClass.SYNTHESIZING, 1);
        p.cancelAll();
        assertEquals(ProofOutcome.Status.CANCELLED, outcome(a).status());
        assertEquals(ProofOutcome.Status.CANCELLED, outcome(b).status());
        assertAllReleased(p);
        p.close();
    }
}
