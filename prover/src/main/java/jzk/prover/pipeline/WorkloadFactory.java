package jzk.prover.pipeline;

/**
 * Decides what a batch proves: {@link #create(int)} is called once per proof of the batch, in order
 * (index 0 first), on the batch driver's thread, before the proof is submitted to the pipeline. Expensive
 * shared state (parameters, circuits) belongs in the factory and is shared read-only by the workloads.
 */
public interface WorkloadFactory {

    /** Label for reports, e.g. "groth16 sha256 2^20" or "synthetic". */
    String label();

    /** The workload for proof number {@code index} (0-based) of the batch. */
    ProofWorkload create(int index) throws Exception;

    /**
     * Memory of the devices the GPU stages ran on, read when the batch ends (per device name, in the report);
     * empty where there is none to read (the CPU prover, simulated devices).
     */
    default java.util.Map<String, BatchReport.DeviceMemory> deviceMemory() {
        return java.util.Map.of();
    }

    /** Where the workloads record their stages' phase times for the report, or null (none recorded). */
    default PhaseTimes phases() {
        return null;
    }
}
