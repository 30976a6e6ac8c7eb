package jzk.prover.batch;

import java.util.List;
import jzk.prover.groth16.Proof;
import jzk.prover.groth16.ProofCodec;
import jzk.prover.pipeline.ProofWorkload;

/**
 * A finished PoRep-like proof: one Groth16 proof per partition, in partition order, with each partition's public
 * inputs (Montgomery Fr: replica id, comm_r, the K challenge indices). {@link #toBytes()} is the partition
 * proofs' 192-byte compressed encodings ({@link ProofCodec}) concatenated, as Filecoin's multi-partition proofs.
 */
public record PorepProof(List<Proof> proofs, List<long[]> publicInputs) implements ProofWorkload.Proof {
    public PorepProof {
        if (proofs.size() != publicInputs.size() || proofs.isEmpty()) {
            throw new IllegalArgumentException(proofs.size() + " proofs with " + publicInputs.size()
                    + " public-input vectors");
        }
        proofs = List.copyOf(proofs);
        publicInputs = List.copyOf(publicInputs);
    }

    @Override
    public byte[] toBytes() {
        byte[] out = new byte[proofs.size() * ProofCodec.BYTES];
        for (int i = 0; i < proofs.size(); i++) {
            System.arraycopy(ProofCodec.encode(proofs.get(i)), 0, out, i * ProofCodec.BYTES, ProofCodec.BYTES);
        }
        return out;
    }
}
