package jzk.prover.pipeline;

import java.util.List;
import java.util.Map;

/**
 * The result of a batch: what was run, throughput, latency percentiles, memory and buffer peaks. A plain
 * record tree so Jackson writes it as the {@code --json} report unchanged; times in milliseconds or seconds as
 * the names say, sizes in bytes.
 *
 * @param workload           the workload factory's label
 * @param count              proofs requested
 * @param completed          proofs COMPLETED (and verified, when verification is on)
 * @param failed             proofs FAILED
 * @param cancelled          proofs CANCELLED
 * @param settings           the pipeline's shape and policies
 * @param wallSeconds        pipeline start → last proof released
 * @param proofsPerMinute    completed / wall minutes
 * @param secondsPerProof    wall seconds / completed (0 when none completed)
 * @param stages             per-stage latency summaries (see {@link StageMetrics})
 * @param peakRssBytes       highest resident set size seen (VmHWM / sampled VmRSS)
 * @param rssSource          where {@code peakRssBytes} comes from
 * @param peakBufferCounts   peak count per buffer class
 * @param peakBufferBytes    peak estimated bytes per buffer class
 * @param peakEstimatedBytes peak of the tracker's total estimated bytes
 * @param peakReservedBytes  peak bytes reserved in the memory budget
 * @param gpuBusyFraction    per device: time with a GPU stage running / wall time
 * @param devices            one line per device, in {@code --device} order
 * @param phases             per phase of the workload's stages (witness, a/b/c, uploads, NTTs, MSMs, …): laps,
 *                           total, mean, median and largest ms ({@link PhaseTimes}); empty when the workload
 *                           records none
 * @param proofs             one line per proof, in batch order
 * @param deviceMemory       per device (not the CPU prover): peak device memory and resident key bytes
 *                           ({@link WorkloadFactory#deviceMemory}); empty when there is none
 */
public record BatchReport(String workload, int count, int completed, int failed, int cancelled, Settings settings,
                          double wallSeconds, double proofsPerMinute, double secondsPerProof,
                          Map<String, StageMetrics.Summary> stages, long peakRssBytes, String rssSource,
                          Map<String, Long> peakBufferCounts, Map<String, Long> peakBufferBytes,
                          long peakEstimatedBytes, long peakReservedBytes, Map<String, Double> gpuBusyFraction,
                          List<DeviceLine> devices, Map<String, PhaseTimes.Summary> phases, List<ProofLine> proofs,
                          Map<String, DeviceMemory> deviceMemory) {

    /**
     * One device's memory: {@code peakBytes} the high-water mark of its allocated buffers since it was opened (the
     * process's whole run on it: parameter generation, the resident key, every GPU stage), {@code residentKeyBytes}
     * the proving keys resident on it at the end of the batch.
     */
    public record DeviceMemory(long peakBytes, long residentKeyBytes) {
    }

    /** The pipeline settings of the run. */
    public record Settings(int concurrency, int partitionWorkers, int lookahead, int gpuWorkersPerDevice,
                           List<String> devices, int finalizerThreads, long memoryBudgetBytes,
                           String permitPolicy, boolean verify) {
        static Settings of(PipelineConfig c, int concurrency) {
            return new Settings(concurrency, c.partitionWorkers(), c.lookahead(), c.gpuWorkersPerDevice(),
                    c.devices(), c.finalizerThreads(), c.memoryBudgetBytes(), c.permitPolicy().name(), c.verify());
        }
    }

    /**
     * One device of the run.
     *
     * @param device          the device name
     * @param gpuWorkers      its GPU workers
     * @param partitions      partitions whose GPU stage completed on it
     * @param busyFraction    time with at least one of its GPU stages running / wall time
     * @param gpuStageSeconds time inside its GPU stages (kernels, copies, waits of the stage, host clock), summed
     *                        over its workers: above the wall time when workers overlap
     * @param residentBytes   device memory it holds for parameters (and kept NTT plans) when the batch ended
     * @param failure         why it was taken out of rotation (one line), or null
     * @param failedAtSeconds when, since the pipeline started (0 when it did not fail)
     * @param rerun           partitions whose GPU stage failed on it and were re-run on another device
     */
    public record DeviceLine(String device, int gpuWorkers, long partitions, double busyFraction,
                             double gpuStageSeconds, long residentBytes, String failure, double failedAtSeconds,
                             long rerun) {
    }

    /** One proof: {@code index} is 1-based batch order. */
    public record ProofLine(int index, long jobId, String status, String reason, double totalMs, double queueMs,
                            double proveMs, Boolean verified) {
        static ProofLine of(int index, ProofOutcome o) {
            return new ProofLine(index, o.jobId(), o.status().name(), o.reason(), o.totalMillis(),
                    o.queueMillis(), o.proveMillis(), o.verified());
        }
    }
}
