package jzk.prover.pipeline;

import java.nio.file.Path;
import java.util.List;
import java.util.function.Consumer;

/**
 * Shape and policies of a {@link ProvingPipeline}. Immutable; use the {@code with…} methods to derive.
 *
 * @param partitionWorkers    W: threads running {@code synthesize} (≥ 1)
 * @param lookahead           L: synthesized partitions allowed to wait for a GPU worker beyond the W being
 *                            synthesized; the pipeline has {@code W + L} synthesis permits (≥ 0)
 * @param gpuWorkersPerDevice G: GPU worker threads per device (≥ 1)
 * @param devices             device names, one GPU-worker group each (non-empty)
 * @param finalizerThreads    threads running {@code finalizeStage} (≥ 1)
 * @param memoryBudgetBytes   admission budget in bytes (≥ 1)
 * @param permitPolicy        when the synthesis permit is released
 * @param verify              verify every assembled proof before reporting it completed
 * @param timelineFile        CSV file for the TIMELINE log, or {@code null}
 * @param bufferLog           receives the buffer tracker's per-transition lines, or {@code null}
 */
public record PipelineConfig(int partitionWorkers, int lookahead, int gpuWorkersPerDevice, List<String> devices,
                             int finalizerThreads, long memoryBudgetBytes, PermitPolicy permitPolicy,
                             boolean verify, Path timelineFile, Consumer<String> bufferLog) {

    public PipelineConfig {
        require(partitionWorkers >= 1, "partition workers must be ≥ 1, got " + partitionWorkers);
        require(lookahead >= 0, "lookahead must be ≥ 0, got " + lookahead);
        require(gpuWorkersPerDevice >= 1, "GPU workers per device must be ≥ 1, got " + gpuWorkersPerDevice);
        require(devices != null && !devices.isEmpty(), "at least one device is needed");
        require(finalizerThreads >= 1, "finalizer threads must be ≥ 1, got " + finalizerThreads);
        require(memoryBudgetBytes >= 1, "memory budget must be ≥ 1 byte, got " + memoryBudgetBytes);
        require(permitPolicy != null, "permit policy is null");
        devices = List.copyOf(devices);
    }

    private static void require(boolean ok, String message) {
        if (!ok) {
            throw new IllegalArgumentException(message);
        }
    }

    /** W=2, L=1, G=1 on one device named {@code device}, 2 finalizers, the machine's default budget, verify. */
    public static PipelineConfig defaults(String device) {
        return new PipelineConfig(2, 1, 1, List.of(device), 2, MemoryBudget.defaultCapacityBytes(),
                PermitPolicy.HOLD_UNTIL_GPU, true, null, null);
    }

    public PipelineConfig withWorkers(int partitionWorkers, int lookahead, int gpuWorkersPerDevice) {
        return new PipelineConfig(partitionWorkers, lookahead, gpuWorkersPerDevice, devices, finalizerThreads,
                memoryBudgetBytes, permitPolicy, verify, timelineFile, bufferLog);
    }

    public PipelineConfig withDevices(List<String> devices) {
        return new PipelineConfig(partitionWorkers, lookahead, gpuWorkersPerDevice, devices, finalizerThreads,
                memoryBudgetBytes, permitPolicy, verify, timelineFile, bufferLog);
    }

    public PipelineConfig withFinalizerThreads(int finalizerThreads) {
        return new PipelineConfig(partitionWorkers, lookahead, gpuWorkersPerDevice, devices, finalizerThreads,
                memoryBudgetBytes, permitPolicy, verify, timelineFile, bufferLog);
    }

    public PipelineConfig withMemoryBudget(long memoryBudgetBytes) {
        return new PipelineConfig(partitionWorkers, lookahead, gpuWorkersPerDevice, devices, finalizerThreads,
                memoryBudgetBytes, permitPolicy, verify, timelineFile, bufferLog);
    }

    public PipelineConfig withPermitPolicy(PermitPolicy permitPolicy) {
        return new PipelineConfig(partitionWorkers, lookahead, gpuWorkersPerDevice, devices, finalizerThreads,
                memoryBudgetBytes, permitPolicy, verify, timelineFile, bufferLog);
    }

    public PipelineConfig withVerify(boolean verify) {
        return new PipelineConfig(partitionWorkers, lookahead, gpuWorkersPerDevice, devices, finalizerThreads,
                memoryBudgetBytes, permitPolicy, verify, timelineFile, bufferLog);
    }

    public PipelineConfig withTimelineFile(Path timelineFile) {
        return new PipelineConfig(partitionWorkers, lookahead, gpuWorkersPerDevice, devices, finalizerThreads,
                memoryBudgetBytes, permitPolicy, verify, timelineFile, bufferLog);
    }

    public PipelineConfig withBufferLog(Consumer<String> bufferLog) {
        return new PipelineConfig(partitionWorkers, lookahead, gpuWorkersPerDevice, devices, finalizerThreads,
                memoryBudgetBytes, permitPolicy, verify, timelineFile, bufferLog);
    }
}
