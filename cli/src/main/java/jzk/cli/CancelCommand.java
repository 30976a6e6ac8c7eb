package jzk.cli;

import io.grpc.StatusRuntimeException;
import java.util.Locale;
import java.util.concurrent.Callable;
import jzk.server.ProverClient;
import jzk.server.api.CancelReply;
import jzk.server.api.CancelRequest;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

/** {@code jzk serve cancel JOB}: cancels a job of a {@code jzk serve}; exit 0 if it was cancelled, 1 if it had finished. */
@Command(name = "cancel", sortOptions = false, mixinStandardHelpOptions = true,
        description = "Cancel a job of a jzk serve.")
public final class CancelCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Mixin
    ClientOptions client = new ClientOptions();

    @Parameters(index = "0", paramLabel = "JOB", description = "The job id jzk serve submit printed.")
    String job;

    @Override
    public Integer call() {
        try (ProverClient c = client.connect()) {
            CancelReply r = c.blocking().cancelProof(CancelRequest.newBuilder().setJobId(job).build());
            spec.commandLine().getOut().println(job + " " + (r.getCancelled() ? "cancelled"
                    : "had already finished: " + r.getStatus().name().toLowerCase(Locale.ROOT)));
            return r.getCancelled() ? 0 : CliException.FAILURE;
        } catch (StatusRuntimeException e) {
            throw client.failure(e);
        }
    }
}
