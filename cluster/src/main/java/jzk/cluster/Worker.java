package jzk.cluster;

import java.sql.SQLException;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.concurrent.CancellationException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;

/**
 * {@code jzk worker}: claims jobs from the database one at a time and proves them on its device
 * ({@link ProverAdapter}), renewing the lease every heartbeat while the proof runs. What it does when things go
 * wrong:
 * <ul>
 *   <li>the database is unreachable (down, restarting, network): it stops claiming, retries with a backoff of
 *       {@value #MIN_BACKOFF_MS} ms doubling to {@value #MAX_BACKOFF_MS} ms, and resumes (re-registering itself)
 *       when it answers; a proof finished meanwhile is kept and its completion retried, and stored only if the
 *       lease is still this worker's;</li>
 *   <li>the heartbeat finds the lease gone (it expired and another worker took the job): the proof in progress
 *       is cancelled and nothing is reported;</li>
 *   <li>the job fails (bad input, a proof that does not verify, any exception): the failure is reported with its
 *       reason; the database requeues the job or, after max_attempts, marks it failed; a database error while
 *       reading the job's inputs releases it without counting the attempt;</li>
 *   <li>the worker dies (SIGKILL, power): its lease expires and another worker takes the job over.</li>
 * </ul>
 */
public final class Worker {
    static final long MIN_BACKOFF_MS = 200;
    static final long MAX_BACKOFF_MS = 5_000;

    /**
     * @param name          the lease owner's name, unique in the cluster
     * @param devices       what it advertises (the device it proves on)
     * @param memoryBytes   it claims only jobs with needs_bytes ≤ this
     * @param leaseSeconds  lease length; must exceed heartbeat + a database round trip
     * @param heartbeatSeconds interval of lease renewals while proving
     * @param pollSeconds   wait between claims when the queue is empty
     * @param maxJobs       stop after this many finished attempts (0: never)
     * @param idleExitSeconds stop after the queue was empty this long (0: never)
     */
    public record Config(String name, String host, String devices, long memoryBytes, double leaseSeconds,
                         double heartbeatSeconds, double pollSeconds, int maxJobs, double idleExitSeconds) {
        public Config {
            if (!(leaseSeconds > heartbeatSeconds && heartbeatSeconds > 0)) {
                throw new IllegalArgumentException("the lease (" + leaseSeconds + " s) must be longer than the "
                        + "heartbeat (" + heartbeatSeconds + " s)");
            }
        }
    }

    private final Db db;
    private final ProverAdapter prover;
    private final Config cfg;
    private final Consumer<String> log;
    private final ExecutorService proving = Executors.newSingleThreadExecutor(r -> {
        Thread t = new Thread(r, "jzk-worker-prove");
        t.setDaemon(true);
        return t;
    });
    private volatile boolean stopping;
    private final AtomicInteger done = new AtomicInteger();
    private final AtomicInteger finished = new AtomicInteger();

    public Worker(Db db, ProverAdapter prover, Config cfg, Consumer<String> log) {
        this.db = db;
        this.prover = prover;
        this.cfg = cfg;
        this.log = log;
    }

    /** Asks the loop to stop after the job in progress. */
    public void stop() {
        stopping = true;
    }

    /** Jobs this worker stored a proof for. */
    public int done() {
        return done.get();
    }

    /** Runs until {@link #stop}, {@code maxJobs} or {@code idleExitSeconds}; returns the number of proofs stored. */
    public int run() throws InterruptedException {
        long backoff = MIN_BACKOFF_MS;
        boolean registered = false;
        boolean reportedDown = false;
        long idleSince = System.nanoTime();
        try (JobStore store = new JobStore(db)) {
            while (!stopping && (cfg.maxJobs() == 0 || finished.get() < cfg.maxJobs())) {
                try {
                    if (!registered) {
                        List<Integer> applied = store.migrate();
                        store.registerWorker(cfg.name(), cfg.host(), cfg.devices(), cfg.memoryBytes(),
                                ProverAdapter.kinds());
                        registered = true;
                        reportedDown = false;
                        log.accept("connected to " + db + (applied.isEmpty() ? "" : " (schema migrated to V"
                                + applied.getLast() + ")") + "; claiming jobs of up to "
                                + cfg.memoryBytes() / (1 << 20) + " MiB on " + cfg.devices());
                    }
                    Optional<JobStore.Claimed> c = store.claim(cfg.name(), cfg.memoryBytes(), ProverAdapter.kinds(),
                            cfg.leaseSeconds());
                    backoff = MIN_BACKOFF_MS;
                    if (c.isEmpty()) {
                        double idle = (System.nanoTime() - idleSince) / 1e9;
                        if (cfg.idleExitSeconds() > 0 && idle > cfg.idleExitSeconds()) {
                            log.accept("queue empty for " + cfg.idleExitSeconds() + " s: exiting");
                            break;
                        }
                        Thread.sleep((long) (cfg.pollSeconds() * 1000));
                        continue;
                    }
                    process(store, c.get());
                    idleSince = System.nanoTime();
                } catch (SQLException e) {
                    if (!reportedDown) {
                        log.accept("database unavailable (" + oneLine(e) + "): not claiming; retrying");
                        reportedDown = true;
                    }
                    registered = false;
                    Thread.sleep(backoff);
                    backoff = Math.min(2 * backoff, MAX_BACKOFF_MS);
                }
            }
        } finally {
            proving.shutdownNow();
        }
        return done.get();
    }

