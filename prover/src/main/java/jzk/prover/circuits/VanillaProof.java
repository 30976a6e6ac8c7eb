package jzk.prover.circuits;

import jzk.prover.r1cs.Circuit;
import jzk.prover.r1cs.R1cs;
import jzk.prover.r1cs.Synthesizer;
import jzk.prover.r1cs.Witness;

/** The validated inputs of one proof of a {@link PartitionShape}: P partitions, each a circuit with values. */
public interface VanillaProof {
    PartitionShape shape();

    int partitionCount();

    /** Partition {@code p}'s circuit with its values (witness mode). */
    Circuit circuit(int p);

    /** Partition {@code p}'s witness, unchecked (the prover checks A·z ∘ B·z = C·z on the evaluations). */
    default Witness witness(int p) {
        return Synthesizer.witness(circuit(p), false);
    }

    /**
     * Partition {@code p}'s witness for the recorded R1CS {@code shape}: by default written straight into one
     * array of the final size ({@link Synthesizer#witness(jzk.prover.r1cs.Circuit, boolean, R1cs)}); a family
     * whose witness is computed another way (e.g. in parallel pieces) overrides it.
     */
    default Witness witness(int p, R1cs shape) {
        return Synthesizer.witness(circuit(p), false, shape);
    }
}
