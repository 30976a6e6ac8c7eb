package jzk.prover.gadgets;

import jzk.prover.r1cs.ConstraintSystem;
import jzk.prover.r1cs.LinearCombination;

/**
 * A 32-bit word in a circuit as 32 {@link Boolean}s, little-endian ({@code bits[0]} least significant), for the
 * SHA-256 gadget. Immutable. Rotations and shifts rewire bits (no constraints); {@link #xor} costs one
 * constraint per non-constant bit pair; {@link #addMany} is modular addition by one packing constraint.
 */
public final class UInt32 {
    private final Boolean[] bits;

    private UInt32(Boolean[] bits) {
        this.bits = bits;
    }

    public static UInt32 constant(int v) {
        Boolean[] b = new Boolean[32];
        for (int i = 0; i < 32; i++) {
            b[i] = Boolean.constant(((v >>> i) & 1) != 0);
        }
        return new UInt32(b);
    }

    /** From 32 bits in big-endian order ({@code be[0]} most significant), as SHA-256 reads message words. */
    public static UInt32 fromBitsBe(Boolean[] be, int off) {
        Boolean[] b = new Boolean[32];
        for (int i = 0; i < 32; i++) {
            b[i] = be[off + 31 - i];
        }
        return new UInt32(b);
    }

    /** Writes the bits big-endian into {@code out[off..off+32)}. */
    public void toBitsBe(Boolean[] out, int off) {
        for (int i = 0; i < 32; i++) {
            out[off + 31 - i] = bits[i];
        }
    }

    public Boolean bit(int i) {
        return bits[i];
    }

    /** The value as an unsigned 32-bit number, or −1 when some bit is unknown (recording). */
    public long value() {
        long v = 0;
        for (int i = 0; i < 32; i++) {
            int b = bits[i].rawValue();
            if (b < 0) {
                return -1;
            }
            v |= (long) b << i;
        }
        return v;
    }

    public UInt32 rotr(int n) {
        Boolean[] b = new Boolean[32];
        for (int i = 0; i < 32; i++) {
            b[i] = bits[(i + n) & 31];
        }
        return new UInt32(b);
    }

    public UInt32 shr(int n) {
        Boolean[] b = new Boolean[32];
        for (int i = 0; i < 32; i++) {
            b[i] = i + n < 32 ? bits[i + n] : Boolean.FALSE;
        }
        return new UInt32(b);
    }

    public UInt32 xor(ConstraintSystem cs, String name, UInt32 other) {
        Boolean[] b = new Boolean[32];
        for (int i = 0; i < 32; i++) {
            b[i] = Boolean.xor(cs, name + "/" + i, bits[i], other.bits[i]);
        }
        return new UInt32(b);
    }

    /** Bitwise SHA-256 Ch(a, b, c). */
    public static UInt32 ch(ConstraintSystem cs, String name, UInt32 a, UInt32 b, UInt32 c) {
        Boolean[] r = new Boolean[32];
        for (int i = 0; i < 32; i++) {
            r[i] = Boolean.ch(cs, name + "/" + i, a.bits[i], b.bits[i], c.bits[i]);
        }
        return new UInt32(r);
    }

    /** Bitwise SHA-256 Maj(a, b, c). */
    public static UInt32 maj(ConstraintSystem cs, String name, UInt32 a, UInt32 b, UInt32 c) {
        Boolean[] r = new Boolean[32];
        for (int i = 0; i < 32; i++) {
            r[i] = Boolean.maj(cs, name + "/" + i, a.bits[i], b.bits[i], c.bits[i]);
        }
        return new UInt32(r);
    }

    /**
     * {@code Σ operands mod 2^32}. Allocates the {@code m = bitlength(k·(2^32−1))} bits of the full sum of
     * {@code k} operands (m booleanity constraints) and enforces {@code Σ_ops Σ_i 2^i·op_i = Σ_i 2^i·sum_i}
     * (1 constraint); the low 32 bits are the result. All-constant operands cost nothing.
     */
    public static UInt32 addMany(ConstraintSystem cs, String name, UInt32... ops) {
        boolean allConstant = true;
        boolean known = true;
        long sum = 0;
        for (UInt32 op : ops) {
            for (Boolean b : op.bits) {
                allConstant &= b.isConstant();
            }
            long v = op.value();
            if (v < 0) {
                known = false;
            } else {
                sum += v;
            }
        }
        if (allConstant) {
            return constant((int) sum);
        }
        long max = ops.length * 0xFFFFFFFFL;
        int m = 64 - Long.numberOfLeadingZeros(max);
        Boolean[] out = new Boolean[m];
        long s = sum;
        boolean k = known && cs.computesWitness();
        for (int i = 0; i < m; i++) {
            int bit = i;
            out[i] = Boolean.alloc(cs, name + "/s" + i, () -> k && ((s >>> bit) & 1) != 0);
        }
        if (cs.enforcesConstraints()) {
            LinearCombination lhs = LinearCombination.zero();
            for (UInt32 op : ops) {
                for (int i = 0; i < 32; i++) {
                    op.bits[i].addTo(lhs, Bits.POW2[i]);
                }
            }
            cs.enforce(name + "/sum", lhs, LinearCombination.of(cs.one()), Bits.packLc(out));
        } else {
            cs.enforce(name, null, null, null);
        }
        return new UInt32(java.util.Arrays.copyOf(out, 32));
    }
}
