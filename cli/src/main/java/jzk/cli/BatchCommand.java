package jzk.cli;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.function.Consumer;
import java.util.regex.Pattern;
import jzk.prover.batch.PorepGroth16;
import jzk.prover.batch.ProverSession;
import jzk.prover.pipeline.AdmissionPlan;
import jzk.prover.pipeline.BatchReport;
import jzk.prover.pipeline.BatchRunner;
import jzk.prover.pipeline.DeviceInventory;
import jzk.prover.pipeline.MemoryBudget;
import jzk.prover.pipeline.PermitPolicy;
import jzk.prover.pipeline.PipelineConfig;
import jzk.prover.pipeline.SyntheticWorkload;
import jzk.prover.pipeline.Timeline;
import jzk.prover.pipeline.WorkloadFactory;
import jzk.prover.snarkjs.SnarkjsJson;
import jzk.tornado.progress.Progress;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code jzk batch}: runs N proofs through the proving pipeline and reports throughput, latency percentiles,
 * memory and buffer peaks. The real workload comes from {@link WorkloadHooks}; {@code --synthetic} uses
 * {@link SyntheticWorkload} (pipeline testing only) on simulated devices {@code sim:0}, {@code sim:1}, ….
 *
 * <p>Exit codes: 0 all proofs completed; 1 some proof failed or was cancelled, or an I/O error; 2 bad options
 * or input; 3 a part missing from this build; 130 interrupted by SIGINT/SIGTERM ({@link BatchInterrupts}: the
 * summary and report cover what completed).
 */
@Command(name = "batch", sortOptions = false, mixinStandardHelpOptions = true,
        description = "Prove a batch through the pipeline and report throughput, latency and memory.")
public final class BatchCommand implements Callable<Integer> {

    private static final Pattern SIM_DEVICE = Pattern.compile("sim:(\\d{1,2})");

    @Spec
    CommandSpec spec;

    @Option(names = "--count", paramLabel = "N", description = "Proofs in the batch, 1..1000000 (default ${DEFAULT-VALUE}).")
    int count = 4;

    @Option(names = "--concurrency", paramLabel = "C",
            description = "Proofs in flight at once, 1..10000 (default ${DEFAULT-VALUE}).")
    int concurrency = 2;

    @Option(names = "--partition-workers", paramLabel = "W",
            description = "Synthesis threads, 1..1024 (default ${DEFAULT-VALUE}).")
    int partitionWorkers = 2;

    @Option(names = "--lookahead", paramLabel = "L",
            description = "Synthesized partitions allowed to wait for the GPU beyond the W in synthesis "
                    + "0..4096 (default ${DEFAULT-VALUE}).")
    int lookahead = 1;

    @Option(names = "--gpu-workers", paramLabel = "G",
            description = "GPU workers per device, each after the first on a stream/queue of its own, 1..64 "
                    + "(default ${DEFAULT-VALUE}).")
    int gpuWorkers = 1;

    @Option(names = "--finalizers", paramLabel = "F", description = "Finalizer threads, 1..1024 (default ${DEFAULT-VALUE}).")
    int finalizers = 2;

    @Option(names = "--memory-budget", paramLabel = "SIZE", converter = SizeConverter.class,
            description = "Admission budget, e.g. 64g or 512m (default: physical memory minus max(2g, 10%%)).")
    Long memoryBudgetBytes;

    @Option(names = "--device", paramLabel = "NAME", split = ",",
            description = "Device(s) for the GPU stage: cuda:0, opencl:…, cpu (the CPU prover), jvm (the Java "
                    + "kernel executor: bit-exact reference, slow); sim:N with --synthetic. Several (cuda:0,cuda:1): "
                    + "each partition goes to the least-loaded one; one that fails is taken out of rotation.")
    List<String> devices = new ArrayList<>();

    @Mixin
    ShapeOptions shape = new ShapeOptions();

    @Option(names = "--seed", paramLabel = "S",
            description = "Generated inputs: proof i uses seed S + i (default ${DEFAULT-VALUE}).")
    long seed = 1;

    @Option(names = "--input", paramLabel = "FILE|DIR",
            description = "Vanilla-proof JSON for every proof (its shape and partitions replace the shape options), "
                    + "or a directory of them for the shape options (proof i: i-th file); "
                    + "with --synthetic a shape {\"partitions\":4,\"abcBytes\":…,\"auxBytes\":…,"
                    + "\"synthMillis\":…,\"gpuMillis\":…,\"finalizeMillis\":…}.")
    Path input;

