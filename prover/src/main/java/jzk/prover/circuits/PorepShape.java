package jzk.prover.circuits;

import jzk.prover.gadgets.MerkleHash;
import jzk.prover.gadgets.PoseidonGadget;
import jzk.prover.r1cs.R1cs;
import jzk.prover.r1cs.Synthesizer;

/**
 * The shape of one partition of the PoRep-C2-like benchmark circuit: {@code challenges} (K) Merkle openings of
 * depth {@code depth} (D) in a Poseidon tree, each leaf being {@code leafHash(replicaId, data)}.
 *
 * <p>Constraint count of one partition, {@code K·(247·D + L + 2)}:
 * <ul>
 * <li>challenge index → D path bits: D booleanity constraints + 1 packing constraint;
 * <li>leaf hash: L = 244 for Poseidon ({@link PoseidonGadget#HASH2_CONSTRAINTS}); for SHA-256, L =
 * {@link #sha256LeafConstraints()} (two 255-bit decompositions, two SHA-256 compressions, one packing; measured
 * by recording the leaf-hash gadget alone, because constant bits in the message make the exact count depend on
 * the bit layout);
 * <li>D levels × (2 for the conditional swap + 244 for the Poseidon node hash) = 246·D;
 * <li>1 constraint that the computed root equals the public comm_r.
 * </ul>
 * So {@code (D + 1) + L + 246·D + 1 = 247·D + L + 2} per challenge. Public inputs: replica id, comm_r and the K
 * challenge indices (K + 2).
 */
public record PorepShape(int challenges, int depth, MerkleHash leafHash) {
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

    private static volatile long sha256Leaf = -1;

    /** Constraints of the SHA-256 leaf hash, recorded once from the gadget alone. */
    public static long sha256LeafConstraints() {
        long v = sha256Leaf;
        if (v < 0) {
            R1cs r = Synthesizer.record(cs -> MerkleHash.SHA256.hash2(cs, "leaf",
                    jzk.prover.gadgets.AllocatedNum.alloc(cs, "a", () -> null),
                    jzk.prover.gadgets.AllocatedNum.alloc(cs, "b", () -> null)), false);
            v = r.numConstraints();
            sha256Leaf = v;
        }
        return v;
    }

    /** L: constraints of one leaf hash. */
    public long leafHashConstraints() {
        return leafHash == MerkleHash.POSEIDON ? PoseidonGadget.HASH2_CONSTRAINTS : sha256LeafConstraints();
    }

    /** Constraints per challenge: {@code 247·D + L + 2}. */
    public long constraintsPerChallenge() {
        return (long) (PoseidonGadget.HASH2_CONSTRAINTS + 3) * depth + leafHashConstraints() + 2;
    }

    /** Constraints of one partition: {@code K·(247·D + L + 2)}. */
    public long constraintCount() {
        return challenges * constraintsPerChallenge();
    }

    /** Public inputs excluding ONE: replica id, comm_r, K indices. */
    public int numPublicInputs() {
        return challenges + 2;
    }

    /** The key of {@link jzk.prover.r1cs.R1csCache}: every partition of this shape has the same R1CS. */
    public String shapeId() {
        return "porep/k=" + challenges + "/d=" + depth + "/leaf=" + leafHash.name().toLowerCase(java.util.Locale.ROOT);
    }

    /**
     * A Poseidon-leaf shape of about {@code 2^log2} constraints (log2 in 10..24). The preferred depth is
     * {@code clamp(log2 − 6, 3, 30)} (deeper trees for bigger partitions, as with real sectors); among depths
     * 3..30 whose best K lands within 5% of the target, the one closest to the preferred depth wins (small targets
     * need shallow trees because K is an integer); without any, the closest count. E.g. 2^16 → D = 10, K = 24
     * (65 184 constraints).
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
