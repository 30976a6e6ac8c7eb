package jzk.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import jzk.arith.Fr;
import jzk.cluster.Db;
import jzk.cluster.JobRequest;
import jzk.cluster.JobStore;
import jzk.cluster.LocalPostgres;
import jzk.cluster.ProofCodecs;
import jzk.prover.batch.ParamsCache;
import jzk.prover.batch.PorepGroth16;
import jzk.prover.batch.ProverSession;
import jzk.prover.circuits.PorepInputGenerator;
import jzk.prover.circuits.PorepPartition;
import jzk.prover.circuits.PorepShape;
import jzk.prover.gadgets.MerkleHash;
import jzk.prover.groth16.PreparedVerifyingKey;
import jzk.prover.groth16.Verifier;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 13's "done when", on a real PostgreSQL (a throw-away cluster under target/, loopback only) with three real
 * {@code jzk worker} JVMs on the jvm device and the smallest built-in shape (k=1, d=1: 521 constraints):
 * 60 jobs of priorities 0, 1, 2, two snarkjs jobs (the circom fixture's zkey and witness) and one poisoned job
 * (its input blob is not JSON). During the run one worker is
 * SIGKILLed in the middle of a job, another is frozen (SIGSTOP) past its lease and thawed, and the database is
 * stopped and started again. Then: every good job is done exactly once (one proof row; one "done" line over all
 * worker logs), every stored proof verifies under the verifying key this test loaded itself and carries its own
 * input's replica id and comm_r, the killed worker's job was finished by another worker, the frozen worker's late
 * result was not stored, the workers logged the outage and went on, higher priorities were claimed first, and the
 * poisoned job is failed with its reason after its 2 attempts.
 */
@Timeout(180)
class ClusterTest {
    private static final PorepShape SHAPE = new PorepShape(1, 1, MerkleHash.POSEIDON);
    private static final Pattern DONE = Pattern.compile("done job (\\d+) in");

    @TempDir
    Path dir;
    /** Worker logs, kept after the run for inspection. */
    private final Path logs = Path.of("target", "cluster-test");

    private static long scalar(Db db, String sql) throws SQLException {
        try (Connection c = db.connect(); Statement s = c.createStatement(); ResultSet rs = s.executeQuery(sql)) {
            return rs.next() ? rs.getLong(1) : -1;
        }
    }

    private static String text(Db db, String sql) throws SQLException {
        try (Connection c = db.connect(); Statement s = c.createStatement(); ResultSet rs = s.executeQuery(sql)) {
            return rs.next() ? rs.getString(1) : null;
        }
    }

    /** Polls {@code sql} (a count) until it is ≥ {@code atLeast}; database errors count as not yet. */
    private static void await(Db db, String sql, long atLeast, long deadlineNanos, String what) throws Exception {
        while (System.nanoTime() < deadlineNanos) {
            try {
                if (scalar(db, sql) >= atLeast) {
                    return;
                }
            } catch (SQLException e) {
                // the database is restarting
            }
            Thread.sleep(20);
        }
        throw new AssertionError("timed out waiting for " + what);
    }

    private Process worker(String url, String name, Path cache) throws Exception {
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        return new ProcessBuilder(java, "-Xmx256m", "-XX:+UseSerialGC", "-XX:ActiveProcessorCount=1",
                "--enable-native-access=ALL-UNNAMED", "-cp", System.getProperty("java.class.path"), "jzk.cli.Main",
                "worker", "--db", url, "--device", "cpu", "--name", name, "--lease", "3", "--heartbeat", "0.5",
                "--poll", "0.2", "--cache", cache.toString())
                .redirectErrorStream(true).redirectOutput(logs.resolve(name + ".log").toFile()).start();
    }

    @Test
    void sixtyJobsThreeWorkersAKillAFreezeAndADatabaseRestart() throws Exception {
        if (LocalPostgres.binaries() == null) {
            String why = "PostgreSQL server not installed (apt-get install postgresql): cluster test skipped";
            System.out.println(why);
            Assumptions.abort(why);
        }
        long t0 = System.nanoTime();
        Files.createDirectories(logs);
        Path cache = dir.resolve("cache");
        // the parameters every worker shares, and this test's own copy of the verifying key
        PorepGroth16 params;
        try (ProverSession cpu = ProverSession.open(List.of(ProverSession.CPU))) {
            params = PorepGroth16.open(SHAPE, 1, null, 0, ParamsCache.of(cache), cpu, l -> { });
        }
        PreparedVerifyingKey pvk = new PreparedVerifyingKey(params.provingKey().vk);
        try (LocalPostgres pg = LocalPostgres.start(Path.of("target", "pg"), false)) {
            Db db = Db.of(pg.url());
            String url = pg.url();
            Map<Long, Long> seedOf = new HashMap<>();
            Map<Long, Integer> priorityOf = new HashMap<>();
            for (int p = 0; p < 3; p++) {
                CliRun r = CliRun.of("submit", "--db", url, "--challenges", "1", "--depth", "1", "--partitions", "1",
                        "--count", "20", "--seed", Integer.toString(100 * p), "--priority", Integer.toString(p));
                assertEquals(0, r.exitCode(), r.err());
                Matcher m = Pattern.compile("submitted job (\\d+) \\(porep k=1 d=1 seed (\\d+),").matcher(r.out());
                while (m.find()) {
                    seedOf.put(Long.parseLong(m.group(1)), Long.parseLong(m.group(2)));
                    priorityOf.put(Long.parseLong(m.group(1)), p);
                }
            }
            assertEquals(60, seedOf.size());
            // two snarkjs jobs on the circom/snarkjs fixture (zkey and witness made by the real tools)
            Path mul = Path.of("../prover/src/test/resources/snarkjs/mul");
            CliRun sj = CliRun.of("submit", "--db", url, "--zkey", mul.resolve("k.zkey").toString(), "--wtns",
                    mul.resolve("w.wtns").toString(), "--count", "2", "--priority", "1");
            assertEquals(0, sj.exitCode(), sj.err());
            Matcher sm = Pattern.compile("submitted job (\\d+) \\(snarkjs w.wtns").matcher(sj.out());
            List<Long> snarkjsJobs = new ArrayList<>();
            while (sm.find()) {
                snarkjsJobs.add(Long.parseLong(sm.group(1)));
            }
            assertEquals(2, snarkjsJobs.size(), sj.out());
            byte[] junk = "{ this is not a vanilla proof".getBytes(StandardCharsets.UTF_8);
            String h = JobRequest.hash(junk);
            long poisoned;
            try (JobStore s = new JobStore(db)) {
                poisoned = s.submit(new JobRequest("porep", "{\"challenges\":1,\"depth\":1,\"leafHash\":\"poseidon\","
                        + "\"input\":\"" + h + "\"}", "poisoned", 1, 0, Map.of(h, junk)), 1, 2);
            }

            List<Process> workers = new ArrayList<>();
            try {
                for (int i = 1; i <= 3; i++) {
                    workers.add(worker(url, "w" + i, cache));
                }
                long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(150);
                // 1. SIGKILL w1 while it holds a job
                await(db, "SELECT count(*) FROM jobs WHERE state = 'done'", 6, deadline, "6 jobs done");
                await(db, "SELECT count(*) FROM jobs WHERE state = 'running' AND lease_owner = 'w1'", 1, deadline,
                        "w1 running a job");
                workers.get(0).destroyForcibly(); // SIGKILL
                assertTrue(workers.get(0).waitFor(10, TimeUnit.SECONDS));
                long killedJob = scalar(db, "SELECT job_id FROM attempts WHERE worker = 'w1' AND ended_at IS NULL");
                assertTrue(killedJob > 0, "w1's open attempt");

                // 2. SIGSTOP w2 while it holds a job, until another worker has taken it over; then SIGCONT
                // w2 may end its job between the query and the stop (seen under load): then it holds no open
                // attempt, so let it go on and stop it at its next job
                long w2pid = workers.get(1).pid();
                long frozenJob = -1;
                while (frozenJob <= 0) {
                    await(db, "SELECT count(*) FROM jobs WHERE state = 'running' AND lease_owner = 'w2'", 1,
                            deadline, "w2 running a job");
                    new ProcessBuilder("kill", "-STOP", Long.toString(w2pid)).start().waitFor();
                    frozenJob = scalar(db, "SELECT job_id FROM attempts WHERE worker = 'w2' AND ended_at IS NULL");
                    if (frozenJob <= 0) {
                        new ProcessBuilder("kill", "-CONT", Long.toString(w2pid)).start().waitFor();
                    }
                }
                await(db, "SELECT count(*) FROM attempts WHERE job_id = " + frozenJob + " AND worker <> 'w2'", 1,
                        deadline, "job " + frozenJob + " taken over from the frozen w2");
                new ProcessBuilder("kill", "-CONT", Long.toString(w2pid)).start().waitFor();

                // 3. restart the database mid-run
                await(db, "SELECT count(*) FROM jobs WHERE state = 'done'", 30, deadline, "30 jobs done");
                pg.stopServer();
                Thread.sleep(1500);
                pg.startServer();

                await(db, "SELECT count(*) FROM jobs WHERE state IN ('done', 'failed')", 63, deadline,
                        "every job done or failed");
                for (Process w : workers) {
                    w.destroy(); // SIGTERM: stop claiming, exit
                }
                for (Process w : workers) {
                    assertTrue(w.waitFor(20, TimeUnit.SECONDS), "worker exits on SIGTERM");
                }

                // every good job done exactly once, with a proof that verifies under our own key for its input
                assertEquals(62, scalar(db, "SELECT count(*) FROM jobs WHERE state = 'done'"));
                assertEquals(62, scalar(db, "SELECT count(*) FROM proofs"));
                try (JobStore s = new JobStore(db)) {
                    for (Map.Entry<Long, Long> e : seedOf.entrySet()) {
                        JobStore.StoredProof sp = s.proof(e.getKey()).orElseThrow();
                        var proofs = ProofCodecs.decodeProofs(sp.proof());
                        var pub = ProofCodecs.decodePublic(sp.publicInputs());
                        assertTrue(Verifier.verifyBatch(pvk, proofs, pub), "job " + e.getKey());
                        PorepPartition in = PorepInputGenerator.generate(SHAPE, 1, e.getValue()).partitions().get(0);
                        assertTrue(Fr.F.equal(in.replicaId(), 0, pub.get(0), 0), "replica id of job " + e.getKey());
                        assertTrue(Fr.F.equal(in.commR(), 0, pub.get(0), Fr.LIMBS), "comm_r of job " + e.getKey());
                    }
                }
                Map<String, String> logText = new HashMap<>();
                List<Long> doneLines = new ArrayList<>();
                for (int i = 1; i <= 3; i++) {
                    String log = Files.readString(logs.resolve("w" + i + ".log"));
                    logText.put("w" + i, log);
                    Matcher m = DONE.matcher(log);
                    while (m.find()) {
                        doneLines.add(Long.parseLong(m.group(1)));
                    }
                }
                String all = String.join("\n---\n", logText.values());
                assertEquals(62, doneLines.size(), all);
                Set<Long> expectDone = new HashSet<>(seedOf.keySet());
                expectDone.addAll(snarkjsJobs);
                assertEquals(expectDone, new HashSet<>(doneLines), "each job reported done once");

                // the killed worker's job was finished by another worker after its lease expired
                assertNotEquals("w1", text(db, "SELECT worker FROM proofs WHERE job_id = " + killedJob));
                assertEquals("expired", text(db, "SELECT outcome FROM attempts WHERE job_id = " + killedJob
                        + " AND worker = 'w1'"));
                // the frozen worker woke up to a lost lease: its result was not stored
                assertNotEquals("w2", text(db, "SELECT worker FROM proofs WHERE job_id = " + frozenJob));
                assertTrue(logText.get("w2").contains("refused job " + frozenJob)
                        || logText.get("w2").contains("job " + frozenJob + ": lease lost"), logText.get("w2"));
                // the surviving workers saw the outage and went on
                for (String w : List.of("w2", "w3")) {
                    String log = logText.get(w);
                    int down = log.indexOf("database unavailable");
                    assertTrue(down >= 0, w + " noticed the restart:\n" + log);
                    assertTrue(DONE.matcher(log.substring(down)).find(), w + " proved after the restart:\n" + log);
                }
                // higher priority first: every priority-2 job was first claimed before any priority-0 job
                long p2last = scalar(db, "SELECT extract(epoch FROM max(a.started_at)) * 1e6 FROM attempts a JOIN "
                        + "jobs j ON j.id = a.job_id WHERE a.lease_epoch = 1 AND j.priority = 2");
                long p0first = scalar(db, "SELECT extract(epoch FROM min(a.started_at)) * 1e6 FROM attempts a JOIN "
                        + "jobs j ON j.id = a.job_id WHERE a.lease_epoch = 1 AND j.priority = 0");
                assertTrue(p2last <= p0first, p2last + " > " + p0first);
                assertEquals(60, priorityOf.size());

                // the poisoned job: failed with its reason after its 2 attempts, never retried forever
                try (JobStore s = new JobStore(db)) {
                    JobStore.JobRow r = s.job(poisoned).orElseThrow();
                    assertEquals("failed", r.state());
                    assertEquals(2, r.attempts());
                    assertTrue(r.lastError().contains("not valid JSON"), r.lastError());
                }
                // jzk jobs / jzk fetch over the same database
                CliRun jobs = CliRun.of("jobs", "--db", url, "--state", "failed");
                assertEquals(0, jobs.exitCode(), jobs.err());
                assertTrue(jobs.out().contains("not valid JSON") && jobs.out().contains("done=62, failed=1"),
                        jobs.out());
                long any = seedOf.keySet().iterator().next();
                CliRun fetch = CliRun.of("fetch", "--db", url, Long.toString(any), "--proof",
                        dir.resolve("p.json").toString(), "--public", dir.resolve("pub.json").toString(), "--vk",
                        dir.resolve("vk.json").toString());
                assertEquals(0, fetch.exitCode(), fetch.err());
                CliRun verify = CliRun.of("verify", "--vk", dir.resolve("vk.json").toString(), "--proof",
                        dir.resolve("p.json").toString(), "--public", dir.resolve("pub.json").toString());
                assertEquals(0, verify.exitCode(), verify.out() + verify.err());
                // a snarkjs job's proof verifies under snarkjs's own vk.json, with the fixture's public signals
                CliRun sf = CliRun.of("fetch", "--db", url, Long.toString(snarkjsJobs.get(1)), "--proof",
                        dir.resolve("sp.json").toString(), "--public", dir.resolve("spub.json").toString());
                assertEquals(0, sf.exitCode(), sf.err());
                CliRun sv = CliRun.of("verify", "--vk", mul.resolve("vk.json").toString(), "--proof",
                        dir.resolve("sp.json").toString(), "--public", dir.resolve("spub.json").toString());
                assertEquals(0, sv.exitCode(), sv.out() + sv.err());
                assertEquals("[\"168\",\"3\"]", Files.readString(dir.resolve("spub.json")).replaceAll("\\s", ""));
                CliRun failedFetch = CliRun.of("fetch", "--db", url, Long.toString(poisoned), "--proof",
                        dir.resolve("q.json").toString(), "--public", dir.resolve("qpub.json").toString());
                assertEquals(1, failedFetch.exitCode());
                assertTrue(failedFetch.err().contains("job " + poisoned + " is failed: "), failedFetch.err());
                System.out.printf("ClusterTest: 60 porep + 2 snarkjs + 1 poisoned job, 3 workers, kill/freeze/restart: %.1f s%n",
                        (System.nanoTime() - t0) / 1e9);
            } finally {
                for (Process w : workers) {
                    w.destroyForcibly();
                }
                System.out.println(Arrays.toString(workers.stream().map(Process::pid).toArray()));
            }
        }
    }
}
