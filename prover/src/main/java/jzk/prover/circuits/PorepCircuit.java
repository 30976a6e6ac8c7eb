package jzk.prover.circuits;

import jzk.arith.Fr;
import jzk.prover.gadgets.AllocatedNum;
import jzk.prover.gadgets.Bits;
import jzk.prover.gadgets.Boolean;
import jzk.prover.gadgets.MerkleHash;
import jzk.prover.gadgets.MerklePath;
import jzk.prover.r1cs.Circuit;
import jzk.prover.r1cs.ConstraintSystem;

/**
 * One partition of the PoRep-C2-like benchmark: for each of K challenges, prove that
 * {@code leafHash(replicaId, data)} sits at leaf {@code index} of the Poseidon tree with root {@code commR}.
 * Public inputs in order: replica id, comm_r, then each challenge's index (see {@link PorepShape} for the
 * constraint count).
 *
 * <p>With a null partition the circuit can only be recorded (values are never asked for).
 */
public final class PorepCircuit implements Circuit {
    private final PorepShape shape;
    private final PorepPartition p;

    public PorepCircuit(PorepShape shape, PorepPartition partition) {
        this.shape = shape;
        this.p = partition;
        if (partition != null && partition.challenges() != shape.challenges()) {
            throw new IllegalArgumentException("partition has " + partition.challenges() + " challenges, shape "
                    + shape.challenges());
        }
    }

    /** A circuit for recording the shape's R1CS (no values). */
    public static PorepCircuit shapeOnly(PorepShape shape) {
        return new PorepCircuit(shape, null);
    }

    @Override
    public void synthesize(ConstraintSystem cs) {
        if (p == null && cs.computesWitness()) {
            throw new IllegalStateException("a shape-only PoRep circuit (" + shape.shapeId()
                    + ") can be recorded but has no values for a witness");
        }
        int k = shape.challenges();
        int d = shape.depth();
        AllocatedNum replicaId = AllocatedNum.allocInput(cs, "replica_id", () -> p.replicaId());
        AllocatedNum commR = AllocatedNum.allocInput(cs, "comm_r", () -> p.commR());
        AllocatedNum[] sibs = new AllocatedNum[d];
        for (int c = 0; c < k; c++) {
            int ch = c;
            cs.pushNamespace("challenge" + c);
            AllocatedNum index = AllocatedNum.allocInput(cs, "index", () -> Fr.F.fromLong(p.indices()[ch]));
            Boolean[] bits = Bits.toBitsLe(cs, "index_bits", index, d);
            AllocatedNum data = AllocatedNum.alloc(cs, "data", () -> PorepPartition.element(p.data(), ch));
            AllocatedNum leaf = shape.leafHash().hash2(cs, "leaf", replicaId, data);
            for (int l = 0; l < d; l++) {
                int at = ch * d + l;
                sibs[l] = AllocatedNum.alloc(cs, "sibling" + l, () -> PorepPartition.element(p.siblings(), at));
            }
            AllocatedNum root = MerklePath.root(cs, "path", MerkleHash.POSEIDON, leaf, bits, sibs);
            root.enforceEqual(cs, "root_is_comm_r", commR);
            cs.popNamespace();
        }
    }
}
