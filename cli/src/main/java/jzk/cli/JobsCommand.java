package jzk.cli;

import java.io.PrintWriter;
import java.sql.SQLException;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import jzk.cluster.Db;
import jzk.cluster.JobStore;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code jzk jobs}: the job table — state, priority, progress, attempts, worker, times, last error. */
@Command(name = "jobs", mixinStandardHelpOptions = true, sortOptions = false,
        description = "List the jobs of a PostgreSQL job database.")
public final class JobsCommand implements Callable<Integer> {
    private static final DateTimeFormatter TIME = DateTimeFormatter.ofPattern("MM-dd HH:mm:ss")
            .withZone(ZoneOffset.UTC);

    @Spec
    CommandSpec spec;

    @Mixin
    DbOptions dbOptions = new DbOptions();

    @Option(names = "--state", paramLabel = "S", description = "Only jobs in state S: queued, running, done, failed.")
    String state;

    @Option(names = "--limit", paramLabel = "N", description = "At most N rows (default ${DEFAULT-VALUE}).")
    int limit = 100;

    @Option(names = "--verbose", description = "Stack traces on errors.")
    boolean verbose;

    @Override
    public Integer call() {
        Db db = dbOptions.db();
        if (state != null && !List.of("queued", "running", "done", "failed").contains(state)) {
            throw new CliException(CliException.USAGE, "--state must be queued, running, done or failed, got '"
                    + state + "'");
        }
        Limits.range("--limit", limit, 1, 1_000_000);
        PrintWriter out = spec.commandLine().getOut();
        try (JobStore store = new JobStore(db)) {
            List<JobStore.JobRow> rows = store.jobs(state, limit);
            Map<String, Long> counts = store.counts();
            out.printf(Locale.ROOT, "%-6s %-8s %4s %7s %8s %-20s %-14s %-14s %8s  %s%n", "ID", "STATE", "PRI", "PARTS",
                    "ATTEMPTS", "WORKER", "SUBMITTED(UTC)", "FINISHED(UTC)", "TOOK", "LABEL / LAST ERROR");
            for (JobStore.JobRow r : rows) {
                String took = r.started() != null && r.finished() != null
                        ? String.format(Locale.ROOT, "%.2fs",
                                Duration.between(r.started(), r.finished()).toMillis() / 1e3)
                        : "";
                out.printf(Locale.ROOT, "%-6d %-8s %4d %7s %8s %-20s %-14s %-14s %8s  %s%n", r.id(), r.state(),
                        r.priority(), r.partitionsDone() + "/" + r.partitions(), r.attempts() + "/" + r.maxAttempts(),
                        r.worker() == null ? "-" : r.worker(), time(r.submitted()), time(r.finished()), took,
                        r.label() + (r.lastError() != null ? " | " + r.lastError() : ""));
            }
            out.println("jobs: " + (counts.isEmpty() ? "none" : counts.toString().replaceAll("[{}]", "")));
        } catch (SQLException e) {
            throw DbOptions.failure(db, e);
        }
        out.flush();
        return 0;
    }

    private static String time(Instant t) {
        return t == null ? "-" : TIME.format(t);
    }
}
