package jzk.prover.groth16;

import jzk.prover.r1cs.R1cs;
import jzk.prover.r1cs.Synthesizer;
import jzk.prover.r1cs.Witness;
import jzk.prover.snarkjs.SnarkjsJson;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.File;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * jzk's own circuit, keys from {@link Setup}, proof from {@link Groth16#prove}, exported to snarkjs JSON: the real
 * {@code snarkjs groth16 verify} must accept it (an independent verifier), and reject a wrong public input.
 * Skipped with a message when snarkjs is not on PATH.
 */
class Groth16SnarkjsExportTest {
    @TempDir
    Path tmp;

    @Test
    void ownCircuitProofVerifiesInSnarkjs() throws Exception {
        Assumptions.assumeTrue(onPath("snarkjs"), "SKIPPED: 'snarkjs' is not on PATH (npm install -g snarkjs@0.7.6)");
        var circuit = TestCircuits.powerChain(3, 7, 20, false);
        R1cs cs = Synthesizer.record(circuit);
        Witness w = Synthesizer.witness(circuit);
        ProvingKey pk = Groth16.setup(cs, new Random(11));
        Proof p = Groth16.prove(pk, cs, w, CpuBackend.INSTANCE, new Random(12));
        Path vk = tmp.resolve("vk.json");
        Path proof = tmp.resolve("proof.json");
        Path pub = tmp.resolve("public.json");
        SnarkjsJson.writeVerifyingKey(vk, pk.vk);
        SnarkjsJson.writeProof(proof, p);
        SnarkjsJson.writePublic(pub, w.publicInputs());
        assertTrue(snarkjsVerify(vk, pub, proof), "snarkjs accepts jzk's own proof");
        Files.writeString(pub, "[\n \"4\",\n \"1\"\n]");
        assertFalse(snarkjsVerify(vk, pub, proof), "snarkjs rejects wrong public inputs");
    }

    static boolean onPath(String exe) {
        for (String dir : System.getenv().getOrDefault("PATH", "").split(File.pathSeparator)) {
            if (Files.isExecutable(Path.of(dir, exe))) {
                return true;
            }
        }
        return false;
    }

    static boolean snarkjsVerify(Path vk, Path pub, Path proof) throws Exception {
        Process pr = new ProcessBuilder("snarkjs", "groth16", "verify", vk.toString(), pub.toString(),
                proof.toString()).redirectErrorStream(true).start();
        String out = new String(pr.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        pr.waitFor();
        return out.contains("OK!") && !out.contains("Invalid");
    }
}
