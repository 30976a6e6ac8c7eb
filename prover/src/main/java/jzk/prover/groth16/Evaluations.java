package jzk.prover.groth16;

import java.util.stream.IntStream;
import jzk.arith.Fr;
import jzk.prover.r1cs.FrOps;
import jzk.prover.r1cs.R1cs;

/**
 * The QAP evaluations a, b, c of one bellman-family proof and the R1CS check that comes with them: Montgomery Fr,
 * 4 longs an element, the key's domain size n each, as {@link StagedProver#evaluations} writes them. For a
 * constraint row i < m, a_i·b_i = c_i exactly when the witness satisfies constraint i, so the check costs m
 * multiplications and no second mat-vec (rows ≥ m are the input-consistency rows, not constraints). The one
 * evaluate-and-check sequence of {@link Groth16#prove} and the batch workload's synthesis stage.
 *
 * @param firstUnsatisfiedRow the least constraint row with a·b ≠ c, or −1 when the witness satisfies all of them
 */
public record Evaluations(long[] a, long[] b, long[] c, int firstUnsatisfiedRow) {

    /** a = A·z, b = B·z, c = C·z over the domain of {@code pk} for assignment {@code z}, checked row by row. */
    public static Evaluations of(ProvingKey pk, R1cs cs, long[] z) {
        long n = pk.domainSize();
        long[] a = FrOps.newVector(n, "a (domain)");
        long[] b = FrOps.newVector(n, "b (domain)");
        long[] c = FrOps.newVector(n, "c (domain)");
        StagedProver.evaluations(pk, cs, z, a, b, c);
        return new Evaluations(a, b, c, firstUnsatisfiedRow(a, b, c, cs.numConstraints()));
    }

    public boolean satisfied() {
        return firstUnsatisfiedRow < 0;
    }

    /** The least i < m with a_i·b_i ≠ c_i, or −1; rows in parallel on the common pool. */
    static int firstUnsatisfiedRow(long[] a, long[] b, long[] c, int m) {
        return IntStream.range(0, m).parallel().filter(i -> {
            long[] t = new long[4];
            Fr.F.mul(t, 0, a, i * 4, b, i * 4);
            return !Fr.F.equal(t, 0, c, i * 4);
        }).findFirst().orElse(-1);
    }
}
