package jzk.server;

import com.google.protobuf.ByteString;
import io.grpc.Status;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.EnumMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.UnaryOperator;
import jzk.arith.Fr;
import jzk.prover.batch.PorepProof;
import jzk.prover.batch.ProverSession;
import jzk.prover.circuits.PorepInput;
import jzk.prover.circuits.PorepInputGenerator;
import jzk.prover.circuits.PorepJson;
import jzk.prover.circuits.PorepShape;
import jzk.prover.gadgets.MerkleHash;
import jzk.prover.groth16.ProofCodec;
import jzk.prover.pipeline.MemoryBudget;
import jzk.prover.pipeline.ProofOutcome;
import jzk.prover.pipeline.ProofWorkload;
import jzk.prover.pipeline.ProvingPipeline;
import jzk.prover.snarkjs.SnarkjsProver;
import jzk.server.api.BuiltinCircuit;
import jzk.server.api.PartitionProof;
import jzk.server.api.Priority;
import jzk.server.api.ProofResult;
import jzk.server.api.SnarkjsCircuit;
import jzk.server.api.Stage;
import jzk.server.api.StatusReply;
import jzk.server.api.SubmitReply;
import jzk.server.api.SubmitRequest;

/**
 * The daemon's state, independent of the transport: the server's {@link ProverSession} (its devices and their
 * backends), one {@link ProvingPipeline} on those devices (admission by priority), the
 * {@link ParamManager} on the pipeline's memory budget, the jobs by id and by client request id.
 *
 * <p>Submissions are serialised (one at a time, with the parameter load one may trigger); status, metrics, await
 * and cancel never wait for them.
 *
 * <p>Invariants: a job pins its parameter set from submission until the pipeline released everything it held;
 * a request id maps to one job for as long as the job is kept (the newest {@code keepFinished} finished jobs and
 * every unfinished one); counters completed/failed/cancelled count each decided job once.
 */
final class ProvingService implements AutoCloseable {
    /** Longest client request id accepted. */
    static final int MAX_REQUEST_ID = 128;
    /** Built-in shape limits (as the CLI's): constraints per partition and partitions per proof. */
    static final long MAX_CONSTRAINTS = 1L << 28;
    static final int MAX_PARTITIONS = 4096;
    static final int MAX_CHALLENGES = 1 << 20;

    private final ServerConfig config;
    private final ProverSession session;
    private final ProvingPipeline pipeline;
    private final ParamManager params;
    private final long startNanos = System.nanoTime();
    private final Map<String, Job> jobs = new ConcurrentHashMap<>();
    private final Map<String, Job> byRequest = new ConcurrentHashMap<>();
    private final ConcurrentLinkedQueue<Job> finished = new ConcurrentLinkedQueue<>();
    private final AtomicLong nextJob = new AtomicLong(1);
    private final AtomicLong completed = new AtomicLong();
    private final AtomicLong failed = new AtomicLong();
    private final AtomicLong cancelled = new AtomicLong();
    /**
     * Runs {@link #done} off the pipeline's threads: it takes the parameter manager's lock (which a load may hold
     * while it waits for budget bytes that only the pipeline's threads can give back).
     */
    private final ExecutorService results = Executors.newSingleThreadExecutor(r -> {
        Thread t = new Thread(r, "jzk-results");
        t.setDaemon(true);
        return t;
    });
    /** Test hook: wraps each job's workload (e.g. to hold it in synthesis); identity otherwise. */
    volatile UnaryOperator<ProofWorkload> wrap = UnaryOperator.identity();

    ProvingService(ServerConfig config, ProverSession session) {
        this.config = config;
        this.session = session;
        this.pipeline = new ProvingPipeline(config.pipeline().withDevices(session.devices()));
        this.params = new ParamManager(pipeline.budget(), config.cache(), session, config.log());
    }

    ProvingPipeline pipeline() {
        return pipeline;
    }

    ParamManager params() {
        return params;
    }

    // ---------------------------------------------------------------- submission

