package jzk.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.node.TextNode;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * setup → gen-input → prove → verify for the built-in circuit (tiny shape, shared parameter cache), the snarkjs
 * path on the fixture made by the real circom/snarkjs tools ({@code prover/src/test/resources/snarkjs/mul},
 * see its SOURCE.md), and verify's OK / INVALID / malformed answers.
 */
@Timeout(60)
class ProveVerifyCommandTest {
    private static final ObjectMapper M = new ObjectMapper();
    private static final Path FIXTURE = Path.of("../prover/src/test/resources/snarkjs/mul");

    @TempDir
    static Path cache;

    @TempDir
    Path dir;

    private String f(String name) {
        return dir.resolve(name).toString();
    }

    private CliRun verify(String vk, String proof, String pub) {
        return CliRun.of("verify", "--vk", vk, "--proof", proof, "--public", pub);
    }

    @Test
    void builtInRoundTripAndTampering() throws Exception {
        String[] shape = {"--challenges", "1", "--depth", "2", "--partitions", "2", "--cache", cache.toString()};
        CliRun setup = CliRun.of(concat(new String[] {"setup", "--vk", f("vk.json")}, shape));
        assertEquals(0, setup.exitCode(), setup.err());
        assertTrue(setup.out().matches("(?s)circuit: porep/k=1/d=2/leaf=poseidon — \\d+ constraints.*")
                && setup.out().contains("verifying key written to"), setup.out());
        CliRun gen = CliRun.of(concat(new String[] {"gen-input", "--seed", "7", "-o", f("v.json")}, shape));
        assertEquals(0, gen.exitCode(), gen.err());
        CliRun prove = CliRun.of("prove", "--input", f("v.json"), "--cache", cache.toString(), "--device", "cpu",
                "--proof", f("proof.json"), "--public", f("public.json"));
        assertEquals(0, prove.exitCode(), prove.err());
        assertTrue(prove.out().contains("proved 2 partition(s)") && prove.out().contains("(verified)"),
                prove.out());

        CliRun ok = verify(f("vk.json"), f("proof.json"), f("public.json"));
        assertEquals(0, ok.exitCode(), ok.err());
        assertEquals("OK", ok.out().strip());

        // partition 1's first public signal (replica id) changed: a valid file, a wrong statement
        ArrayNode pub = (ArrayNode) M.readTree(dir.resolve("public.json").toFile());
        ((ArrayNode) pub.get(1)).set(0, new TextNode("5"));
        M.writeValue(dir.resolve("public2.json").toFile(), pub);
        CliRun bad = verify(f("vk.json"), f("proof.json"), f("public2.json"));
        assertEquals(1, bad.exitCode(), bad.err());
        assertEquals("INVALID", bad.out().strip());

        // partition 0's A and C swapped: both points valid, the proof is not
        ArrayNode proofs = (ArrayNode) M.readTree(dir.resolve("proof.json").toFile());
        ObjectNode p0 = (ObjectNode) proofs.get(0);
        JsonNode a = p0.get("pi_a");
        p0.set("pi_a", p0.get("pi_c"));
        p0.set("pi_c", a);
        M.writeValue(dir.resolve("proof2.json").toFile(), proofs);
        CliRun swapped = verify(f("vk.json"), f("proof2.json"), f("public.json"));
        assertEquals(1, swapped.exitCode(), swapped.err());
        assertEquals("INVALID", swapped.out().strip());

        // a coordinate off the curve: malformed, one line naming the file and the partition, exit 2
        ((ArrayNode) p0.get("pi_a")).set(0, new TextNode("5"));
        M.writeValue(dir.resolve("proof3.json").toFile(), proofs);
        CliRun malformed = verify(f("vk.json"), f("proof3.json"), f("public.json"));
        assertEquals(2, malformed.exitCode(), malformed.err());
        assertEquals(1, malformed.errLines(), malformed.err());
        assertTrue(malformed.err().startsWith("jzk: " + f("proof3.json") + "[0]: pi_a is not on"), malformed.err());
    }

    @Test
    void snarkjsFixtureProvesAndVerifies() throws Exception {
        Assumptions.assumeTrue(Files.isRegularFile(FIXTURE.resolve("k.zkey")),
                "snarkjs fixture not found at " + FIXTURE.toAbsolutePath() + ": skipped");
        String zkey = FIXTURE.resolve("k.zkey").toString();
        String vk = FIXTURE.resolve("vk.json").toString();
        // the proof snarkjs itself made verifies in jzk
        CliRun theirs = verify(vk, FIXTURE.resolve("proof.json").toString(), FIXTURE.resolve("public.json").toString());
        assertEquals(0, theirs.exitCode(), theirs.err());
        assertEquals("OK", theirs.out().strip());
        // and jzk's proof of the same witness
        CliRun prove = CliRun.of("prove", "--zkey", zkey, "--wtns", FIXTURE.resolve("w.wtns").toString(),
                "--proof", f("proof.json"), "--public", f("public.json"));
        assertEquals(0, prove.exitCode(), prove.err());
        assertEquals(M.readTree(FIXTURE.resolve("public.json").toFile()), M.readTree(dir.resolve("public.json").toFile()),
                "public signals as snarkjs wrote them");
        CliRun ok = verify(vk, f("proof.json"), f("public.json"));
        assertEquals(0, ok.exitCode(), ok.err());
        assertEquals("OK", ok.out().strip());
        // out = 168 claimed as 169
        Files.writeString(dir.resolve("lie.json"), "[\"169\", \"3\"]");
        CliRun lie = verify(vk, f("proof.json"), f("lie.json"));
        assertEquals(1, lie.exitCode(), lie.err());
        assertEquals("INVALID", lie.out().strip());
        CliRun missing = verify(vk, f("absent.json"), f("public.json"));
        assertEquals(2, missing.exitCode());
        assertEquals("jzk: " + f("absent.json") + ": no such file", missing.err().strip());
    }

    @Test
    void devicesListsJvm() {
        CliRun r = CliRun.of("devices");
        assertEquals(0, r.exitCode(), r.err());
        assertTrue(r.out().lines().anyMatch(l -> l.strip().startsWith("jvm ")), r.out());
        assertTrue(r.out().contains("backends:") && r.out().contains("default for jzk batch / prove: "), r.out());
    }

    private static String[] concat(String[] a, String[] b) {
        String[] r = new String[a.length + b.length];
        System.arraycopy(a, 0, r, 0, a.length);
        System.arraycopy(b, 0, r, a.length, b.length);
        return r;
    }
}
