package jzk.cli;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import jzk.prover.batch.ParamsCache;
import jzk.prover.pipeline.MemoryBudget;
import jzk.prover.pipeline.PermitPolicy;
import jzk.prover.pipeline.PipelineConfig;
import jzk.server.JzkServer;
import jzk.server.ProverClient;
import jzk.server.ServerConfig;
import jzk.server.api.LoadParamsRequest;
import jzk.server.api.ParamsInfo;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

/**
 * {@code jzk serve}: the proving daemon ({@link JzkServer}; API in server/src/main/proto/jzk.proto). Binds to
 * 127.0.0.1 unless {@code --listen} names another address; runs until SIGINT/SIGTERM, then cancels what is
 * still running, waits for every buffer to be given back and exits 0. Its client commands are its subcommands
 * ({@code jzk serve submit|await|status|cancel --server HOST:PORT}: {@code jzk submit} is the cluster's).
 */
@Command(name = "serve", sortOptions = false, mixinStandardHelpOptions = true,
        description = "Run the proving daemon: gRPC API (jzk.proto), HTTP /status and /metrics; its subcommands "
                + "talk to a running one.",
        subcommands = {ServeSubmitCommand.class, AwaitCommand.class, StatusCommand.class, CancelCommand.class})
public final class ServeCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Option(names = "--listen", paramLabel = "HOST[:PORT]",
            description = "Address to bind (default 127.0.0.1:" + ServerConfig.DEFAULT_PORT + "; 0.0.0.0 exposes it "
                    + "to the network: use --token-file then).")
    String listen = "127.0.0.1:" + ServerConfig.DEFAULT_PORT;

    @Option(names = "--http-port", paramLabel = "PORT",
            description = "Port of /status and /metrics on the same address (default: the gRPC port + 1; -1: off).")
    Integer httpPort;

    @Option(names = "--token-file", paramLabel = "FILE",
            description = "Require this shared secret (first line of FILE) on every call: "
                    + "'authorization: Bearer <token>' (gRPC metadata and HTTP header).")
    Path tokenFile;

    @Option(names = "--max-request", paramLabel = "SIZE", converter = SizeConverter.class,
            description = "Largest request accepted, 1k..2g (default 64m); a larger witness upload is refused.")
    long maxRequest = ServerConfig.DEFAULT_MAX_REQUEST_BYTES;

    @Option(names = "--device", paramLabel = "NAME", split = ",",
            description = "Device(s): cuda:0, opencl:…, cpu (the CPU prover), jvm (Java kernel executor, slow); "
                    + "default the best GPU, else cpu.")
    List<String> devices = new ArrayList<>();

    @Option(names = "--partition-workers", paramLabel = "W", description = "Synthesis threads (default ${DEFAULT-VALUE}).")
    int partitionWorkers = 2;

    @Option(names = "--lookahead", paramLabel = "L", description = "Partitions waiting for the GPU beyond W (default ${DEFAULT-VALUE}).")
    int lookahead = 1;

    @Option(names = "--gpu-workers", paramLabel = "G", description = "GPU workers per device (default ${DEFAULT-VALUE}).")
    int gpuWorkers = 1;

    @Option(names = "--finalizers", paramLabel = "F", description = "Finalizer threads (default ${DEFAULT-VALUE}).")
    int finalizers = 2;

    @Option(names = "--memory-budget", paramLabel = "SIZE", converter = SizeConverter.class,
            description = "Budget shared by partitions and resident parameters (default: physical memory minus "
                    + "max(2g, 10%%)).")
    Long memoryBudgetBytes;

    @Option(names = "--cache", paramLabel = "DIR",
            description = "Built-in circuit parameter cache (default: $JZK_CACHE, else ~/.cache/jzk).")
    Path cacheDir;

    @Option(names = "--zkey", paramLabel = "FILE",
            description = "Load this snarkjs zkey at start (repeatable); its params id is printed.")
    List<Path> zkeys = new ArrayList<>();

    @Option(names = "--timeline", paramLabel = "FILE", description = "Write the stage TIMELINE as CSV.")
    Path timeline;

    @Option(names = "--keep-finished", paramLabel = "N",
            description = "Finished jobs kept for await and request ids, 1..1000000 (default ${DEFAULT-VALUE}).")
    int keepFinished = 10_000;

    @Option(names = "--no-verify", description = "Skip the server's verification of each proof.")
    boolean noVerify;

    @Override
    public Integer call() throws Exception {
        PrintWriter err = spec.commandLine().getErr();
        String host = listen;
        int port = ServerConfig.DEFAULT_PORT;
        int colon = listen.lastIndexOf(':');
        if (colon > 0 && !listen.endsWith("]")) {
            host = listen.substring(0, colon);
            try {
                port = Integer.parseInt(listen.substring(colon + 1));
            } catch (NumberFormatException e) {
                throw new CliException(CliException.USAGE, "--listen must be HOST[:PORT], got '" + listen + "'");
            }
        }
        Limits.range("--listen port", port, 0, 65535);
        int http = httpPort != null ? httpPort : (port == 0 ? 0 : port + 1);
        Limits.range("--http-port", http, -1, 65535);
        Limits.range("--max-request", maxRequest, 1024, Integer.MAX_VALUE);
        Limits.range("--partition-workers", partitionWorkers, 1, Limits.MAX_THREADS);
        Limits.range("--lookahead", lookahead, 0, Limits.MAX_LOOKAHEAD);
        Limits.range("--gpu-workers", gpuWorkers, 1, Limits.MAX_GPU_WORKERS);
        Limits.range("--finalizers", finalizers, 1, Limits.MAX_THREADS);
        Limits.range("--keep-finished", keepFinished, 1, 1_000_000);
        new OutputPaths().file("--timeline", timeline).check();
        long budget = memoryBudgetBytes != null ? memoryBudgetBytes : MemoryBudget.defaultCapacityBytes();
        Limits.range("--memory-budget", budget, 1, Long.MAX_VALUE);
        // the device list here is a placeholder: the server's ProverSession resolves --device and replaces it
        PipelineConfig pc = new PipelineConfig(partitionWorkers, lookahead, gpuWorkers, List.of("cpu"), finalizers,
                budget, PermitPolicy.HOLD_UNTIL_GPU, !noVerify, timeline, null);
        String token = ClientOptions.token(tokenFile);
        ServerConfig config = new ServerConfig(host, port, http, token, maxRequest, devices, pc,
                ParamsCache.of(cacheDir), keepFinished, line -> {
                    err.println("jzk serve: " + line);
                    err.flush();
                });
        JzkServer server;
        try {
            server = JzkServer.start(config);
        } catch (IllegalArgumentException e) {
            throw new CliException(CliException.USAGE, e.getMessage());
        } catch (java.io.IOException e) {
            throw new CliException(CliException.FAILURE, e.getMessage());
        }
        if (token == null && !java.net.InetAddress.getByName(host).isLoopbackAddress()) {
            err.println("jzk serve: warning: listening on " + host + " without --token-file: whoever reaches this "
                    + "address can submit, cancel and load parameters");
            err.flush();
        }
        CountDownLatch stopped = new CountDownLatch(1);
        Thread hook = new Thread(() -> {
            server.close();
            stopped.countDown();
        }, "jzk-serve-shutdown");
        Runtime.getRuntime().addShutdownHook(hook);
        if (!zkeys.isEmpty()) {
            try (ProverClient c = new ProverClient(host.equals("0.0.0.0") ? "127.0.0.1:" + server.port()
                    : host + ":" + server.port(), token)) {
                for (Path z : zkeys) {
                    ParamsInfo p = c.blocking().loadParams(LoadParamsRequest.newBuilder()
                            .setZkeyPath(z.toAbsolutePath().toString()).build());
                    spec.commandLine().getOut().println(p.getParamsId() + " " + z);
                }
            } catch (io.grpc.StatusRuntimeException e) {
                Runtime.getRuntime().removeShutdownHook(hook);
                server.close();
                throw new CliException(CliException.USAGE, "--zkey: " + e.getStatus().getDescription());
            }
            spec.commandLine().getOut().flush();
        }
        server.awaitTermination();
        stopped.await();
        return 0;
    }
}
