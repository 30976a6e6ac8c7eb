package jzk.cli;

import java.nio.file.Path;
import java.util.List;
import jzk.prover.pipeline.WorkloadFactory;

/**
 * THE PLUG-IN POINT for real proving in {@code jzk batch}: what it proves and on which devices.
 *
 * <p>Until the Groth16 workload ({@code jzk.prover.groth16}) and the device list
 * ({@code jzk.tornado.api.Devices}) are wired here, both methods fail with "not available in this build";
 * {@code jzk batch --synthetic} exercises the pipeline with {@link jzk.prover.pipeline.SyntheticWorkload}
 * instead. Nothing here falls back to a fake workload.
 */
final class WorkloadHooks {

    private WorkloadHooks() {
    }

    /**
     * The Groth16 workload factory for a batch.
     *
     * The GPU stage learns its device from the {@link jzk.prover.pipeline.ProofWorkload.DeviceSlot} it is given.
     *
     * @param input the {@code --input} JSON (vanilla-proof input), or {@code null} for the built-in default
     */
    static WorkloadFactory groth16(Path input) {
        throw CliException.notAvailable("batch",
                "the Groth16 workload is not wired yet: see jzk.cli.WorkloadHooks.groth16; "
                        + "use --synthetic to exercise the pipeline");
    }

    /**
     * Resolves {@code --device} names (or picks the best device when none is given: cuda → NVIDIA OpenCL →
     * other OpenCL → jvm) and fails with one line naming an unknown device and the available ones.
     */
    static List<String> realDevices(List<String> requested) {
        throw CliException.notAvailable("batch",
                "the device list is not wired yet: see jzk.cli.WorkloadHooks.realDevices; "
                        + "use --synthetic with --device sim:N");
    }
}
