package jzk.prover.snarkjs;

import jzk.prover.groth16.Proof;
import jzk.prover.groth16.VerifyingKey;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** jzk verifies snarkjs's own proof (fixture made by snarkjs 0.7.6) and rejects altered ones. */
class SnarkjsVerifierTest {
    @TempDir
    Path tmp;

    @Test
    void snarkjsProofVerifiesInJzk() throws Exception {
        assertTrue(SnarkjsVerifier.verify(ZkeyAndJsonTest.fixture("vk.json"), ZkeyAndJsonTest.fixture("proof.json"),
                ZkeyAndJsonTest.fixture("public.json")));
        Path pub = tmp.resolve("public.json");
        Files.writeString(pub, "[\n \"168\",\n \"4\"\n]");
        assertFalse(SnarkjsVerifier.verify(ZkeyAndJsonTest.fixture("vk.json"), ZkeyAndJsonTest.fixture("proof.json"),
                pub));
        Proof p = SnarkjsJson.readProof(ZkeyAndJsonTest.fixture("proof.json"));
        Path swapped = tmp.resolve("proof.json");
        SnarkjsJson.writeProof(swapped, new Proof(p.c, p.b, p.a));
        assertFalse(SnarkjsVerifier.verify(ZkeyAndJsonTest.fixture("vk.json"), swapped,
                ZkeyAndJsonTest.fixture("public.json")));
    }

    @Test
    void jzkProofFromZkeyVerifiesInJzk() throws Exception {
        Path proof = tmp.resolve("proof.json");
        Path pub = tmp.resolve("public.json");
        SnarkjsProver.prove(ZkeyAndJsonTest.fixture("k.zkey"), ZkeyAndJsonTest.fixture("w.wtns"), proof, pub);
        assertTrue(SnarkjsVerifier.verify(ZkeyAndJsonTest.fixture("vk.json"), proof, pub));
    }

    /**
     * vk_alphabeta_12 written by snarkjs equals jzk's e(α, β)³ (ffjavascript's final exponentiation is the cube of
     * the exact one): the whole file, written by jzk from the parsed key, is byte-identical to snarkjs's.
     */
    @Test
    void verificationKeyRoundTripsByteForByteIncludingAlphaBeta() throws Exception {
        VerifyingKey vk = SnarkjsJson.readVerifyingKey(ZkeyAndJsonTest.fixture("vk.json"));
        Path out = tmp.resolve("vk.json");
        SnarkjsJson.writeVerifyingKey(out, vk);
        assertEquals(Files.readString(ZkeyAndJsonTest.fixture("vk.json")), Files.readString(out));
    }
}
