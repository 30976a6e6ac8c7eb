package jzk.cli;

import io.grpc.StatusRuntimeException;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.Iterator;
import java.util.Locale;
import java.util.concurrent.Callable;
import jzk.server.ProverClient;
import jzk.server.api.AwaitRequest;
import jzk.server.api.ProofEvent;
import jzk.server.api.ProofResult;
import jzk.server.api.Stage;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

/**
 * {@code jzk serve await JOB}: follows a job of a {@code jzk serve} (one progress line per change on stderr), then
 * writes its proof as {@code jzk prove} does (checked by {@code jzk verify}). Exit 0 when the proof is done, 1
 * when it failed or was cancelled (the reason on stderr).
 */
@Command(name = "await", sortOptions = false, mixinStandardHelpOptions = true,
        description = "Wait for a job of a jzk serve and write its proof.")
public final class AwaitCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Mixin
    ClientOptions client = new ClientOptions();

    @Parameters(index = "0", paramLabel = "JOB", description = "The job id jzk serve submit printed.")
    String job;

    @Option(names = "--proof", paramLabel = "FILE", description = "Proof JSON to write (default ${DEFAULT-VALUE}).")
    Path proof = Path.of("proof.json");

    @Option(names = "--public", paramLabel = "FILE", description = "Public signals JSON to write (default ${DEFAULT-VALUE}).")
    Path publicJson = Path.of("public.json");

    @Option(names = "--quiet", description = "No progress lines.")
    boolean quiet;

    @Override
    public Integer call() throws IOException {
        new OutputPaths().file("--proof", proof).file("--public", publicJson).check();
        PrintWriter err = spec.commandLine().getErr();
        ProofResult r = null;
        try (ProverClient c = client.connect()) {
            Iterator<ProofEvent> it = c.blocking().awaitProof(AwaitRequest.newBuilder().setJobId(job).build());
            while (it.hasNext()) {
                ProofEvent e = it.next();
                if (e.hasResult()) {
                    r = e.getResult();
                } else if (!quiet) {
                    err.println(progress(e));
                    err.flush();
                }
            }
        } catch (StatusRuntimeException e) {
            throw client.failure(e);
        }
        return finish(r, err);
    }

    static String progress(ProofEvent e) {
        return String.format(Locale.ROOT, "jzk: %s %s: synthesized %d/%d, gpu %d/%d, finalized %d/%d", e.getJobId(),
                e.getStage().name().toLowerCase(Locale.ROOT), e.getSynthesized(), e.getPartitions(), e.getGpuDone(),
                e.getPartitions(), e.getFinalized(), e.getPartitions());
    }

    int finish(ProofResult r, PrintWriter err) throws IOException {
        if (r == null) {
            throw new CliException(CliException.FAILURE, "the server ended the stream of " + job + " without a result");
        }
        if (r.getStatus() != Stage.DONE) {
            err.println("jzk: " + r.getJobId() + " " + r.getStatus().name().toLowerCase(Locale.ROOT) + ": "
                    + r.getError());
            return CliException.FAILURE;
        }
        ServerProofs.write(r, proof, publicJson);
        err.println(String.format(Locale.ROOT, "jzk: %s done: %d partition(s), verified by the server: %s, "
                + "queue %.0f ms, prove %.0f ms; wrote %s, %s", r.getJobId(), r.getPartitionsCount(), r.getVerified(),
                r.getQueueMs(), r.getProveMs(), proof, publicJson));
        return 0;
    }
}
