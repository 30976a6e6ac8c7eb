package jzk.server;

import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.function.Consumer;
import jzk.prover.pipeline.ProofWorkload;

/**
 * Test decorator: holds {@code synthesize} of the jobs it wraps until {@link #gate} opens (interruptible, as a
 * long synthesis is), and reports each assembly in order to {@code assembled}.
 */
final class HoldingWorkload implements ProofWorkload {
    private final ProofWorkload inner;
    private final CountDownLatch gate;
    private final CountDownLatch entered;
    private final Consumer<String> assembled;

    HoldingWorkload(ProofWorkload inner, CountDownLatch gate, CountDownLatch entered, Consumer<String> assembled) {
        this.inner = inner;
        this.gate = gate;
        this.entered = entered;
        this.assembled = assembled;
    }

    @Override
    public String label() {
        return inner.label();
    }

    @Override
    public int partitions() {
        return inner.partitions();
    }

    @Override
    public Footprint footprint(int partition) {
        return inner.footprint(partition);
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
    public GpuResult gpuStage(Synthesized s, DeviceSlot slot) throws Exception {
        return inner.gpuStage(s, slot);
    }

    @Override
    public PartialProof finalizeStage(GpuResult r) throws Exception {
        return inner.finalizeStage(r);
    }

    @Override
    public Proof assemble(List<PartialProof> parts) throws Exception {
        Proof p = inner.assemble(parts);
        if (assembled != null) {
            assembled.accept(label());
        }
        return p;
    }

    @Override
    public boolean verify(Proof proof) throws Exception {
        return inner.verify(proof);
    }
}
