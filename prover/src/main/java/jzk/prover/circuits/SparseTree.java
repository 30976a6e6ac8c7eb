package jzk.prover.circuits;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import jzk.arith.Fr;

/**
 * A Merkle tree of arity {@code a} and {@code levels} levels of which only the paths of some leaves are
 * materialised: every node that is neither on one of those paths nor computed from them is a random field element,
 * the value an unopened subtree's root would take (a depth-30 tree has 2^30 leaves; its openings need only
 * {@code levels·(a − 1)} nodes each). Node {@code i}'s children are {@code a·i … a·i + a − 1}, hashed in order.
 *
 * <p>Deterministic in {@code rnd}: at each level the missing siblings are drawn in increasing index order.
 */
final class SparseTree {
    private static final int N = Fr.LIMBS;

    /** A node hash: {@code a} children, flat (4 longs each, Montgomery), to one element. */
    interface NodeHash {
        long[] hash(long[] children);
    }

    private final int arity;
    /** {@code nodes.get(l)}: the materialised nodes of level l (0 = leaves), by index. */
    private final List<Map<Long, long[]>> nodes;

    private SparseTree(int arity, List<Map<Long, long[]>> nodes) {
        this.arity = arity;
        this.nodes = nodes;
    }

    /** Builds the tree over {@code leaves} (index → value; not modified). */
    static SparseTree build(int arity, int levels, Map<Long, long[]> leaves, NodeHash hash, Random rnd) {
        List<Map<Long, long[]>> out = new ArrayList<>(levels + 1);
        HashMap<Long, long[]> level = new HashMap<>(leaves);
        for (int l = 0; l < levels; l++) {
            ArrayList<Long> keys = new ArrayList<>(level.keySet());
            keys.sort(null);
            for (Long key : keys) {
                long base = key - Math.floorMod(key, (long) arity);
                for (int j = 0; j < arity; j++) {
                    level.computeIfAbsent(base + j, x -> {
                        long[] v = new long[N];
                        Fr.F.random(v, 0, rnd);
                        return v;
                    });
                }
            }
            out.add(level);
            // the parents of this level, hashed in parallel (pure function of the level: order does not matter)
            Map<Long, long[]> lv = level;
            long[] parents = level.keySet().stream().filter(key -> key % arity == 0).mapToLong(Long::longValue)
                    .toArray();
            long[][] hashed = new long[parents.length][];
            java.util.stream.IntStream.range(0, parents.length).parallel().forEach(i -> {
                long[] children = new long[arity * N];
                for (int j = 0; j < arity; j++) {
                    System.arraycopy(lv.get(parents[i] + j), 0, children, j * N, N);
                }
                hashed[i] = hash.hash(children);
            });
            HashMap<Long, long[]> next = new HashMap<>();
            for (int i = 0; i < parents.length; i++) {
                next.put(parents[i] / arity, hashed[i]);
            }
            level = next;
        }
        out.add(level);
        return new SparseTree(arity, out);
    }

    long[] root() {
        return nodes.get(nodes.size() - 1).get(0L);
    }

    /**
     * Writes leaf {@code index}'s opening, level by level from the leaves, each level's {@code a − 1} siblings in
     * index order (the path node left out), into {@code out} from element {@code at}.
     */
    void siblings(long index, long[] out, int at) {
        long idx = index;
        int k = at;
        for (int l = 0; l < nodes.size() - 1; l++) {
            long base = idx - idx % arity;
            for (int j = 0; j < arity; j++) {
                if (base + j != idx) {
                    System.arraycopy(nodes.get(l).get(base + j), 0, out, k++ * N, N);
                }
            }
            idx /= arity;
        }
    }
}
