package jzk.cli;

import java.io.IOException;
import java.math.BigInteger;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import jzk.arith.Fr;
import jzk.prover.batch.PorepProof;
import jzk.prover.groth16.Proof;
import jzk.prover.groth16.ProofCodec;
import jzk.server.api.PartitionProof;
import jzk.server.api.ProofResult;

/** A server's {@link ProofResult} as the files {@code jzk prove} writes ({@link ProofFiles}; checked by jzk verify). */
final class ServerProofs {
    private ServerProofs() {
    }

    static PorepProof toProof(ProofResult r) {
        List<Proof> proofs = new ArrayList<>();
        List<long[]> inputs = new ArrayList<>();
        for (PartitionProof p : r.getPartitionsList()) {
            proofs.add(ProofCodec.decode(p.getProof().toByteArray()));
            long[] in = new long[p.getPublicInputsCount() * Fr.LIMBS];
            for (int i = 0; i < p.getPublicInputsCount(); i++) {
                Fr.F.fromBigInteger(in, i * Fr.LIMBS, new BigInteger(p.getPublicInputs(i)));
            }
            inputs.add(in);
        }
        return new PorepProof(proofs, inputs);
    }

    static void write(ProofResult r, Path proofJson, Path publicJson) throws IOException {
        ProofFiles.write(toProof(r), proofJson, publicJson);
    }
}
