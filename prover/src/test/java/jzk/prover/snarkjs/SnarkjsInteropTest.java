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

    /**
     * The whole tool chain on a circuit with several constraints and public inputs: circom2 compiles it for
     * bls12381, snarkjs runs a power-6 ceremony (tiny, for CI time) and the Groth16 setup + one contribution, computes the witness;
     * jzk proves from the zkey + wtns and snarkjs verifies; snarkjs proves and jzk verifies.
     */
    @Test
    void circomCircuitRoundTripsBothWays() throws Exception {
        SnarkjsCli.assumeTools("snarkjs", "circom2");
        Files.writeString(tmp.resolve("c.circom"), """
                pragma circom 2.0.0;
                template Poly(n) {
                    signal input x;
                    signal input k;
                    signal input s[n];
                    signal output y;
                    signal acc[n + 1];
                    acc[0] <== x;
                    for (var i = 0; i < n; i++) {
                        acc[i + 1] <== acc[i] * s[i] + k;
                    }
                    y <== acc[n] * x;
                }
                component main {public [x, k]} = Poly(6);
                """);
        Files.writeString(tmp.resolve("input.json"),
                "{\"x\":\"3\",\"k\":\"7\",\"s\":[\"1\",\"2\",\"3\",\"4\",\"5\",\"6\"]}");
        SnarkjsCli.run(tmp, "circom2", "c.circom", "--r1cs", "--wasm", "--prime", "bls12381", "-o", ".");
        SnarkjsCli.run(tmp, "snarkjs", "powersoftau", "new", "bls12381", "6", "p0.ptau");
        SnarkjsCli.run(tmp, "snarkjs", "powersoftau", "contribute", "p0.ptau", "p1.ptau", "--name=a", "-e=jzk-test");
        SnarkjsCli.run(tmp, "snarkjs", "powersoftau", "prepare", "phase2", "p1.ptau", "p.ptau");
        SnarkjsCli.run(tmp, "snarkjs", "groth16", "setup", "c.r1cs", "p.ptau", "k0.zkey");
        SnarkjsCli.run(tmp, "snarkjs", "zkey", "contribute", "k0.zkey", "k.zkey", "--name=b", "-e=jzk-test-2");
        SnarkjsCli.run(tmp, "snarkjs", "zkey", "export", "verificationkey", "k.zkey", "vk.json");
        SnarkjsCli.run(tmp, "snarkjs", "wtns", "calculate", "c_js/c.wasm", "input.json", "w.wtns");

        SnarkjsProver.prove(tmp.resolve("k.zkey"), tmp.resolve("w.wtns"), tmp.resolve("jproof.json"),
                tmp.resolve("jpublic.json"));
        assertTrue(SnarkjsCli.verify(tmp, tmp.resolve("vk.json"), tmp.resolve("jpublic.json"),
                tmp.resolve("jproof.json")), "snarkjs accepts jzk's proof");

        SnarkjsCli.run(tmp, "snarkjs", "groth16", "prove", "k.zkey", "w.wtns", "sproof.json", "spublic.json");
        assertEquals(Files.readString(tmp.resolve("spublic.json")), Files.readString(tmp.resolve("jpublic.json")),
                "public.json identical");
        assertTrue(SnarkjsVerifier.verify(tmp.resolve("vk.json"), tmp.resolve("sproof.json"),
                tmp.resolve("spublic.json")), "jzk accepts snarkjs's proof");
        assertFalse(SnarkjsVerifier.verify(tmp.resolve("vk.json"), tmp.resolve("sproof.json"),
                writeWrongPublic(tmp.resolve("spublic.json"))), "jzk rejects wrong public inputs");

        // The circom circuit with jzk's own (bellman-family) keys: setup from the .r1cs, prove from the .wtns,
        // export VK + proof + public to snarkjs JSON: snarkjs verifies them.
        var r1cs = R1csFile.readR1cs(tmp.resolve("c.r1cs"));
        var wit = WtnsReader.read(tmp.resolve("w.wtns"), r1cs);
        var pk = jzk.prover.groth16.Groth16.setup(r1cs, new java.util.Random(5));
        var own = jzk.prover.groth16.Groth16.prove(pk, r1cs, wit);
        SnarkjsJson.writeVerifyingKey(tmp.resolve("own-vk.json"), pk.vk);
        SnarkjsJson.writeProof(tmp.resolve("own-proof.json"), own);
        SnarkjsJson.writePublic(tmp.resolve("own-public.json"), wit.publicInputs());
        assertEquals(Files.readString(tmp.resolve("spublic.json")), Files.readString(tmp.resolve("own-public.json")));
        assertTrue(SnarkjsCli.verify(tmp, tmp.resolve("own-vk.json"), tmp.resolve("own-public.json"),
                tmp.resolve("own-proof.json")), "snarkjs accepts jzk's own keys and proof for the circom circuit");
    }

    private static Path writeWrongPublic(Path good) throws Exception {
        String s = Files.readString(good);
        Path p = good.resolveSibling("wrong-public.json");
        Files.writeString(p, s.replace("\"7\"", "\"8\""));
        return p;
    }

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
