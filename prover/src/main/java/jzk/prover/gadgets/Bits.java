package jzk.prover.gadgets;

import java.math.BigInteger;
import jzk.arith.Fr;
import jzk.prover.r1cs.ConstraintSystem;
import jzk.prover.r1cs.LinearCombination;

/**
 * Bit decomposition and packing of field elements. Bit order is little-endian: {@code bits[0]} is the least
 * significant bit.
 *
 * <p>{@link #toBitsLe} with {@code nbits ≤ 254} is a unique decomposition (every sum {@code Σ b_i 2^i < 2^254 < r}
 * is reduced); with 255 bits two decompositions exist for values below {@code 2^255 − r}, which the PoRep circuits
 * do not rely on (they decompose challenge indices of at most 64 bits).
 */
public final class Bits {
    private Bits() {
    }

    /** {@code POW2[i] = 2^i} in Montgomery form, i = 0..255. */
    static final long[][] POW2 = new long[256][];

    static {
        for (int i = 0; i < 256; i++) {
            POW2[i] = Fr.F.fromBigInteger(BigInteger.ONE.shiftLeft(i));
        }
    }

    /** {@code 2^i} in Montgomery form (shared; do not modify). */
    public static long[] pow2(int i) {
        return POW2[i];
    }

    /**
     * Allocates the low {@code nbits} bits of {@code num} and enforces {@code Σ b_i·2^i = num}:
     * {@code nbits + 1} constraints. With a witness whose value needs more than {@code nbits} bits, the checker
     * reports the packing constraint.
     */
    public static Boolean[] toBitsLe(ConstraintSystem cs, String name, AllocatedNum num, int nbits) {
        if (nbits < 1 || nbits > 255) {
            throw new IllegalArgumentException("nbits " + nbits + " outside 1..255");
        }
        long[] canonical = null;
        if (cs.computesWitness()) {
            canonical = new long[Fr.LIMBS];
            Fr.F.toCanonical(canonical, 0, num.value(), 0);
        }
        Boolean[] bits = new Boolean[nbits];
        long[] c = canonical;
        for (int i = 0; i < nbits; i++) {
            int bit = i;
            bits[i] = Boolean.alloc(cs, name + "/b" + i, () -> ((c[bit >>> 6] >>> (bit & 63)) & 1) != 0);
        }
        if (cs.enforcesConstraints()) {
            cs.enforce(name + "/pack", packLc(bits), LinearCombination.of(cs.one()), num.lc());
        } else {
            cs.enforce(name, null, null, null);
        }
        return bits;
    }

    /** {@code Σ bits[i]·2^i} as a linear combination (at most 255 bits). */
    public static LinearCombination packLc(Boolean[] bits) {
        LinearCombination lc = LinearCombination.zero();
        for (int i = 0; i < bits.length; i++) {
            bits[i].addTo(lc, POW2[i]);
        }
        return lc;
    }

    /** The value of {@code Σ bits[i]·2^i} (Montgomery), or null when any bit is unknown. */
    public static long[] packValue(Boolean[] bits) {
        long[] canonical = new long[Fr.LIMBS];
        for (int i = 0; i < bits.length; i++) {
            int v = bits[i].rawValue();
            if (v < 0) {
                return null;
            }
            canonical[i >>> 6] |= (long) v << (i & 63);
        }
        BigInteger x = BigInteger.ZERO;
        for (int i = Fr.LIMBS - 1; i >= 0; i--) {
            x = x.shiftLeft(64).or(new BigInteger(Long.toUnsignedString(canonical[i])));
        }
        return Fr.F.fromBigInteger(x);
    }

    /** Allocates {@code Σ bits[i]·2^i} as a number: 1 constraint. At most 254 bits, so the sum is reduced. */
    public static AllocatedNum pack(ConstraintSystem cs, String name, Boolean[] bits) {
        if (bits.length > 254) {
            throw new IllegalArgumentException("packing " + bits.length + " bits would wrap modulo r");
        }
        long[] v = cs.computesWitness() ? packValue(bits) : null;
        return AllocatedNum.fromLc(cs, name, cs.enforcesConstraints() ? packLc(bits) : null, v);
    }

    /**
     * Writes a field element's little-endian value bits ({@code le}, at most 256; missing high bits are zero) as the
     * 32 bytes of its little-endian encoding into a SHA-256 message ({@code msg[off .. off + 256)}, each byte most
     * significant bit first): value bit i goes to message bit {@code 8·(i/8) + 7 − i%8}. No constraints.
     */
    public static void toLe32Message(Boolean[] le, Boolean[] msg, int off) {
        for (int i = 0; i < 256; i++) {
            msg[off + 8 * (i >>> 3) + 7 - (i & 7)] = i < le.length ? le[i] : Boolean.FALSE;
        }
    }

    /**
     * A SHA-256 digest (256 message-order bits) read as a little-endian 256-bit integer with its top two bits
     * dropped (below 2^254 < r, Filecoin's "truncate to 254 bits"), allocated as a number: 1 constraint.
     */
    public static AllocatedNum packDigest254(ConstraintSystem cs, String name, Boolean[] digest) {
        Boolean[] le = new Boolean[254];
        for (int i = 0; i < 254; i++) {
            le[i] = digest[8 * (i >>> 3) + 7 - (i & 7)];
        }
        return pack(cs, name, le);
    }
}
