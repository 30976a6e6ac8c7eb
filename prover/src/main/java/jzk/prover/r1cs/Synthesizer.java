package jzk.prover.r1cs;

import jzk.prover.config.ProverConfig;

/**
 * Entry points of synthesis: {@link #record} builds the R1CS of a circuit shape (once; see {@link R1csCache}),
 * {@link #witness} computes only the assignment {@code z}, and {@link R1cs#evaluate} then gives
 * {@code A·z, B·z, C·z} by the parallel sparse mat-vec (cuzk's "pre-compiled constraint evaluator").
 */
public final class Synthesizer {
    private Synthesizer() {
    }

    /** Records {@code circuit}'s matrices with constraint names. */
    public static R1cs record(Circuit circuit) {
        return record(circuit, true);
    }

    /**
     * Records {@code circuit}'s matrices; names cost one string per constraint and may be skipped. A
     * {@link ParallelRecording.Recordable} circuit records piece by piece in parallel (the same matrices) unless
     * {@code -Djzk.r1cs.parallelRecord=false}.
     */
    public static R1cs record(Circuit circuit, boolean recordNames) {
        if (circuit instanceof ParallelRecording.Recordable p && ProverConfig.get().parallelRecord()) {
            return p.recordInPieces(recordNames);
        }
        return recordSerially(circuit, recordNames);
    }

    /** Records {@code circuit}'s matrices on one recorder, in the order its code enforces them. */
    public static R1cs recordSerially(Circuit circuit, boolean recordNames) {
        RecordingConstraintSystem cs = new RecordingConstraintSystem(recordNames);
        circuit.synthesize(cs);
        return cs.finish();
    }

    /** The assignment of {@code circuit}, checked when {@link SatisfactionChecker#enabledByDefault()}. */
    public static Witness witness(Circuit circuit) {
        return witness(circuit, SatisfactionChecker.enabledByDefault());
    }

    /** The assignment of {@code circuit}; with {@code check}, the first failing constraint throws. */
    public static Witness witness(Circuit circuit, boolean check) {
        WitnessConstraintSystem cs = new WitnessConstraintSystem(check);
        circuit.synthesize(cs);
        return cs.finish();
    }

    /**
     * The assignment of {@code circuit}, whose recorded R1CS is {@code shape}: written straight into one array of
     * the final size (no growth or join copies: 32 bytes a variable at peak, not up to 96).
     */
    public static Witness witness(Circuit circuit, boolean check, R1cs shape) {
        WitnessConstraintSystem cs = new WitnessConstraintSystem(check, shape.numInputs(), shape.numAux());
        circuit.synthesize(cs);
        return cs.finish();
    }
}
