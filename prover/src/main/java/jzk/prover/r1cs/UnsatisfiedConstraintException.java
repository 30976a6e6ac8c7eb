package jzk.prover.r1cs;

import java.math.BigInteger;

/** The first constraint that a witness does not satisfy, named by its namespace path, with the three values. */
public final class UnsatisfiedConstraintException extends RuntimeException {
    private static final long serialVersionUID = 1L;
    private final String constraint;
    private final int row;

    UnsatisfiedConstraintException(String constraint, int row, BigInteger a, BigInteger b, BigInteger c) {
        super("constraint " + row + " '" + constraint + "' is not satisfied: <a,z> = " + a + ", <b,z> = " + b
                + ", <a,z>*<b,z> != <c,z> = " + c);
        this.constraint = constraint;
        this.row = row;
    }

    /** The namespace path ({@code a/b/name}) or {@code #row}. */
    public String constraint() {
        return constraint;
    }

    /** The constraint's row (0-based, in enforcement order). */
    public int row() {
        return row;
    }
}
