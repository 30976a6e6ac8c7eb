package jzk.cluster;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Every SQL statement of the job table (schema: {@code jzk/cluster/db/V1__jobs.sql}). One connection, used by one
 * thread at a time; any {@link SQLException} closes it and the next call opens a new one, so a database restart
 * costs the caller one failed call, never a dead worker.
 *
 * <p>The lease protocol (the invariants the database enforces, whatever the workers do):
 * <ul>
 *   <li><b>claim</b> — one transaction: jobs whose lease expired with attempts left are taken over first, then
 *       queued jobs, each by priority (higher first) then age, {@code FOR UPDATE SKIP LOCKED} so concurrent claims
 *       never block on or take the same row; the claim sets {@code state = running}, the owner, a new
 *       {@code lease_epoch} (+1), {@code lease_expires = now() + lease} and counts an attempt. Jobs whose lease
 *       expired on their last attempt are marked failed first.</li>
 *   <li><b>heartbeat</b> — renews the lease and writes partition progress only {@code WHERE lease_owner = me AND
 *       lease_epoch = mine AND state = running}; 0 rows means the lease was lost and the work must stop.</li>
 *   <li><b>complete</b> — one transaction: the same conditional update to {@code done}, then the proof row; if the
 *       update matched no row (the lease was taken over), nothing is written: a proof is stored exactly once.</li>
 *   <li><b>fail</b> — conditional likewise: back to {@code queued} (claimable after attempts × retry_delay_s)
 *       while attempts &lt; max_attempts, else {@code failed} with the reason; <b>release</b> — back to {@code queued} without counting the attempt
 *       (the worker's own trouble, not the job's).</li>
 * </ul>
 * All times are the database's {@code now()}, so worker clocks do not matter.
 */
public final class JobStore implements AutoCloseable {
    private final Db db;
    private Connection conn;

    public JobStore(Db db) {
        this.db = db;
    }

    /** A claimed job: what to prove and the lease (owner, epoch) every later update must name. */
    public record Claimed(long id, String kind, String specJson, String label, int partitions, long epoch,
                          int attempt, int maxAttempts, String previousOwner) {
    }

    /** A row of {@code jzk jobs}. */
    public record JobRow(long id, String kind, String label, String state, int priority, int partitionsDone,
                         int partitions, int attempts, int maxAttempts, String worker, Instant submitted,
                         Instant started, Instant finished, String lastError) {
    }

    /** A job's proof as stored (see {@link ProofCodecs}) with the verifying key it verified under. */
    public record StoredProof(long jobId, String kind, byte[] proof, byte[] publicInputs, byte[] vkJson,
                              String worker, long epoch) {
    }

    /** One attempt of a job (the {@code attempts} table). */
    public record Attempt(long jobId, long epoch, String worker, String outcome, String error) {
    }

    /** Result of {@link #complete}/{@link #fail}: whether the database accepted it, and the job's state after. */
    public record Outcome(boolean accepted, String state) {
    }

    private interface Work<T> {
        T run(Connection c) throws SQLException;
    }

    /** Runs {@code w} on the connection (opened if needed) in one transaction; any error drops the connection. */
    private synchronized <T> T tx(Work<T> w) throws SQLException {
        if (conn == null || conn.isClosed()) {
            conn = db.connect();
            conn.setAutoCommit(false);
        }
        try {
            T t = w.run(conn);
            conn.commit();
            return t;
        } catch (SQLException | RuntimeException e) {
            dropConnection();
            throw e;
        }
    }

    private void dropConnection() {
        Connection c = conn;
        conn = null;
        if (c != null) {
            try {
                c.close();
            } catch (SQLException ignored) {
                // already broken: nothing to release
            }
        }
    }

    /** Applies the schema migrations (see {@link Migrations}); returns the versions applied now. */
    public List<Integer> migrate() throws SQLException {
        return tx(c -> {
            c.commit();
            return Migrations.apply(c);
        });
    }

    /** {@link #submit(JobRequest, int, int, double)} with no delay between attempts. */
    public long submit(JobRequest r, int priority, int maxAttempts) throws SQLException {
        return submit(r, priority, maxAttempts, 0);
    }

