package jzk.prover.pipeline;

import java.util.List;

/**
 * A {@link ProofWorkload} that passes every call to another one: the base of wrappers that observe or hold some
 * stages (progress reporting, tests that gate a stage) and override only those. Keeps the wrapped workload's
 * invariants, since every stage still runs there.
 */
public abstract class ForwardingWorkload implements ProofWorkload {
    protected final ProofWorkload inner;

    protected ForwardingWorkload(ProofWorkload inner) {
        this.inner = inner;
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
    public Object paramsKey() {
        return inner.paramsKey();
    }

    @Override
    public Synthesized synthesize(int partition) throws Exception {
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
        return inner.assemble(parts);
    }

    @Override
    public boolean verify(Proof proof) throws Exception {
        return inner.verify(proof);
    }
}
