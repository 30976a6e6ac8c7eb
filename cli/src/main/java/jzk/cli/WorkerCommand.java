package jzk.cli;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.LocalTime;
import java.time.format.DateTimeFormatter;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.Callable;
import jzk.cluster.Db;
import jzk.cluster.ProverAdapter;
import jzk.cluster.Worker;
import jzk.prover.batch.ParamsCache;
import jzk.prover.batch.ProverSession;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code jzk worker}: proves jobs from the cluster database ({@link Worker}) on one device until stopped. SIGTERM or
 * SIGINT: no new claims; the job in progress finishes (its lease is renewed meanwhile) up to one lease length.
 * One line per event on stdout, each prefixed with the time and the worker's name.
 */
@Command(name = "worker", mixinStandardHelpOptions = true, sortOptions = false,
        description = "Claim and prove jobs from a PostgreSQL job database (see README: running a cluster).")
public final class WorkerCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Mixin
    DbOptions dbOptions = new DbOptions();

    @Option(names = "--device", paramLabel = "NAME", description = "Device to prove on: cuda:0, opencl:…, cpu (the "
            + "CPU prover), jvm (the Java kernel executor) (default: the best GPU, else cpu).")
    String device;

    @Option(names = "--name", paramLabel = "NAME", description = "Worker name, the lease owner; unique in the "
            + "cluster (default: host-pid).")
    String name;

    @Option(names = "--memory", paramLabel = "SIZE", converter = SizeConverter.class,
            description = "Claim only jobs needing at most this much memory (default: the JVM's maximum heap).")
    Long memory;

    @Option(names = "--lease", paramLabel = "S", description = "Lease length in seconds (default ${DEFAULT-VALUE}).")
    double lease = 30;

    @Option(names = "--heartbeat", paramLabel = "S",
            description = "Lease renewal interval in seconds (default ${DEFAULT-VALUE}).")
    double heartbeat = 5;

    @Option(names = "--poll", paramLabel = "S",
            description = "Wait between claims when the queue is empty, seconds (default ${DEFAULT-VALUE}).")
    double poll = 1;

    @Option(names = "--max-jobs", paramLabel = "N", description = "Exit after N attempts (default: never).")
    int maxJobs;

    @Option(names = "--idle-exit", paramLabel = "S", description = "Exit when the queue was empty S seconds "
            + "(default: never).")
    double idleExit;

    @Option(names = "--cache", paramLabel = "DIR",
            description = "Parameter cache directory (default: $JZK_CACHE, else ~/.cache/jzk).")
    Path cacheDir;

    @Option(names = "--verbose", description = "Stack traces on errors.")
    boolean verbose;

    @Override
    public Integer call() throws Exception {
        Db db = dbOptions.db();
        // the worker's device and the memory it keeps there, freed when the worker stops
        try (ProverSession session = WorkloadHooks.session(device == null ? List.of() : List.of(device))) {
            return run(db, session);
        }
    }

    private int run(Db db, ProverSession session) throws Exception {
        String dev = session.devices().get(0);
        String host = java.net.InetAddress.getLocalHost().getHostName();
        String me = name != null ? name : host + "-" + ProcessHandle.current().pid();
        long mem = memory != null ? memory : Runtime.getRuntime().maxMemory();
        Worker.Config cfg;
        try {
            cfg = new Worker.Config(me, host, dev, mem, lease, heartbeat, poll, maxJobs, idleExit);
        } catch (IllegalArgumentException e) {
            throw new CliException(CliException.USAGE, e.getMessage());
        }
        PrintWriter out = spec.commandLine().getOut();
        DateTimeFormatter t = DateTimeFormatter.ofPattern("HH:mm:ss.SSS");
        Worker w = new Worker(db, new ProverAdapter(session, ParamsCache.of(cacheDir),
                Path.of(System.getProperty("java.io.tmpdir"), "jzk-worker-" + ProcessHandle.current().pid()),
                line -> log(out, t, me, line)), cfg, line -> log(out, t, me, line));
        CountDownLatch ended = new CountDownLatch(1);
        Thread hook = new Thread(() -> {
            w.stop();
            try {
                ended.await((long) (lease * 1000), TimeUnit.MILLISECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }, "jzk-worker-stop");
        Runtime.getRuntime().addShutdownHook(hook);
        int stored;
        try {
            stored = w.run();
        } finally {
            ended.countDown();
        }
        try {
            Runtime.getRuntime().removeShutdownHook(hook);
        } catch (IllegalStateException e) {
            // shutting down: the hook is running
        }
        log(out, t, me, "stopped; " + stored + " proof(s) stored");
        return 0;
    }

    private static void log(PrintWriter out, DateTimeFormatter t, String me, String line) {
        synchronized (out) {
            out.println(LocalTime.now().format(t) + " worker " + me + ": " + line);
            out.flush();
        }
    }
}
