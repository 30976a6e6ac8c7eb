package jzk.prover.gadgets;

import jzk.arith.Fr;
import jzk.prover.r1cs.ConstraintSystem;
import jzk.prover.r1cs.LinearCombination;
import jzk.prover.r1cs.Variable;

/**
 * Merkle inclusion in an arity-8 Poseidon tree ({@link PoseidonParams#X5_255_9}), the shape of StackedDRG's trees
 * C and R: node {@code i}'s children are {@code 8i … 8i + 7}, hashed in that order. At level {@code l} the path
 * node sits at position {@code p = (index >>> 3l) & 7} among its 8 siblings; {@code siblings[7l … 7l + 6]} are the
 * other 7 children in order (position p left out), and {@code pathBits[3l … 3l + 2]} the little-endian bits of p.
 *
 * <p>Insertion of the path node at position p (per level, 19 constraints), with e_j = [p = j] one-hot from the
 * three bits b0, b1, b2 (booleanity enforced by the caller):
 * <ul>
 * <li>q = b1·b2 (1 constraint); the four (b1, b2) indicators are then linear: q, b1 − q, b2 − q, 1 − b1 − b2 + q;
 * <li>e_{2k+1} = u_k·b0 (4 constraints), e_{2k} = u_k − e_{2k+1} (linear);
 * <li>child j = sib[j−1] + e_j·(x − sib[j−1]) + [p > j]·(sib[j] − sib[j−1]) where {@code [p > j] = Σ_{i>j} e_i}
 * is linear: 2 constraints for j = 1..6 (one product allocated, one checked), 1 for j = 0 and j = 7 (one term
 * vanishes): 14.
 * </ul>
 * Per level: 19 + {@link PoseidonGadget#hashConstraints}(t = 9) = 19 + 444 = {@link #LEVEL_CONSTRAINTS}.
 */
public final class OctMerklePath {
    public static final int ARITY = 8;
    /** Constraints per level: insertion 19 + Poseidon t = 9. */
    public static final long LEVEL_CONSTRAINTS = 19 + PoseidonGadget.hashConstraints(PoseidonParams.X5_255_9);
    private static final int N = Fr.LIMBS;

    private OctMerklePath() {
    }

    /** The root that {@code leaf} hashes to: {@code pathBits.length = 3·depth}, {@code siblings.length = 7·depth}. */
    public static AllocatedNum root(ConstraintSystem cs, String name, AllocatedNum leaf, Boolean[] pathBits,
            AllocatedNum[] siblings) {
        int depth = siblings.length / (ARITY - 1);
        if (siblings.length != depth * (ARITY - 1) || pathBits.length != 3 * depth) {
            throw new IllegalArgumentException(pathBits.length + " path bits, " + siblings.length + " siblings");
        }
        cs.pushNamespace(name);
        try {
            AllocatedNum cur = leaf;
            for (int l = 0; l < depth; l++) {
                AllocatedNum[] sib = java.util.Arrays.copyOfRange(siblings, 7 * l, 7 * l + 7);
                AllocatedNum[] children = insert(cs, "insert" + l, cur, pathBits[3 * l], pathBits[3 * l + 1],
                        pathBits[3 * l + 2], sib);
                cur = PoseidonGadget.hash(cs, "node" + l, PoseidonParams.X5_255_9, children);
            }
            return cur;
        } finally {
            cs.popNamespace();
        }
    }

