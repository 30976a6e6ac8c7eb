package jzk.prover.snarkjs;

import jzk.prover.groth16.PreparedVerifyingKey;
import jzk.prover.groth16.Proof;
import jzk.prover.groth16.Verifier;
import jzk.prover.groth16.VerifyingKey;

import java.io.IOException;
import java.nio.file.Path;

/**
 * Verifies snarkjs JSON files as {@code snarkjs groth16 verify} does (groth16_verify.js): public inputs below r,
 * proof points on their curves and in the subgroups, then the pairing equation. Malformed files throw
 * {@link IllegalArgumentException} naming the file; a well-formed but wrong proof returns false.
 */
public final class SnarkjsVerifier {
    private SnarkjsVerifier() {
    }

    /** CLI entry point. */
    public static boolean verify(Path vkJson, Path proofJson, Path publicJson) throws IOException {
        VerifyingKey vk = SnarkjsJson.readVerifyingKey(vkJson);
        Proof proof = SnarkjsJson.readProof(proofJson);
        long[] pub = SnarkjsJson.readPublic(publicJson);
        if (pub.length / 4 != vk.nPublic) {
            throw new IllegalArgumentException(publicJson + ": " + pub.length / 4 + " public signals, but "
                    + vkJson + " has nPublic = " + vk.nPublic);
        }
        return Verifier.verify(new PreparedVerifyingKey(vk), proof, pub);
    }
}
