package jzk.prover.pipeline;

/**
 * How one proof of the pipeline ended.
 *
 * @param jobId       the pipeline's proof id (submission order, from 1; a batch's 1-based index)
 * @param label       the workload's label
 * @param status      COMPLETED, FAILED or CANCELLED
 * @param reason      for FAILED/CANCELLED a one-line reason naming the partition and stage; else {@code null}
 * @param proof       the proof when COMPLETED, else {@code null}
 * @param verified    {@code true} when verification ran and passed; {@code null} when it did not run
 * @param submitNanos {@link System#nanoTime()} at submission
 * @param startNanos  when the proof's first partition started synthesis (0 if it never started)
 * @param endNanos    when the outcome was decided
 */
public record ProofOutcome(long jobId, String label, Status status, String reason, ProofWorkload.Proof proof,
                           Boolean verified, long submitNanos, long startNanos, long endNanos) {

    public enum Status { COMPLETED, FAILED, CANCELLED }

    public boolean completed() {
        return status == Status.COMPLETED;
    }

    /** Submission → outcome. */
    public double totalMillis() {
        return (endNanos - submitNanos) / 1e6;
    }

    /** Submission → first synthesis start (the whole total if the proof never started). */
    public double queueMillis() {
        return ((startNanos == 0 ? endNanos : startNanos) - submitNanos) / 1e6;
    }

    /** First synthesis start → outcome (0 if the proof never started). */
    public double proveMillis() {
        return startNanos == 0 ? 0 : (endNanos - startNanos) / 1e6;
    }
}
