package jzk.prover.circuits;

import jzk.prover.gadgets.MerkleHash;
import jzk.prover.gadgets.PoseidonGadget;

/**
 * The shape of one partition of the PoRep-C2-like benchmark circuit: {@code challenges} (K) Merkle openings of
 * depth {@code depth} (D) in a Poseidon tree, each leaf being {@code leafHash(replicaId, data)}.
 *
 * <p>Constraint count of one partition, {@code K·((H + 3)·D + L + 2)} with H = 258 the Poseidon node hash
 * ({@link PoseidonGadget#HASH2_CONSTRAINTS}), i.e. {@code K·(261·D + L + 2)}:
 * <ul>
 * <li>challenge index → D path bits: D booleanity constraints + 1 packing constraint;
 * <li>leaf hash: L = H = 258 for Poseidon; for SHA-256, L =
 * {@link #SHA256_LEAF_CONSTRAINTS} = 45 849 (two 255-bit decompositions, two SHA-256 compressions, one packing;
 * derivation there);
 * <li>D levels × (2 for the conditional swap + H for the Poseidon node hash) = 260·D;
 * <li>1 constraint that the computed root equals the public comm_r.
 * </ul>
 * So {@code (D + 1) + L + (H + 2)·D + 1 = (H + 3)·D + L + 2} per challenge (Poseidon leaf: 261·D + 260).
 * Public inputs: replica id, comm_r and the K challenge indices (K + 2).
 */
public record PorepShape(int challenges, int depth, MerkleHash leafHash) implements PartitionShape {
    /** Tree depth limit: indices are {@code long}s and the generator draws them below {@code 2^depth}. */
    public static final int MAX_DEPTH = 62;

    public PorepShape {
        if (challenges < 1) {
            throw new IllegalArgumentException("challenges must be ≥ 1, got " + challenges);
        }
        if (depth < 1 || depth > MAX_DEPTH) {
            throw new IllegalArgumentException("depth must be in 1.." + MAX_DEPTH + ", got " + depth);
        }
        if (leafHash == null) {
            throw new IllegalArgumentException("leafHash is required");
        }
    }

    /**
     * Constraints of the SHA-256 leaf hash {@code MerkleHash.SHA256} (message {@code le32(replicaId) || le32(data)},
     * 512 bits of which bit 255 of each half is a constant zero), counted from the gadgets:
     * <ul>
     * <li>two 255-bit decompositions: 2·256 = 512;
     * <li>block 1, message schedule: 48 words × (σ0: 32 + 29, σ1: 32 + 22, 4-operand add: 34 bits + 1) = 7200,
     * less 8 where the constant message bits (LE bit 7 of words 7 and 15) make xors free (σ0 of w7 and w15: 3 each,
     * σ1 of w15: 2) = 7192;
     * <li>block 1, rounds: a full round is Σ1 64 + Ch 32 + Σ0 64 + Maj 64 + two additions (6 and 7 operands, 35 bits
     * + 1 each) 72 = 296; round 0 works on the constant IV (only the additions: 72), rounds 1 and 2 still have
     * constant f, g / b, c (Maj and Ch 32 each: 264): 72 + 2·264 + 61·296 = 18 656; feed-forward 8 × (33 + 1) = 272;
     * <li>block 2 (the padding block, all constant, so its schedule is free): 64·296 + 272 = 19 216;
     * <li>packing the 254 digest bits: 1.
     * </ul>
     * Total 512 + 7192 + 18 656 + 272 + 19 216 + 1 = 45 849 (checked against the recorded R1CS in PorepCircuitTest).
     */
    public static final long SHA256_LEAF_CONSTRAINTS =
            2 * 256 + (48 * (61 + 54 + 35) - 8) + (72 + 2 * 264 + 61 * 296) + 8 * 34 + (64 * 296 + 8 * 34) + 1;

    /** L: constraints of one leaf hash. */
    public long leafHashConstraints() {
        return leafHash == MerkleHash.POSEIDON ? PoseidonGadget.HASH2_CONSTRAINTS : SHA256_LEAF_CONSTRAINTS;
    }

    /** Constraints per challenge: {@code (H + 3)·D + L + 2}. */
    public long constraintsPerChallenge() {
        return (long) (PoseidonGadget.HASH2_CONSTRAINTS + 3) * depth + leafHashConstraints() + 2;
    }

    /** Constraints of one partition: {@code K·((H + 3)·D + L + 2)}. */
    public long constraintCount() {
        return challenges * constraintsPerChallenge();
    }

    /** Public inputs excluding ONE: replica id, comm_r, K indices. */
    public int numPublicInputs() {
        return challenges + 2;
    }

    @Override
    public PorepCircuit shapeOnly() {
        return PorepCircuit.shapeOnly(this);
    }

    @Override
    public String describe() {
        return "porep k=" + challenges + " d=" + depth + " " + leafHash.name().toLowerCase(java.util.Locale.ROOT);
    }

    @Override
    public PorepInput generate(int partitions, long seed) {
        return PorepInputGenerator.generate(this, partitions, seed);
    }

    /** The key of {@link jzk.prover.r1cs.R1csCache}: every partition of this shape has the same R1CS. */
    @Override
    public String shapeId() {
        return "porep/k=" + challenges + "/d=" + depth + "/leaf=" + leafHash.name().toLowerCase(java.util.Locale.ROOT);
    }

    /**
     * A Poseidon-leaf shape of about {@code 2^log2} constraints (log2 in 10..24). The preferred depth is
     * {@code clamp(log2 − 6, 3, 30)} (deeper trees for bigger partitions, as with real sectors); among depths
     * 3..30 whose best K lands within 5% of the target, the one closest to the preferred depth wins (small targets
     * need shallow trees because K is an integer); without any, the closest count.
     */
    public static PorepShape ofLog2(int log2) {
        if (log2 < 10 || log2 > 24) {
            throw new IllegalArgumentException("log2 constraints must be in 10..24, got " + log2);
        }
        double target = Math.pow(2, log2);
        int preferred = Math.min(30, Math.max(3, log2 - 6));
        int bestD = -1;
        int bestK = 0;
        double bestScore = Double.MAX_VALUE;
        for (int d = 3; d <= 30; d++) {
            long per = (long) (PoseidonGadget.HASH2_CONSTRAINTS + 3) * d + PoseidonGadget.HASH2_CONSTRAINTS + 2;
            int k = (int) Math.max(1, Math.round(target / per));
            double err = Math.abs(k * per - target) / target;
            // within 5%: rank by distance to the preferred depth; otherwise by error, after every in-range depth
            double score = err <= 0.05 ? Math.abs(d - preferred) : 100 + err;
            if (score < bestScore) {
                bestScore = score;
                bestD = d;
                bestK = k;
            }
        }
        return new PorepShape(bestK, bestD, MerkleHash.POSEIDON);
    }
}
