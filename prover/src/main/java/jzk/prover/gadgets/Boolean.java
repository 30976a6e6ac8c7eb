package jzk.prover.gadgets;

import java.util.function.BooleanSupplier;
import jzk.arith.Fr;
import jzk.prover.r1cs.ConstraintSystem;
import jzk.prover.r1cs.LinearCombination;
import jzk.prover.r1cs.Variable;

/**
 * A boolean in a circuit, in the bellman style: a constant, an allocated bit, or the negation of one. Immutable.
 *
 * <p>Invariants: an allocated bit's variable is constrained to {0, 1} by {@code (1 − b)·b = 0} at allocation.
 * {@link #lc()} is {@code b}, {@code 1 − b} or the constant. The value is known ({@link #hasValue()}) for
 * constants and whenever the system computes a witness. Results of {@link #and}, {@link #xor}, {@link #ch} and
 * {@link #maj} are boolean by construction (their constraint forces a 0/1 value from 0/1 inputs) and carry no
 * booleanity constraint of their own.
 */
public final class Boolean {
    public static final Boolean TRUE = new Boolean(null, false, 1);
    public static final Boolean FALSE = new Boolean(null, false, 0);
    private static final long[] ONE = Fr.F.fromLong(1);
    private static final long[] MINUS_ONE = Fr.F.fromLong(-1);
    private static final long[] MINUS_TWO = Fr.F.fromLong(-2);
    private static final long[] TWO = Fr.F.fromLong(2);

    /** null for a constant. */
    private final Variable variable;
    private final boolean negated;
    /** 0, 1, or −1 when unknown (recording). */
    private final byte value;

    private Boolean(Variable variable, boolean negated, int value) {
        this.variable = variable;
        this.negated = negated;
        this.value = (byte) value;
    }

    public static Boolean constant(boolean b) {
        return b ? TRUE : FALSE;
    }

    /** Allocates a bit with its booleanity constraint: 1 constraint. */
    public static Boolean alloc(ConstraintSystem cs, String name, BooleanSupplier value) {
        int v = cs.computesWitness() ? (value.getAsBoolean() ? 1 : 0) : -1;
        Variable var = cs.alloc(name, () -> v == 1 ? ONE : new long[Fr.LIMBS]);
        if (cs.enforcesConstraints()) {
            // (1 - b) * b = 0
            cs.enforce(name + "/boolean", LinearCombination.of(cs.one()).sub(var), LinearCombination.of(var),
                    LinearCombination.zero());
        } else {
            cs.enforce(name, null, null, null);
        }
        return new Boolean(var, false, v);
    }

    /** Allocates without a booleanity constraint: the caller's constraint must force 0/1. */
    private static Boolean allocUnchecked(ConstraintSystem cs, String name, int v) {
        Variable var = cs.alloc(name, () -> v == 1 ? ONE : new long[Fr.LIMBS]);
        return new Boolean(var, false, v);
    }

    public boolean isConstant() {
        return variable == null;
    }

    public boolean hasValue() {
        return value >= 0;
    }

    /** The value; throws when unknown (recording mode). */
    public boolean value() {
        if (value < 0) {
            throw new IllegalStateException("boolean value unknown: the constraint system records without a witness");
        }
        return value == 1;
    }

    /** 0, 1, or −1 when unknown. */
    int rawValue() {
        return value;
    }

    public Boolean not() {
        if (variable == null) {
            return constant(value == 0);
        }
        return new Boolean(variable, !negated, value < 0 ? -1 : 1 - value);
    }

    /** {@code this} as a linear combination: {@code b}, {@code 1 − b} or the constant. */
    public LinearCombination lc() {
        return addTo(LinearCombination.zero(), ONE);
    }

    /** Appends {@code k · this} to {@code lc}. */
    public LinearCombination addTo(LinearCombination lc, long[] k) {
        if (variable == null) {
            if (value == 1) {
                lc.addConstant(k);
            }
            return lc;
        }
        if (!negated) {
            return lc.add(variable, k);
        }
        long[] mk = new long[Fr.LIMBS];
        Fr.F.neg(mk, 0, k, 0);
        return lc.addConstant(k).add(variable, mk);
    }