    /**
     * Stores {@code r}'s blobs (once per hash) and inserts the job; returns its id. After its n-th failed attempt
     * the job is claimable again only {@code n × retryDelaySeconds} later (linear backoff: a transient fault of
     * one worker does not burn every attempt at once).
     */
    public long submit(JobRequest r, int priority, int maxAttempts, double retryDelaySeconds) throws SQLException {
        return tx(c -> {
            for (Map.Entry<String, byte[]> b : r.blobs().entrySet()) {
                putBlob(c, HexFormat.of().parseHex(b.getKey()), b.getValue());
            }
            try (PreparedStatement p = c.prepareStatement("INSERT INTO jobs (kind, spec, label, priority, "
                    + "needs_bytes, partitions, max_attempts, retry_delay_s) VALUES (?, ?::jsonb, ?, ?, ?, ?, ?, ?) "
                    + "RETURNING id")) {
                p.setString(1, r.kind());
                p.setString(2, r.specJson());
                p.setString(3, r.label());
                p.setInt(4, priority);
                p.setLong(5, r.needsBytes());
                p.setInt(6, r.partitions());
                p.setInt(7, maxAttempts);
                p.setDouble(8, retryDelaySeconds);
                try (ResultSet rs = p.executeQuery()) {
                    rs.next();
                    return rs.getLong(1);
                }
            }
        });
    }

    private static void putBlob(Connection c, byte[] hash, byte[] data) throws SQLException {
        try (PreparedStatement p = c.prepareStatement(
                "INSERT INTO blobs (hash, size, data) VALUES (?, ?, ?) ON CONFLICT (hash) DO NOTHING")) {
            p.setBytes(1, hash);
            p.setLong(2, data.length);
            p.setBytes(3, data);
            p.executeUpdate();
        }
    }

    /** The blob with SHA-256 {@code hashHex}, or empty. */
    public Optional<byte[]> blob(String hashHex) throws SQLException {
        return tx(c -> {
            try (PreparedStatement p = c.prepareStatement("SELECT data FROM blobs WHERE hash = ?")) {
                p.setBytes(1, HexFormat.of().parseHex(hashHex));
                try (ResultSet rs = p.executeQuery()) {
                    return rs.next() ? Optional.of(rs.getBytes(1)) : Optional.empty();
                }
            }
        });
    }

    /** Records (or refreshes) a worker's advertisement. */
    public void registerWorker(String name, String host, String devices, long memoryBytes, List<String> kinds)
            throws SQLException {
        tx(c -> {
            try (PreparedStatement p = c.prepareStatement("INSERT INTO workers (name, host, devices, memory_bytes, "
                    + "kinds) VALUES (?, ?, ?, ?, ?) ON CONFLICT (name) DO UPDATE SET host = excluded.host, "
                    + "devices = excluded.devices, memory_bytes = excluded.memory_bytes, kinds = excluded.kinds, "
                    + "last_seen = now()")) {
                p.setString(1, name);
                p.setString(2, host);
                p.setString(3, devices);
                p.setLong(4, memoryBytes);
                p.setString(5, String.join(",", kinds));
                p.executeUpdate();
            }
            return null;
        });
    }

    private static final String REAP = "WITH r AS (UPDATE jobs SET state = 'failed', finished_at = now(), "
            + "lease_expires = NULL, last_error = 'lease expired on attempt ' || attempts || ' of ' || max_attempts "
            + "|| ' (worker ' || lease_owner || ' stopped renewing it)' || coalesce('; earlier: ' || last_error, '') "
            + "WHERE state = 'running' AND lease_expires < now() AND attempts >= max_attempts "
            + "RETURNING id, lease_epoch) "
            + "UPDATE attempts a SET ended_at = now(), outcome = 'expired' FROM r "
            + "WHERE a.job_id = r.id AND a.lease_epoch = r.lease_epoch AND a.ended_at IS NULL";

    private static final String TAKE = "WITH c AS (SELECT id, lease_owner AS prev FROM jobs WHERE %s "
            + "AND needs_bytes <= ? AND kind = ANY (?) ORDER BY priority DESC, submitted_at, id "
            + "LIMIT 1 FOR UPDATE SKIP LOCKED) "
            + "UPDATE jobs j SET state = 'running', lease_owner = ?, lease_epoch = j.lease_epoch + 1, "
            + "lease_expires = now() + make_interval(secs => ?), attempts = j.attempts + 1, started_at = now(), "
            + "partitions_done = 0 FROM c WHERE j.id = c.id "
            + "RETURNING j.id, j.kind, j.spec::text, j.label, j.partitions, j.lease_epoch, j.attempts, "
            + "j.max_attempts, c.prev";
    private static final String EXPIRED = "state = 'running' AND lease_expires < now() AND attempts < max_attempts";
    private static final String QUEUED = "state = 'queued' AND not_before <= now()";