    @Option(names = "--out", paramLabel = "DIR",
            description = "Groth16: write each completed proof as DIR/proof-<i>.json and DIR/public-<i>.json "
                    + "(i from 1; the format of jzk prove) and the verifying key as DIR/verification_key.json, "
                    + "so that jzk verify --vk DIR/verification_key.json checks them.")
    Path outDir;

    /** The verifying key's name under {@code --out}. */
    static final String VK_FILE = "verification_key.json";

    @Option(names = "--json", paramLabel = "FILE", description = "Write the report as JSON.")
    Path json;

    @Option(names = "--hgrm", paramLabel = "DIR", description = "Write HdrHistogram percentile files per stage.")
    Path hgrmDir;

    @Option(names = "--timeline", paramLabel = "FILE",
            description = "Write the stage TIMELINE: FILE.csv as CSV; FILE.html or FILE.svg as a Gantt chart "
                    + "(stages per partition, buffer counts, RSS) with its CSV beside it (same name, .csv).")
    Path timeline;

    @Option(names = "--buffer-log", paramLabel = "FILE",
            description = "Write one buffer-tracker line per transition (with --verbose also to stderr).")
    Path bufferLog;

    @Option(names = "--naive-permits",
            description = "Release the synthesis permit at synthesis end (the SUPRASEAL_C2 bug, for comparison).")
    boolean naivePermits;

    @Option(names = "--no-verify", description = "Skip verification of each finished proof.")
    boolean noVerify;

    @Option(names = "--verbose", description = "Stack traces on errors; buffer-tracker lines on stderr.")
    boolean verbose;

    @Option(names = "--synthetic", description = "Prove nothing: run the synthetic pipeline-test workload.")
    boolean synthetic;

    @Option(names = "--synthetic-partitions", paramLabel = "P", description = "Synthetic: partitions per proof, 1..4096 (default ${DEFAULT-VALUE}).")
    int synthPartitions = 4;

    @Option(names = "--synthetic-abc", paramLabel = "SIZE", converter = SizeConverter.class,
            description = "Synthetic: a/b/c bytes per partition (default 16m).")
    long synthAbcBytes = 16L << 20;

    @Option(names = "--synthetic-aux", paramLabel = "SIZE", converter = SizeConverter.class,
            description = "Synthetic: aux bytes per partition (default 4m).")
    long synthAuxBytes = 4L << 20;

    @Option(names = "--synthetic-ms", paramLabel = "S,G,F", split = ",",
            description = "Synthetic: minimum synthesis, GPU and finalize milliseconds, each 0..3600000 "
                    + "(default 20,30,5).")
    long[] synthMillis = {20, 30, 5};

    @Option(names = "--synthetic-offheap",
            description = "Synthetic: buffers in native memory, freed when consumed (RSS follows the pipeline).")
    boolean syntheticOffHeap;

    @Option(names = "--server", paramLabel = "HOST:PORT",
            description = "Run the batch against a jzk serve (built-in circuit: shape options or one --input file; "
                    + "--count, --concurrency clients, --seed, --out, --json apply; the pipeline options are the "
                    + "server's).")
    String server;

    @Option(names = "--token-file", paramLabel = "FILE", description = "With --server: the server's shared secret.")
    Path tokenFile;

    @Option(names = "--warmup", paramLabel = "N",
            description = "With --server: proofs before the measured ones, 0..1000 (default ${DEFAULT-VALUE}).")
    int warmup = 1;

    @Option(names = "--timings", description = "Print where the command's time went (launcher, JVM boot, devices, "
            + "parameters, kernel JIT and driver builds) on stderr at the end; also JZK_TIMINGS=1.")
    void timings(boolean on) {
        if (on) {
            jzk.tornado.progress.Timings.enable();
        }
    }

