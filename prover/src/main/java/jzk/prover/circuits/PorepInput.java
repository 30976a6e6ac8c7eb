package jzk.prover.circuits;

import java.util.List;
import jzk.arith.Fr;
import jzk.prover.gadgets.MerkleHash;
import jzk.prover.gadgets.MerklePath;

/**
 * The vanilla proof of one PoRep-like proof: a shape and P partitions. {@link #validate(String)} checks the
 * arrays' sizes, that indices fit the tree, that every leaf is {@code leafHash(replicaId, data)} and that every
 * path hashes to {@code commR}, naming the JSON path of the first problem.
 */
public record PorepInput(PorepShape shape, List<PorepPartition> partitions) implements VanillaProof {
    @Override
    public int partitionCount() {
        return partitions.size();
    }

    @Override
    public PorepCircuit circuit(int p) {
        return new PorepCircuit(shape, partitions.get(p));
    }

    private static final int N = Fr.LIMBS;

    /** The challenges in parallel, straight into the sized assignment ({@link PorepCircuit#witnessParallel}). */
    @Override
    public jzk.prover.r1cs.Witness witness(int p, jzk.prover.r1cs.R1cs shape) {
        return circuit(p).witnessParallel(shape);
    }

    /** Throws {@link PorepInputException} prefixed with {@code source} at the first inconsistency. */
    public void validate(String source) {
        int k = shape.challenges();
        int d = shape.depth();
        if (partitions.isEmpty()) {
            throw new PorepInputException(source + ": $.partitions: at least one partition is required");
        }
        for (int pi = 0; pi < partitions.size(); pi++) {
            PorepPartition p = partitions.get(pi);
            String at = source + ": $.partitions[" + pi + "]";
            if (p.indices().length != k || p.data().length != k * N || p.leaves().length != k * N
                    || p.siblings().length != k * d * N || p.replicaId().length != N || p.commR().length != N) {
                throw new PorepInputException(at + ": expected " + k + " challenges with " + d + " siblings each");
            }
            for (int c = 0; c < k; c++) {
                String cat = at + ".challenges[" + c + "]";
                long idx = p.indices()[c];
                if (idx < 0 || (d < 63 && idx >= (1L << d))) {
                    throw new PorepInputException(cat + ".index: " + idx + " is outside [0, 2^" + d + ")");
                }
                long[] data = PorepPartition.element(p.data(), c);
                long[] leaf = shape.leafHash().hash2Native(p.replicaId(), data);
                if (!Fr.F.equal(leaf, 0, p.leaves(), c * N)) {
                    throw new PorepInputException(cat + ".leaf: is not " + shape.leafHash().name()
                            + "(replicaId, data)");
                }
                long[] root = MerklePath.rootNative(MerkleHash.POSEIDON, leaf, p.siblingsOf(c, d), d, idx);
                if (!Fr.F.equal(root, 0, p.commR(), 0)) {
                    throw new PorepInputException(cat + ".siblings: the path from leaf " + idx
                            + " does not hash to $.partitions[" + pi + "].commR (got " + Fr.F.toBigInteger(root, 0)
                            + ")");
                }
            }
        }
    }
}
