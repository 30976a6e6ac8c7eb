package jzk.prover.circuits;

import jzk.arith.Fr;

/**
 * The vanilla-proof data of one partition (the analogue of one partition of cuzk's c1.json), validated on
 * construction by {@link PorepInput}: field elements are Fr Montgomery, 4 limbs, in flat arrays so that a large
 * partition costs a handful of objects.
 *
 * <p>Layout: {@code indices[c]} is challenge c's leaf index ({@code < 2^depth}); {@code data[4c..]} its data
 * element; {@code leaves[4c..]} its leaf ({@code leafHash(replicaId, data)}); {@code siblings[4(c·depth + l)..]}
 * the sibling at level {@code l} (level 0 next to the leaf).
 */
public record PorepPartition(long[] replicaId, long[] commR, long[] indices, long[] data, long[] leaves,
        long[] siblings) {
    public int challenges() {
        return indices.length;
    }

    /** Challenge c's sibling vector (copy), {@code depth} elements. */
    public long[] siblingsOf(int c, int depth) {
        return java.util.Arrays.copyOfRange(siblings, c * depth * Fr.LIMBS, (c + 1) * depth * Fr.LIMBS);
    }

    /** Element {@code i} of a flat vector (copy). */
    static long[] element(long[] v, int i) {
        return java.util.Arrays.copyOfRange(v, i * Fr.LIMBS, (i + 1) * Fr.LIMBS);
    }
}
