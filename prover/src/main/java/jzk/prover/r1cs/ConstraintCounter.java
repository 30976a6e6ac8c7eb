package jzk.prover.r1cs;

import java.util.function.Supplier;

/**
 * A constraint system that only counts: gadgets build their linear combinations as when recording
 * ({@link #enforcesConstraints()} is true, so every constraint is enforced through {@link #enforce}), nothing is
 * stored and no value is asked for. For sizing a gadget without recording a whole circuit.
 */
public final class ConstraintCounter implements ConstraintSystem {
    private long constraints;
    private int inputs;
    private int aux;

    @Override
    public Variable one() {
        return Variable.ONE;
    }

    @Override
    public Variable allocInput(String name, Supplier<long[]> value) {
        return Variable.input(++inputs);
    }

    @Override
    public Variable alloc(String name, Supplier<long[]> value) {
        return Variable.aux(aux++);
    }

    @Override
    public void enforce(String name, LinearCombination a, LinearCombination b, LinearCombination c) {
        constraints++;
    }

    @Override
    public void pushNamespace(String name) {
    }

    @Override
    public void popNamespace() {
    }

    @Override
    public boolean computesWitness() {
        return false;
    }

    public long constraints() {
        return constraints;
    }

    /** Variables allocated: 1 (the one-wire) + public inputs + private (aux) variables. */
    public long variables() {
        return 1L + inputs + aux;
    }
}