    @Override
    public Integer call() throws Exception {
        checkBounds();
        if (server != null) {
            if (synthetic) {
                throw new CliException(CliException.USAGE, "--server and --synthetic exclude each other");
            }
            Limits.range("--warmup", warmup, 0, 1000);
            new OutputPaths().file("--json", json).dir("--out", outDir).check();
            ClientOptions c = new ClientOptions();
            c.server = server;
            c.tokenFile = tokenFile;
            return ServerBatch.run(c, input == null ? ServerBatch.porep(shape.shape()) : null, shape.partitions, input, seed, count,
                    concurrency, warmup, outDir, json, spec.commandLine().getOut(), spec.commandLine().getErr());
        }
        // every output checked before any work (parameter generation, proofs): not found after the batch
        new OutputPaths().file("--json", json).file("--timeline", timeline).file("--buffer-log", bufferLog)
                .dir("--hgrm", hgrmDir).dir("--out", synthetic ? null : outDir).check();
        // the devices' memory (resident bases, staging, setup tables) is freed when the batch ends, however it ends
        try (ProverSession session = synthetic ? null : WorkloadHooks.session(devices)) {
            return run(session);
        }
    }

    /** The batch on {@code session}'s devices (null: {@code --synthetic} on simulated devices). */
    private int run(ProverSession session) throws Exception {
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        List<String> deviceNames = synthetic ? simulatedDevices(devices) : session.devices();
        // missing parameters are generated on the session's setup device (its first non-CPU device), else the CPU
        WorkloadFactory factory = synthetic ? syntheticFactory()
                : WorkloadHooks.groth16(input, shape, seed, err, session);
        if (outDir != null && factory instanceof PorepGroth16 g) {
            // the key the proofs verify under, beside them: jzk verify --vk DIR/verification_key.json works at once
            OutputPaths.write("--out", outDir.resolve(VK_FILE),
                    tmp -> SnarkjsJson.writeVerifyingKey(tmp, g.params().pk().vk));
        }

        Writer bufferLogWriter = null;
        if (bufferLog != null) {
            try {
                bufferLogWriter = Files.newBufferedWriter(bufferLog);
            } catch (IOException e) {
                throw new CliException(CliException.FAILURE, "cannot write --buffer-log " + bufferLog + ": " + e);
            }
        }
        Consumer<String> bufferLines = bufferLines(bufferLogWriter, err);
        PipelineConfig config;
        try {
            config = new PipelineConfig(partitionWorkers, lookahead, gpuWorkers, deviceNames, finalizers,
                    memoryBudgetBytes != null ? memoryBudgetBytes : MemoryBudget.defaultCapacityBytes(),
                    naivePermits ? PermitPolicy.RELEASE_AT_SYNTHESIS_END : PermitPolicy.HOLD_UNTIL_GPU,
                    !noVerify, timeline, bufferLines);
        } catch (IllegalArgumentException e) {
            throw new CliException(CliException.USAGE, e.getMessage());
        }
        if (factory instanceof PorepGroth16 g) { // what admission will let run at once, before any proof
            out.println(AdmissionPlan.of(config, g.footprint(), g.deviceMemory().values().stream()
                    .mapToLong(BatchReport.DeviceMemory::residentKeyBytes).max().orElse(0)).describe());
            out.flush();
        }
        BatchRunner runner;
        try {
            runner = new BatchRunner(config, factory, count, concurrency, hgrmDir,
                    session != null ? session : DeviceInventory.NONE);
        } catch (IllegalArgumentException e) {
            throw new CliException(CliException.USAGE, e.getMessage());
        }
        ReportPrinter printer = new ReportPrinter(out, Progress.installed());
        BatchReport report;
        boolean interrupted;
        try (BatchInterrupts signals = new BatchInterrupts(runner, err, BatchInterrupts.GRACE_MILLIS, System::exit)
                .install()) {
            report = runner.run(outDir == null || synthetic ? printer : new ProofWriter(printer, outDir));
            interrupted = signals.interrupted();
        } finally {
            if (bufferLogWriter != null) {
                bufferLogWriter.close();
            }
        }
        printer.summary(report);
        if (json != null) {
            writeJson(report, json);
            out.println("report written to " + json);
        }
        if (timeline != null) {
            out.println("timeline written to " + timeline + (Timeline.isPicture(timeline)
                    ? " (data: " + Timeline.csvBeside(timeline) + ")" : ""));
        }
        if (hgrmDir != null) {
            out.println("percentile files written to " + hgrmDir);
        }
        if (outDir != null && !synthetic) {
            out.println("proofs written to " + outDir);
        }
        if (interrupted) {
            out.println("interrupted: " + report.completed() + " of " + report.count() + " proofs completed");
        }
        out.flush();
        return interrupted ? BatchInterrupts.EXIT_INTERRUPTED
                : report.completed() == report.count() ? 0 : CliException.FAILURE;
    }

