package jzk.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.SQLException;
import java.util.List;
import java.util.concurrent.Callable;
import jzk.cluster.Db;
import jzk.cluster.JobStore;
import jzk.cluster.ProofCodecs;
import jzk.prover.batch.PorepProof;
import jzk.prover.groth16.PreparedVerifyingKey;
import jzk.prover.groth16.Proof;
import jzk.prover.groth16.Verifier;
import jzk.prover.groth16.VerifyingKey;
import jzk.prover.snarkjs.SnarkjsJson;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code jzk fetch JOB}: writes a done job's proof.json / public.json ({@link ProofFiles}: a snarkjs pair for one
 * partition, arrays for several), after checking them again under the verifying key stored with the proof; with
 * {@code --vk} also that key. A job that is not done exits 1 with its state (and, if failed, the reason).
 */
@Command(name = "fetch", mixinStandardHelpOptions = true, sortOptions = false,
        description = "Write a done job's proof.json and public.json from a PostgreSQL job database.")
public final class FetchCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Mixin
    DbOptions dbOptions = new DbOptions();

    @Parameters(index = "0", paramLabel = "JOB", description = "Job id.")
    long job;

    @Option(names = "--proof", paramLabel = "FILE", description = "Output proof JSON (default ${DEFAULT-VALUE}).")
    Path proof = Path.of("proof.json");

    @Option(names = "--public", paramLabel = "FILE", description = "Output public signals (default ${DEFAULT-VALUE}).")
    Path publicJson = Path.of("public.json");

    @Option(names = "--vk", paramLabel = "FILE", description = "Also write the verifying key JSON.")
    Path vk;

    @Option(names = "--verbose", description = "Stack traces on errors.")
    boolean verbose;

    @Override
    public Integer call() throws IOException {
        new OutputPaths().file("--proof", proof).file("--public", publicJson).file("--vk", vk).check();
        Db db = dbOptions.db();
        JobStore.StoredProof sp;
        try (JobStore store = new JobStore(db)) {
            var row = store.job(job).orElseThrow(() -> new CliException(CliException.USAGE, "no job " + job
                    + " in " + db));
            sp = store.proof(job).orElseThrow(() -> new CliException(CliException.FAILURE, "job " + job + " is "
                    + row.state() + (row.lastError() != null ? ": " + row.lastError() : "") + "; no proof"));
        } catch (SQLException e) {
            throw DbOptions.failure(db, e);
        }
        List<Proof> proofs = ProofCodecs.decodeProofs(sp.proof());
        List<long[]> pub = ProofCodecs.decodePublic(sp.publicInputs());
        Path tmp = Files.createTempFile("jzk-vk", ".json");
        VerifyingKey key;
        try {
            Files.write(tmp, sp.vkJson());
            key = SnarkjsJson.readVerifyingKey(tmp);
        } finally {
            Files.deleteIfExists(tmp);
        }
        if (proofs.size() != pub.size() || !Verifier.verifyBatch(new PreparedVerifyingKey(key), proofs, pub)) {
            throw new CliException(CliException.FAILURE, "job " + job + ": the stored proof does not verify under "
                    + "its stored verifying key: not written");
        }
        ProofFiles.write(new PorepProof(proofs, pub), proof, publicJson);
        if (vk != null) {
            OutputPaths.write("--vk", vk, t -> Files.write(t, sp.vkJson()));
        }
        PrintWriter out = spec.commandLine().getOut();
        out.println("job " + job + ": " + proofs.size() + " partition proof(s) by " + sp.worker() + " (verified) "
                + "written to " + proof + ", public signals to " + publicJson + (vk != null ? ", key to " + vk : ""));
        out.flush();
        return 0;
    }
}
