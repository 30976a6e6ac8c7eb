package jzk.cluster;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The lease protocol of {@link JobStore} on a real PostgreSQL: claim order, exclusive claims under concurrency,
 * heartbeats, take-over after expiry, a stale owner's completion refused by the database, retries then failure
 * with the reason, memory gating, and schema migrations (once, under concurrency; a newer schema refused).
 */
@Timeout(60)
class JobStoreTest {
    private static final List<String> KINDS = List.of("porep", "snarkjs");
    private static final byte[] VK = "{\"vk\":1}".getBytes(StandardCharsets.UTF_8);
    private static final byte[] PROOF = new byte[192];
    private static final byte[] PUB = new byte[4];

    private static JobRequest job(String label, long needs) {
        return new JobRequest("porep", "{}", label, 1, needs, Map.of());
    }

    private static JobStore store(Db db) throws SQLException {
        JobStore s = new JobStore(db);
        s.migrate();
        return s;
    }

    private static long count(Db db, String sql) throws SQLException {
        try (Connection c = db.connect(); Statement s = c.createStatement(); ResultSet rs = s.executeQuery(sql)) {
            rs.next();
            return rs.getLong(1);
        }
    }

    @Test
    void claimsByPriorityThenAge() throws Exception {
        Db db = TestDatabases.fresh();
        try (JobStore s = store(db)) {
            long a = s.submit(job("a", 0), 0, 3);
            long b = s.submit(job("b", 0), 5, 3);
            long c = s.submit(job("c", 0), 0, 3);
            long d = s.submit(job("d", 0), 5, 3);
            List<Long> order = new ArrayList<>();
            for (Optional<JobStore.Claimed> j; (j = s.claim("w", 1L << 30, KINDS, 30)).isPresent(); ) {
                order.add(j.get().id());
            }
            assertEquals(List.of(b, d, a, c), order);
        }
    }

    @Test
    void concurrentWorkersClaimEachJobExactlyOnce() throws Exception {
        Db db = TestDatabases.fresh();
        int jobs = 200;
        try (JobStore s = store(db)) {
            for (int i = 0; i < jobs; i++) {
                s.submit(job("j" + i, 0), i % 3, 3);
            }
        }
        Map<Long, String> claimedBy = new ConcurrentHashMap<>();
        AtomicInteger duplicates = new AtomicInteger();
        ExecutorService pool = Executors.newFixedThreadPool(4);
        List<Future<Integer>> fs = new ArrayList<>();
        for (int w = 0; w < 4; w++) {
            String me = "w" + w;
            fs.add(pool.submit(() -> {
                int n = 0;
                try (JobStore s = new JobStore(db)) {
                    for (Optional<JobStore.Claimed> j; (j = s.claim(me, 1L << 30, KINDS, 30)).isPresent(); ) {
                        if (claimedBy.putIfAbsent(j.get().id(), me) != null) {
                            duplicates.incrementAndGet();
                        }
                        assertTrue(s.complete(j.get().id(), me, j.get().epoch(), PROOF, PUB, VK, 1).accepted());
                        n++;
                    }
                }
                return n;
            }));
        }
        int total = 0;
        for (Future<Integer> f : fs) {
            total += f.get();
        }
        pool.shutdown();
        assertEquals(0, duplicates.get());
        assertEquals(jobs, total);
        assertEquals(jobs, claimedBy.size());
        assertEquals(jobs, count(db, "SELECT count(*) FROM proofs"));
        assertEquals(jobs, count(db, "SELECT count(*) FROM jobs WHERE state = 'done' AND attempts = 1"));
        assertTrue(count(db, "SELECT count(DISTINCT worker) FROM proofs") >= 2, "work was shared");
    }

