package jzk.server;

import jzk.prover.pipeline.ForwardingWorkload;
import jzk.prover.pipeline.ProofWorkload;

/**
 * A {@link ProofWorkload} that moves its {@link Job}'s stage counters around each stage of the wrapped one
 * (started/ended), so that AwaitProof can stream "synthesizing k/P → gpu → finalizing". Everything else is the
 * wrapped workload's; the ownership and footprint invariants are unchanged.
 */
final class ProgressWorkload extends ForwardingWorkload {
    private final Job job;

    ProgressWorkload(ProofWorkload inner, Job job) {
        super(inner);
        this.job = job;
    }

    @Override
    public Synthesized synthesize(int partition) throws Exception {
        job.synthStarted.incrementAndGet();
        job.changed();
        Synthesized s = inner.synthesize(partition);
        job.synthesized.incrementAndGet();
        job.changed();
        return s;
    }

    @Override
    public GpuResult gpuStage(Synthesized s, DeviceSlot slot) throws Exception {
        job.gpuStarted.incrementAndGet();
        job.changed();
        GpuResult r = inner.gpuStage(s, slot);
        job.gpuDone.incrementAndGet();
        job.changed();
        return r;
    }

    @Override
    public PartialProof finalizeStage(GpuResult r) throws Exception {
        job.finalizeStarted.incrementAndGet();
        job.changed();
        PartialProof p = inner.finalizeStage(r);
        job.finalized.incrementAndGet();
        job.changed();
        return p;
    }
}
