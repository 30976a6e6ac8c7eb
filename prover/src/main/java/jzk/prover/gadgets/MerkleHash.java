package jzk.prover.gadgets;

import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import jzk.arith.Fr;
import jzk.prover.r1cs.ConstraintSystem;

/**
 * The 2-to-1 node hashes a Merkle tree of field elements can use, each with its native twin. Values are Fr
 * Montgomery (4 limbs).
 *
 * <ul>
 * <li>{@link #POSEIDON}: {@link Poseidon#hash2}, {@link PoseidonGadget#HASH2_CONSTRAINTS} = 258 constraints.
 * <li>{@link #SHA256}: SHA-256 of the 64 bytes {@code le32(left) || le32(right)} (canonical values,
 * little-endian), digest read as a little-endian 256-bit integer with its top two bits cleared, so it is below
 * 2^254 < r (the "truncate to 254 bits" convention of Filecoin's SHA-256 trees). In circuit: two 255-bit
 * decompositions (2·256 constraints), two compressions, one packing constraint.
 * </ul>
 */
public enum MerkleHash {
    POSEIDON {
        @Override
        public AllocatedNum hash2(ConstraintSystem cs, String name, AllocatedNum left, AllocatedNum right) {
            return PoseidonGadget.hash2(cs, name, left, right);
        }

        @Override
        public void hash2Native(long[] left, int lo, long[] right, int ro, long[] out, int oo) {
            Poseidon.hash2(left, lo, right, ro, out, oo);
        }
    },
    SHA256 {
        @Override
        public AllocatedNum hash2(ConstraintSystem cs, String name, AllocatedNum left, AllocatedNum right) {
            cs.pushNamespace(name);
            try {
                Boolean[] lb = Bits.toBitsLe(cs, "left", left, 255);
                Boolean[] rb = Bits.toBitsLe(cs, "right", right, 255);
                Boolean[] msg = new Boolean[512];
                Bits.toLe32Message(lb, msg, 0);
                Bits.toLe32Message(rb, msg, 256);
                return Bits.packDigest254(cs, "out", Sha256Gadget.hash(cs, "sha", msg));
            } finally {
                cs.popNamespace();
            }
        }

        @Override
        public void hash2Native(long[] left, int lo, long[] right, int ro, long[] out, int oo) {
            byte[] msg = new byte[64];
            Fr.F.toBytesLE(msg, 0, left, lo);
            Fr.F.toBytesLE(msg, 32, right, ro);
            sha256To254(msg, out, oo);
        }
    };

    /**
     * {@code out[oo..]} = SHA-256 of {@code msg} read as a little-endian integer with its top two bits cleared
     * (below 2^254 < r), natively: the value {@link Bits#packDigest254} gives in circuit.
     */
    public static void sha256To254(byte[] msg, long[] out, int oo) {
        byte[] d;
        try {
            d = MessageDigest.getInstance("SHA-256").digest(msg);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("the JDK must provide SHA-256", e);
        }
        d[31] &= 0x3f;
        if (!Fr.F.fromBytesLE(out, oo, d, 0)) {
            throw new IllegalStateException("a 254-bit value is always below r");
        }
    }

    /** {@code H(left, right)} in the circuit. */
    public abstract AllocatedNum hash2(ConstraintSystem cs, String name, AllocatedNum left, AllocatedNum right);

    /** {@code out[oo..] = H(left, right)} natively. */
    public abstract void hash2Native(long[] left, int lo, long[] right, int ro, long[] out, int oo);

    public long[] hash2Native(long[] left, long[] right) {
        long[] out = new long[Fr.LIMBS];
        hash2Native(left, 0, right, 0, out, 0);
        return out;
    }
}
