package jzk.prover.r1cs;

/**
 * A variable of a constraint system, immutable. {@link #raw()} encodes its kind and index before the final
 * numbering is known: {@code raw ≥ 0} is input number {@code raw} (0 = ONE, 1.. = public inputs),
 * {@code raw < 0} is aux number {@code ~raw} (0-based). The final column in {@code z} is
 * {@link #column(int) column(numInputs)}.
 */
public final class Variable {
    /** The constant one. */
    public static final Variable ONE = new Variable(0);

    private final int raw;

    private Variable(int raw) {
        this.raw = raw;
    }

    /** The {@code index}-th input variable (0 is ONE). */
    public static Variable input(int index) {
        if (index < 0) {
            throw new IllegalArgumentException("input index " + index + " < 0");
        }
        return index == 0 ? ONE : new Variable(index);
    }

    /** The {@code index}-th aux variable (0-based). */
    public static Variable aux(int index) {
        if (index < 0) {
            throw new IllegalArgumentException("aux index " + index + " < 0");
        }
        return new Variable(~index);
    }

    /** Builds from the raw encoding (see the class comment). */
    public static Variable ofRaw(int raw) {
        return raw == 0 ? ONE : new Variable(raw);
    }

    public int raw() {
        return raw;
    }

    public boolean isInput() {
        return raw >= 0;
    }

    /** Index among inputs (0 = ONE) or among aux variables. */
    public int index() {
        return raw >= 0 ? raw : ~raw;
    }

    /** Column in {@code z} once the number of public inputs (excluding ONE) is known. */
    public int column(int numInputs) {
        return column(raw, numInputs);
    }

    /** {@link #column(int)} on a raw encoding. */
    public static int column(int raw, int numInputs) {
        return raw >= 0 ? raw : 1 + numInputs + ~raw;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Variable v && v.raw == raw;
    }

    @Override
    public int hashCode() {
        return raw;
    }

    @Override
    public String toString() {
        return raw == 0 ? "ONE" : raw > 0 ? "input" + raw : "aux" + ~raw;
    }
}
