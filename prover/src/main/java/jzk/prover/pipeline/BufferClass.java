package jzk.prover.pipeline;

/**
 * The large-buffer classes the {@link BufferTracker} counts in flight. A partition is in zero or more classes at
 * once (after synthesis it is both {@link #ABC_WAITING} and {@link #AUX_HELD}); the bytes counted for a class are
 * the partition's estimate from {@link ProofWorkload.Footprint}, not a measurement.
 */
public enum BufferClass {
    /** Partitions inside {@code synthesize}: bytes = a/b/c + aux being built. */
    SYNTHESIZING("synthesizing", "in synthesis"),
    /** Synthesized a/b/c waiting in the hand-off queue for a GPU worker: bytes = a/b/c. */
    ABC_WAITING("abcWaiting", "a/b/c synthesized, waiting for a GPU worker"),
    /** a/b/c inside {@code gpuStage}: bytes = a/b/c. */
    ABC_ON_GPU("abcOnGpu", "a/b/c in the GPU stage"),
    /** aux/witness kept from synthesis end until finalize returns: bytes = aux. */
    AUX_HELD("auxHeld", "aux kept from synthesis end until finalize ends"),
    /** GPU results waiting for a finalizer thread (small; counted, no bytes). */
    PENDING_FINALIZE("pendingFinalize", "GPU done, waiting for a finalizer"),
    /** Partitions inside {@code finalizeStage} (counted, bytes are in {@link #AUX_HELD}). */
    FINALIZING("finalizing", "in finalize");

    /** The camelCase name used in log lines and JSON reports. */
    public final String key;
    /** A few words for legends (report, timeline chart). */
    public final String meaning;

    BufferClass(String key, String meaning) {
        this.key = key;
        this.meaning = meaning;
    }

    /** Estimated bytes a partition with this footprint contributes to this class. */
    long bytes(ProofWorkload.Footprint f) {
        return switch (this) {
            case SYNTHESIZING -> f.totalBytes();
            case ABC_WAITING, ABC_ON_GPU -> f.abcBytes();
            case AUX_HELD -> f.auxBytes();
            case PENDING_FINALIZE, FINALIZING -> 0;
        };
    }
}
