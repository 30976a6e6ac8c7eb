package jzk.prover.circuits;

import jzk.prover.r1cs.Circuit;

/**
 * A built-in partition circuit family that {@code jzk batch/setup/prove/gen-input} can prove: every partition of
 * a shape has the same R1CS (cached under {@link #shapeId()}), and a {@link VanillaProof} of the shape supplies each
 * partition's values. Implemented by {@link PorepShape} (the PoRep-like circuit) and {@link StackedDrgShape}.
 */
public interface PartitionShape {
    /** The key of the R1CS and parameter caches: equal ids, equal R1CS. */
    String shapeId();

    /** Constraints of one partition (the recorded R1CS has exactly this many; tests check the formula). */
    long constraintCount();

    /** A circuit that can be recorded but has no values. */
    Circuit shapeOnly();

    /** One human-readable line: the family and its parameters. */
    String describe();

    /** A consistent vanilla proof of {@code partitions} partitions, deterministic in {@code seed}. */
    VanillaProof generate(int partitions, long seed);
}
