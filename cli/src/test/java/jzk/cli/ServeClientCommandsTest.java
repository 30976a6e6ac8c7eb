package jzk.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import jzk.prover.batch.ParamsCache;
import jzk.prover.pipeline.PermitPolicy;
import jzk.prover.pipeline.PipelineConfig;
import jzk.server.JzkServer;
import jzk.server.ServerConfig;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The client commands ({@code jzk serve submit|await|status|cancel}) against a real {@code jzk serve} on a
 * loopback port: {@code submit} + {@code await} of a
 * snarkjs witness, its files checked by {@code jzk verify} under the snarkjs-made verifying key; {@code submit}
 * + {@code await} of the built-in circuit checked by {@code jzk verify} under the key {@code jzk setup} exports
 * from the same cache; {@code status}, {@code cancel}; {@code batch --server}; errors as one line.
 */
@Timeout(120)
class ServeClientCommandsTest {
    static final Path MUL = Path.of("../prover/src/test/resources/snarkjs/mul").toAbsolutePath();
    static Path cache;
    static JzkServer server;
    static String addr;

    @TempDir
    Path dir;

    @BeforeAll
    static void start(@TempDir Path tmp) throws Exception {
        cache = tmp.resolve("cache");
        PipelineConfig pc = new PipelineConfig(1, 1, 1, List.of("cpu"), 1, 256L << 20, PermitPolicy.HOLD_UNTIL_GPU,
                true, null, null);
        server = JzkServer.start(new ServerConfig("127.0.0.1", 0, -1, null, ServerConfig.DEFAULT_MAX_REQUEST_BYTES,
                List.of("cpu"), pc, new ParamsCache(cache), 100, m -> { }));
        addr = "127.0.0.1:" + server.port();
    }

    @AfterAll
    static void stop() {
        server.close();
    }

    @Test
    void snarkjsSubmitAwaitVerify() {
        CliRun s = CliRun.of("serve", "submit", "--server", addr, "--zkey", MUL.resolve("k.zkey").toString(), "--wtns",
                MUL.resolve("w.wtns").toString(), "--priority", "high", "--request-id", "cli-1");
        assertEquals(0, s.exitCode(), s.err());
        String job = s.out().strip();
        assertTrue(job.startsWith("job-"), job);
        Path proof = dir.resolve("proof.json");
        Path pub = dir.resolve("public.json");
        CliRun a = CliRun.of("serve", "await", job, "--server", addr, "--proof", proof.toString(), "--public", pub.toString());
        assertEquals(0, a.exitCode(), a.err());
        assertTrue(a.err().contains(job + " done"), a.err());
        CliRun v = CliRun.of("verify", "--vk", MUL.resolve("vk.json").toString(), "--proof", proof.toString(),
                "--public", pub.toString());
        assertEquals(0, v.exitCode(), v.err());
        assertEquals("OK", v.out().strip());
        // the same request id again: the same job
        CliRun again = CliRun.of("serve", "submit", "--server", addr, "--zkey", MUL.resolve("k.zkey").toString(), "--wtns",
                MUL.resolve("w.wtns").toString(), "--priority", "high", "--request-id", "cli-1");
        assertEquals(job, again.out().strip());
        CliRun c = CliRun.of("serve", "cancel", job, "--server", addr);
        assertEquals(1, c.exitCode());
        assertTrue(c.out().contains("already finished: done"), c.out());
    }

    @Test
    void builtinSubmitAwaitVerifyWithTheExportedKey() throws Exception {
        Path vk = dir.resolve("vk.json");
        CliRun setup = CliRun.of("setup", "--challenges", "1", "--depth", "2", "--cache", cache.toString(), "--vk",
                vk.toString(), "--device", "cpu");
        assertEquals(0, setup.exitCode(), setup.err());
        CliRun s = CliRun.of("serve", "submit", "--server", addr, "--challenges", "1", "--depth", "2", "--partitions", "2",
                "--seed", "5");
        assertEquals(0, s.exitCode(), s.err());
        Path proof = dir.resolve("p.json");
        Path pub = dir.resolve("q.json");
        CliRun a = CliRun.of("serve", "await", s.out().strip(), "--server", addr, "--proof", proof.toString(), "--public",
                pub.toString());
        assertEquals(0, a.exitCode(), a.err());
        assertTrue(a.err().contains("synthesized"), "no progress lines: " + a.err());
        CliRun v = CliRun.of("verify", "--vk", vk.toString(), "--proof", proof.toString(), "--public", pub.toString());
        assertEquals(0, v.exitCode(), v.err());
        assertEquals("OK", v.out().strip());
        CliRun st = CliRun.of("serve", "status", "--server", addr);
        assertEquals(0, st.exitCode(), st.err());
        assertTrue(st.out().contains("builtin:porep/k=1/d=2/leaf=poseidon resident"), st.out());
        CliRun m = CliRun.of("serve", "status", "--server", addr, "--metrics");
        assertTrue(m.out().contains("jzk_stage_seconds{stage=\"total\",quantile=\"0.99\"}"), m.out());
    }

    @Test
    void batchAgainstTheServer() throws Exception {
        Path json = dir.resolve("r.json");
        CliRun b = CliRun.of("batch", "--server", addr, "--challenges", "1", "--depth", "2", "--partitions", "1",
                "--count", "3", "--concurrency", "2", "--warmup", "1", "--json", json.toString(), "--out",
                dir.resolve("out").toString());
        assertEquals(0, b.exitCode(), b.err());
        assertTrue(b.out().contains("3/3 proofs done"), b.out());
        assertTrue(Files.readString(json).contains("\"proofsPerSecond\""));
        assertTrue(Files.exists(dir.resolve("out/proof-3.json")));
    }

    @Test
    void errorsAreOneLine() {
        CliRun a = CliRun.of("serve", "await", "job-424242", "--server", addr, "--proof", dir.resolve("x.json").toString(),
                "--public", dir.resolve("y.json").toString());
        assertEquals(2, a.exitCode());
        assertEquals(1, a.errLines(), a.err());
        assertTrue(a.err().contains("NOT_FOUND") && a.err().contains("job-424242"), a.err());
        CliRun down = CliRun.of("serve", "status", "--server", "127.0.0.1:1");
        assertEquals(1, down.exitCode());
        assertEquals(1, down.errLines(), down.err());
        assertTrue(down.err().contains("cannot reach jzk serve at 127.0.0.1:1"), down.err());
        CliRun bad = CliRun.of("serve", "submit", "--server", addr, "--priority", "urgent");
        assertEquals(2, bad.exitCode());
        assertTrue(bad.err().contains("--priority"), bad.err());
        CliRun listen = CliRun.of("serve", "--listen", "127.0.0.1:99999");
        assertEquals(2, listen.exitCode());
        assertEquals(1, listen.errLines(), listen.err());
    }
}