    SubmitReply submit(SubmitRequest req) {
        String rid = req.getRequestId();
        if (rid.length() > MAX_REQUEST_ID) {
            throw invalid("request_id is " + rid.length() + " characters; at most " + MAX_REQUEST_ID);
        }
        if (req.getPriorityValue() < 0 || req.getPriorityValue() > Priority.CRITICAL_VALUE) {
            throw invalid("priority " + req.getPriorityValue() + " is not LOW, NORMAL, HIGH or CRITICAL");
        }
        Priority prio = req.getPriority() == Priority.PRIORITY_UNSPECIFIED ? Priority.NORMAL : req.getPriority();
        byte[] digest = rid.isEmpty() ? null : sha256(req.toByteString());
        synchronized (this) {
            if (!rid.isEmpty()) {
                Job earlier = byRequest.get(rid);
                if (earlier != null) {
                    if (!Arrays.equals(earlier.requestDigest, digest)) {
                        throw Status.ALREADY_EXISTS.withDescription("request_id '" + rid + "' was already used for "
                                + "a different request (job " + earlier.id + ")").asRuntimeException();
                    }
                    return SubmitReply.newBuilder().setJobId(earlier.id).setDuplicate(true).build();
                }
            }
            String id = "job-" + nextJob.getAndIncrement();
            Prepared p = switch (req.getCircuitCase()) {
                case BUILTIN -> builtin(req.getBuiltin(), id);
                case SNARKJS -> snarkjs(req.getSnarkjs(), id);
                case CIRCUIT_NOT_SET -> throw invalid("no circuit: set builtin or snarkjs");
            };
            try {
                checkFits(p.workload);
            } catch (RuntimeException e) {
                params.unpin(p.paramsId);
                throw e;
            }
            Job job = new Job(id, rid, digest, prio, p.paramsId, p.workload.partitions());
            jobs.put(id, job);
            if (!rid.isEmpty()) {
                byRequest.put(rid, job);
            }
            ProofWorkload w = new ProgressWorkload(wrap.apply(p.workload), job);
            job.handle = pipeline.submitWithPriority(w, prio.getNumber());
            job.handle.outcome().thenCombine(job.handle.released(), (o, v) -> o)
                    .whenCompleteAsync((o, e) -> done(job, o, e), results);
            config.log().accept(id + " submitted (" + prio + ", " + p.paramsId + ", " + job.partitions
                    + " partition(s)" + (rid.isEmpty() ? "" : ", request " + rid) + ")");
            return SubmitReply.newBuilder().setJobId(id).build();
        }
    }

    private record Prepared(ProofWorkload workload, String paramsId) {
    }

    private Prepared builtin(BuiltinCircuit b, String id) {
        PorepInput in;
        PorepShape shape;
        if (!b.getVanillaJson().isEmpty()) {
            try {
                in = PorepJson.read(b.getVanillaJson().newInput(), "builtin.vanilla_json");
            } catch (IOException | RuntimeException e) {
                throw invalid("builtin.vanilla_json: " + e.getMessage());
            }
            shape = in.shape();
            checkShape(shape, in.partitions().size());
        } else {
            int partitions = b.getPartitions() == 0 ? 2 : b.getPartitions();
            shape = shape(b);
            checkShape(shape, partitions);
            in = PorepInputGenerator.generate(shape, partitions, b.getSeed());
        }
        ParamSet.Builtin set = params.pinBuiltin(shape);
        try {
            return new Prepared(set.factory().workload(in, id), set.id());
        } catch (RuntimeException e) {
            params.unpin(set.id());
            throw invalid("builtin: " + e.getMessage());
        }
    }

    /** LoadParams for the built-in circuit: the shape's parameters resident (generated when missing). */
    jzk.server.api.ParamsInfo loadBuiltin(BuiltinCircuit b) {
        PorepShape s = shape(b);
        checkShape(s, 1);
        return params.loadBuiltin(s);
    }

    private static PorepShape shape(BuiltinCircuit b) {
        MerkleHash leaf = switch (b.getLeafHash().toLowerCase(Locale.ROOT)) {
            case "", "poseidon" -> MerkleHash.POSEIDON;
            case "sha256" -> MerkleHash.SHA256;
            default -> throw invalid("builtin.leaf_hash must be poseidon or sha256, got '" + b.getLeafHash() + "'");
        };
        int k = b.getChallenges() == 0 ? 3 : b.getChallenges();
        int d = b.getDepth() == 0 ? 4 : b.getDepth();
        if (k < 1 || k > MAX_CHALLENGES) {
            throw invalid("builtin.challenges must be 1.." + MAX_CHALLENGES + ", got " + Integer.toUnsignedString(k));
        }
        try {
            return new PorepShape(k, d, leaf);
        } catch (IllegalArgumentException e) {
            throw invalid("builtin: bad circuit shape: " + e.getMessage());
        }
    }

