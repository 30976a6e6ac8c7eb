package jzk.prover.gadgets;

import jzk.arith.Fr;
import jzk.prover.r1cs.ConstraintSystem;
import jzk.prover.r1cs.LinearCombination;
import jzk.prover.r1cs.Variable;

/**
 * The Poseidon permutation and 2-to-1 hash in a circuit, matching {@link Poseidon} (same rounds, same
 * capacity/output convention).
 *
 * <p>Constraint count: the linear layers (round constants, MDS) stay inside linear combinations and cost nothing;
 * each x^5 S-box costs 3 constraints ({@code x·x = x2}, {@code x2·x2 = x4}, {@code x4·x = x5}), so the S-boxes cost
 * {@code 3·(t·R_F + R_P)} = 3·(24 + 57) = 243 for t = 3. In the partial rounds the cells without an S-box stay
 * linear combinations that gain one term per round, and cell 0's S-box input (which appears three times in the
 * matrices) carries them all: left alone this gives ~27 non-zeros per constraint. Every
 * {@link #RELINEARIZE_EVERY} = 8 partial rounds (not after the last) the other t − 1 cells are therefore allocated
 * as variables (one constraint each): (t − 1)·⌊(R_P − 1)/8⌋ = 2·7 = 14 more constraints for about a third of the
 * non-zeros (2^16-constraint PoRep partition: 27.4 → 8.6 non-zeros per constraint, A + B + C). {@link #hash2}
 * allocates its output with one more: {@link #HASH2_CONSTRAINTS} = 243 + 14 + 1 = 258.
 *
 * <p>Cell state is a linear combination plus its value; in pure witness mode only values are tracked.
 */
public final class PoseidonGadget {
    private static final int N = Fr.LIMBS;
    /** Partial rounds between re-linearisations of the cells without an S-box. */
    public static final int RELINEARIZE_EVERY = 8;
    /** 3·(3·8 + 57) + 2·⌊56/8⌋ + 1. */
    public static final int HASH2_CONSTRAINTS = 3 * (3 * 8 + 57) + 2 * ((57 - 1) / RELINEARIZE_EVERY) + 1;

    private PoseidonGadget() {
    }

    /** {@code H(left, right)}: state {@code [0, left, right]}, output cell 0; {@link #HASH2_CONSTRAINTS} constraints. */
    public static AllocatedNum hash2(ConstraintSystem cs, String name, AllocatedNum left, AllocatedNum right) {
        return hash(cs, name, PoseidonParams.X5_255_3, left, right);
    }

    /**
     * Constraints of one {@link #hash} with {@code p}: {@code 3·(t·R_F + R_P)} for the S-boxes,
     * {@code (t − 1)·⌊(R_P − 1)/8⌋} re-linearisations, 1 for the output. t = 3: 258; t = 9: 3·129 + 8·7 + 1 = 444;
     * t = 12: 3·153 + 11·7 + 1 = 537.
     */
    public static long hashConstraints(PoseidonParams p) {
        return 3L * (p.t * p.fullRounds + p.partialRounds)
                + (long) (p.t - 1) * ((p.partialRounds - 1) / RELINEARIZE_EVERY) + 1;
    }

    /**
     * {@code H(inputs)} with {@code t − 1 = inputs.length}: state {@code [0, inputs…]}, output cell 0, as
     * {@link Poseidon#hash}; {@link #hashConstraints} constraints.
     */
    public static AllocatedNum hash(ConstraintSystem cs, String name, PoseidonParams p, AllocatedNum... inputs) {
        if (inputs.length != p.t - 1) {
            throw new IllegalArgumentException("arity " + (p.t - 1) + " hash of " + inputs.length + " inputs");
        }
        int t = p.t;
        boolean lcs = cs.enforcesConstraints();
        boolean vals = cs.computesWitness();
        LinearCombination[] lc = new LinearCombination[t];
        long[] val = vals ? new long[t * N] : null;
        if (lcs) {
            lc[0] = LinearCombination.zero();
        }
        for (int i = 0; i < inputs.length; i++) {
            if (lcs) {
                lc[i + 1] = inputs[i].lc();
            }
            if (vals) {
                System.arraycopy(inputs[i].value(), 0, val, (i + 1) * N, N);
            }
        }
        cs.pushNamespace(name);
        try {
            permute(cs, p, lc, val);
            long[] out = vals ? java.util.Arrays.copyOf(val, N) : null;
            return AllocatedNum.fromLc(cs, "out", lcs ? lc[0] : null, out);
        } finally {
            cs.popNamespace();
        }
    }