    /** The 8 children with {@code x} at position {@code b0 + 2·b1 + 4·b2}: 19 constraints (class doc). */
    static AllocatedNum[] insert(ConstraintSystem cs, String name, AllocatedNum x, Boolean b0, Boolean b1,
            Boolean b2, AllocatedNum[] sib) {
        boolean lcs = cs.enforcesConstraints();
        boolean vals = cs.computesWitness();
        cs.pushNamespace(name);
        try {
            int p = vals ? (b0.value() ? 1 : 0) + (b1.value() ? 2 : 0) + (b2.value() ? 4 : 0) : -1;
            Boolean q = Boolean.and(cs, "q", b1, b2);
            LinearCombination[] e = new LinearCombination[ARITY];
            LinearCombination one = lcs ? LinearCombination.of(cs.one()) : null;
            for (int k = 0; k < 4; k++) {
                // u_k = [b1 = k & 1, b2 = k >> 1]
                LinearCombination u = null;
                if (lcs) {
                    u = switch (k) {
                        case 0 -> one.copy().sub(b1.lc()).sub(b2.lc()).add(q.lc());
                        case 1 -> b1.lc().sub(q.lc());
                        case 2 -> b2.lc().sub(q.lc());
                        default -> q.lc();
                    };
                }
                int odd = 2 * k + 1;
                long[] ov = vals ? (p == odd ? Fr.F.fromLong(1) : new long[N]) : null;
                Variable eo = cs.alloc("e" + odd, () -> ov);
                if (lcs) {
                    cs.enforce("e" + odd, u, b0.lc(), LinearCombination.of(eo));
                    e[odd] = LinearCombination.of(eo);
                    e[odd - 1] = u.copy().sub(eo);
                } else {
                    cs.enforce("e", null, null, null);
                }
            }
            AllocatedNum[] out = new AllocatedNum[ARITY];
            for (int j = 0; j < ARITY; j++) {
                AllocatedNum lo = j == 0 ? sib[0] : sib[j - 1]; // the child when p < j (j = 0: sib[0], p = 0 only)
                // m = e_j·(x − lo)
                long[] mv = null;
                if (vals) {
                    mv = new long[N];
                    if (p == j) {
                        Fr.F.sub(mv, 0, x.value(), 0, lo.value(), 0);
                    }
                }
                long[] cv = null;
                if (vals) {
                    cv = (p == j ? x : p > j ? sib[j] : sib[j - 1]).value();
                }
                if (j == 0 || j == ARITY - 1) {
                    // child = lo + e_j·(x − lo): one constraint
                    long[] fv = cv;
                    Variable c = cs.alloc("c" + j, () -> fv);
                    if (lcs) {
                        cs.enforce("c" + j, e[j].copy(), x.lc().sub(lo.variable()),
                                LinearCombination.of(c).sub(lo.variable()));
                    } else {
                        cs.enforce("c", null, null, null);
                    }
                    out[j] = new AllocatedNum(c, cv);
                    continue;
                }
                long[] fm = mv;
                Variable m = cs.alloc("m" + j, () -> fm);
                long[] fv = cv;
                Variable c = cs.alloc("c" + j, () -> fv);
                if (lcs) {
                    cs.enforce("m" + j, e[j].copy(), x.lc().sub(lo.variable()), LinearCombination.of(m));
                    LinearCombination gtP = LinearCombination.zero(); // [p > j]
                    for (int i = j + 1; i < ARITY; i++) {
                        gtP.add(e[i]);
                    }
                    cs.enforce("c" + j, gtP, sib[j].lc().sub(lo.variable()),
                            LinearCombination.of(c).sub(lo.variable()).sub(m));
                } else {
                    cs.enforce("m", null, null, null);
                    cs.enforce("c", null, null, null);
                }
                out[j] = new AllocatedNum(c, cv);
            }
            return out;
        } finally {
            cs.popNamespace();
        }
    }

    /** Native twin: the root from {@code leaf}, {@code 7·depth} siblings (flat, Montgomery) and the leaf index. */
    public static long[] rootNative(long[] leaf, long[] siblings, int so, int depth, long index) {
        long[] cur = leaf.clone();
        long[] children = new long[ARITY * N];
        for (int l = 0; l < depth; l++) {
            int p = (int) ((index >>> (3 * l)) & 7);
            for (int j = 0, s = 0; j < ARITY; j++) {
                if (j == p) {
                    System.arraycopy(cur, 0, children, j * N, N);
                } else {
                    System.arraycopy(siblings, so + (7 * l + s++) * N, children, j * N, N);
                }
            }
            cur = Poseidon.hash(PoseidonParams.X5_255_9, children);
        }
        return cur;
    }
}