    private static void checkShape(PorepShape s, int partitions) {
        if (partitions < 1 || partitions > MAX_PARTITIONS) {
            throw invalid("builtin.partitions must be 1.." + MAX_PARTITIONS + ", got "
                    + Integer.toUnsignedString(partitions));
        }
        if (s.constraintCount() > MAX_CONSTRAINTS) {
            throw invalid("builtin: the shape k=" + s.challenges() + " d=" + s.depth() + " has "
                    + s.constraintCount() + " constraints per partition; at most " + MAX_CONSTRAINTS);
        }
    }

    private Prepared snarkjs(SnarkjsCircuit s, String id) {
        if (s.getParamsId().isEmpty()) {
            throw invalid("snarkjs.params_id is empty: load the zkey first (LoadParams zkey_path) and use its id");
        }
        if (s.getWtns().isEmpty()) {
            throw invalid("snarkjs.wtns is empty: send the .wtns file's bytes");
        }
        ParamSet set = params.pin(s.getParamsId());
        try {
            if (!(set instanceof ParamSet.Snarkjs z)) {
                throw invalid("snarkjs.params_id " + s.getParamsId() + " is not a zkey");
            }
            long[] w = readWitness(s.getWtns());
            if (w.length != z.zkey().nVars * 4) {
                throw invalid("snarkjs.wtns has " + w.length / 4 + " values but the zkey " + z.id() + " has nVars = "
                        + z.zkey().nVars + " (a witness of another circuit?)");
            }
            return new Prepared(new ZkeyWorkload(z, w, session, id), z.id());
        } catch (RuntimeException e) {
            params.unpin(set.id());
            throw e;
        }
    }

    /** The .wtns bytes as canonical Fr (the reader works on files: a private temp file, deleted at once). */
    private static long[] readWitness(ByteString bytes) {
        Path tmp = null;
        try {
            tmp = Files.createTempFile("jzk-serve-", ".wtns");
            try (var out = Files.newOutputStream(tmp)) {
                bytes.writeTo(out);
            }
            return SnarkjsProver.readWitness(tmp);
        } catch (IOException | RuntimeException e) {
            String m = e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
            throw invalid("snarkjs.wtns: " + (tmp == null ? m : m.replace(tmp.toString(), "wtns")));
        } finally {
            if (tmp != null) {
                try {
                    Files.deleteIfExists(tmp);
                } catch (IOException ignored) {
                    // a temp file left behind is harmless
                }
            }
        }
    }

    /** A partition must fit the budget beside the resident parameters, else it would wait forever. */
    private void checkFits(ProofWorkload w) {
        long need = 0;
        for (int p = 0; p < w.partitions(); p++) {
            need = Math.max(need, w.footprint(p).totalBytes());
        }
        long cap = pipeline.budget().capacityBytes();
        long resident = params.residentBytes();
        if (need > cap - resident) {
            throw Status.FAILED_PRECONDITION.withDescription("a partition needs " + MemoryBudget.format(need)
                    + " but only " + MemoryBudget.format(Math.max(0, cap - resident)) + " of the "
                    + MemoryBudget.format(cap) + " memory budget is left beside " + MemoryBudget.format(resident)
                    + " of resident parameters; evict parameters (EvictParams) or raise --memory-budget")
                    .asRuntimeException();
        }
    }

    // ---------------------------------------------------------------- outcomes