    /**
     * Claims the next job this worker can run ({@code needs_bytes ≤ memoryBytes}, kind in {@code kinds}), or
     * empty when there is none. See the class doc for the order and the lease.
     */
    public Optional<Claimed> claim(String worker, long memoryBytes, List<String> kinds, double leaseSeconds)
            throws SQLException {
        return tx(c -> {
            try (PreparedStatement p = c.prepareStatement(REAP)) {
                p.executeUpdate();
            }
            Claimed got = take(c, EXPIRED, worker, memoryBytes, kinds, leaseSeconds);
            if (got == null) {
                got = take(c, QUEUED, worker, memoryBytes, kinds, leaseSeconds);
            }
            if (got == null) {
                return Optional.empty();
            }
            if (got.previousOwner() != null && got.epoch() > 1) {
                endAttempt(c, got.id(), got.epoch() - 1, "expired", null, true);
            }
            try (PreparedStatement p = c.prepareStatement(
                    "INSERT INTO attempts (job_id, lease_epoch, worker) VALUES (?, ?, ?)")) {
                p.setLong(1, got.id());
                p.setLong(2, got.epoch());
                p.setString(3, worker);
                p.executeUpdate();
            }
            return Optional.of(got);
        });
    }

    private static Claimed take(Connection c, String where, String worker, long memoryBytes, List<String> kinds,
                                double leaseSeconds) throws SQLException {
        try (PreparedStatement p = c.prepareStatement(TAKE.formatted(where))) {
            p.setLong(1, memoryBytes);
            p.setArray(2, c.createArrayOf("text", kinds.toArray()));
            p.setString(3, worker);
            p.setDouble(4, leaseSeconds);
            try (ResultSet rs = p.executeQuery()) {
                if (!rs.next()) {
                    return null;
                }
                // prev is the owner before this claim: non-null for a take-over, and for a requeued retry
                String prev = where.equals(EXPIRED) ? rs.getString(9) : null;
                return new Claimed(rs.getLong(1), rs.getString(2), rs.getString(3), rs.getString(4), rs.getInt(5),
                        rs.getLong(6), rs.getInt(7), rs.getInt(8), prev);
            }
        }
    }

    private static void endAttempt(Connection c, long job, long epoch, String outcome, String error,
                                   boolean onlyOpen) throws SQLException {
        try (PreparedStatement p = c.prepareStatement("UPDATE attempts SET ended_at = now(), outcome = ?, "
                + "error = ? WHERE job_id = ? AND lease_epoch = ?" + (onlyOpen ? " AND ended_at IS NULL" : ""))) {
            p.setString(1, outcome);
            p.setString(2, error);
            p.setLong(3, job);
            p.setLong(4, epoch);
            p.executeUpdate();
        }
    }

    /** The lease condition: the job is running under ({@code worker}, {@code epoch}); three parameters. */
    private static final String MINE = " WHERE id = ? AND lease_owner = ? AND lease_epoch = ? AND state = 'running'";

    /** Binds {@link #MINE}'s three parameters from position {@code first}. */
    private static void bindMine(PreparedStatement p, int first, long job, String worker, long epoch)
            throws SQLException {
        p.setLong(first, job);
        p.setString(first + 1, worker);
        p.setLong(first + 2, epoch);
    }

    /**
     * Runs {@code update + MINE} (no other parameters) in {@code c}'s transaction; when no row matched, the lease
     * is no longer this worker's: rolls the transaction back and returns false.
     */
    private static boolean updateMine(Connection c, String update, long job, String worker, long epoch)
            throws SQLException {
        try (PreparedStatement p = c.prepareStatement(update + MINE)) {
            bindMine(p, 1, job, worker, epoch);
            if (p.executeUpdate() != 1) {
                c.rollback();
                return false;
            }
            return true;
        }
    }