    private static int and(int a, int b) {
        return a < 0 || b < 0 ? -1 : a & b;
    }

    private static int xor(int a, int b) {
        return a < 0 || b < 0 ? -1 : a ^ b;
    }

    /** {@code a ∧ b}: 0 constraints if either is constant, else 1 ({@code a·b = c}). */
    public static Boolean and(ConstraintSystem cs, String name, Boolean a, Boolean b) {
        if (a.isConstant()) {
            return a.value == 1 ? b : FALSE;
        }
        if (b.isConstant()) {
            return b.value == 1 ? a : FALSE;
        }
        Boolean c = allocUnchecked(cs, name, and(a.value, b.value));
        if (cs.enforcesConstraints()) {
            cs.enforce(name, a.lc(), b.lc(), c.lc());
        } else {
            cs.enforce(name, null, null, null);
        }
        return c;
    }

    /** {@code a ⊕ b}: 0 constraints if either is constant, else 1 ({@code 2a·b = a + b − c}). */
    public static Boolean xor(ConstraintSystem cs, String name, Boolean a, Boolean b) {
        if (a.isConstant()) {
            return a.value == 1 ? b.not() : b;
        }
        if (b.isConstant()) {
            return b.value == 1 ? a.not() : a;
        }
        Boolean c = allocUnchecked(cs, name, xor(a.value, b.value));
        if (cs.enforcesConstraints()) {
            LinearCombination sum = a.lc().add(b.lc());
            c.addTo(sum, MINUS_ONE);
            cs.enforce(name, a.addTo(LinearCombination.zero(), TWO), b.lc(), sum);
        } else {
            cs.enforce(name, null, null, null);
        }
        return c;
    }

    /**
     * SHA-256 Ch: {@code (a ∧ b) ⊕ (¬a ∧ c)} = {@code c + a·(b − c)}: 1 constraint
     * ({@code a·(b − c) = ch − c}), 0 when all three are constants.
     */
    public static Boolean ch(ConstraintSystem cs, String name, Boolean a, Boolean b, Boolean c) {
        int v = a.value < 0 || b.value < 0 || c.value < 0 ? -1 : (a.value == 1 ? b.value : c.value);
        if (a.isConstant() && b.isConstant() && c.isConstant()) {
            return constant(v == 1);
        }
        if (a.isConstant()) {
            return a.value == 1 ? b : c;
        }
        Boolean out = allocUnchecked(cs, name, v);
        if (cs.enforcesConstraints()) {
            LinearCombination bc = b.lc();
            c.addTo(bc, MINUS_ONE);
            LinearCombination rhs = out.lc();
            c.addTo(rhs, MINUS_ONE);
            cs.enforce(name, a.lc(), bc, rhs);
        } else {
            cs.enforce(name, null, null, null);
        }
        return out;
    }

    /**
     * SHA-256 Maj: {@code (a∧b) ⊕ (a∧c) ⊕ (b∧c)}. With {@code bc = b·c}: {@code maj − bc = a·(b + c − 2bc)}:
     * 2 constraints, fewer when inputs are constant.
     */
    public static Boolean maj(ConstraintSystem cs, String name, Boolean a, Boolean b, Boolean c) {
        int v = a.value < 0 || b.value < 0 || c.value < 0 ? -1
                : (a.value + b.value + c.value >= 2 ? 1 : 0);
        if (a.isConstant() && b.isConstant() && c.isConstant()) {
            return constant(v == 1);
        }
        Boolean bc = and(cs, name + "/bc", b, c);
        Boolean out = allocUnchecked(cs, name, v);
        if (cs.enforcesConstraints()) {
            LinearCombination left = b.lc().add(c.lc());
            bc.addTo(left, MINUS_TWO);
            LinearCombination right = out.lc();
            bc.addTo(right, MINUS_ONE);
            cs.enforce(name, a.lc(), left, right);
        } else {
            cs.enforce(name, null, null, null);
        }
        return out;
    }

    @Override
    public String toString() {
        String v = value < 0 ? "?" : value == 1 ? "1" : "0";
        return variable == null ? "const(" + v + ")" : (negated ? "!" : "") + variable + "=" + v;
    }
}
