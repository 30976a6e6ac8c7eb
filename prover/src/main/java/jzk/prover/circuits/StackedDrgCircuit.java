package jzk.prover.circuits;

import jzk.arith.Fr;
import jzk.prover.gadgets.AllocatedNum;
import jzk.prover.gadgets.Bits;
import jzk.prover.gadgets.Boolean;
import jzk.prover.gadgets.MerkleHash;
import jzk.prover.gadgets.MerklePath;
import jzk.prover.gadgets.OctMerklePath;
import jzk.prover.gadgets.PoseidonGadget;
import jzk.prover.gadgets.PoseidonParams;
import jzk.prover.r1cs.Circuit;
import jzk.prover.r1cs.ConstraintSystem;
import jzk.prover.r1cs.Witness;
import jzk.prover.r1cs.WitnessConstraintSystem;

/**
 * One partition of the StackedDRG-shaped circuit, following the per-challenge gadget mix of Filecoin's StackedDRG
 * PoRep circuit (rust-fil-proofs {@code storage-proofs-porep}, stacked circuit): for each challenged node
 * <ol>
 * <li>its data leaf opens in tree D (binary SHA-256) to the public comm_d;
 * <li>each of its 14 parents (6 base, 8 expander) has a column of L labels whose Poseidon-arity-L hash opens in
 * tree C (arity-8 Poseidon) to comm_c;
 * <li>its label in each layer l = 1..L is recomputed by SHA-256 over the replica id, l, the node and its parents'
 * labels ({@link StackedDrgLabel}): base parents from layer l, expander parents from layer l − 1 (none in layer 1);
 * <li>the column of these L labels hashes and opens in tree C to comm_c;
 * <li>the encoding: replica = data + label_L (the key), which opens in tree R (arity-8 Poseidon) to comm_r_last.
 * </ol>
 * and once per partition comm_r = Poseidon(comm_c, comm_r_last). comm_c and comm_r_last are private. Public inputs
 * in order: replica id, comm_d, comm_r, then per challenge its node index and its 14 parents' indices. Constraint
 * count: {@link StackedDrgShape}.
 *
 * <p>With a null partition the circuit can only be recorded (values are never asked for).
 */
public final class StackedDrgCircuit implements jzk.prover.r1cs.ParallelRecording.Recordable {
    private static final int N = Fr.LIMBS;
    private static final int NP = StackedDrgShape.PARENTS;
    private final StackedDrgShape shape;
    private final StackedDrgPartition p;

    public StackedDrgCircuit(StackedDrgShape shape, StackedDrgPartition partition) {
        this.shape = shape;
        this.p = partition;
        if (partition != null && partition.challenges() != shape.challenges()) {
            throw new IllegalArgumentException("partition has " + partition.challenges() + " challenges, shape "
                    + shape.challenges());
        }
    }

    /** What every challenge uses from the partition-level part. */
    private record Head(Boolean[] idBits, AllocatedNum commD, AllocatedNum commC, AllocatedNum commRLast) {
    }

    @Override
    public void synthesize(ConstraintSystem cs) {
        if (p == null && cs.computesWitness()) {
            throw new IllegalStateException("a shape-only circuit (" + shape.shapeId()
                    + ") can be recorded but has no values for a witness");
        }
        Head h = head(cs);
        for (int c = 0; c < shape.challenges(); c++) {
            challenge(cs, c, h);
        }
    }

    /**
     * The witness with the challenges synthesised in parallel, each into its own system, then concatenated
     * ({@link WitnessConstraintSystem#concat}): the same {@code z} as {@code Synthesizer.witness(this, false)}
     * (checked in StackedDrgCircuitTest). No constraint is checked.
     */
    public Witness witnessParallel() {
        if (p == null) {
            throw new IllegalStateException("a shape-only circuit (" + shape.shapeId() + ") has no witness");
        }
        WitnessConstraintSystem[] pieces = new WitnessConstraintSystem[1 + shape.challenges()];
        pieces[0] = new WitnessConstraintSystem(false);
        Head h = head(pieces[0]);
        java.util.stream.IntStream.range(0, shape.challenges()).parallel().forEach(c -> {
            pieces[1 + c] = new WitnessConstraintSystem(false);
            challenge(pieces[1 + c], c, h);
        });
        return WitnessConstraintSystem.concat(pieces);
    }

    /**
     * As {@link #witnessParallel()}, for the recorded R1CS {@code shape}: each challenge written straight into its
     * place in the one sized assignment ({@link jzk.prover.r1cs.ParallelWitness}), no per-challenge copies.
     */
    public Witness witnessParallel(jzk.prover.r1cs.R1cs shape) {
        if (p == null) {
            throw new IllegalStateException("a shape-only circuit (" + this.shape.shapeId() + ") has no witness");
        }
        return jzk.prover.r1cs.ParallelWitness.of(shape, this::head, this.shape.challenges(), this::challenge);
    }

    /**
     * The R1CS with the challenges recorded in parallel ({@link jzk.prover.r1cs.ParallelRecording}): the same
     * matrices as the serial recording of {@link #synthesize} (checked in RecordingConcatTest).
     */
    @Override
    public jzk.prover.r1cs.R1cs recordInPieces(boolean recordNames) {
        return jzk.prover.r1cs.ParallelRecording.of(this::head, shape.challenges(), this::challenge, recordNames);
    }

