package jzk.prover.gadgets;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import jzk.prover.r1cs.Circuit;
import jzk.prover.r1cs.R1cs;
import jzk.prover.r1cs.SatisfactionChecker;
import jzk.prover.r1cs.Synthesizer;
import jzk.prover.r1cs.Witness;

/**
 * Runs a circuit in all three modes and checks they agree: the recorded matrices, the pure witness (which builds
 * no linear combinations) and the checked witness have the same variables, the two witnesses are equal, and the
 * witness satisfies the recorded matrices.
 */
final class CircuitAssert {
    private CircuitAssert() {
    }

    static R1cs assertConsistent(Circuit c) {
        R1cs r = Synthesizer.record(c, true);
        Witness checked = Synthesizer.witness(c, true);
        Witness fast = Synthesizer.witness(c, false);
        checked.requireShapeOf(r);
        assertArrayEquals(checked.z(), fast.z(), "pure witness mode must compute the same assignment");
        SatisfactionChecker.check(r, fast);
        assertEquals(r.numVariables(), fast.numVariables());
        // the evaluator (which copies aliased B rows from A·z) agrees with plain mat-vecs
        int n = r.numConstraints() * 4;
        long[] a = new long[n];
        long[] b = new long[n];
        long[] cv = new long[n];
        r.evaluate(fast.z(), a, b, cv);
        long[] plain = new long[n];
        r.b().mulVec(fast.z(), plain);
        assertArrayEquals(plain, b, "B·z with row aliases");
        r.a().mulVec(fast.z(), plain);
        assertArrayEquals(plain, a, "A·z");
        return r;
    }
}
