package jzk.server;

import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.function.Consumer;
import jzk.prover.pipeline.ForwardingWorkload;
import jzk.prover.pipeline.ProofWorkload;

/**
 * Test decorator: holds {@code synthesize} of the jobs it wraps until {@link #gate} opens (interruptible, as a
 * long synthesis is), and reports each assembly in order to {@code assembled}.
 */
final class HoldingWorkload extends ForwardingWorkload {
    private final CountDownLatch gate;
    private final CountDownLatch entered;
    private final Consumer<String> assembled;

    HoldingWorkload(ProofWorkload inner, CountDownLatch gate, CountDownLatch entered, Consumer<String> assembled) {
        super(inner);
        this.gate = gate;
        this.entered = entered;
        this.assembled = assembled;
    }

    @Override
    public Synthesized synthesize(int partition) throws Exception {
        if (gate != null) {
            entered.countDown();
            gate.await();
        }
        return inner.synthesize(partition);
    }

    @Override
    public Proof assemble(List<PartialProof> parts) throws Exception {
        Proof p = inner.assemble(parts);
        if (assembled != null) {
            assembled.accept(label());
        }
        return p;
    }
}
