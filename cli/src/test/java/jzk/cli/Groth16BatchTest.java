package jzk.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import jzk.prover.circuits.PorepInputGenerator;
import jzk.prover.circuits.PorepJson;
import jzk.prover.circuits.PorepShape;
import jzk.prover.gadgets.MerkleHash;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code jzk batch} with the real Groth16 workload on the CPU prover (cpu), tiny shape (K = 1, D = 2: ~800
 * constraints, 2^10 domain); the parameter cache is shared by the tests of this class.
 */
@Timeout(60)
class Groth16BatchTest {
    @TempDir
    static Path cache;

    static final String[] SHAPE = {"--challenges", "1", "--depth", "2"};

    static String[] args(String... more) {
        String[] all = new String[SHAPE.length + 2 + more.length];
        System.arraycopy(SHAPE, 0, all, 0, SHAPE.length);
        all[SHAPE.length] = "--cache";
        all[SHAPE.length + 1] = cache.toString();
        System.arraycopy(more, 0, all, SHAPE.length + 2, more.length);
        return all;
    }

    static String[] cmd(String command, String... more) {
        String[] rest = args(more);
        String[] all = new String[rest.length + 1];
        all[0] = command;
        System.arraycopy(rest, 0, all, 1, rest.length);
        return all;
    }

    @Test
    void batchProvesAndVerifiesOnJvmAndTheTrackerEndsEmpty(@TempDir Path dir) throws Exception {
        Path json = dir.resolve("r.json");
        Path log = dir.resolve("buf.log");
        Path out = dir.resolve("proofs");
        CliRun r = CliRun.of(cmd("batch", "--device", "cpu", "--count", "3", "--partitions", "2",
                "--json", json.toString(), "--buffer-log", log.toString(), "--out", out.toString()));
        assertEquals(0, r.exitCode(), r.out() + r.err());
        // the written proofs verify with the exported key, independently of the pipeline's own check: the key
        // --out wrote beside them, and the same key exported by setup (setup of the same shape: an identical file)
        CliRun setup = CliRun.of(cmd("setup", "--vk", dir.resolve("vk.json").toString()));
        assertEquals(0, setup.exitCode(), setup.err());
        assertEquals(-1, Files.mismatch(dir.resolve("vk.json"), out.resolve("verification_key.json")));
        for (int i = 1; i <= 3; i++) {
            CliRun v = CliRun.of("verify", "--vk", out.resolve("verification_key.json").toString(), "--proof",
                    out.resolve("proof-" + i + ".json").toString(), "--public",
                    out.resolve("public-" + i + ".json").toString());
            assertEquals(0, v.exitCode(), v.err());
            assertEquals("OK", v.out().strip());
        }
        assertTrue(r.out().contains("3 completed (3 verified), 0 failed, 0 cancelled"), r.out());
        assertTrue(r.out().contains("groth16 porep k=1 d=2"), r.out());
        JsonNode j = new ObjectMapper().readTree(json.toFile());
        assertEquals(3, j.get("completed").asInt());
        for (JsonNode p : j.get("proofs")) {
            assertTrue(p.get("verified").asBoolean(), p.toString());
        }
        // the phase table: every partition (3 proofs × 2) lapped the host path's phases once each
        for (String phase : new String[] {"witness", "abc eval (host)", "quotient (upload, ntts)", "msm H",
                "msm B2 (G2, cpu tail)", "assemble"}) {
            JsonNode ph = j.get("phases").get(phase);
            assertEquals(6, ph.get("count").asInt(), phase + ": " + j.get("phases"));
            assertTrue(ph.get("p50Ms").asDouble() <= ph.get("maxMs").asDouble(), ph.toString());
        }
        assertTrue(r.out().contains("phases (ms)") && r.out().contains("  abc eval (host)"), r.out());
        List<String> lines = Files.readAllLines(log);
        String last = lines.get(lines.size() - 1);
        // every buffer class count back to zero after the batch
        for (String kv : last.split(" ")) {
            if (kv.matches("[a-zA-Z]+=\\d+") && !kv.startsWith("job=") && !kv.startsWith("part=")) {
                assertTrue(kv.endsWith("=0"), "not zero at the end: " + last);
            }
        }
        assertTrue(last.contains("estBytes=0 B"), last);
        // 12 transitions per partition at least were logged: 3 proofs × 2 partitions
        assertTrue(lines.size() >= 3 * 2 * 4, lines.size() + " lines");
    }

