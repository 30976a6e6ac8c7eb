package jzk.prover.pipeline;

import java.util.concurrent.CompletableFuture;

/**
 * A submitted proof. {@link #outcome()} completes once, with COMPLETED, FAILED or CANCELLED (never
 * exceptionally). {@link #released()} completes when every partition of the proof has given back its permit,
 * budget bytes and buffer-tracker counts — for a completed proof before the outcome, for a failed or cancelled
 * one possibly later (stages already running finish or are interrupted first).
 */
public interface ProofHandle {

    long jobId();

    CompletableFuture<ProofOutcome> outcome();

    CompletableFuture<Void> released();

    /**
     * Cancels the proof if it has not finished: queued partitions are dropped, running stages are interrupted
     * and their results discarded. Returns {@code false} if the outcome was already decided.
     */
    boolean cancel();
}
