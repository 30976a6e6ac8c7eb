package jzk.prover.circuits;

import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Random;
import jzk.arith.Fr;
import jzk.prover.gadgets.MerkleHash;
import jzk.prover.gadgets.Poseidon;
import jzk.prover.gadgets.PoseidonParams;

/**
 * Consistent StackedDRG vanilla proofs without a sector: K distinct challenged nodes, 14 parents each (random
 * nodes that are not challenged; a node drawn twice keeps one column), random parent columns, the challenged
 * nodes' labels computed from them ({@link StackedDrgInput#labels}), random data, and the three trees built sparse
 * ({@link SparseTree}: only the opened paths are materialised). Not a real replica (the parents do not follow the
 * DRG/expander graph and their labels are not themselves derived), but every check of the circuit holds.
 * Deterministic in the seed.
 */
public final class StackedDrgInputGenerator {
    private static final int N = Fr.LIMBS;
    private static final int NP = StackedDrgShape.PARENTS;

    private StackedDrgInputGenerator() {
    }

    public static StackedDrgInput generate(StackedDrgShape shape, int partitions, long seed) {
        if (partitions < 1) {
            throw new IllegalArgumentException("partitions must be ≥ 1, got " + partitions);
        }
        // one seed per partition, drawn in order; the partitions are then built in parallel (a 32 GiB partition
        // is about 10^8 field multiplications of Poseidon, mostly in tree C)
        Random rnd = new Random(seed);
        long[] seeds = new long[partitions];
        for (int i = 0; i < partitions; i++) {
            seeds[i] = rnd.nextLong();
        }
        List<StackedDrgPartition> out = java.util.stream.IntStream.range(0, partitions).parallel()
                .mapToObj(i -> partition(shape, new Random(seeds[i]))).toList();
        return new StackedDrgInput(shape, out);
    }

    private static long[] random(Random rnd, int elements) {
        long[] x = new long[elements * N];
        for (int i = 0; i < elements; i++) {
            Fr.F.random(x, i * N, rnd);
        }
        return x;
    }

    static StackedDrgPartition partition(StackedDrgShape s, Random rnd) {
        int k = s.challenges();
        int d = s.depth();
        int layers = s.layers();
        int cr = s.crDepth();
        int c7 = 7 * cr;
        if (2L * k > (1L << d)) { // parents are drawn among the unchallenged nodes: keep at least half of them
            throw new IllegalArgumentException(k + " challenges need more than 2^" + d + " nodes (at most half)");
        }
        long[] replicaId = random(rnd, 1);
        long[] indices = new long[k];
        HashSet<Long> challenged = new HashSet<>();
        for (int c = 0; c < k; c++) {
            long idx;
            do {
                idx = rnd.nextLong() >>> (64 - d);
            } while (!challenged.add(idx));
            indices[c] = idx;
        }
        long[] parents = new long[k * NP];
        long[] columns = new long[k * NP * layers * N];
        HashMap<Long, long[]> columnOf = new HashMap<>();
        for (int i = 0; i < k * NP; i++) {
            long idx;
            do {
                idx = rnd.nextLong() >>> (64 - d);
            } while (challenged.contains(idx));
            parents[i] = idx;
            long[] col = columnOf.computeIfAbsent(idx, x -> random(rnd, layers));
            System.arraycopy(col, 0, columns, i * layers * N, layers * N);
        }
        long[] data = random(rnd, k);
        // the partition so far, to compute labels; commitments and openings are filled in below
        long[] commD = new long[N];
        long[] commC = new long[N];
        long[] commRLast = new long[N];
        long[] commR = new long[N];
        long[] dSiblings = new long[k * d * N];
        long[] cSiblings = new long[k * (NP + 1) * c7 * N];
        long[] rSiblings = new long[k * c7 * N];
        StackedDrgPartition p = new StackedDrgPartition(replicaId, commD, commC, commRLast, commR, indices, parents,
                data, dSiblings, columns, cSiblings, rSiblings);
        HashMap<Long, long[]> dLeaves = new HashMap<>();
        HashMap<Long, long[]> cLeaves = new HashMap<>();
        HashMap<Long, long[]> rLeaves = new HashMap<>();
        for (var e : columnOf.entrySet()) {
            cLeaves.put(e.getKey(), StackedDrgInput.columnHash(s, e.getValue(), 0));
        }
        for (int c = 0; c < k; c++) {
            dLeaves.put(indices[c], PorepPartition.element(data, c));
            long[] labels = StackedDrgInput.labels(s, p, c);
            cLeaves.put(indices[c], StackedDrgInput.columnHash(s, labels, 0));
            long[] replica = new long[N];
            Fr.F.add(replica, 0, data, c * N, labels, (layers - 1) * N);
            rLeaves.put(indices[c], replica);
        }
        SparseTree dTree = SparseTree.build(2, d, dLeaves, ch -> MerkleHash.SHA256.hash2Native(
                java.util.Arrays.copyOfRange(ch, 0, N), java.util.Arrays.copyOfRange(ch, N, 2 * N)), rnd);
        SparseTree.NodeHash oct = ch -> Poseidon.hash(PoseidonParams.X5_255_9, ch);
        SparseTree cTree = SparseTree.build(8, cr, cLeaves, oct, rnd);
        SparseTree rTree = SparseTree.build(8, cr, rLeaves, oct, rnd);
        for (int c = 0; c < k; c++) {
            dTree.siblings(indices[c], dSiblings, c * d);
            for (int o = 0; o < NP; o++) {
                cTree.siblings(parents[NP * c + o], cSiblings, ((NP + 1) * c + o) * c7);
            }
            cTree.siblings(indices[c], cSiblings, ((NP + 1) * c + NP) * c7);
            rTree.siblings(indices[c], rSiblings, c * c7);
        }
        System.arraycopy(dTree.root(), 0, commD, 0, N);
        System.arraycopy(cTree.root(), 0, commC, 0, N);
        System.arraycopy(rTree.root(), 0, commRLast, 0, N);
        System.arraycopy(Poseidon.hash2(commC, commRLast), 0, commR, 0, N);
        return p;
    }
}
