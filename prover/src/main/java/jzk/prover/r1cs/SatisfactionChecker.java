package jzk.prover.r1cs;

import jzk.arith.Fr;
import jzk.prover.config.ProverConfig;

/**
 * Checks that an assignment satisfies a constraint system and reports the first failing constraint by its
 * namespace path ({@code a/b/c: name}) — before any proving work, so a wrong circuit fails with a name rather than
 * with a proof that does not verify.
 *
 * <p>On by default in tests: {@link #enabledByDefault()} is true when the system property {@code jzk.r1cs.check}
 * is {@code true}, or, when the property is absent, when Java assertions are enabled (surefire runs tests with
 * {@code -ea}).
 */
public final class SatisfactionChecker {
    private SatisfactionChecker() {
    }

    /** Whether {@link Synthesizer#witness(Circuit)} checks constraints while computing the witness. */
    public static boolean enabledByDefault() {
        Boolean set = ProverConfig.get().r1csCheck();
        if (set != null) {
            return set;
        }
        boolean ea = false;
        assert ea = true; // side effect only when assertions are on
        return ea;
    }

    /**
     * Synthesizes {@code circuit} in checking mode; returns the witness, or throws
     * {@link UnsatisfiedConstraintException} at the first failing constraint.
     */
    public static Witness check(Circuit circuit) {
        WitnessConstraintSystem cs = new WitnessConstraintSystem(true);
        circuit.synthesize(cs);
        return cs.finish();
    }

    /** The first row that {@code w} does not satisfy in {@code r1cs}, or −1 when all hold. */
    public static int firstFailure(R1cs r1cs, Witness w) {
        w.requireShapeOf(r1cs);
        long[] z = w.z();
        long[] t = new long[3 * Fr.LIMBS];
        for (int row = 0; row < r1cs.numConstraints(); row++) {
            if (!rowHolds(r1cs, z, row, t)) {
                return row;
            }
        }
        return -1;
    }

    /** Throws {@link UnsatisfiedConstraintException} naming the first row of {@code r1cs} that {@code w} fails. */
    public static void check(R1cs r1cs, Witness w) {
        int row = firstFailure(r1cs, w);
        if (row >= 0) {
            long[] t = new long[3 * Fr.LIMBS];
            rowHolds(r1cs, w.z(), row, t);
            throw new UnsatisfiedConstraintException(r1cs.constraintName(row), row, Fr.F.toBigInteger(t, 0),
                    Fr.F.toBigInteger(t, 4), Fr.F.toBigInteger(t, 8));
        }
    }

    private static boolean rowHolds(R1cs r1cs, long[] z, int row, long[] t) {
        r1cs.a().evaluateRow(row, z, t, 0);
        r1cs.b().evaluateRow(row, z, t, 4);
        r1cs.c().evaluateRow(row, z, t, 8);
        long[] ab = new long[Fr.LIMBS];
        Fr.F.mul(ab, 0, t, 0, t, 4);
        return Fr.F.equal(ab, 0, t, 8);
    }
}