    /**
     * Permutes the cells in place: {@code lc[i]} (null entries when {@code !cs.enforcesConstraints()}) and
     * {@code val} (t·4 longs, null when recording).
     */
    public static void permute(ConstraintSystem cs, PoseidonParams p, LinearCombination[] lc, long[] val) {
        int t = p.t;
        boolean lcs = cs.enforcesConstraints();
        int half = p.fullRounds / 2;
        long[] x = new long[N];
        long[] tmp = new long[t * N];
        long[] prod = new long[N];
        for (int r = 0; r < p.rounds(); r++) {
            boolean full = r < half || r >= half + p.partialRounds;
            for (int i = 0; i < t; i++) {
                int rc = (r * t + i) * N;
                if (lcs) {
                    lc[i].addRaw(0, p.roundConstants, rc);
                }
                if (val != null) {
                    Fr.F.add(val, i * N, val, i * N, p.roundConstants, rc);
                }
                if (full || i == 0) {
                    Variable x5 = sbox(cs, r, i, lcs ? lc[i] : null, val, i * N, x);
                    if (lcs) {
                        lc[i] = LinearCombination.of(x5);
                    }
                }
            }
            // MDS: new_i = Σ_j M[i][j]·s_j on values and linear combinations alike
            if (val != null) {
                java.util.Arrays.fill(tmp, 0L);
                for (int i = 0; i < t; i++) {
                    for (int j = 0; j < t; j++) {
                        Fr.F.mul(prod, 0, p.mds, (i * t + j) * N, val, j * N);
                        Fr.F.add(tmp, i * N, tmp, i * N, prod, 0);
                    }
                }
                System.arraycopy(tmp, 0, val, 0, t * N);
            }
            if (lcs) {
                LinearCombination[] next = new LinearCombination[t];
                long[] m = new long[N];
                for (int i = 0; i < t; i++) {
                    next[i] = LinearCombination.zero();
                    for (int j = 0; j < t; j++) {
                        System.arraycopy(p.mds, (i * t + j) * N, m, 0, N);
                        next[i].addScaled(m, lc[j]);
                    }
                    next[i].compact(); // keeps partial-round cells at one term per variable since the last full round
                }
                System.arraycopy(next, 0, lc, 0, t);
            }
            int j = r - half; // partial-round number
            if (!full && (j + 1) % RELINEARIZE_EVERY == 0 && j + 1 < p.partialRounds) {
                for (int i = 1; i < t; i++) {
                    long[] v = val == null ? null : java.util.Arrays.copyOfRange(val, i * N, i * N + N);
                    Variable cell = cs.alloc("p" + j + "c" + i, () -> v);
                    if (lcs) {
                        cs.enforce("relin" + j + "c" + i, lc[i], LinearCombination.of(cs.one()),
                                LinearCombination.of(cell));
                        lc[i] = LinearCombination.of(cell);
                    } else {
                        cs.enforce("relin", null, null, null);
                    }
                }
            }
        }
    }

    /** Allocates x^5 of cell {@code (lc, val[vo..])}: 3 constraints; updates {@code val} to x^5. */
    private static Variable sbox(ConstraintSystem cs, int round, int cell, LinearCombination in, long[] val, int vo,
            long[] scratch) {
        long[] x2 = null;
        long[] x4 = null;
        long[] x5 = null;
        if (val != null) {
            x2 = new long[N];
            Fr.F.square(x2, 0, val, vo);
            x4 = new long[N];
            Fr.F.square(x4, 0, x2, 0);
            x5 = new long[N];
            Fr.F.mul(x5, 0, x4, 0, val, vo);
            System.arraycopy(x5, 0, val, vo, N);
        }
        long[] v2 = x2;
        long[] v4 = x4;
        long[] v5 = x5;
        Variable a2 = cs.alloc("x2", () -> v2);
        Variable a4 = cs.alloc("x4", () -> v4);
        Variable a5 = cs.alloc("x5", () -> v5);
        if (in != null) {
            String at = "r" + round + "c" + cell;
            cs.enforce(at + "/x2", in, in, LinearCombination.of(a2));
            cs.enforce(at + "/x4", LinearCombination.of(a2), LinearCombination.of(a2), LinearCombination.of(a4));
            cs.enforce(at + "/x5", LinearCombination.of(a4), in, LinearCombination.of(a5));
        } else {
            cs.enforce("x2", null, null, null);
            cs.enforce("x4", null, null, null);
            cs.enforce("x5", null, null, null);
        }
        return a5;
    }
}