    @Test
    void staleOwnersCompletionIsRefusedAndTheProofStoredOnce() throws Exception {
        Db db = TestDatabases.fresh();
        try (JobStore a = store(db); JobStore b = new JobStore(db)) {
            long id = a.submit(job("x", 0), 0, 3);
            JobStore.Claimed ca = a.claim("A", 1L << 30, KINDS, 0.3).orElseThrow();
            assertTrue(b.claim("B", 1L << 30, KINDS, 30).isEmpty(), "A's lease is live");
            Thread.sleep(500);
            JobStore.Claimed cb = b.claim("B", 1L << 30, KINDS, 30).orElseThrow();
            assertEquals(id, cb.id());
            assertEquals(ca.epoch() + 1, cb.epoch());
            assertEquals("A", cb.previousOwner());
            assertEquals(2, cb.attempt());
            // A wakes up: its heartbeat, completion and failure report are all refused
            assertFalse(a.heartbeat(id, "A", ca.epoch(), 1, 30));
            JobStore.Outcome stale = a.complete(id, "A", ca.epoch(), PROOF, PUB, VK, 1);
            assertFalse(stale.accepted());
            assertEquals("running", stale.state());
            assertFalse(a.fail(id, "A", ca.epoch(), "late").accepted());
            assertEquals(0, count(db, "SELECT count(*) FROM proofs"));
            assertTrue(b.complete(id, "B", cb.epoch(), PROOF, PUB, VK, 1).accepted());
            // B cannot complete twice either
            assertFalse(b.complete(id, "B", cb.epoch(), PROOF, PUB, VK, 1).accepted());
            assertEquals(1, count(db, "SELECT count(*) FROM proofs"));
            assertEquals("B", a.proof(id).orElseThrow().worker());
            List<String> outcomes = a.attempts().stream().map(t -> t.worker() + ":" + t.outcome()).toList();
            assertEquals(List.of("A:expired", "B:done"), outcomes);
        }
    }

    @Test
    void heartbeatKeepsTheLeaseAndRecordsProgress() throws Exception {
        Db db = TestDatabases.fresh();
        try (JobStore a = store(db); JobStore b = new JobStore(db)) {
            long id = a.submit(new JobRequest("porep", "{}", "p", 4, 0, Map.of()), 0, 3);
            JobStore.Claimed c = a.claim("A", 1L << 30, KINDS, 0.6).orElseThrow();
            for (int i = 1; i <= 4; i++) {
                Thread.sleep(300);
                assertTrue(a.heartbeat(id, "A", c.epoch(), i, 0.6));
                assertTrue(b.claim("B", 1L << 30, KINDS, 30).isEmpty(), "lease renewed at " + i);
            }
            assertEquals(4, a.job(id).orElseThrow().partitionsDone());
            Thread.sleep(800);
            assertEquals(id, b.claim("B", 1L << 30, KINDS, 30).orElseThrow().id());
        }
    }

    @Test
    void failuresRetryThenFailWithTheReason() throws Exception {
        Db db = TestDatabases.fresh();
        try (JobStore s = store(db)) {
            long id = s.submit(job("bad", 0), 0, 3);
            for (int attempt = 1; attempt <= 3; attempt++) {
                JobStore.Claimed c = s.claim("w", 1L << 30, KINDS, 30).orElseThrow();
                assertEquals(attempt, c.attempt());
                JobStore.Outcome o = s.fail(id, "w", c.epoch(), "bad input #" + attempt);
                assertTrue(o.accepted());
                assertEquals(attempt < 3 ? "queued" : "failed", o.state());
            }
            assertTrue(s.claim("w", 1L << 30, KINDS, 30).isEmpty(), "never retried forever");
            JobStore.JobRow r = s.job(id).orElseThrow();
            assertEquals("failed", r.state());
            assertEquals("bad input #3", r.lastError());
            assertEquals(List.of("retry", "retry", "failed"), s.attempts().stream().map(JobStore.Attempt::outcome)
                    .toList());
        }
    }

    @Test
    void aFailedAttemptWaitsItsRetryDelay() throws Exception {
        Db db = TestDatabases.fresh();
        try (JobStore s = store(db)) {
            long id = s.submit(job("slow retry", 0), 0, 3, 0.4);
            JobStore.Claimed c = s.claim("w", 1L << 30, KINDS, 30).orElseThrow();
            assertEquals("queued", s.fail(id, "w", c.epoch(), "transient").state());
            long t0 = System.nanoTime();
            Optional<JobStore.Claimed> again;
            while ((again = s.claim("w", 1L << 30, KINDS, 30)).isEmpty()) {
                Thread.sleep(20);
            }
            double waited = (System.nanoTime() - t0) / 1e9;
            assertTrue(waited > 0.3 && waited < 5, "waited " + waited + " s for a 1 × 0.4 s delay");
            assertEquals(2, again.get().attempt());
        }
    }