    /** Every numeric option against {@link Limits}, before any work. */
    private void checkBounds() {
        Limits.range("--count", count, 1, Limits.MAX_COUNT);
        Limits.range("--concurrency", concurrency, 1, Limits.MAX_CONCURRENCY);
        Limits.range("--partition-workers", partitionWorkers, 1, Limits.MAX_THREADS);
        Limits.range("--lookahead", lookahead, 0, Limits.MAX_LOOKAHEAD);
        Limits.range("--gpu-workers", gpuWorkers, 1, Limits.MAX_GPU_WORKERS);
        Limits.range("--finalizers", finalizers, 1, Limits.MAX_THREADS);
        if (synthetic) {
            Limits.range("--synthetic-partitions", synthPartitions, 1, Limits.MAX_PARTITIONS);
            for (long ms : synthMillis) {
                Limits.range("--synthetic-ms", ms, 0, Limits.MAX_SYNTHETIC_MS);
            }
        }
        if (input != null) {
            if (!synthetic && java.nio.file.Files.isDirectory(input)) {
                return; // a directory of vanilla files: each is read (and bounded) by the workload
            }
            Limits.inputFile("--input", input, Limits.MAX_INPUT_JSON_BYTES);
        }
    }

    private Consumer<String> bufferLines(Writer file, PrintWriter err) {
        if (file == null && !verbose) {
            return null;
        }
        return line -> {
            if (file != null) {
                try {
                    file.write(line);
                    file.write('\n');
                } catch (IOException e) {
                    throw new UncheckedIOException("cannot write --buffer-log " + bufferLog, e);
                }
            }
            if (verbose) {
                err.println(line);
            }
        };
    }

    /** {@code sim:N} names (default {@code sim:0}); anything else is an unknown device for the synthetic load. */
    static List<String> simulatedDevices(List<String> requested) {
        if (requested.isEmpty()) {
            return List.of("sim:0");
        }
        for (String d : requested) {
            if (!SIM_DEVICE.matcher(d).matches()) {
                throw new CliException(CliException.USAGE, "unknown device '" + d
                        + "' for --synthetic: use simulated devices sim:0 … sim:99");
            }
        }
        if (requested.stream().distinct().count() != requested.size()) {
            throw new CliException(CliException.USAGE, "device listed twice in --device " + requested);
        }
        return List.copyOf(requested);
    }

    private WorkloadFactory syntheticFactory() {
        SyntheticWorkload.Spec s;
        if (input != null) {
            s = readSpec(input);
        } else {
            if (synthMillis.length != 3) {
                throw new CliException(CliException.USAGE,
                        "--synthetic-ms needs three values S,G,F (synthesis, GPU, finalize ms), got "
                                + synthMillis.length);
            }
            try {
                s = new SyntheticWorkload.Spec(synthPartitions, synthAbcBytes, synthAuxBytes, synthMillis[0],
                        synthMillis[1], synthMillis[2]);
            } catch (IllegalArgumentException e) {
                throw new CliException(CliException.USAGE, e.getMessage());
            }
        }
        return SyntheticWorkload.factory(s, syntheticOffHeap);
    }

    /** Reads a synthetic shape: {"partitions":4,"abcBytes":…,"auxBytes":…,"synthMillis":…,"gpuMillis":…,…}. */
    static SyntheticWorkload.Spec readSpec(Path file) {
        ObjectMapper m = new ObjectMapper().enable(DeserializationFeature.FAIL_ON_NULL_FOR_PRIMITIVES)
                .enable(DeserializationFeature.FAIL_ON_MISSING_CREATOR_PROPERTIES);
        try {
            return m.readValue(file.toFile(), SyntheticWorkload.Spec.class);
        } catch (IOException e) {
            String why = e instanceof com.fasterxml.jackson.core.JsonProcessingException j
                    ? j.getOriginalMessage() + (j.getLocation() != null
                    ? " at line " + j.getLocation().getLineNr() + ", column " + j.getLocation().getColumnNr() : "")
                    : e.toString();
            throw new CliException(CliException.USAGE, "cannot read --input " + file + ": " + why, e);
        } catch (IllegalArgumentException e) {
            throw new CliException(CliException.USAGE, "bad --input " + file + ": " + e.getMessage(), e);
        }
    }

    static void writeJson(BatchReport report, Path file) {
        OutputPaths.write("--json", file,
                tmp -> new ObjectMapper().writerWithDefaultPrettyPrinter().writeValue(tmp.toFile(), report));
    }
}
