package jzk.prover.gadgets;

import java.util.function.Supplier;
import jzk.arith.Fr;
import jzk.prover.r1cs.ConstraintSystem;
import jzk.prover.r1cs.LinearCombination;
import jzk.prover.r1cs.Variable;

/**
 * A field element allocated as one variable, with its value when the constraint system computes a witness.
 *
 * <p>Invariants: {@link #value()} is an Fr Montgomery element (4 limbs; shared, so callers must not modify it)
 * when {@code cs.computesWitness()} held at allocation, else null. Every
 * operation allocates its result with the value computed natively and enforces it with the stated number of
 * constraints; in pure witness mode ({@code !cs.enforcesConstraints()}) no linear combination is built.
 */
public final class AllocatedNum {
    private final Variable variable;
    private final long[] value;

    AllocatedNum(Variable variable, long[] value) {
        this.variable = variable;
        this.value = value;
    }

    /** Allocates a private number; {@code value} is called only when the system computes a witness. */
    public static AllocatedNum alloc(ConstraintSystem cs, String name, Supplier<long[]> value) {
        long[] v = cs.computesWitness() ? value.get() : null;
        return new AllocatedNum(cs.alloc(name, () -> v), v);
    }

    /** Allocates a public input. */
    public static AllocatedNum allocInput(ConstraintSystem cs, String name, Supplier<long[]> value) {
        long[] v = cs.computesWitness() ? value.get() : null;
        return new AllocatedNum(cs.allocInput(name, () -> v), v);
    }

    /** Allocates {@code lc} (whose value is {@code v}, null when recording) as a variable: 1 constraint. */
    public static AllocatedNum fromLc(ConstraintSystem cs, String name, LinearCombination lc, long[] v) {
        Variable out = cs.alloc(name, () -> v);
        if (cs.enforcesConstraints()) {
            cs.enforce(name + "=lc", lc, LinearCombination.of(cs.one()), LinearCombination.of(out));
        }
        return new AllocatedNum(out, v);
    }

    public Variable variable() {
        return variable;
    }

    /** The value (Montgomery; do not modify), or null when recording. */
    public long[] value() {
        return value;
    }

    public boolean hasValue() {
        return value != null;
    }

    public LinearCombination lc() {
        return LinearCombination.of(variable);
    }

    /** A public input equal to this number: 1 constraint. */
    public AllocatedNum inputize(ConstraintSystem cs, String name) {
        AllocatedNum in = allocInput(cs, name, () -> value);
        enforceEqual(cs, name + "=", in);
        return in;
    }

    /** {@code this · other}: 1 constraint. */
    public AllocatedNum mul(ConstraintSystem cs, String name, AllocatedNum other) {
        long[] v = value == null ? null : product(value, other.value);
        Variable out = cs.alloc(name, () -> v);
        if (cs.enforcesConstraints()) {
            cs.enforce(name, lc(), other.lc(), LinearCombination.of(out));
        }
        return new AllocatedNum(out, v);
    }

    /** {@code this²}: 1 constraint. */
    public AllocatedNum square(ConstraintSystem cs, String name) {
        return mul(cs, name, this);
    }

    /** {@code this + other} as a new variable: 1 constraint. */
    public AllocatedNum add(ConstraintSystem cs, String name, AllocatedNum other) {
        long[] v = null;
        if (value != null) {
            v = new long[Fr.LIMBS];
            Fr.F.add(v, 0, value, 0, other.value, 0);
        }
        return fromLc(cs, name, cs.enforcesConstraints() ? lc().add(other.variable) : null, v);
    }

    /** Enforces {@code this = other}: 1 constraint. */
    public void enforceEqual(ConstraintSystem cs, String name, AllocatedNum other) {
        if (cs.enforcesConstraints()) {
            cs.enforce(name, lc(), LinearCombination.of(cs.one()), other.lc());
        } else {
            cs.enforce(name, null, null, null);
        }
    }

    /**
     * {@code condition ? b : a}, with {@code out − a = condition·(b − a)}: 1 constraint. {@code condition} must
     * be constrained boolean elsewhere.
     */
    public static AllocatedNum select(ConstraintSystem cs, String name, Boolean condition, AllocatedNum a,
            AllocatedNum b) {
        long[] v = null;
        if (cs.computesWitness()) {
            v = condition.value() ? b.value : a.value;
        }
        long[] fv = v;
        Variable out = cs.alloc(name, () -> fv);
        if (cs.enforcesConstraints()) {
            cs.enforce(name, condition.lc(), b.lc().sub(a.variable), LinearCombination.of(out).sub(a.variable));
        } else {
            cs.enforce(name, null, null, null);
        }
        return new AllocatedNum(out, v);
    }

    /**
     * {@code condition ? (b, a) : (a, b)}: 2 constraints ({@code x − a = c·(b − a)} and
     * {@code y − b = c·(a − b)}).
     */
    public static AllocatedNum[] conditionallySwap(ConstraintSystem cs, String name, Boolean condition,
            AllocatedNum a, AllocatedNum b) {
        AllocatedNum x = select(cs, name + "/x", condition, a, b);
        AllocatedNum y = select(cs, name + "/y", condition, b, a);
        return new AllocatedNum[] {x, y};
    }

    static long[] product(long[] a, long[] b) {
        long[] r = new long[Fr.LIMBS];
        Fr.F.mul(r, 0, a, 0, b, 0);
        return r;
    }
}
