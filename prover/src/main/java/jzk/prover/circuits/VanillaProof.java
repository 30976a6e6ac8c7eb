package jzk.prover.circuits;

import jzk.prover.r1cs.Circuit;
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
}
