package jzk.prover.r1cs;

/**
 * A circuit in the bellman style: {@link #synthesize} allocates variables and enforces constraints on whatever
 * {@link ConstraintSystem} it is given. The same code runs in recording mode (matrices, no values), witness mode
 * (values, no matrices) and checking mode (values, every constraint checked as it is enforced), so it must
 * allocate and enforce in the same order on every run of one shape, whatever the witness values.
 */
@FunctionalInterface
public interface Circuit {
    void synthesize(ConstraintSystem cs);
}
