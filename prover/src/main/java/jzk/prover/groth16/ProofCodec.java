package jzk.prover.groth16;

import jzk.arith.PointDecodingException;
import jzk.arith.PointEncoding;

/**
 * The 192-byte proof encoding of bellman/bellperson ({@code Proof::write}): A ‖ B ‖ C, each point compressed in
 * the Zcash format (G1 48 bytes, G2 96 bytes; big-endian, flag bits in byte 0; see {@link PointEncoding}).
 * Decoding checks the flags, canonical coordinates, the curve equation and subgroup membership of all three
 * points, and names the point that fails.
 */
public final class ProofCodec {
    public static final int BYTES = 48 + 96 + 48;

    private ProofCodec() {
    }

    public static byte[] encode(Proof p) {
        byte[] out = new byte[BYTES];
        System.arraycopy(PointEncoding.G1.toCompressed(p.a, 0), 0, out, 0, 48);
        System.arraycopy(PointEncoding.G2.toCompressed(p.b, 0), 0, out, 48, 96);
        System.arraycopy(PointEncoding.G1.toCompressed(p.c, 0), 0, out, 144, 48);
        return out;
    }

    public static Proof decode(byte[] in) {
        if (in.length != BYTES) {
            throw new IllegalArgumentException("a Groth16 proof is " + BYTES + " bytes, got " + in.length);
        }
        return new Proof(point(in, 0, "A"), point(in, 48, "B"), point(in, 144, "C"));
    }

    private static long[] point(byte[] in, int off, String name) {
        try {
            return (off == 48 ? PointEncoding.G2 : PointEncoding.G1).fromCompressed(in, off);
        } catch (PointDecodingException e) {
            throw new IllegalArgumentException("proof point " + name + " (bytes " + off + "..): " + e.getMessage(), e);
        }
    }
}