    private Head head(ConstraintSystem cs) {
        AllocatedNum replicaId = AllocatedNum.allocInput(cs, "replica_id", () -> p.replicaId());
        AllocatedNum commD = AllocatedNum.allocInput(cs, "comm_d", () -> p.commD());
        AllocatedNum commR = AllocatedNum.allocInput(cs, "comm_r", () -> p.commR());
        AllocatedNum commC = AllocatedNum.alloc(cs, "comm_c", () -> p.commC());
        AllocatedNum commRLast = AllocatedNum.alloc(cs, "comm_r_last", () -> p.commRLast());
        PoseidonGadget.hash2(cs, "comm_r_hash", commC, commRLast).enforceEqual(cs, "comm_r", commR);
        Boolean[] idBits = Bits.toBitsLe(cs, "replica_id_bits", replicaId, 255);
        return new Head(idBits, commD, commC, commRLast);
    }

    private void challenge(ConstraintSystem cs, int c, Head h) {
        cs.pushNamespace("challenge" + c);
        try {
            challenge(cs, c, h.idBits(), h.commD(), h.commC(), h.commRLast());
        } finally {
            cs.popNamespace();
        }
    }

    private AllocatedNum[] allocVector(ConstraintSystem cs, String name, long[] v, int from, int n) {
        AllocatedNum[] out = new AllocatedNum[n];
        for (int i = 0; i < n; i++) {
            int at = from + i;
            out[i] = AllocatedNum.alloc(cs, name + i, () -> PorepPartition.element(v, at));
        }
        return out;
    }

    private void challenge(ConstraintSystem cs, int c, Boolean[] idBits, AllocatedNum commD, AllocatedNum commC,
            AllocatedNum commRLast) {
        int d = shape.depth();
        int layers = shape.layers();
        int cr = shape.crDepth();
        int c7 = 7 * cr;
        PoseidonParams column = PoseidonParams.forArity(layers);
        AllocatedNum index = AllocatedNum.allocInput(cs, "index", () -> Fr.F.fromLong(p.indices()[c]));
        Boolean[] indexBits = Bits.toBitsLe(cs, "index_bits", index, 64);
        Boolean[][] parentBits = new Boolean[NP][];
        for (int o = 0; o < NP; o++) {
            int at = NP * c + o;
            AllocatedNum pi = AllocatedNum.allocInput(cs, "parent" + o, () -> Fr.F.fromLong(p.parents()[at]));
            parentBits[o] = Bits.toBitsLe(cs, "parent" + o + "_bits", pi, 3 * cr);
        }
        // 1. the data leaf in tree D
        AllocatedNum data = AllocatedNum.alloc(cs, "data", () -> PorepPartition.element(p.data(), c));
        AllocatedNum[] dSibs = allocVector(cs, "d_sibling", p == null ? null : p.dSiblings(), c * d, d);
        MerklePath.root(cs, "comm_d_path", MerkleHash.SHA256, data, java.util.Arrays.copyOf(indexBits, d), dSibs)
                .enforceEqual(cs, "comm_d", commD);
        // 2. the parents' columns in tree C
        AllocatedNum[][] cols = new AllocatedNum[NP][];
        for (int o = 0; o < NP; o++) {
            cs.pushNamespace("parent" + o);
            cols[o] = allocVector(cs, "label", p == null ? null : p.columns(), (NP * c + o) * layers, layers);
            AllocatedNum h = PoseidonGadget.hash(cs, "column_hash", column, cols[o]);
            AllocatedNum[] sibs = allocVector(cs, "c_sibling", p == null ? null : p.cSiblings(),
                    ((NP + 1) * c + o) * c7, c7);
            OctMerklePath.root(cs, "comm_c_path", h, parentBits[o], sibs).enforceEqual(cs, "comm_c", commC);
            cs.popNamespace();
        }
        // 3. the labels of the challenged node
        AllocatedNum[] labels = new AllocatedNum[layers];
        for (int l = 1; l <= layers; l++) {
            cs.pushNamespace("layer" + l);
            int n = l == 1 ? StackedDrgShape.BASE_PARENTS : NP;
            Boolean[][] bits = new Boolean[n][];
            for (int o = 0; o < n; o++) {
                AllocatedNum v = cols[o][o < StackedDrgShape.BASE_PARENTS ? l - 1 : l - 2];
                bits[o] = Bits.toBitsLe(cs, "parent" + o + "_bits", v, 255);
            }
            labels[l - 1] = StackedDrgLabel.label(cs, "label", idBits, l, indexBits, bits, shape.labelParents());
            cs.popNamespace();
        }
        // 4. the challenged column in tree C
        Boolean[] crBits = java.util.Arrays.copyOf(indexBits, 3 * cr);
        AllocatedNum h = PoseidonGadget.hash(cs, "column_hash", column, labels);
        AllocatedNum[] sibs = allocVector(cs, "c_sibling", p == null ? null : p.cSiblings(),
                ((NP + 1) * c + NP) * c7, c7);
        OctMerklePath.root(cs, "comm_c_path", h, crBits, sibs).enforceEqual(cs, "comm_c", commC);
        // 5. the encoding and its opening in tree R
        AllocatedNum replica = data.add(cs, "replica", labels[layers - 1]);
        AllocatedNum[] rSibs = allocVector(cs, "r_sibling", p == null ? null : p.rSiblings(), c * c7, c7);
        OctMerklePath.root(cs, "comm_r_last_path", replica, crBits, rSibs).enforceEqual(cs, "comm_r_last",
                commRLast);
    }
}