    /**
     * Renews the lease of ({@code job}, {@code worker}, {@code epoch}) and records partition progress; false when
     * the lease is no longer this worker's (taken over after it expired): the caller must abandon the job.
     */
    public boolean heartbeat(long job, String worker, long epoch, int partitionsDone, double leaseSeconds)
            throws SQLException {
        return tx(c -> {
            try (PreparedStatement w = c.prepareStatement("UPDATE workers SET last_seen = now() WHERE name = ?")) {
                w.setString(1, worker);
                w.executeUpdate();
            }
            try (PreparedStatement p = c.prepareStatement("UPDATE jobs SET lease_expires = now() + "
                    + "make_interval(secs => ?), partitions_done = greatest(partitions_done, ?)" + MINE)) {
                p.setDouble(1, leaseSeconds);
                p.setInt(2, partitionsDone);
                bindMine(p, 3, job, worker, epoch);
                return p.executeUpdate() == 1;
            }
        });
    }

    /**
     * Marks the job done and stores its proof in one transaction, only if ({@code worker}, {@code epoch}) still
     * holds the lease; otherwise nothing is stored and the attempt is recorded as {@code refused}.
     */
    public Outcome complete(long job, String worker, long epoch, byte[] proof, byte[] publicInputs, byte[] vkJson,
                            long proveMillis) throws SQLException {
        boolean ok = tx(c -> {
            if (!updateMine(c, "UPDATE jobs SET state = 'done', finished_at = now(), lease_expires = NULL, "
                    + "partitions_done = partitions, last_error = NULL", job, worker, epoch)) {
                return false;
            }
            byte[] vkHash = HexFormat.of().parseHex(JobRequest.hash(vkJson));
            putBlob(c, vkHash, vkJson);
            try (PreparedStatement p = c.prepareStatement("INSERT INTO proofs (job_id, proof, public_inputs, "
                    + "vk_hash, worker, lease_epoch, prove_ms) VALUES (?, ?, ?, ?, ?, ?, ?)")) {
                p.setLong(1, job);
                p.setBytes(2, proof);
                p.setBytes(3, publicInputs);
                p.setBytes(4, vkHash);
                p.setString(5, worker);
                p.setLong(6, epoch);
                p.setLong(7, proveMillis);
                p.executeUpdate();
            }
            endAttempt(c, job, epoch, "done", null, false);
            return true;
        });
        if (ok) {
            return new Outcome(true, "done");
        }
        return new Outcome(false, refused(job, epoch, "completion refused: the lease was taken over"));
    }

    /**
     * Gives the job back after a failed attempt: queued again while attempts remain, else failed with
     * {@code error}. Refused (nothing changes) if the lease is no longer this worker's.
     */
    public Outcome fail(long job, String worker, long epoch, String error) throws SQLException {
        String state = tx(c -> {
            try (PreparedStatement p = c.prepareStatement("UPDATE jobs SET state = CASE WHEN attempts >= "
                    + "max_attempts THEN 'failed' ELSE 'queued' END, finished_at = CASE WHEN attempts >= "
                    + "max_attempts THEN now() END, lease_expires = NULL, last_error = ?, "
                    + "not_before = now() + make_interval(secs => retry_delay_s * attempts)" + MINE
                    + " RETURNING state")) {
                p.setString(1, error);
                bindMine(p, 2, job, worker, epoch);
                try (ResultSet rs = p.executeQuery()) {
                    if (!rs.next()) {
                        c.rollback();
                        return null;
                    }
                    String s = rs.getString(1);
                    endAttempt(c, job, epoch, s.equals("failed") ? "failed" : "retry", error, false);
                    return s;
                }
            }
        });
        if (state != null) {
            return new Outcome(true, state);
        }
        return new Outcome(false, refused(job, epoch, "failure report refused: the lease was taken over; " + error));
    }

    /**
     * Gives the job back without counting the attempt (the worker could not work on it for a reason of its own, e.g.
     * the database went away while it read the inputs): queued again with {@code attempts − 1}. Refused if the
     * lease is no longer this worker's.
     */
    public Outcome release(long job, String worker, long epoch, String why) throws SQLException {
        boolean ok = tx(c -> {
            if (!updateMine(c, "UPDATE jobs SET state = 'queued', attempts = attempts - 1, lease_expires = NULL",
                    job, worker, epoch)) {
                return false;
            }
            endAttempt(c, job, epoch, "released", why, false);
            return true;
        });
        return ok ? new Outcome(true, "queued") : new Outcome(false, refused(job, epoch, "release refused: " + why));
    }