    @Test
    void aBadInputFailsOnlyItsProof(@TempDir Path dir) throws Exception {
        PorepShape shape = new PorepShape(1, 2, MerkleHash.POSEIDON);
        Path inputs = Files.createDirectories(dir.resolve("inputs"));
        for (int i = 0; i < 3; i++) {
            PorepJson.write(PorepInputGenerator.generate(shape, 2, 100 + i), inputs.resolve("p" + i + ".json"));
        }
        // proof 1: partition 1's first sibling replaced, so its Merkle path no longer hashes to comm_r
        Path bad = inputs.resolve("p1.json");
        JsonNode root = new ObjectMapper().readTree(bad.toFile());
        var sib = (com.fasterxml.jackson.databind.node.ArrayNode) root.get("partitions").get(1).get("challenges")
                .get(0).get("siblings");
        sib.set(0, new com.fasterxml.jackson.databind.node.TextNode("12345"));
        new ObjectMapper().writeValue(bad.toFile(), root);

        Path json = dir.resolve("r.json");
        CliRun r = CliRun.of(cmd("batch", "--device", "cpu", "--count", "3", "--input", inputs.toString(),
                "--json", json.toString()));
        assertEquals(1, r.exitCode(), r.out() + r.err());
        assertTrue(r.out().contains("2 completed (2 verified), 1 failed, 0 cancelled"), r.out());
        JsonNode j = new ObjectMapper().readTree(json.toFile());
        JsonNode p2 = j.get("proofs").get(1);
        assertEquals("FAILED", p2.get("status").asText());
        String reason = p2.get("reason").asText();
        assertTrue(reason.contains("p1.json") && reason.contains("$.partitions[1].challenges[0].siblings")
                && reason.contains("does not hash to"), reason);
        assertEquals("COMPLETED", j.get("proofs").get(0).get("status").asText());
        assertEquals("COMPLETED", j.get("proofs").get(2).get("status").asText());
    }

    /**
     * The GPU stage on a real OpenCL device through DeviceBackend: the first one found (PoCL in CI),
     * {@code -Djzk.test.opencl=NAME} for another, {@code =none} to skip. PoCL's first compile of the NTT and MSM
     * kernels takes tens of seconds on 2 cores (measured 18 s for this batch); after the kernel and prover
     * modules' tests PoCL's kernel cache holds them.
     */
    @Test
    @Timeout(300)
    void batchOnAnOpenClDevice() {
        var device = jzk.tornado.bls.DeviceHosts.openclForTests();
        org.junit.jupiter.api.Assumptions.assumeTrue(device.isPresent(),
                "no OpenCL device (install PoCL: setup-tornado.sh) or -Djzk.test.opencl=none");
        String name = device.get();
        CliRun r = CliRun.of(cmd("batch", "--device", name, "--count", "1", "--partitions", "1"));
        assertEquals(0, r.exitCode(), r.out() + r.err());
        assertTrue(r.out().contains("1 completed (1 verified), 0 failed") && r.out().contains("devices=" + name),
                r.out());
        // a/b/c were evaluated on the device from the uploaded witness (DeviceStage), not on the host
        assertTrue(r.out().contains("  upload z") && r.out().contains("  abc eval ")
                && !r.out().contains("abc eval (host)"), r.out());
    }

    @Test
    void unknownDeviceIsOneLineListingTheAvailableOnes() {
        CliRun r = CliRun.of(cmd("batch", "--device", "gpu:9"));
        assertEquals(2, r.exitCode(), r.err());
        assertEquals(1, r.errLines(), r.err());
        assertTrue(r.err().startsWith("jzk: unknown device 'gpu:9'; available: [") && r.err().contains("jvm"),
                r.err());
    }

    /** A well-formed device this machine lacks (no cuda:9 anywhere we test) is "not available": exit 3, one line. */
    @Test
    void missingDeviceIsNotAvailable() {
        CliRun r = CliRun.of(cmd("batch", "--device", "cuda:9"));
        assertEquals(3, r.exitCode(), r.err());
        assertEquals(1, r.errLines(), r.err());
        assertTrue(r.err().startsWith("jzk: device cuda:9 is not available on this machine (cuda")
                && r.err().contains("; available: [cpu, ") && r.err().contains("jvm"), r.err());
    }

    @Test
    void truncatedCacheFileIsReportedAndRegenerated(@TempDir Path dir) throws Exception {
        String[] batch = {"batch", "--challenges", "1", "--depth", "2", "--cache", dir.toString(), "--count", "1",
            "--partitions", "1", "--device", "cpu"};
        CliRun first = CliRun.of(batch);
        assertEquals(0, first.exitCode(), first.err());
        assertTrue(first.err().contains("generating Groth16 parameters"), first.err());
        Path params;
        try (var s = Files.list(dir)) {
            params = s.filter(p -> p.toString().endsWith(".params")).findFirst().orElseThrow();
        }
        byte[] bytes = Files.readAllBytes(params);
        Files.write(params, java.util.Arrays.copyOf(bytes, bytes.length / 2));
        CliRun second = CliRun.of(batch);
        assertEquals(0, second.exitCode(), second.err());
        assertTrue(second.err().contains("invalid parameter cache file, regenerating it: " + params)
                && second.err().contains("truncated"), second.err());
        assertEquals(bytes.length, Files.size(params));
        CliRun third = CliRun.of(batch);
        assertEquals(0, third.exitCode(), third.err());
        assertEquals("", third.err().strip(), "third run loads the cache silently");
    }
}
