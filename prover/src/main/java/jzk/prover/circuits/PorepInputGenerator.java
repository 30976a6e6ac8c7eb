package jzk.prover.circuits;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Random;
import jzk.arith.Fr;
import jzk.prover.gadgets.MerkleHash;

/**
 * Generates consistent vanilla-proof data for a {@link PorepShape} without building the whole tree (a depth-30 tree
 * has 2^30 leaves): only the nodes on the challenged paths are computed, and every sibling that is not itself on
 * another challenged path is a random field element — the value an unopened subtree's root would take. The
 * result satisfies {@link PorepInput#validate} and the circuit, which is all a benchmark needs; it is of course
 * not a real replica. Deterministic in the seed. {@code jzk gen-input} writes
 * its result as a vanilla-proof JSON file.
 */
public final class PorepInputGenerator {
    private static final int N = Fr.LIMBS;

    private PorepInputGenerator() {
    }

    public static PorepInput generate(PorepShape shape, int partitions, long seed) {
        if (partitions < 1) {
            throw new IllegalArgumentException("partitions must be ≥ 1, got " + partitions);
        }
        Random rnd = new Random(seed);
        List<PorepPartition> out = new ArrayList<>(partitions);
        for (int i = 0; i < partitions; i++) {
            out.add(partition(shape, rnd));
        }
        return new PorepInput(shape, List.copyOf(out));
    }

    private static long[] random(Random rnd) {
        long[] x = new long[N];
        Fr.F.random(x, 0, rnd);
        return x;
    }

    static PorepPartition partition(PorepShape shape, Random rnd) {
        int k = shape.challenges();
        int d = shape.depth();
        if (d < 63 && k > (1L << d)) {
            throw new IllegalArgumentException(k + " distinct challenges do not fit a tree of 2^" + d + " leaves");
        }
        long[] replicaId = random(rnd);
        long[] indices = new long[k];
        HashSet<Long> seen = new HashSet<>();
        for (int c = 0; c < k; c++) {
            long idx;
            do {
                idx = rnd.nextLong() >>> (64 - d);
            } while (!seen.add(idx));
            indices[c] = idx;
        }
        long[] data = new long[k * N];
        long[] leaves = new long[k * N];
        HashMap<Long, long[]> leafMap = new HashMap<>();
        for (int c = 0; c < k; c++) {
            Fr.F.random(data, c * N, rnd);
            long[] leaf = shape.leafHash().hash2Native(replicaId, PorepPartition.element(data, c));
            System.arraycopy(leaf, 0, leaves, c * N, N);
            leafMap.put(indices[c], leaf);
        }
        SparseTree tree = SparseTree.build(2, d, leafMap, ch -> MerkleHash.POSEIDON.hash2Native(
                java.util.Arrays.copyOfRange(ch, 0, N), java.util.Arrays.copyOfRange(ch, N, 2 * N)), rnd);
        long[] siblings = new long[k * d * N];
        for (int c = 0; c < k; c++) {
            tree.siblings(indices[c], siblings, c * d);
        }
        long[] commR = tree.root();
        return new PorepPartition(replicaId, commR, indices, data, leaves, siblings);
    }
}
