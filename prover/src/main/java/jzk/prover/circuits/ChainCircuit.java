package jzk.prover.circuits;

import jzk.arith.Fr;
import jzk.prover.r1cs.Circuit;
import jzk.prover.r1cs.LinearCombination;
import jzk.prover.r1cs.Variable;

/**
 * A circuit of exactly k constraints and two public inputs, for sizing: with k = 2^lg − 3 its QAP domain is
 * exactly 2^lg (rows = k + public inputs + 1). Used by the Groth16 benchmarks and by tests that need a key of a
 * given size without a real statement.
 */
public final class ChainCircuit {
    private ChainCircuit() {
    }

    /**
     * A chain of k constraints with public input x and public output y: squaring acc_{i+1} = acc_i² (A = B, dense
     * B column and G2 MSM) or, with {@code square} false, acc_{i+1} = acc_i·s + i for a private s = 5 (the
     * {@code big.circom} of bench-results: B is the single signal s).
     */
    public static Circuit of(int k, boolean square) {
        return cs -> {
            long[] x = Fr.F.fromLong(3);
            long[] sv = Fr.F.fromLong(5);
            Variable vx = cs.allocInput("x", () -> x);
            long[][] vals = new long[k + 1][];
            vals[0] = x;
            if (cs.computesWitness()) {
                for (int i = 1; i <= k; i++) {
                    vals[i] = new long[4];
                    if (square) {
                        Fr.F.square(vals[i], 0, vals[i - 1], 0);
                    } else {
                        Fr.F.mul(vals[i], 0, vals[i - 1], 0, sv, 0);
                        Fr.F.add(vals[i], 0, vals[i], 0, Fr.F.fromLong(i - 1), 0);
                    }
                }
            }
            Variable vy = cs.allocInput("y", () -> vals[k]);
            Variable vs = square ? null : cs.alloc("s", () -> sv);
            Variable prev = vx;
            for (int i = 0; i < k; i++) {
                final int next = i + 1;
                Variable out = next == k ? vy : cs.alloc("acc", () -> vals[next]);
                LinearCombination c = LinearCombination.of(out);
                if (!square && i != 0) {
                    long[] minusI = new long[4];
                    Fr.F.neg(minusI, 0, Fr.F.fromLong(i), 0);
                    c.addConstant(minusI);
                }
                cs.enforce("c", LinearCombination.of(prev), LinearCombination.of(square ? prev : vs), c);
                prev = out;
            }
        };
    }
}
