package jzk.prover.circuits;

import jzk.arith.Fr;
import jzk.prover.gadgets.AllocatedNum;
import jzk.prover.gadgets.Bits;
import jzk.prover.gadgets.Boolean;
import jzk.prover.gadgets.MerkleHash;
import jzk.prover.gadgets.MerklePath;
import jzk.prover.r1cs.Circuit;
import jzk.prover.r1cs.ConstraintSystem;
import jzk.prover.r1cs.ParallelWitness;
import jzk.prover.r1cs.R1cs;
import jzk.prover.r1cs.Witness;

/**
 * One partition of the PoRep-C2-like benchmark: for each of K challenges, prove that
 * {@code leafHash(replicaId, data)} sits at leaf {@code index} of the Poseidon tree with root {@code commR}.
 * Public inputs in order: replica id, comm_r, then each challenge's index (see {@link PorepShape} for the
 * constraint count).
 *
 * <p>With a null partition the circuit can only be recorded (values are never asked for).
 */
public final class PorepCircuit implements jzk.prover.r1cs.ParallelRecording.Recordable {
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
        Head h = head(cs);
        for (int c = 0; c < shape.challenges(); c++) {
            challenge(cs, c, h);
        }
    }

    /**
     * The R1CS with the challenges recorded in parallel ({@link jzk.prover.r1cs.ParallelRecording}): the same
     * matrices as the serial recording of {@link #synthesize} (checked in RecordingConcatTest).
     */
    @Override
    public R1cs recordInPieces(boolean recordNames) {
        return jzk.prover.r1cs.ParallelRecording.of(this::head, shape.challenges(), this::challenge, recordNames);
    }

    /** The partition-level variables every challenge uses. */
    private record Head(AllocatedNum replicaId, AllocatedNum commR) {
    }

    private Head head(ConstraintSystem cs) {
        AllocatedNum replicaId = AllocatedNum.allocInput(cs, "replica_id", () -> p.replicaId());
        AllocatedNum commR = AllocatedNum.allocInput(cs, "comm_r", () -> p.commR());
        return new Head(replicaId, commR);
    }

    private void challenge(ConstraintSystem cs, int ch, Head h) {
        int d = shape.depth();
        cs.pushNamespace("challenge" + ch);
        AllocatedNum index = AllocatedNum.allocInput(cs, "index", () -> Fr.F.fromLong(p.indices()[ch]));
        Boolean[] bits = Bits.toBitsLe(cs, "index_bits", index, d);
        AllocatedNum data = AllocatedNum.alloc(cs, "data", () -> PorepPartition.element(p.data(), ch));
        AllocatedNum leaf = shape.leafHash().hash2(cs, "leaf", h.replicaId(), data);
        AllocatedNum[] sibs = new AllocatedNum[d];
        for (int l = 0; l < d; l++) {
            int at = ch * d + l;
            sibs[l] = AllocatedNum.alloc(cs, "sibling" + l, () -> PorepPartition.element(p.siblings(), at));
        }
        AllocatedNum root = MerklePath.root(cs, "path", MerkleHash.POSEIDON, leaf, bits, sibs);
        root.enforceEqual(cs, "root_is_comm_r", h.commR());
        cs.popNamespace();
    }

    /**
     * The witness for the recorded R1CS {@code shape} with the challenges synthesised in parallel straight into
     * the assignment ({@link ParallelWitness}): the same {@code z} as {@code Synthesizer.witness(this, false)}.
     */
    public Witness witnessParallel(R1cs shape) {
        if (p == null) {
            throw new IllegalStateException("a shape-only PoRep circuit (" + this.shape.shapeId() + ") has no witness");
        }
        return ParallelWitness.of(shape, this::head, this.shape.challenges(), this::challenge);
    }
}