    private void process(JobStore store, JobStore.Claimed job) throws SQLException, InterruptedException {
        String name = "job " + job.id();
        log.accept(String.format(Locale.ROOT, "claimed %s (%s, attempt %d/%d, epoch %d%s)", name, job.label(),
                job.attempt(), job.maxAttempts(), job.epoch(),
                job.previousOwner() != null ? ", taken over from " + job.previousOwner() : ""));
        AtomicInteger parts = new AtomicInteger();
        long t0 = System.nanoTime();
        Future<ProverAdapter.Result> f = proving.submit(() -> prover.prove(job.kind(), job.specJson(), name,
                h -> store.blob(h).orElse(null), parts::set));
        ProverAdapter.Result result = null;
        Throwable failure = null;
        long hbNanos = (long) (cfg.heartbeatSeconds() * 1e9);
        boolean warnedHeartbeat = false;
        while (true) {
            try {
                result = f.get(hbNanos, TimeUnit.NANOSECONDS);
                break;
            } catch (TimeoutException e) {
                try {
                    if (!store.heartbeat(job.id(), cfg.name(), job.epoch(), parts.get(), cfg.leaseSeconds())) {
                        f.cancel(true);
                        log.accept(name + ": lease lost (taken over by another worker): abandoned");
                        finished.incrementAndGet();
                        return;
                    }
                    warnedHeartbeat = false;
                } catch (SQLException ex) {
                    if (!warnedHeartbeat) {
                        log.accept(name + ": heartbeat failed, database unavailable (" + oneLine(ex)
                                + "); proving on");
                        warnedHeartbeat = true;
                    }
                }
            } catch (ExecutionException e) {
                failure = e.getCause();
                break;
            } catch (CancellationException e) {
                return;
            }
        }
        long ms = (System.nanoTime() - t0) / 1_000_000;
        finished.incrementAndGet();
        JobStore.Outcome o;
        if (result != null) {
            ProverAdapter.Result r = result;
            o = untilAnswered(() -> store.complete(job.id(), cfg.name(), job.epoch(), r.proof(), r.publicInputs(),
                    r.vkJson(), ms));
            if (o.accepted()) {
                done.incrementAndGet();
                log.accept(String.format(Locale.ROOT, "done %s in %.2f s (proof stored)", name, ms / 1e3));
            } else {
                log.accept("refused " + name + ": the database refused the completion (lease taken over; job is "
                        + o.state() + ")");
            }
            return;
        }
        if (failure instanceof SQLException e) { // reading the inputs failed: the database's fault, not the job's
            String why = "database unavailable while reading the inputs: " + oneLine(e);
            o = untilAnswered(() -> store.release(job.id(), cfg.name(), job.epoch(), why));
            log.accept(name + ": " + why + " → " + (o.accepted() ? "released (attempt not counted)" : "refused"));
            return;
        }
        String reason = failure instanceof ProverAdapter.BadJobException ? failure.getMessage()
                : failure.getClass().getSimpleName() + ": " + failure.getMessage();
        o = untilAnswered(() -> store.fail(job.id(), cfg.name(), job.epoch(), reason));
        log.accept(String.format(Locale.ROOT, "%s attempt %d/%d failed: %s → %s", name, job.attempt(),
                job.maxAttempts(), reason, o.accepted() ? o.state() : "refused (lease taken over)"));
    }

    private interface Call {
        JobStore.Outcome run() throws SQLException;
    }

    /** Retries {@code c} through database outages (backoff as the main loop) until the database answers. */
    private JobStore.Outcome untilAnswered(Call c) throws InterruptedException {
        long backoff = MIN_BACKOFF_MS;
        boolean warned = false;
        while (true) {
            try {
                return c.run();
            } catch (SQLException e) {
                if (!warned) {
                    log.accept("database unavailable (" + oneLine(e) + "): keeping the result, retrying");
                    warned = true;
                }
                Thread.sleep(backoff);
                backoff = Math.min(2 * backoff, MAX_BACKOFF_MS);
            }
        }
    }

    static String oneLine(Throwable e) {
        String m = e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
        int nl = m.indexOf('\n');
        return nl < 0 ? m : m.substring(0, nl);
    }
}
