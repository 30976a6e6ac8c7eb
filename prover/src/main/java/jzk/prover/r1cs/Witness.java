package jzk.prover.r1cs;

import java.util.Arrays;
import jzk.arith.Fr;

/**
 * A full assignment {@code z} of a constraint system, immutable by convention (the array is shared, not
 * copied): {@code 1 + numInputs + numAux} Fr elements in Montgomery form, 4 limbs each; {@code z[0] = 1}, then
 * the public inputs, then the aux variables (the numbering of {@link ConstraintSystem}).
 */
public final class Witness {
    private final int numInputs;
    private final long[] z;

    public Witness(int numInputs, long[] z) {
        if (z.length % Fr.LIMBS != 0 || z.length / Fr.LIMBS < 1 + numInputs) {
            throw new IllegalArgumentException("assignment of " + z.length + " longs cannot hold ONE and "
                    + numInputs + " inputs");
        }
        if (!FrOps.isOne(z, 0)) {
            throw new IllegalArgumentException("z[0] must be one, is " + Fr.F.toBigInteger(z, 0));
        }
        this.numInputs = numInputs;
        this.z = z;
    }

    /** The assignment (shared; do not modify). */
    public long[] z() {
        return z;
    }

    /** A copy of {@code z[1..numInputs]}. */
    public long[] publicInputs() {
        return Arrays.copyOfRange(z, Fr.LIMBS, Fr.LIMBS * (1 + numInputs));
    }

    public int numInputs() {
        return numInputs;
    }

    public int numVariables() {
        return z.length / Fr.LIMBS;
    }

    public int numAux() {
        return numVariables() - 1 - numInputs;
    }

    /** Throws unless this assignment has exactly the variable counts of {@code r1cs}. */
    public void requireShapeOf(R1cs r1cs) {
        if (numInputs != r1cs.numInputs() || numVariables() != r1cs.numVariables()) {
            throw new IllegalArgumentException("witness has " + numInputs + " inputs / " + numVariables()
                    + " variables, R1CS has " + r1cs.numInputs() + " / " + r1cs.numVariables());
        }
    }
}
