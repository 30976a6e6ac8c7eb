package jzk.prover.pipeline;

import java.util.EnumSet;
import jzk.prover.pipeline.ProofWorkload.Footprint;
import jzk.prover.pipeline.ProofWorkload.GpuResult;
import jzk.prover.pipeline.ProofWorkload.Synthesized;

/**
 * One partition travelling through the stages of a {@link ProvingPipeline}.
 *
 * <p>Invariants: at any time exactly one thread owns the task (the worker of its current stage, or whoever
 * removed it from a queue); {@code permitHeld}, {@code reservedBytes}, {@code finished} and
 * {@code runningThread} are guarded by {@code this} because cancellation reads them from other threads;
 * {@code reservedBytes} is what this partition still holds of the budget (abc + aux, then aux, then 0);
 * {@code classes} is mutated only by the {@link BufferTracker}, under its lock.
 */
final class PartitionTask {
    final ProofJob job;
    final int partition;
    final Footprint footprint;
    /** Buffer classes the tracker counts this partition in; mutated only by the tracker. */
    final EnumSet<BufferClass> classes = EnumSet.noneOf(BufferClass.class);
    boolean permitHeld;
    long reservedBytes;
    boolean finished;
    Thread runningThread;
    Synthesized synthesized;
    GpuResult gpuResult;
    long synthesisEndNanos;

    PartitionTask(ProofJob job, int partition, Footprint footprint) {
        this.job = job;
        this.partition = partition;
        this.footprint = footprint;
    }
}
