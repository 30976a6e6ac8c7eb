package jzk.prover.pipeline;

import java.util.Locale;

/**
 * What the pipeline's admission lets run at once for partitions of one footprint, worked out from the
 * configuration alone (nothing is allocated): the admission rules of {@link ProvingPipeline} as arithmetic.
 *
 * <p>A partition reserves {@code abc + aux} of the budget before synthesis and holds its a/b/c until its GPU stage
 * returns. Under {@link PermitPolicy#HOLD_UNTIL_GPU} at most {@code W + L} partitions are synthesizing or waiting
 * for a GPU worker and at most {@code G·D} are in a GPU stage, so
 * <pre>
 *   withAbc = min(W + L + G·D, ⌊budget / (abc + aux)⌋)       (⌊budget / (abc + aux)⌋ alone with naive permits)
 * </pre>
 * partitions hold a/b/c at once; partitions past their GPU stage hold only aux until finalized, and everything
 * reserved stays under the budget ({@link MemoryBudget}). {@code peakPartitionBytes = withAbc · (abc + aux)} is
 * the host memory of the partitions that hold a/b/c at the peak (the shared R1CS, the JVM and the small key
 * sections come on top). On each device: its resident key plus the a/b/c of its {@code G} GPU stages
 * ({@code deviceBytes = key + G · abc}; the stage's MSM scratch is not counted).
 *
 * @param partitionBytes     abc + aux of one partition
 * @param byBudget           partitions the budget holds at once
 * @param byPermits          partitions the permits and GPU workers allow ({@link Integer#MAX_VALUE} with naive permits)
 * @param withAbc            partitions holding a/b/c at once: the smaller of the two
 * @param peakPartitionBytes {@code withAbc · partitionBytes}
 * @param deviceBytes        per device: resident key + {@code G · abc}
 */
public record AdmissionPlan(long partitionBytes, int byBudget, int byPermits, int withAbc, long peakPartitionBytes,
                            long deviceBytes) {

    /**
     * The plan of {@code config} for partitions of {@code footprint} with a key of {@code keyDeviceBytes} resident
     * on each device (0 for the CPU prover).
     */
    public static AdmissionPlan of(PipelineConfig config, ProofWorkload.Footprint footprint, long keyDeviceBytes) {
        long each = footprint.totalBytes();
        int byBudget = (int) Math.min(Integer.MAX_VALUE, config.memoryBudgetBytes() / each);
        int byPermits = config.permitPolicy() == PermitPolicy.HOLD_UNTIL_GPU
                ? config.partitionWorkers() + config.lookahead()
                + config.gpuWorkersPerDevice() * config.devices().size()
                : Integer.MAX_VALUE;
        int withAbc = Math.min(byBudget, byPermits);
        return new AdmissionPlan(each, byBudget, byPermits, withAbc, Math.multiplyExact(each, (long) withAbc),
                Math.addExact(keyDeviceBytes, Math.multiplyExact(footprint.abcBytes(),
                        (long) config.gpuWorkersPerDevice())));
    }

    /** Which bound sets {@link #withAbc}: {@code "budget"} or {@code "permits"}. */
    public String limit() {
        return byBudget <= byPermits ? "budget" : "permits";
    }

    /** One line for a report: partitions at once, by what, host and device bytes. */
    public String describe() {
        return String.format(Locale.ROOT, "admission: %d partitions of %s hold a/b/c at once (by %s; budget allows "
                        + "%d), %s of partitions on the host; per device %s (key + a/b/c of its GPU stages)",
                withAbc, MemoryBudget.format(partitionBytes), limit(), byBudget, MemoryBudget.format(peakPartitionBytes),
                MemoryBudget.format(deviceBytes));
    }
}
