package jzk.cli;

import com.google.protobuf.ByteString;
import io.grpc.StatusRuntimeException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.concurrent.Callable;
import jzk.server.ProverClient;
import jzk.server.api.BuiltinCircuit;
import jzk.server.api.LoadParamsRequest;
import jzk.server.api.Priority;
import jzk.server.api.SnarkjsCircuit;
import jzk.server.api.SubmitReply;
import jzk.server.api.SubmitRequest;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

/**
 * {@code jzk serve submit}: queues one proof on a {@code jzk serve} and prints its job id (then {@code jzk serve await}).
 * The built-in circuit by its shape options (a generated input from {@code --seed}) or {@code --input} (a
 * vanilla-proof JSON), or a snarkjs witness {@code --wtns} for a zkey the server has ({@code --params-id}, or
 * {@code --zkey PATH} on the server's file system, loaded first).
 */
@Command(name = "submit", sortOptions = false, mixinStandardHelpOptions = true,
        description = "Queue one proof on a jzk serve; prints the job id.")
public final class ServeSubmitCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Mixin
    ClientOptions client = new ClientOptions();

    @Mixin
    ShapeOptions shape = new ShapeOptions();

    @Option(names = "--seed", paramLabel = "S", description = "Built-in: seed of the generated input (default ${DEFAULT-VALUE}).")
    long seed = 1;

    @Option(names = "--input", paramLabel = "FILE", description = "Built-in: a vanilla-proof JSON (jzk gen-input).")
    Path input;

    @Option(names = "--wtns", paramLabel = "FILE", description = "snarkjs: the witness (.wtns) to prove.")
    Path wtns;

    @Option(names = "--params-id", paramLabel = "ID", description = "snarkjs: a zkey the server has loaded (zkey:…).")
    String paramsId;

    @Option(names = "--zkey", paramLabel = "PATH", description = "snarkjs: a zkey path on the server, loaded first.")
    String zkeyPath;

    @Option(names = "--priority", paramLabel = "P",
            description = "low, normal, high or critical (default ${DEFAULT-VALUE}).")
    String priority = "normal";

    @Option(names = "--request-id", paramLabel = "ID",
            description = "Idempotency key: submitting it again returns the same job.")
    String requestId = "";

    @Override
    public Integer call() {
        SubmitRequest req = request();
        try (ProverClient c = client.connect()) {
            SubmitReply r = c.blocking().submitProof(req);
            spec.commandLine().getOut().println(r.getJobId());
            if (r.getDuplicate()) {
                spec.commandLine().getErr().println("jzk: request id '" + requestId + "' was submitted before: "
                        + r.getJobId());
            }
            return 0;
        } catch (StatusRuntimeException e) {
            throw client.failure(e);
        }
    }

    SubmitRequest request() {
        Priority p;
        try {
            p = Priority.valueOf(priority.toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException e) {
            p = Priority.UNRECOGNIZED;
        }
        if (p == Priority.UNRECOGNIZED || p == Priority.PRIORITY_UNSPECIFIED) {
            throw new CliException(CliException.USAGE, "--priority must be low, normal, high or critical, got '"
                    + priority + "'");
        }
        SubmitRequest.Builder b = SubmitRequest.newBuilder().setPriority(p).setRequestId(requestId);
        if (wtns != null) {
            if (input != null) {
                throw new CliException(CliException.USAGE, "--wtns (snarkjs) and --input (built-in) exclude each other");
            }
            if ((paramsId == null) == (zkeyPath == null)) {
                throw new CliException(CliException.USAGE, "--wtns needs exactly one of --params-id or --zkey");
            }
            String id = paramsId != null ? paramsId : loadZkey();
            return b.setSnarkjs(SnarkjsCircuit.newBuilder().setParamsId(id).setWtns(bytes("--wtns", wtns))).build();
        }
        if (paramsId != null || zkeyPath != null) {
            throw new CliException(CliException.USAGE, "--params-id and --zkey go with --wtns");
        }
        BuiltinCircuit.Builder c = BuiltinCircuit.newBuilder();
        if (input != null) {
            c.setVanillaJson(bytes("--input", input));
        } else {
            var s = ServerBatch.porep(shape.shape());
            c.setChallenges(s.challenges()).setDepth(s.depth()).setLeafHash(s.leafHash().name().toLowerCase(Locale.ROOT))
                    .setPartitions(shape.partitions).setSeed(seed);
        }
        return b.setBuiltin(c).build();
    }

    private String loadZkey() {
        try (ProverClient c = client.connect()) {
            return c.blocking().loadParams(LoadParamsRequest.newBuilder().setZkeyPath(zkeyPath).build()).getParamsId();
        } catch (StatusRuntimeException e) {
            throw client.failure(e);
        }
    }

    private static ByteString bytes(String option, Path f) {
        Limits.inputFile(option, f, Limits.MAX_INPUT_JSON_BYTES);
        try {
            return ByteString.copyFrom(Files.readAllBytes(f));
        } catch (IOException e) {
            throw new CliException(CliException.USAGE, option + " " + f + ": " + e.getMessage());
        }
    }
}
