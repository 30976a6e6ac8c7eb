package jzk.prover.circuits;

import jzk.arith.Fr;
import jzk.prover.gadgets.AllocatedNum;
import jzk.prover.gadgets.Bits;
import jzk.prover.gadgets.Boolean;
import jzk.prover.gadgets.MerkleHash;
import jzk.prover.gadgets.Sha256Gadget;
import jzk.prover.r1cs.ConstraintCounter;
import jzk.prover.r1cs.ConstraintSystem;

/**
 * The labeling function of a StackedDRG layer, in circuit and natively: the label of node {@code v} in layer
 * {@code l} is SHA-256 of the {@code (2 + P)·32}-byte message
 * <pre>
 *   le32(replicaId) ‖ be32(l) ‖ be64(v) ‖ 20 zero bytes ‖ le32(parent_0) ‖ … ‖ le32(parent_{P−1})
 * </pre>
 * read as a little-endian integer with its top two bits cleared (below 2^254). The parent list is the node's
 * parents' labels cycled to P entries: in layer 1 its 6 base parents (labels of layer 1), in later layers the 6
 * base parents (same layer) then the 8 expander parents (previous layer). Filecoin uses P = 37
 * ({@link StackedDrgShape#REAL_LABEL_PARENTS}): 1248 bytes, 20 SHA-256 blocks.
 *
 * <p>In circuit the replica id, node and parent bits come from the caller's decompositions (little-endian value
 * bits); the layer is a constant. Constraints: {@link #constraints(int)} (SHA-256 over the message plus 1 packing
 * constraint), counted once per P from the gadget itself.
 */
final class StackedDrgLabel {
    private static final int N = Fr.LIMBS;
    private static final java.util.concurrent.ConcurrentHashMap<Integer, Long> COUNTS =
            new java.util.concurrent.ConcurrentHashMap<>();

    private StackedDrgLabel() {
    }

    /** The label in circuit; {@code parents} are the distinct parents' bits, cycled to {@code labelParents}. */
    static AllocatedNum label(ConstraintSystem cs, String name, Boolean[] replicaIdBits, int layer,
            Boolean[] nodeBits, Boolean[][] parents, int labelParents) {
        Boolean[] msg = new Boolean[(2 + labelParents) * 256];
        Bits.toLe32Message(replicaIdBits, msg, 0);
        for (int i = 0; i < 32; i++) { // be32(layer): byte 32 + b holds value byte 3 − b, MSB first
            msg[256 + i] = Boolean.constant(((layer >>> (31 - i)) & 1) != 0);
        }
        for (int i = 0; i < 64; i++) { // be64(node): value bit i in byte 36 + 7 − i/8, at 7 − i%8 from its MSB
            msg[8 * (36 + 7 - (i >>> 3)) + 7 - (i & 7)] = nodeBits[i];
        }
        for (int i = 8 * 44; i < 512; i++) {
            msg[i] = Boolean.FALSE;
        }
        for (int k = 0; k < labelParents; k++) {
            Bits.toLe32Message(parents[k % parents.length], msg, 512 + 256 * k);
        }
        cs.pushNamespace(name);
        try {
            return Bits.packDigest254(cs, "out", Sha256Gadget.hash(cs, "sha", msg));
        } finally {
            cs.popNamespace();
        }
    }

    /** Constraints of one {@link #label} with {@code labelParents} parents (counted from the gadget, memoised). */
    static long constraints(int labelParents) {
        return COUNTS.computeIfAbsent(labelParents, p -> {
            ConstraintCounter cs = new ConstraintCounter();
            Boolean[] id = alloc(cs, 255);
            Boolean[] node = alloc(cs, 64);
            Boolean[][] parents = new Boolean[Math.min(p, 14)][];
            for (int i = 0; i < parents.length; i++) {
                parents[i] = alloc(cs, 255);
            }
            long before = cs.constraints();
            label(cs, "label", id, 1, node, parents, p);
            return cs.constraints() - before;
        });
    }

    private static Boolean[] alloc(ConstraintSystem cs, int n) {
        Boolean[] b = new Boolean[n];
        for (int i = 0; i < n; i++) {
            b[i] = Boolean.alloc(cs, "b", () -> false);
        }
        return b;
    }

    /**
     * Native twin: the label from the replica id, layer, node and the distinct parents' labels ({@code parents},
     * {@code count} elements flat, Montgomery), cycled to {@code labelParents}.
     */
    static long[] labelNative(long[] replicaId, int layer, long node, long[] parents, int count, int labelParents) {
        byte[] msg = new byte[(2 + labelParents) * 32];
        Fr.F.toBytesLE(msg, 0, replicaId, 0);
        for (int b = 0; b < 4; b++) {
            msg[32 + b] = (byte) (layer >>> (24 - 8 * b));
        }
        for (int b = 0; b < 8; b++) {
            msg[36 + b] = (byte) (node >>> (56 - 8 * b));
        }
        for (int k = 0; k < labelParents; k++) {
            Fr.F.toBytesLE(msg, 64 + 32 * k, parents, (k % count) * N);
        }
        long[] out = new long[N];
        MerkleHash.sha256To254(msg, out, 0);
        return out;
    }
}
