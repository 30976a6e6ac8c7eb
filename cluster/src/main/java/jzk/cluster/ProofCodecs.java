package jzk.cluster;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import jzk.arith.Fr;
import jzk.prover.groth16.Proof;
import jzk.prover.groth16.ProofCodec;

/**
 * The stored form of a job's proof ({@code proofs.proof}, {@code proofs.public_inputs}), independent of jzk's
 * in-memory layout:
 * <ul>
 *   <li>proof: per partition, in partition order, the 192-byte compressed Groth16 proof of {@link ProofCodec}
 *       (as Filecoin's multi-partition proofs);</li>
 *   <li>public inputs: per partition a 4-byte big-endian count n, then n canonical 32-byte big-endian Fr
 *       values.</li>
 * </ul>
 * Decoding checks every point (curve, subgroup) and every scalar (canonical, &lt; r) and says which one failed.
 */
public final class ProofCodecs {
    private static final int FR_BYTES = 32;

    private ProofCodecs() {
    }

    public static byte[] encodeProofs(List<Proof> proofs) {
        byte[] out = new byte[proofs.size() * ProofCodec.BYTES];
        for (int i = 0; i < proofs.size(); i++) {
            System.arraycopy(ProofCodec.encode(proofs.get(i)), 0, out, i * ProofCodec.BYTES, ProofCodec.BYTES);
        }
        return out;
    }

    public static List<Proof> decodeProofs(byte[] in) {
        if (in.length == 0 || in.length % ProofCodec.BYTES != 0) {
            throw new IllegalArgumentException("stored proof is " + in.length + " bytes, not a multiple of "
                    + ProofCodec.BYTES);
        }
        List<Proof> out = new ArrayList<>();
        for (int off = 0; off < in.length; off += ProofCodec.BYTES) {
            out.add(ProofCodec.decode(java.util.Arrays.copyOfRange(in, off, off + ProofCodec.BYTES)));
        }
        return out;
    }

    /** Public inputs (Montgomery Fr, 4 limbs each) per partition → the stored bytes. */
    public static byte[] encodePublic(List<long[]> perPartition) {
        int size = 0;
        for (long[] v : perPartition) {
            size += 4 + (v.length / Fr.LIMBS) * FR_BYTES;
        }
        ByteBuffer b = ByteBuffer.allocate(size);
        byte[] one = new byte[FR_BYTES];
        for (long[] v : perPartition) {
            int n = v.length / Fr.LIMBS;
            b.putInt(n);
            for (int i = 0; i < n; i++) {
                Fr.F.toBytesBE(one, 0, v, i * Fr.LIMBS);
                b.put(one);
            }
        }
        return b.array();
    }

    /** The stored bytes → public inputs (Montgomery Fr) per partition. */
    public static List<long[]> decodePublic(byte[] in) {
        ByteBuffer b = ByteBuffer.wrap(in);
        List<long[]> out = new ArrayList<>();
        byte[] one = new byte[FR_BYTES];
        while (b.hasRemaining()) {
            if (b.remaining() < 4) {
                throw new IllegalArgumentException("stored public inputs: truncated count at byte " + b.position());
            }
            int n = b.getInt();
            if (n < 0 || (long) n * FR_BYTES > b.remaining()) {
                throw new IllegalArgumentException("stored public inputs: partition " + out.size() + " claims " + n
                        + " values, " + b.remaining() + " bytes left");
            }
            long[] v = new long[n * Fr.LIMBS];
            for (int i = 0; i < n; i++) {
                b.get(one);
                if (!Fr.F.fromBytesBE(v, i * Fr.LIMBS, one, 0)) {
                    throw new IllegalArgumentException("stored public inputs: partition " + out.size() + " value "
                            + i + " is not below r");
                }
            }
            out.add(v);
        }
        return out;
    }
}
