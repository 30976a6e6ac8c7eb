package jzk.prover.snarkjs;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Round trips with the real snarkjs (skipped with a message when snarkjs/circom2 are not on PATH). The verdicts
 * come from snarkjs itself, an implementation independent of jzk.
 */
class SnarkjsInteropTest {
    @TempDir
    Path tmp;

    @Test
    void jzkProofFromSnarkjsZkeyVerifiesInSnarkjs() throws Exception {
        SnarkjsCli.assumeTools("snarkjs");
        Path proof = tmp.resolve("proof.json");
        Path pub = tmp.resolve("public.json");
        SnarkjsProver.prove(ZkeyAndJsonTest.fixture("k.zkey"), ZkeyAndJsonTest.fixture("w.wtns"), proof, pub);
        assertEquals(Files.readString(ZkeyAndJsonTest.fixture("public.json")), Files.readString(pub));
        assertTrue(SnarkjsCli.verify(tmp, ZkeyAndJsonTest.fixture("vk.json"), pub, proof), "snarkjs accepts");
        // and rejects it against other public inputs
        Path wrong = tmp.resolve("wrong.json");
        Files.writeString(wrong, "[\n \"169\",\n \"3\"\n]");
        assertFalse(SnarkjsCli.verify(tmp, ZkeyAndJsonTest.fixture("vk.json"), wrong, proof), "snarkjs rejects");
    }
}
