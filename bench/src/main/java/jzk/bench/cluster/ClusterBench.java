package jzk.bench.cluster;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import jzk.cluster.Db;
import jzk.cluster.JobRequest;
import jzk.cluster.JobStore;
import jzk.cluster.LocalPostgres;
import jzk.cluster.ProofCodecs;
import jzk.cluster.ProverAdapter;
import jzk.prover.batch.ParamsCache;
import jzk.prover.batch.PorepGroth16;
import jzk.prover.batch.ProverSession;
import jzk.prover.circuits.PorepInputGenerator;
import jzk.prover.circuits.PorepShape;
import jzk.prover.gadgets.MerkleHash;

/**
 * The cluster benchmark of {@code bench-results/}, on a throw-away durable PostgreSQL ({@link LocalPostgres},
 * fsync on):
 * <ol>
 *   <li>database cost per job: T client threads, each a worker's loop of claim → one heartbeat → complete with a
 *       Filecoin-sized result (10 partitions: 1,920-byte proof, 10 public-input vectors), over jobs that are never
 *       proven; per-operation latency and jobs/s;</li>
 *   <li>throughput with 1, 2, … real {@code jzk worker} processes (the CLI's main class on this JVM's class path)
 *       proving the tiny built-in shape (k=1, d=1) on the CPU prover.</li>
 * </ol>
 * Usage: {@code ClusterBench [dbJobs] [proofJobs] [workerCounts, e.g. 1,2,3] [devices, e.g. cpu or
 * cuda:0,cuda:1: worker i proves on device i mod n] [shape K,D, default 1,1]}.
 */
public final class ClusterBench {
    private static final List<String> KINDS = List.of("porep");

    private ClusterBench() {
    }

    public static void main(String[] args) throws Exception {
        int dbJobs = args.length > 0 ? Integer.parseInt(args[0]) : 2000;
        int proofJobs = args.length > 1 ? Integer.parseInt(args[1]) : 30;
        int[] workerCounts = Arrays.stream((args.length > 2 ? args[2] : "1,2,3").split(","))
                .mapToInt(Integer::parseInt).toArray();
        String[] devices = (args.length > 3 ? args[3] : "cpu").split(",");
        int[] kd = Arrays.stream((args.length > 4 ? args[4] : "1,1").split(","))
                .mapToInt(Integer::parseInt).toArray();
        System.out.printf(Locale.ROOT, "cpus=%d devices=%s shape k=%d d=%d%n",
                Runtime.getRuntime().availableProcessors(), String.join(",", devices), kd[0], kd[1]);
        Path work = Path.of("target", "cluster-bench");
        try (LocalPostgres pg = LocalPostgres.start(work, false)) {
            System.out.println("server: " + settings(pg));
            for (int threads : new int[] {1, 2, 4, 8}) {
                dbOverhead(fresh(pg, "nd" + threads), dbJobs, threads);
            }
        }
        try (LocalPostgres pg = LocalPostgres.start(work, true)) {
            System.out.println("server: " + settings(pg));
            for (int threads : new int[] {1, 2, 4, 8}) {
                dbOverhead(fresh(pg, "db" + threads), dbJobs, threads);
            }
            Path cache = work.resolve("cache");
            PorepShape shape = new PorepShape(kd[0], kd[1], MerkleHash.POSEIDON);
            try (ProverSession session = ProverSession.open(List.of(devices[0]))) {
                PorepGroth16.open(shape, 1, null, 0, ParamsCache.of(cache), session, l -> { });
            }
            for (int w : workerCounts) {
                throughput(fresh(pg, "w" + w), shape, proofJobs, w, devices, cache, work);
            }
        }
    }

    private static String settings(LocalPostgres pg) throws SQLException {
        Db db = Db.of(pg.url());
        return "postgres " + scalarText(db, "SHOW server_version") + ", fsync=" + scalarText(db, "SHOW fsync")
                + ", synchronous_commit=" + scalarText(db, "SHOW synchronous_commit");
    }

    /**
     * CPU seconds used so far by the database server: user + system time of every process of the server's user
     * ({@code postgres} when run as root), with the exited backends' time that the postmaster reaped (cutime,
     * cstime). Linux /proc; clock ticks of 1/100 s.
     */
    private static double serverCpuSeconds() {
        String owner = "root".equals(System.getProperty("user.name")) ? "postgres" : System.getProperty("user.name");
        long ticks = 0;
        try (var dirs = Files.list(Path.of("/proc"))) {
            for (Path d : dirs.filter(p -> p.getFileName().toString().matches("[0-9]+")).toList()) {
                try {
                    if (!Files.getOwner(d).getName().equals(owner)) {
                        continue;
                    }
                    String st = Files.readString(d.resolve("stat"));
                    String[] f = st.substring(st.lastIndexOf(')') + 2).split(" ");
                    // fields after "(comm)": state=0 … utime=11 stime=12 cutime=13 cstime=14
                    ticks += Long.parseLong(f[11]) + Long.parseLong(f[12]) + Long.parseLong(f[13])
                            + Long.parseLong(f[14]);
                } catch (java.io.IOException | RuntimeException e) {
                    // the process ended meanwhile
                }
            }
        } catch (java.io.IOException e) {
            return Double.NaN;
        }
        return ticks / 100.0;
    }

    private static Db fresh(LocalPostgres pg, String name) throws SQLException {
        try (Connection c = Db.of(pg.url()).connect(); Statement s = c.createStatement()) {
            s.execute("CREATE DATABASE " + name);
        }
        Db db = Db.of(pg.url().replace("/postgres", "/" + name));
        try (JobStore s = new JobStore(db)) {
            s.migrate();
        }
        return db;
    }

