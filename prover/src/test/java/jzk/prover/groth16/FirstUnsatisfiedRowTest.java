package jzk.prover.groth16;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.math.BigInteger;
import java.util.Random;
import jzk.arith.Fr;
import jzk.prover.r1cs.R1cs;
import jzk.prover.r1cs.Synthesizer;
import org.junit.jupiter.api.Test;

/** The a·b = c row check shared by Groth16.prove and the batch workload ({@link StagedProver#firstUnsatisfiedRow}). */
class FirstUnsatisfiedRowTest {
    /**
     * a_i = 1 (so a_i·b_i = b_i whatever the multiplication does right), c_i = b_i except on the rows made wrong:
     * the least wrong row below m is found, rows from m on are not constraints.
     */
    @Test
    void firstUnsatisfiedRowIsTheLeastWrongConstraintRow() {
        int rows = 4096;
        long[] a = new long[rows * 4];
        long[] b = new long[rows * 4];
        long[] c = new long[rows * 4];
        Random rnd = new Random(7);
        for (int i = 0; i < rows; i++) {
            Fr.F.fromBigInteger(a, i * 4, BigInteger.ONE);
            Fr.F.fromBigInteger(b, i * 4, new BigInteger(250, rnd));
            System.arraycopy(b, i * 4, c, i * 4, 4);
        }
        assertEquals(-1, StagedProver.firstUnsatisfiedRow(a, b, c, rows));
        c[3000 * 4] ^= 1;
        c[1234 * 4 + 2] ^= 1;
        assertEquals(1234, StagedProver.firstUnsatisfiedRow(a, b, c, rows));
        assertEquals(-1, StagedProver.firstUnsatisfiedRow(a, b, c, 1234), "rows ≥ m are not checked");
        c[1234 * 4 + 2] ^= 1;
        assertEquals(3000, StagedProver.firstUnsatisfiedRow(a, b, c, rows));
    }

    /** powerChain(…, k, cheat): k squaring rows 0..k−1, then the sum row k, which the cheat breaks. */
    @Test
    void theCircuitsBrokenRowIsFound() {
        int k = 6;
        R1cs cs = Synthesizer.record(TestCircuits.powerChain(3, 9, k, false));
        ProvingKey pk = Groth16.setup(cs, new Random(5));
        assertEquals(-1, rowCheck(pk, cs, Synthesizer.witness(TestCircuits.powerChain(3, 9, k, false)).z()));
        assertEquals(k, rowCheck(pk, cs, Synthesizer.witness(TestCircuits.powerChain(3, 9, k, true), false).z()));
    }

    private static int rowCheck(ProvingKey pk, R1cs cs, long[] z) {
        int n = pk.domainSize();
        long[] a = new long[n * 4];
        long[] b = new long[n * 4];
        long[] c = new long[n * 4];
        StagedProver.evaluations(pk, cs, z, a, b, c);
        return StagedProver.firstUnsatisfiedRow(a, b, c, cs.numConstraints());
    }
}
