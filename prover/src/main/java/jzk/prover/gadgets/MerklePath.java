package jzk.prover.gadgets;

import jzk.prover.r1cs.ConstraintSystem;

/**
 * Merkle inclusion in a binary tree: from a leaf, its sibling at each level and the path bits, computes the root.
 * {@code pathBits[l]} (little-endian bits of the leaf index) says whether the node at level {@code l} is a right
 * child: then the sibling is hashed on the left.
 *
 * <p>Constraints per level: 2 (conditional swap) plus one node hash.
 */
public final class MerklePath {
    private MerklePath() {
    }

    /** The root that {@code leaf} with {@code siblings[0..depth)} hashes to; {@code pathBits.length == depth}. */
    public static AllocatedNum root(ConstraintSystem cs, String name, MerkleHash hash, AllocatedNum leaf,
            Boolean[] pathBits, AllocatedNum[] siblings) {
        if (pathBits.length != siblings.length) {
            throw new IllegalArgumentException(pathBits.length + " path bits for " + siblings.length + " siblings");
        }
        cs.pushNamespace(name);
        try {
            AllocatedNum cur = leaf;
            for (int l = 0; l < siblings.length; l++) {
                AllocatedNum[] lr = AllocatedNum.conditionallySwap(cs, "swap" + l, pathBits[l], cur, siblings[l]);
                cur = hash.hash2(cs, "node" + l, lr[0], lr[1]);
            }
            return cur;
        } finally {
            cs.popNamespace();
        }
    }

    /** Native twin: the root from a leaf, a sibling vector (4 longs each, Montgomery) and the leaf index. */
    public static long[] rootNative(MerkleHash hash, long[] leaf, long[] siblings, int depth, long index) {
        long[] cur = leaf.clone();
        long[] next = new long[4];
        for (int l = 0; l < depth; l++) {
            if (((index >>> l) & 1) == 0) {
                hash.hash2Native(cur, 0, siblings, 4 * l, next, 0);
            } else {
                hash.hash2Native(siblings, 4 * l, cur, 0, next, 0);
            }
            long[] t = cur;
            cur = next;
            next = t;
        }
        return cur;
    }
}
