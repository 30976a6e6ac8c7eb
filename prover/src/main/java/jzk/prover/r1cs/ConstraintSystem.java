package jzk.prover.r1cs;

import java.util.function.Supplier;

/**
 * Where a {@link Circuit} puts its variables and rank-1 constraints {@code <a,z>·<b,z> = <c,z>}.
 *
 * <p>Variable numbering of the final assignment {@code z}: index 0 is the constant ONE, indices
 * {@code 1..numInputs} the public inputs in allocation order, then the private (aux) variables in allocation
 * order. Inputs and aux variables may be allocated interleaved; the numbering is fixed when synthesis ends.
 *
 * <p>Values are Fr elements in Montgomery form (4 little-endian 64-bit limbs, see {@code jzk.arith.Fr}). A value
 * supplier is called at most once, and only by systems that compute a witness ({@link #computesWitness()});
 * recording systems never call it, so suppliers may read values that are absent when recording.
 */
public interface ConstraintSystem {
    /** The constant-one variable (index 0). */
    Variable one();

    /** Allocates a public input. */
    Variable allocInput(String name, Supplier<long[]> value);

    /** Allocates a private (aux) variable. */
    Variable alloc(String name, Supplier<long[]> value);

    /**
     * Enforces {@code <a,z>·<b,z> = <c,z>}. The linear combinations are read before this returns. When
     * {@link #enforcesConstraints()} is false they are not read at all and may be null.
     */
    void enforce(String name, LinearCombination a, LinearCombination b, LinearCombination c);

    void pushNamespace(String name);

    void popNamespace();

    /** True when this system calls value suppliers (witness and checking modes), false when recording. */
    boolean computesWitness();

    /**
     * False only in pure witness mode, where {@link #enforce} ignores its arguments: gadgets may then skip
     * building linear combinations (they must still allocate exactly the same variables, in the same order).
     * Recording and checking systems return true.
     */
    default boolean enforcesConstraints() {
        return true;
    }

    /** Runs {@code body} inside namespace {@code name}. */
    default void namespace(String name, Runnable body) {
        pushNamespace(name);
        try {
            body.run();
        } finally {
            popNamespace();
        }
    }
}
