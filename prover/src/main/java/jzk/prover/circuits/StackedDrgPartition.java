package jzk.prover.circuits;

/**
 * The vanilla-proof data of one StackedDRG partition, validated by {@link StackedDrgInput}. Field elements are Fr
 * Montgomery, 4 limbs, in flat arrays (a handful of objects per partition). With K challenges, L layers, D = depth,
 * c = crDepth and the 15 C-tree openings of a challenge numbered o = 0..13 (its parents: 6 base, then 8
 * expander) and o = 14 (the challenged node itself):
 * <ul>
 * <li>{@code indices[k]}: challenge k's node; {@code parents[14k + o]}: its parent o's node;
 * <li>{@code data[4k..]}: the data leaf; {@code dSiblings[4(kD + l)..]}: its tree-D sibling at level l;
 * <li>{@code columns[4((14k + o)L + i)..]}: parent o's label in layer i + 1;
 * <li>{@code cSiblings[4((15k + o)·7c + j)..]}: opening o's j-th tree-C sibling (7 per level, leaves first);
 * <li>{@code rSiblings[4(7ck + j)..]}: the replica node's tree-R siblings.
 * </ul>
 * The challenged node's own labels are not stored: they are what the circuit recomputes.
 */
public record StackedDrgPartition(long[] replicaId, long[] commD, long[] commC, long[] commRLast, long[] commR,
        long[] indices, long[] parents, long[] data, long[] dSiblings, long[] columns, long[] cSiblings,
        long[] rSiblings) {
    public int challenges() {
        return indices.length;
    }
}