    private static void dbOverhead(Db db, int jobs, int threads) throws Exception {
        try (JobStore s = new JobStore(db)) {
            for (int i = 0; i < jobs; i++) {
                s.submit(new JobRequest("porep", "{\"input\":\"" + i + "\"}", "bench " + i, 10, 0, Map.of()),
                        i % 3, 3);
            }
        }
        byte[] proof = new byte[10 * 192];
        List<long[]> pub = new ArrayList<>();
        for (int p = 0; p < 10; p++) {
            pub.add(new long[6 * 4]);
        }
        byte[] pubBytes = ProofCodecs.encodePublic(pub);
        byte[] vk = new byte[3000];
        ExecutorService pool = Executors.newFixedThreadPool(threads);
        List<Future<long[]>> fs = new ArrayList<>();
        double cpu0 = serverCpuSeconds();
        long t0 = System.nanoTime();
        for (int t = 0; t < threads; t++) {
            String me = "bench-" + t;
            fs.add(pool.submit(() -> {
                long[] ns = new long[4]; // claim, heartbeat, complete, count
                try (JobStore s = new JobStore(db)) {
                    while (true) {
                        long a = System.nanoTime();
                        Optional<JobStore.Claimed> c = s.claim(me, 1L << 40, KINDS, 60);
                        long b = System.nanoTime();
                        if (c.isEmpty()) {
                            return ns;
                        }
                        s.heartbeat(c.get().id(), me, c.get().epoch(), 5, 60);
                        long d = System.nanoTime();
                        if (!s.complete(c.get().id(), me, c.get().epoch(), proof, pubBytes, vk, 1).accepted()) {
                            throw new IllegalStateException("refused");
                        }
                        long e = System.nanoTime();
                        ns[0] += b - a;
                        ns[1] += d - b;
                        ns[2] += e - d;
                        ns[3]++;
                    }
                }
            }));
        }
        long[] sum = new long[4];
        for (Future<long[]> f : fs) {
            long[] x = f.get();
            for (int i = 0; i < 4; i++) {
                sum[i] += x[i];
            }
        }
        double secs = (System.nanoTime() - t0) / 1e9;
        pool.shutdown();
        Thread.sleep(300); // let the backends exit so the postmaster reaps their CPU time
        double serverCpuMs = (serverCpuSeconds() - cpu0) * 1e3 / sum[3];
        System.out.printf(Locale.ROOT, "db-overhead threads=%d jobs=%d wall=%.2fs jobs/s=%.0f claim=%.2fms "
                        + "heartbeat=%.2fms complete=%.2fms per-job=%.2fms server-cpu-per-job=%.2fms%n", threads, sum[3], secs,
                sum[3] / secs, sum[0] / 1e6 / sum[3], sum[1] / 1e6 / sum[3], sum[2] / 1e6 / sum[3],
                (sum[0] + sum[1] + sum[2]) / 1e6 / sum[3], serverCpuMs);
    }

    private static void throughput(Db db, PorepShape shape, int jobs, int workers, String[] devices, Path cache,
                                   Path work) throws Exception {
        try (JobStore s = new JobStore(db)) {
            for (int i = 0; i < jobs; i++) {
                s.submit(ProverAdapter.porep(PorepInputGenerator.generate(shape, 1, i), "bench " + i), 0, 3);
            }
        }
        String url = db.toString(); // no password on the throw-away server
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        List<Process> ps = new ArrayList<>();
        long t0 = System.nanoTime();
        for (int w = 0; w < workers; w++) {
            ps.add(new ProcessBuilder(java, "--enable-native-access=ALL-UNNAMED", "-Xmx1g", "-cp",
                    System.getProperty("java.class.path"), "jzk.cli.Main", "worker", "--db", url, "--device",
                    devices[w % devices.length],
                    "--name", "bw" + workers + "-" + w, "--idle-exit", "2", "--poll", "0.2", "--cache",
                    cache.toString()).redirectErrorStream(true)
                    .redirectOutput(work.resolve("worker-" + workers + "-" + w + ".log").toFile()).start());
        }
        for (Process p : ps) {
            if (!p.waitFor(600, TimeUnit.SECONDS)) {
                p.destroyForcibly();
            }
        }
        double wall = (System.nanoTime() - t0) / 1e9;
        long done = scalar(db, "SELECT count(*) FROM jobs WHERE state = 'done'");
        double window = scalar(db, "SELECT (extract(epoch FROM max(finished_at) - min(started_at)) * 1000)::bigint "
                + "FROM jobs") / 1e3;
        double proveMs = scalar(db, "SELECT avg(prove_ms)::bigint FROM proofs");
        System.out.printf(Locale.ROOT, "throughput workers=%d jobs=%d done=%d window=%.2fs proofs/s=%.2f "
                        + "mean-prove=%.0fms wall-with-jvm-start=%.2fs%n", workers, jobs, done, window, done / window,
                proveMs, wall);
        Files.writeString(work.resolve("done-" + workers + ".txt"), Long.toString(done));
    }

    private static long scalar(Db db, String sql) throws SQLException {
        try (Connection c = db.connect(); Statement s = c.createStatement(); ResultSet rs = s.executeQuery(sql)) {
            rs.next();
            return rs.getLong(1);
        }
    }

    private static String scalarText(Db db, String sql) throws SQLException {
        try (Connection c = db.connect(); Statement s = c.createStatement(); ResultSet rs = s.executeQuery(sql)) {
            rs.next();
            return rs.getString(1);
        }
    }
}
