package jzk.prover.circuits;

import jzk.prover.r1cs.Circuit;

/** The validated inputs of one proof of a {@link PartitionShape}: P partitions, each a circuit with values. */
public interface VanillaProof {
    PartitionShape shape();

    int partitionCount();

    /** Partition {@code p}'s circuit with its values (witness mode). */
    Circuit circuit(int p);
}
