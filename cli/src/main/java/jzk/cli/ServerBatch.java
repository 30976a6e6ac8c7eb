package jzk.cli;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.google.protobuf.ByteString;
import io.grpc.StatusRuntimeException;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.UUID;
import jzk.prover.circuits.PartitionShape;
import jzk.prover.circuits.PorepShape;
import jzk.prover.io.AtomicFiles;
import jzk.server.LoadRunner;
import jzk.server.ProverClient;
import jzk.server.api.BuiltinCircuit;
import jzk.server.api.ProofResult;
import jzk.server.api.Stage;
import jzk.server.api.SubmitRequest;

/**
 * {@code jzk batch --server}: the batch benchmark against a running {@code jzk serve} instead of an in-process
 * pipeline. {@code --warmup} Prove calls first (not counted: the server loads the parameters and compiles the
 * kernels on its first proof), then {@code --count} Prove calls from {@code --concurrency} client threads
 * ({@link LoadRunner}). Reports client round-trip latency (p50/p90/p99/max), throughput, and the server's own
 * queue and prove times per proof, so that a warm Prove can be compared with the in-process proof time.
 */
final class ServerBatch {
    private ServerBatch() {
    }

    static int run(ClientOptions client, PorepShape shape, int partitions, Path input, long seed, int count,
                   int concurrency, int warmup, Path outDir, Path json, PrintWriter out, PrintWriter err)
            throws Exception {
        BuiltinCircuit.Builder circuit = BuiltinCircuit.newBuilder();
        if (input != null) {
            Limits.inputFile("--input", input, Limits.MAX_INPUT_JSON_BYTES);
            if (Files.isDirectory(input)) {
                throw new CliException(CliException.USAGE, "--server takes one --input JSON file, not a directory");
            }
            circuit.setVanillaJson(ByteString.copyFrom(Files.readAllBytes(input)));
        } else {
            circuit.setChallenges(shape.challenges()).setDepth(shape.depth())
                    .setLeafHash(shape.leafHash().name().toLowerCase(Locale.ROOT)).setPartitions(partitions);
        }
        String run = UUID.randomUUID().toString().substring(0, 8);
        try (ProverClient c = client.connect()) {
            for (int i = 0; i < warmup; i++) {
                long t0 = System.nanoTime();
                ProofResult r = c.blocking().prove(SubmitRequest.newBuilder().setRequestId("batch-" + run + "-w" + i)
                        .setBuiltin(circuit.clone().setSeed(seed + count + i)).build());
                err.printf(Locale.ROOT, "jzk: warm-up %d: %s in %.0f ms (server: queue %.0f ms, prove %.0f ms)%n",
                        i + 1, r.getStatus(), (System.nanoTime() - t0) / 1e6, r.getQueueMs(), r.getProveMs());
                err.flush();
            }
            LoadRunner.Report rep = LoadRunner.run(c, count, concurrency, i -> SubmitRequest.newBuilder()
                    .setRequestId("batch-" + run + "-" + i).setBuiltin(circuit.clone().setSeed(seed + i)).build());
            double[] prove = rep.results().stream().filter(r -> r != null && r.getStatus() == Stage.DONE)
                    .mapToDouble(ProofResult::getProveMs).sorted().toArray();
            double[] queue = rep.results().stream().filter(r -> r != null && r.getStatus() == Stage.DONE)
                    .mapToDouble(ProofResult::getQueueMs).sorted().toArray();
            out.printf(Locale.ROOT, "batch against %s: %d/%d proofs done in %.2f s, %.3f proofs/s, %d client(s)%n",
                    client.server, rep.done(), count, rep.wallSeconds(), rep.proofsPerSecond(), concurrency);
            out.printf(Locale.ROOT, "client latency ms: p50 %.1f  p90 %.1f  p99 %.1f  max %.1f  mean %.1f%n",
                    rep.p50Ms(), rep.p90Ms(), rep.p99Ms(), rep.maxMs(), rep.meanMs());
            out.printf(Locale.ROOT, "server prove ms: p50 %.1f  max %.1f; server queue ms: p50 %.1f  max %.1f%n",
                    pct(prove, 50), pct(prove, 100), pct(queue, 50), pct(queue, 100));
            for (String e : rep.errors()) {
                err.println("jzk: " + e);
            }
            for (int i = 0; i < count; i++) {
                ProofResult r = rep.results().get(i);
                if (r != null && r.getStatus() != Stage.DONE) {
                    err.println("jzk: proof " + (i + 1) + " (" + r.getJobId() + ") " + r.getStatus() + ": " + r.getError());
                } else if (r != null && outDir != null) {
                    Files.createDirectories(outDir);
                    ServerProofs.write(r, outDir.resolve("proof-" + (i + 1) + ".json"),
                            outDir.resolve("public-" + (i + 1) + ".json"));
                }
            }
            if (json != null) {
                Map<String, Object> m = new LinkedHashMap<>();
                m.put("server", client.server);
                m.put("count", count);
                m.put("clients", concurrency);
                m.put("warmup", warmup);
                m.put("done", rep.done());
                m.put("wallSeconds", rep.wallSeconds());
                m.put("proofsPerSecond", rep.proofsPerSecond());
                m.put("clientLatencyMs", Map.of("p50", rep.p50Ms(), "p90", rep.p90Ms(), "p99", rep.p99Ms(),
                        "max", rep.maxMs(), "mean", rep.meanMs()));
                m.put("serverProveMs", Map.of("p50", pct(prove, 50), "max", pct(prove, 100)));
                m.put("serverQueueMs", Map.of("p50", pct(queue, 50), "max", pct(queue, 100)));
                m.put("errors", rep.errors());
                byte[] bytes = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT).writeValueAsBytes(m);
                AtomicFiles.write(json, tmp -> Files.write(tmp, bytes));
            }
            return rep.done() == count ? 0 : CliException.FAILURE;
        } catch (StatusRuntimeException e) {
            throw client.failure(e);
        } catch (IOException e) {
            throw new CliException(CliException.FAILURE, "I/O error: " + e.getMessage(), e);
        }
    }

    /** The porep shape of the shape options: jzk serve proves the PoRep-like built-in circuit (and zkeys). */
    static PorepShape porep(PartitionShape s) {
        if (s instanceof PorepShape p) {
            return p;
        }
        throw new CliException(CliException.USAGE, "jzk serve proves the porep built-in circuit and snarkjs zkeys; "
                + "--shape " + s.describe() + " is not served");
    }

    /** Nearest-rank percentile of sorted values (0 when empty). */
    private static double pct(double[] sorted, double p) {
        if (sorted.length == 0) {
            return 0;
        }
        int i = (int) Math.ceil(p / 100 * sorted.length) - 1;
        return sorted[Math.max(0, Math.min(sorted.length - 1, i))];
    }
}
