package jzk.prover.pipeline;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import jzk.prover.pipeline.ProofOutcome.Status;
import jzk.prover.pipeline.ProofWorkload.Footprint;
import jzk.prover.pipeline.ProofWorkload.PartialProof;

/**
 * One proof request inside a {@link ProvingPipeline}, and the handle its submitter holds.
 *
 * <p>Invariants: {@code state} goes once from {@code null} (running) to COMPLETED, FAILED or CANCELLED, and
 * {@code outcome} completes at that moment; {@code tasksLeft} counts partitions not yet finished (released) and
 * {@code released} completes when it reaches 0; {@code partsLeft} counts partitions not yet finalized, and the
 * finalizer that takes it to 0 hands the job to the assembler. Fields set by {@code prepare} are written before
 * the tasks are queued and so are safely published to the workers by the queues.
 */
final class ProofJob implements ProofHandle {
    private final ProvingPipeline pipeline;
    final long id;
    final ProofWorkload workload;
    final String label;
    final long submitNanos;
    /** Queue order: higher first ({@link ProvingPipeline#submit(ProofWorkload, long, int)}). */
    final int priority;
    final AtomicLong startNanos = new AtomicLong();
    final AtomicReference<Status> state = new AtomicReference<>();
    final CompletableFuture<ProofOutcome> outcome = new CompletableFuture<>();
    final CompletableFuture<Void> released = new CompletableFuture<>();
    List<PartitionTask> tasks = List.of();
    PartialProof[] parts;
    AtomicInteger partsLeft;
    AtomicInteger tasksLeft;

    ProofJob(ProvingPipeline pipeline, long id, ProofWorkload workload, long submitNanos, int priority) {
        this.pipeline = pipeline;
        this.priority = priority;
        this.id = id;
        this.workload = workload;
        this.submitNanos = submitNanos;
        String l;
        try {
            l = workload.label();
        } catch (RuntimeException e) {
            l = workload.getClass().getSimpleName();
        }
        this.label = l;
    }

    /** Builds the tasks; returns a reason the proof cannot run, or null. */
    String prepare(long capacityBytes) {
        try {
            int n = workload.partitions();
            if (n < 1) {
                return "proof " + id + " has " + n + " partitions; at least 1 is needed";
            }
            List<PartitionTask> list = new ArrayList<>(n);
            for (int p = 0; p < n; p++) {
                Footprint f = workload.footprint(p);
                if (f.totalBytes() > capacityBytes) {
                    return "partition " + p + " " + new MemoryBudget.BudgetExceededException(
                            f.totalBytes(), capacityBytes).getMessage();
                }
                list.add(new PartitionTask(this, p, f));
            }
            parts = new PartialProof[n];
            partsLeft = new AtomicInteger(n);
            tasksLeft = new AtomicInteger(n);
            tasks = List.copyOf(list);
            return null;
        } catch (RuntimeException e) {
            return "cannot read the proof's partitions: " + ProvingPipeline.describe(e);
        }
    }

    boolean isDecided() {
        return state.get() != null;
    }

    void markStarted(long nanos) {
        startNanos.compareAndSet(0, nanos);
    }

    @Override
    public long jobId() {
        return id;
    }

    @Override
    public CompletableFuture<ProofOutcome> outcome() {
        return outcome;
    }

    @Override
    public CompletableFuture<Void> released() {
        return released;
    }

    @Override
    public boolean cancel() {
        if (isDecided()) {
            return false;
        }
        pipeline.cancel(this);
        return state.get() == Status.CANCELLED;
    }
}