    @Test
    void aReleasedJobIsQueuedAgainWithoutCountingTheAttempt() throws Exception {
        Db db = TestDatabases.fresh();
        try (JobStore s = store(db)) {
            long id = s.submit(job("r", 0), 0, 1);
            JobStore.Claimed c = s.claim("A", 1L << 30, KINDS, 30).orElseThrow();
            assertTrue(s.release(id, "A", c.epoch(), "db blip").accepted());
            assertFalse(s.release(id, "A", c.epoch(), "again").accepted(), "only the lease holder releases");
            JobStore.Claimed again = s.claim("B", 1L << 30, KINDS, 30).orElseThrow();
            assertEquals(1, again.attempt(), "max_attempts = 1 and the job still runs");
            assertTrue(s.complete(id, "B", again.epoch(), PROOF, PUB, VK, 1).accepted());
            assertEquals(List.of("released", "done"), s.attempts().stream().map(JobStore.Attempt::outcome).toList());
        }
    }

    @Test
    void leaseExpiringOnTheLastAttemptFailsTheJob() throws Exception {
        Db db = TestDatabases.fresh();
        try (JobStore s = store(db)) {
            long id = s.submit(job("crashy", 0), 0, 2);
            s.claim("A", 1L << 30, KINDS, 0.2).orElseThrow();
            Thread.sleep(300);
            assertEquals(2, s.claim("B", 1L << 30, KINDS, 0.2).orElseThrow().attempt());
            Thread.sleep(300);
            assertTrue(s.claim("C", 1L << 30, KINDS, 30).isEmpty());
            JobStore.JobRow r = s.job(id).orElseThrow();
            assertEquals("failed", r.state());
            assertTrue(r.lastError().startsWith("lease expired on attempt 2 of 2 (worker B"), r.lastError());
            assertEquals(List.of("expired", "expired"), s.attempts().stream().map(JobStore.Attempt::outcome)
                    .toList());
        }
    }

    @Test
    void aWorkerClaimsOnlyJobsThatFitItsMemoryAndKinds() throws Exception {
        Db db = TestDatabases.fresh();
        try (JobStore s = store(db)) {
            long big = s.submit(job("big", 8L << 30), 9, 3);
            long small = s.submit(job("small", 1L << 20), 0, 3);
            assertTrue(s.claim("gpu", 64L << 30, List.of("snarkjs"), 30).isEmpty(), "kind filter");
            assertEquals(small, s.claim("laptop", 1L << 30, KINDS, 30).orElseThrow().id());
            assertTrue(s.claim("laptop", 1L << 30, KINDS, 30).isEmpty());
            assertEquals(big, s.claim("gpu", 64L << 30, KINDS, 30).orElseThrow().id());
        }
    }

    @Test
    void migrationsApplyOnceEvenWhenWorkersStartTogether() throws Exception {
        Db db = TestDatabases.fresh();
        ExecutorService pool = Executors.newFixedThreadPool(4);
        List<Future<List<Integer>>> fs = new ArrayList<>();
        for (int i = 0; i < 4; i++) {
            fs.add(pool.submit(() -> {
                try (JobStore s = new JobStore(db)) {
                    return s.migrate();
                }
            }));
        }
        List<Integer> all = new ArrayList<>();
        for (var f : fs) {
            all.addAll(f.get());
        }
        pool.shutdown();
        int newest = Migrations.known().getLast().version();
        List<Integer> expected = new ArrayList<>();
        for (int v = 1; v <= newest; v++) {
            expected.add(v);
        }
        Collections.sort(all);
        assertEquals(expected, all);
        assertEquals(newest, count(db, "SELECT count(*) FROM schema_migrations"));
        try (Connection c = db.connect(); Statement st = c.createStatement()) {
            st.execute("INSERT INTO schema_migrations (version, name) VALUES (99, 'V99__future.sql')");
        }
        try (JobStore s = new JobStore(db)) {
            SQLException e = assertThrows(SQLException.class, s::migrate);
            assertTrue(e.getMessage().contains("schema is version 99, newer than this jzk's " + newest),
                    e.getMessage());
        }
    }
}
