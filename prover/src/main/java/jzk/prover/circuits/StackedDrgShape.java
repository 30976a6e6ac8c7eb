package jzk.prover.circuits;

import jzk.prover.gadgets.OctMerklePath;
import jzk.prover.gadgets.PoseidonGadget;
import jzk.prover.gadgets.PoseidonParams;

/**
 * The shape of one partition of the StackedDRG-shaped circuit ({@link StackedDrgCircuit}): {@code challenges} (K)
 * challenged nodes of a sector of {@code 2^depth} nodes sealed in {@code layers} (L) layers, each label hashing
 * {@code labelParents} (P) parent labels. Filecoin's 32 GiB PoRep is {@code L = 11, depth = 30, P = 37}
 * ({@link #real(int)}) with K = 18 per partition. Trees C (column hashes) and R (replica) are arity-8 Poseidon trees
 * of {@link #crDepth()} = ⌈depth/3⌉ levels (8^10 = 2^30 leaves at 32 GiB); tree D is a binary SHA-256 tree of
 * {@code depth} levels. Each node has {@link #BASE_PARENTS} base and {@link #EXP_PARENTS} expander parents.
 *
 * <p>Constraints (c = crDepth, O = c·{@link OctMerklePath#LEVEL_CONSTRAINTS} + 1 an arity-8 opening with its root
 * check, Hc = {@link PoseidonGadget#hashConstraints} of arity L (the column hash), S = 45 849
 * ({@link PorepShape#SHA256_LEAF_CONSTRAINTS}, one SHA-256 node of tree D), Λ = {@link StackedDrgLabel#constraints}
 * (P) one label):
 * <ul>
 * <li>per partition: replica id to 255 bits (256), comm_r = Poseidon(comm_c, comm_r_last) (258 + 1): 515;
 * <li>per challenge: index to 64 bits (65); 14 parent indices to 3c bits (14·(3c + 1)); tree D opening
 * (depth·(S + 2) + 1); 14 parent columns hashed and opened in C (14·(Hc + O)); parent labels to bits, 6 in layer 1
 * and 14 in each later layer ((6 + 14·(L − 1))·256); L labels (L·Λ); the challenged column hashed and opened in C
 * (Hc + O); the encoding replica = data + key (1); its opening in R (O).
 * </ul>
 * Public inputs: replica id, comm_d, comm_r, then per challenge its index and its 14 parents' indices (3 + 15·K).
 */
public record StackedDrgShape(int challenges, int layers, int depth, int labelParents) implements PartitionShape {
    public static final int BASE_PARENTS = 6;
    public static final int EXP_PARENTS = 8;
    public static final int PARENTS = BASE_PARENTS + EXP_PARENTS;
    /** Filecoin's 32 GiB sector: 11 layers, 2^30 nodes, labels over 37 parents. */
    public static final int REAL_LAYERS = 11;
    public static final int REAL_DEPTH = 30;
    public static final int REAL_LABEL_PARENTS = 37;
    /** Column hashes are Poseidon of arity L ≤ 16. */
    public static final int MAX_LAYERS = 16;
    /** Tree depth limit: the arity-8 paths take 3·⌈depth/3⌉ ≤ 63 of the index's 64 bits. */
    public static final int MAX_DEPTH = 62;

    public StackedDrgShape {
        if (challenges < 1) {
            throw new IllegalArgumentException("challenges must be ≥ 1, got " + challenges);
        }
        if (layers < 1 || layers > MAX_LAYERS) {
            throw new IllegalArgumentException("layers must be in 1.." + MAX_LAYERS + ", got " + layers);
        }
        if (depth < 1 || depth > MAX_DEPTH) {
            throw new IllegalArgumentException("depth must be in 1.." + MAX_DEPTH + ", got " + depth);
        }
        if (labelParents < 1 || labelParents > 1024) {
            throw new IllegalArgumentException("labelParents must be in 1..1024, got " + labelParents);
        }
    }

    /** The 32 GiB shape with K challenges: 11 layers, depth 30, 37 label parents. */
    public static StackedDrgShape real(int challenges) {
        return new StackedDrgShape(challenges, REAL_LAYERS, REAL_DEPTH, REAL_LABEL_PARENTS);
    }

    /** This shape with {@code k} challenges. */
    public StackedDrgShape withChallengesOf(int k) {
        return new StackedDrgShape(k, layers, depth, labelParents);
    }

    /** Levels of the arity-8 trees C and R: ⌈depth/3⌉. */
    public int crDepth() {
        return (depth + 2) / 3;
    }

    /** Constraints of one arity-8 opening including its root check: {@code c·463 + 1}. */
    long octOpening() {
        return crDepth() * OctMerklePath.LEVEL_CONSTRAINTS + 1;
    }

    long columnHash() {
        return PoseidonGadget.hashConstraints(PoseidonParams.forArity(layers));
    }

    /** Constraints independent of K: 256 + 258 + 1. */
    public long partitionConstraints() {
        return 256 + PoseidonGadget.HASH2_CONSTRAINTS + 1;
    }

    /** Constraints per challenge (class doc). */
    public long constraintsPerChallenge() {
        int c = crDepth();
        long o = octOpening();
        long hc = columnHash();
        return 65 + PARENTS * (3L * c + 1)
                + depth * (PorepShape.SHA256_LEAF_CONSTRAINTS + 2) + 1
                + PARENTS * (hc + o)
                + (BASE_PARENTS + (long) PARENTS * (layers - 1)) * 256
                + layers * StackedDrgLabel.constraints(labelParents)
                + hc + o + 1 + o;
    }

    /** Constraints of one partition. */
    public long constraintCount() {
        return partitionConstraints() + challenges * constraintsPerChallenge();
    }

    public int numPublicInputs() {
        return 3 + (1 + PARENTS) * challenges;
    }

    @Override
    public String shapeId() {
        return "stacked-drg/k=" + challenges + "/layers=" + layers + "/d=" + depth + "/p=" + labelParents;
    }

    @Override
    public StackedDrgCircuit shapeOnly() {
        return new StackedDrgCircuit(this, null);
    }

    @Override
    public String describe() {
        return "stacked-drg k=" + challenges + " layers=" + layers + " d=" + depth + " label-parents=" + labelParents;
    }

    @Override
    public StackedDrgInput generate(int partitions, long seed) {
        return StackedDrgInputGenerator.generate(this, partitions, seed);
    }
}
