package jzk.prover.circuits;

import java.util.List;
import jzk.arith.Fr;
import jzk.prover.gadgets.MerkleHash;
import jzk.prover.gadgets.MerklePath;
import jzk.prover.gadgets.OctMerklePath;
import jzk.prover.gadgets.Poseidon;
import jzk.prover.gadgets.PoseidonParams;

/**
 * The vanilla proof of one StackedDRG-shaped proof: a shape and P partitions. {@link #validate(String)} recomputes
 * natively everything the circuit checks (labels, column hashes, the three kinds of openings, the encoding,
 * comm_r) and names the JSON path of the first inconsistency.
 */
public record StackedDrgInput(StackedDrgShape shape, List<StackedDrgPartition> partitions) implements VanillaProof {
    private static final int N = Fr.LIMBS;

    @Override
    public int partitionCount() {
        return partitions.size();
    }

    @Override
    public StackedDrgCircuit circuit(int p) {
        return new StackedDrgCircuit(shape, partitions.get(p));
    }

    /** The challenges in parallel ({@link StackedDrgCircuit#witnessParallel}). */
    @Override
    public jzk.prover.r1cs.Witness witness(int p) {
        return circuit(p).witnessParallel();
    }

    /**
     * The challenges in parallel straight into the sized assignment of {@code shape}
     * ({@link StackedDrgCircuit#witnessParallel(jzk.prover.r1cs.R1cs)}); the caller checks the shape.
     */
    @Override
    public jzk.prover.r1cs.Witness witness(int p, jzk.prover.r1cs.R1cs shape) {
        return circuit(p).witnessParallel(shape);
    }

    /**
     * The labels of challenge {@code k}'s node in layers 1..L (flat), from its parents' columns: layer l hashes the
     * base parents' layer-l labels and (l > 1) the expander parents' layer-(l − 1) labels ({@link StackedDrgLabel}).
     */
    static long[] labels(StackedDrgShape s, StackedDrgPartition p, int k) {
        int layers = s.layers();
        long[] out = new long[layers * N];
        long[] parents = new long[StackedDrgShape.PARENTS * N];
        for (int l = 1; l <= layers; l++) {
            int n = 0;
            for (int o = 0; o < StackedDrgShape.BASE_PARENTS; o++) {
                System.arraycopy(p.columns(), ((StackedDrgShape.PARENTS * k + o) * layers + l - 1) * N, parents,
                        n++ * N, N);
            }
            if (l > 1) {
                for (int o = StackedDrgShape.BASE_PARENTS; o < StackedDrgShape.PARENTS; o++) {
                    System.arraycopy(p.columns(), ((StackedDrgShape.PARENTS * k + o) * layers + l - 2) * N, parents,
                            n++ * N, N);
                }
            }
            long[] label = StackedDrgLabel.labelNative(p.replicaId(), l, p.indices()[k], parents, n,
                    s.labelParents());
            System.arraycopy(label, 0, out, (l - 1) * N, N);
        }
        return out;
    }

    /** The column hash: Poseidon of arity L over {@code column[co ..]} (L elements). */
    static long[] columnHash(StackedDrgShape s, long[] column, int co) {
        long[] out = new long[N];
        Poseidon.hash(PoseidonParams.forArity(s.layers()), column, co, out, 0);
        return out;
    }

    /** Throws {@link PorepInputException} prefixed with {@code source} at the first inconsistency. */
    public void validate(String source) {
        int k = shape.challenges();
        int layers = shape.layers();
        int d = shape.depth();
        int c7 = 7 * shape.crDepth();
        int np = StackedDrgShape.PARENTS;
        if (partitions.isEmpty()) {
            throw new PorepInputException(source + ": $.partitions: at least one partition is required");
        }
        for (int pi = 0; pi < partitions.size(); pi++) {
            StackedDrgPartition p = partitions.get(pi);
            String at = source + ": $.partitions[" + pi + "]";
            if (p.indices().length != k || p.parents().length != k * np || p.data().length != k * N
                    || p.dSiblings().length != k * d * N || p.columns().length != k * np * layers * N
                    || p.cSiblings().length != k * (np + 1) * c7 * N || p.rSiblings().length != k * c7 * N) {
                throw new PorepInputException(at + ": expected " + k + " challenges of shape " + shape.describe());
            }
            long[] commR = Poseidon.hash2(p.commC(), p.commRLast());
            if (!Fr.F.equal(commR, 0, p.commR(), 0)) {
                throw new PorepInputException(at + ".commR: is not Poseidon(commC, commRLast)");
            }
            // challenges are independent: checked in parallel, the first failing one (in order) is reported
            String[] errors = new String[k];
            int fpi = pi;
            java.util.stream.IntStream.range(0, k).parallel().forEach(c -> {
                try {
                    checkChallenge(p, fpi, at, c);
                } catch (PorepInputException e) {
                    errors[c] = e.getMessage();
                }
            });
            for (String e : errors) {
                if (e != null) {
                    throw new PorepInputException(e);
                }
            }
        }
    }

    private void checkChallenge(StackedDrgPartition p, int pi, String at, int c) {
        int layers = shape.layers();
        int d = shape.depth();
        int c7 = 7 * shape.crDepth();
        int np = StackedDrgShape.PARENTS;
        String cat = at + ".challenges[" + c + "]";
        long idx = p.indices()[c];
        checkIndex(cat + ".index", idx, d);
        long[] data = PorepPartition.element(p.data(), c);
        long[] root = MerklePath.rootNative(MerkleHash.SHA256, data,
                java.util.Arrays.copyOfRange(p.dSiblings(), c * d * N, (c + 1) * d * N), d, idx);
        if (!Fr.F.equal(root, 0, p.commD(), 0)) {
            throw new PorepInputException(cat + ".dSiblings: the tree-D path from node " + idx
                    + " does not hash to $.partitions[" + pi + "].commD");
        }
        for (int o = 0; o < np; o++) {
            String oat = cat + ".parents[" + o + "]";
            long pidx = p.parents()[np * c + o];
            checkIndex(oat + ".index", pidx, d);
            long[] h = columnHash(shape, p.columns(), (np * c + o) * layers * N);
            checkOpening(oat + ".cSiblings", h, p.cSiblings(), ((np + 1) * c + o) * c7, pidx, p.commC(), "commC",
                    pi);
        }
        long[] labels = labels(shape, p, c);
        checkOpening(cat + ".cSiblings", columnHash(shape, labels, 0), p.cSiblings(), ((np + 1) * c + np) * c7, idx,
                p.commC(), "commC", pi);
        long[] replica = new long[N];
        Fr.F.add(replica, 0, data, 0, labels, (layers - 1) * N);
        checkOpening(cat + ".rSiblings", replica, p.rSiblings(), c * c7, idx, p.commRLast(), "commRLast", pi);
    }

    private static void checkIndex(String path, long idx, int d) {
        if (idx < 0 || idx >= (1L << d)) {
            throw new PorepInputException(path + ": " + idx + " is outside [0, 2^" + d + ")");
        }
    }

    private void checkOpening(String path, long[] leaf, long[] siblings, int at, long idx, long[] root,
            String rootName, int pi) {
        long[] got = OctMerklePath.rootNative(leaf, siblings, at * N, shape.crDepth(), idx);
        if (!Fr.F.equal(got, 0, root, 0)) {
            throw new PorepInputException(path + ": the path from node " + idx + " does not hash to $.partitions["
                    + pi + "]." + rootName);
        }
    }
}