    private void done(Job job, ProofOutcome o, Throwable e) {
        params.unpin(job.paramsId);
        ProofResult.Builder r = ProofResult.newBuilder().setJobId(job.id).setParamsId(job.paramsId);
        if (e != null || o == null) {
            r.setStatus(Stage.FAILED).setError("internal error: " + (e == null ? "no outcome" : e));
            failed.incrementAndGet();
        } else {
            r.setQueueMs(o.queueMillis()).setProveMs(o.proveMillis()).setTotalMs(o.totalMillis());
            switch (o.status()) {
                case COMPLETED -> {
                    PorepProof p = (PorepProof) o.proof();
                    for (int i = 0; i < p.proofs().size(); i++) {
                        PartitionProof.Builder pp = PartitionProof.newBuilder()
                                .setProof(ByteString.copyFrom(ProofCodec.encode(p.proofs().get(i))));
                        long[] in = p.publicInputs().get(i);
                        for (int j = 0; j < in.length / Fr.LIMBS; j++) {
                            pp.addPublicInputs(Fr.F.toBigInteger(in, j * Fr.LIMBS).toString());
                        }
                        r.addPartitions(pp);
                    }
                    r.setStatus(Stage.DONE).setVerified(Boolean.TRUE.equals(o.verified()));
                    completed.incrementAndGet();
                }
                case FAILED -> {
                    r.setStatus(Stage.FAILED).setError(o.reason());
                    failed.incrementAndGet();
                }
                case CANCELLED -> {
                    r.setStatus(Stage.CANCELLED).setError(o.reason());
                    cancelled.incrementAndGet();
                }
            }
        }
        job.finish(r.build());
        config.log().accept(job.id + " " + r.getStatus() + (r.getError().isEmpty() ? "" : ": " + r.getError()));
        finished.add(job);
        while (finished.size() > config.keepFinished()) {
            Job old = finished.poll();
            if (old != null) {
                jobs.remove(old.id);
                byRequest.remove(old.requestId, old);
            }
        }
    }

    Job job(String id) {
        Job j = jobs.get(id);
        if (j == null) {
            throw Status.NOT_FOUND.withDescription("no job '" + id + "' (unknown, or finished long ago)")
                    .asRuntimeException();
        }
        return j;
    }

    /** Cancels a job; false when it had already finished. */
    boolean cancel(String id) {
        Job j = job(id);
        return j.handle.cancel();
    }

    // ---------------------------------------------------------------- status

    StatusReply status() {
        StatusReply.Builder b = StatusReply.newBuilder();
        Map<Priority, Long> depth = new EnumMap<>(Priority.class);
        for (Priority p : List.of(Priority.LOW, Priority.NORMAL, Priority.HIGH, Priority.CRITICAL)) {
            depth.put(p, 0L);
        }
        List<Job> open = new ArrayList<>();
        for (Job j : jobs.values()) {
            if (j.result() == null) {
                open.add(j);
                if (j.stage() == Stage.QUEUED) {
                    depth.merge(j.priority, 1L, Long::sum);
                }
            }
        }
        open.sort((x, y) -> Long.compare(num(x.id), num(y.id)));
        open.forEach(j -> b.addJobs(j.status()));
        depth.forEach((p, n) -> b.putQueueDepth(p.name(), n));
        b.putAllBuffers(pipeline.tracker().counts());
        MemoryBudget budget = pipeline.budget();
        int total = pipeline.config().partitionWorkers() + pipeline.config().lookahead();
        b.setBudgetBytes(budget.capacityBytes()).setReservedBytes(budget.reservedBytes())
                .setParamsBytes(params.residentBytes()).setPeakReservedBytes(budget.peakReservedBytes())
                .setFreePermits(pipeline.availablePermits()).setTotalPermits(total)
                .addAllDevices(session.devices()).putAllGpuBusy(pipeline.metrics().gpuBusyFractions(pipeline.wallNanos()))
                .setCompleted(completed.get()).setFailed(failed.get()).setCancelled(cancelled.get())
                .addAllParams(params.list()).setUptimeS((System.nanoTime() - startNanos) / 1e9);
        return b.build();
    }

    String metricsText() {
        return MetricsText.render(status(), pipeline.metrics().summaries());
    }

    /** Status as plain maps for the HTTP /status JSON. */
    Map<String, Object> statusMap() {
        return StatusJson.of(status());
    }

    // ---------------------------------------------------------------- shutdown

    @Override
    public void close() {
        pipeline.cancelAll();
        try {
            pipeline.awaitIdle(Duration.ofSeconds(30));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (java.util.concurrent.TimeoutException e) {
            config.log().accept("shutdown: " + e.getMessage());
        }
        pipeline.close();
        results.shutdown();
        try {
            results.awaitTermination(10, java.util.concurrent.TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        params.evictAll();
    }

    // ---------------------------------------------------------------- helpers

    static io.grpc.StatusRuntimeException invalid(String message) {
        return Status.INVALID_ARGUMENT.withDescription(message).asRuntimeException();
    }

    private static long num(String jobId) {
        return Long.parseLong(jobId.substring(jobId.indexOf('-') + 1));
    }

    private static byte[] sha256(ByteString b) {
        try {
            return MessageDigest.getInstance("SHA-256").digest(b.toByteArray());
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
