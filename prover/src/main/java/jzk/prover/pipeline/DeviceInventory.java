package jzk.prover.pipeline;

/**
 * What the pipeline's {@link DeviceScheduler} may ask about the devices it feeds: whether a device holds the
 * parameters of a proof's GPU stage (or could load them within its memory), and how many bytes it keeps resident.
 * A prover session implements it over its per-device backends ({@code jzk.prover.batch.ProverSession}); the
 * default {@link #NONE} says "every device holds everything, nothing resident" (synthetic loads, one device).
 *
 * <p>Answers may change as devices load parameters; the scheduler asks again at every assignment, so an answer
 * only has to be true at the moment it is given. Implementations must be thread-safe and must not call back into
 * the pipeline.
 */
public interface DeviceInventory {

    /** Where a proof's parameters stand on one device. */
    enum Residency {
        /** Resident now: the GPU stage starts at once. */
        RESIDENT,
        /** Not resident, but the device can load them within its memory (the first GPU stage there uploads). */
        LOADABLE,
        /** Cannot be used for these parameters (they live on another device, or do not fit). */
        NO
    }

    /** Every device holds everything; nothing is resident. */
    DeviceInventory NONE = new DeviceInventory() {
        @Override
        public Residency residency(String device, Object paramsKey) {
            return Residency.RESIDENT;
        }

        @Override
        public long residentBytes(String device) {
            return 0;
        }
    };

    /**
     * Whether {@code device} holds the parameters {@code paramsKey} ({@link ProofWorkload#paramsKey()}; never
     * null here: a proof without parameters may run anywhere).
     */
    Residency residency(String device, Object paramsKey);

    /**
     * Bytes of device memory {@code device} keeps resident for parameters now, with the NTT plans kept between
     * stages ({@code jzk.ntt.keepPlans}) (for the report).
     */
    long residentBytes(String device);
}
