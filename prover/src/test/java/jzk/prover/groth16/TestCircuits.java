package jzk.prover.groth16;

import jzk.arith.Fr;
import jzk.prover.gadgets.AllocatedNum;
import jzk.prover.gadgets.Bits;
import jzk.prover.r1cs.Circuit;
import jzk.prover.r1cs.LinearCombination;
import jzk.prover.r1cs.Variable;

/** Small circuits for Groth16 tests. Values are Montgomery Fr. */
final class TestCircuits {
    private TestCircuits() {
    }

    /**
     * A witness of mostly bits, like a SHA-256-heavy PoRep partition's: {@code count} pseudo-random field elements
     * (the first public, the others private) each decomposed into 255 bits ({@link Bits#toBitsLe}): 256·count
     * constraints, about 1/256 of the aux values full field elements and the rest 0 or 1 in equal shares.
     */
    static Circuit bitDecompositions(int count, long seed) {
        return cs -> {
            java.util.SplittableRandom rnd = new java.util.SplittableRandom(seed);
            for (int j = 0; j < count; j++) {
                long[] v = Fr.F.fromLong(rnd.nextLong() >>> 1);
                Fr.F.mul(v, 0, v, 0, Fr.F.fromLong(rnd.nextLong() >>> 1), 0);
                Fr.F.square(v, 0, v, 0);
                AllocatedNum num = j == 0 ? AllocatedNum.allocInput(cs, "x", () -> v)
                        : AllocatedNum.alloc(cs, "w" + j, () -> v);
                Bits.toBitsLe(cs, "bits" + j, num, 255);
            }
        };
    }

    /**
     * y = x^(2^k) + x·w with public inputs x and y, private w and the k squarings x, x², x⁴, …: k + 1
     * constraints. With {@code cheat} the claimed y is off by one, so the last constraint ("sum") fails.
     */
    static Circuit powerChain(long xv, long wv, int k, boolean cheat) {
        return cs -> {
            long[] x = Fr.F.fromLong(xv);
            long[] w = Fr.F.fromLong(wv);
            long[][] chain = new long[k + 1][];
            chain[0] = x;
            for (int i = 1; i <= k; i++) {
                chain[i] = new long[4];
                Fr.F.square(chain[i], 0, chain[i - 1], 0);
            }
            long[] xw = new long[4];
            Fr.F.mul(xw, 0, x, 0, w, 0);
            long[] y = new long[4];
            Fr.F.add(y, 0, chain[k], 0, xw, 0);
            if (cheat) {
                Fr.F.add(y, 0, y, 0, Fr.F.fromLong(1), 0);
            }
            Variable vx = cs.allocInput("x", () -> x);
            Variable vy = cs.allocInput("y", () -> y);
            Variable vw = cs.alloc("w", () -> w);
            Variable prev = vx;
            for (int i = 1; i <= k; i++) {
                final int ii = i;
                Variable next = cs.alloc("sq" + i, () -> chain[ii]);
                cs.enforce("square " + i, LinearCombination.of(prev), LinearCombination.of(prev),
                        LinearCombination.of(next));
                prev = next;
            }
            // x · w = y − x^(2^k)
            cs.enforce("sum", LinearCombination.of(vx), LinearCombination.of(vw),
                    LinearCombination.of(vy).sub(prev));
        };
    }
}