    /** Records a refused attempt; returns the job's current state. */
    private String refused(long job, long epoch, String why) throws SQLException {
        return tx(c -> {
            endAttempt(c, job, epoch, "refused", why, true);
            try (PreparedStatement p = c.prepareStatement("SELECT state FROM jobs WHERE id = ?")) {
                p.setLong(1, job);
                try (ResultSet rs = p.executeQuery()) {
                    return rs.next() ? rs.getString(1) : "missing";
                }
            }
        });
    }

    /** Jobs in id order, optionally only those in {@code state}, at most {@code limit}. */
    public List<JobRow> jobs(String state, int limit) throws SQLException {
        return rows(state, null, limit);
    }

    private List<JobRow> rows(String state, Long id, int limit) throws SQLException {
        return tx(c -> {
            try (PreparedStatement p = c.prepareStatement("SELECT id, kind, label, state, priority, partitions_done, "
                    + "partitions, attempts, max_attempts, lease_owner, submitted_at, started_at, finished_at, "
                    + "last_error FROM jobs WHERE (?::text IS NULL OR state = ?) AND (?::bigint IS NULL OR id = ?) "
                    + "ORDER BY id LIMIT ?")) {
                p.setString(1, state);
                p.setString(2, state);
                p.setObject(3, id, java.sql.Types.BIGINT);
                p.setObject(4, id, java.sql.Types.BIGINT);
                p.setInt(5, limit);
                List<JobRow> out = new ArrayList<>();
                try (ResultSet rs = p.executeQuery()) {
                    while (rs.next()) {
                        out.add(new JobRow(rs.getLong(1), rs.getString(2), rs.getString(3), rs.getString(4),
                                rs.getInt(5), rs.getInt(6), rs.getInt(7), rs.getInt(8), rs.getInt(9),
                                rs.getString(10), instant(rs.getTimestamp(11)), instant(rs.getTimestamp(12)),
                                instant(rs.getTimestamp(13)), rs.getString(14)));
                    }
                }
                return out;
            }
        });
    }

    /** Job counts per state. */
    public Map<String, Long> counts() throws SQLException {
        return tx(c -> {
            Map<String, Long> m = new java.util.TreeMap<>();
            try (PreparedStatement p = c.prepareStatement("SELECT state, count(*) FROM jobs GROUP BY state");
                 ResultSet rs = p.executeQuery()) {
                while (rs.next()) {
                    m.put(rs.getString(1), rs.getLong(2));
                }
            }
            return m;
        });
    }

    /** The job's row, or empty. */
    public Optional<JobRow> job(long id) throws SQLException {
        return rows(null, id, 1).stream().findFirst();
    }

    /** The stored proof of job {@code id}, or empty when it has none (not done). */
    public Optional<StoredProof> proof(long id) throws SQLException {
        return tx(c -> {
            try (PreparedStatement p = c.prepareStatement("SELECT j.kind, p.proof, p.public_inputs, b.data, "
                    + "p.worker, p.lease_epoch FROM proofs p JOIN jobs j ON j.id = p.job_id "
                    + "JOIN blobs b ON b.hash = p.vk_hash WHERE p.job_id = ?")) {
                p.setLong(1, id);
                try (ResultSet rs = p.executeQuery()) {
                    return rs.next() ? Optional.of(new StoredProof(id, rs.getString(1), rs.getBytes(2),
                            rs.getBytes(3), rs.getBytes(4), rs.getString(5), rs.getLong(6))) : Optional.empty();
                }
            }
        });
    }

    /** Every attempt of every job, in (job, epoch) order. */
    public List<Attempt> attempts() throws SQLException {
        return tx(c -> {
            List<Attempt> out = new ArrayList<>();
            try (PreparedStatement p = c.prepareStatement("SELECT job_id, lease_epoch, worker, outcome, error "
                    + "FROM attempts ORDER BY job_id, lease_epoch"); ResultSet rs = p.executeQuery()) {
                while (rs.next()) {
                    out.add(new Attempt(rs.getLong(1), rs.getLong(2), rs.getString(3), rs.getString(4),
                            rs.getString(5)));
                }
            }
            return out;
        });
    }

    private static Instant instant(Timestamp t) {
        return t == null ? null : t.toInstant();
    }

    @Override
    public synchronized void close() {
        dropConnection();
    }
}
