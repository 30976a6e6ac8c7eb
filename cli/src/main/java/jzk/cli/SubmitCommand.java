package jzk.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import jzk.cluster.Db;
import jzk.cluster.JobRequest;
import jzk.cluster.JobStore;
import jzk.cluster.ProverAdapter;
import jzk.prover.circuits.PorepInputGenerator;
import jzk.prover.circuits.PorepJson;
import jzk.prover.circuits.PorepShape;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code jzk submit}: queues proofs in the cluster database. Built-in circuit: {@code --input vanilla.json} (read
 * and validated here), or {@code --count N} inputs generated from the shape options with seeds S..S+N−1;
 * snarkjs: {@code --zkey F.zkey --wtns F.wtns} (the zkey is parsed here). Inputs are stored once by SHA-256 in
 * the blobs table, so N jobs on one zkey store it once. Prints one line per job: {@code submitted job ID …}.
 */
@Command(name = "submit", mixinStandardHelpOptions = true, sortOptions = false,
        description = "Queue proofs in a PostgreSQL job database: built-in circuit (--input or generated) or "
                + "snarkjs (--zkey, --wtns).")
public final class SubmitCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Mixin
    DbOptions dbOptions = new DbOptions();

    @Option(names = "--input", paramLabel = "FILE", description = "Built-in circuit: vanilla-proof JSON.")
    Path input;

    @Mixin
    ShapeOptions shape = new ShapeOptions();

    @Option(names = "--seed", paramLabel = "S",
            description = "Generated inputs: first seed (default ${DEFAULT-VALUE}).")
    long seed = 1;

    @Option(names = "--count", paramLabel = "N", description = "Number of jobs (default ${DEFAULT-VALUE}): "
            + "generated inputs get seeds S..S+N-1; a given input is queued N times.")
    int count = 1;

    @Option(names = "--zkey", paramLabel = "FILE", description = "snarkjs: Groth16 zkey (BLS12-381).")
    Path zkey;

    @Option(names = "--wtns", paramLabel = "FILE", description = "snarkjs: witness file.")
    Path wtns;

    @Option(names = "--priority", paramLabel = "P", description = "Higher runs first (default ${DEFAULT-VALUE}).")
    int priority;

    @Option(names = "--max-attempts", paramLabel = "N",
            description = "Attempts before the job is marked failed (default ${DEFAULT-VALUE}).")
    int maxAttempts = 3;

    @Option(names = "--retry-delay", paramLabel = "S", description = "After failed attempt n the job waits "
            + "n × S seconds before it can be claimed again (default ${DEFAULT-VALUE}).")
    double retryDelay = 5;

    @Option(names = "--verbose", description = "Stack traces on errors.")
    boolean verbose;

    @Override
    public Integer call() throws Exception {
        Db db = dbOptions.db();
        Limits.range("--count", count, 1, 1_000_000);
        Limits.range("--max-attempts", maxAttempts, 1, 1000);
        if (!(retryDelay >= 0 && retryDelay <= 86_400)) {
            throw new CliException(CliException.USAGE, "--retry-delay must be in 0..86400 seconds, got " + retryDelay);
        }
        List<JobRequest> jobs = new ArrayList<>();
        try {
            if (zkey != null || wtns != null) {
                if (zkey == null || wtns == null || input != null) {
                    throw new CliException(CliException.USAGE, "snarkjs jobs need both --zkey and --wtns (and no "
                            + "--input)");
                }
                Limits.inputFile("--zkey", zkey, 0);
                Limits.inputFile("--wtns", wtns, 0);
                JobRequest r = ProverAdapter.snarkjs(zkey, wtns, "snarkjs " + wtns.getFileName());
                for (int i = 0; i < count; i++) {
                    jobs.add(r);
                }
            } else if (input != null) {
                Limits.inputFile("--input", input, Limits.MAX_INPUT_JSON_BYTES);
                JobRequest r = ProverAdapter.porep(PorepJson.read(input), "porep " + input.getFileName());
                for (int i = 0; i < count; i++) {
                    jobs.add(r);
                }
            } else {
                if (!(shape.shape() instanceof PorepShape s)) { // main's merge of cluster + drg: porep jobs only
                    throw new CliException(CliException.USAGE, "jzk submit generates inputs of --shape porep only");
                }
                for (int i = 0; i < count; i++) {
                    jobs.add(ProverAdapter.porep(PorepInputGenerator.generate(s, shape.partitions, seed + i),
                            "porep k=" + s.challenges() + " d=" + s.depth() + " seed " + (seed + i)));
                }
            }
        } catch (IllegalArgumentException e) { // PorepInputException included
            throw new CliException(CliException.USAGE, e.getMessage(), e);
        } catch (NoSuchFileException e) {
            throw new CliException(CliException.USAGE, e.getFile() + ": no such file", e);
        } catch (IOException e) {
            throw new CliException(CliException.FAILURE, "I/O error: " + e.getMessage(), e);
        }
        PrintWriter out = spec.commandLine().getOut();
        try (JobStore store = new JobStore(db)) {
            store.migrate();
            for (JobRequest r : jobs) {
                long id = store.submit(r, priority, maxAttempts, retryDelay);
                out.println("submitted job " + id + " (" + r.label() + ", " + r.partitions() + " partition(s), "
                        + "priority " + priority + ", needs " + Sizes.bytes(r.needsBytes()) + ")");
            }
        } catch (SQLException e) {
            throw DbOptions.failure(db, e);
        }
        out.flush();
        return 0;
    }
}
