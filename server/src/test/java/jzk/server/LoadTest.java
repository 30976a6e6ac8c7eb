package jzk.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import com.google.protobuf.ByteString;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import jzk.prover.groth16.PreparedVerifyingKey;
import jzk.prover.groth16.Verifier;
import jzk.server.api.LoadParamsRequest;
import jzk.server.api.MetricsRequest;
import jzk.server.api.SnarkjsCircuit;
import jzk.server.api.Priority;
import jzk.server.api.ProofResult;
import jzk.server.api.Stage;
import jzk.server.api.StatusReply;
import jzk.server.api.SubmitRequest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Bounded load on loopback: 200 submissions ({@code -Djzk.test.load.count=N} for another count) from 8
 * concurrent clients on the jvm device (the GPU kernels run by the Java executor; {@code -Djzk.test.load.device=cpu}
 * for the CPU prover), with the tiniest circuit there is: the snarkjs-made mul fixture's zkey
 * (a·b·c + a), each request with its own witness (a = i + 2, b = 11, c = 5). Every proof is verified here under
 * the zkey's verifying key (one randomised batch pairing check over all of them), and its public inputs
 * [out, a] are checked against the values computed here; none is lost or duplicated (N distinct jobs, each DONE);
 * the reserved memory never went above the budget.
 * {@code -Djzk.test.load.report=FILE} writes the figures as Markdown (bench-results/).
 */
@Timeout(600)
class LoadTest {
    static final int COUNT = Integer.getInteger("jzk.test.load.count", 200);
    static final int CLIENTS = 8;
    /** The jvm device: the runtime's Java kernel executor (the GPU kernels' bit-exact reference). */
    static final String DEVICE = System.getProperty("jzk.test.load.device", "jvm");

    @TempDir
    Path dir;

    @Test
    void manyClientsManyProofsNoneLostNoneDuplicatedAllVerified() throws Exception {
        long budget = 96L << 20;
        try (TestServer t = TestServer.start(2, 2, budget, null, ServerConfig.DEFAULT_MAX_REQUEST_BYTES, DEVICE)) {
            PreparedVerifyingKey vk = TestServer.mulVk();
            String params = t.client.blocking().loadParams(LoadParamsRequest.newBuilder()
                    .setZkeyPath(TestServer.MUL.resolve("k.zkey").toString()).build()).getParamsId();
            List<ByteString> witnesses = new ArrayList<>();
            for (int i = 0; i < COUNT; i++) {
                witnesses.add(ByteString.copyFrom(TestServer.mulWitness(dir, i + 2, 11, 5)));
            }
            LoadRunner.Report r = LoadRunner.run(t.client, COUNT, CLIENTS, i -> SubmitRequest.newBuilder()
                    .setRequestId("load-" + i).setPriority(i % 10 == 0 ? Priority.HIGH : Priority.NORMAL)
                    .setSnarkjs(SnarkjsCircuit.newBuilder().setParamsId(params).setWtns(witnesses.get(i))).build());
            assertEquals(List.of(), r.errors());
            Set<String> jobs = new HashSet<>();
            List<jzk.prover.groth16.Proof> proofs = new ArrayList<>();
            List<long[]> inputs = new ArrayList<>();
            for (int i = 0; i < COUNT; i++) {
                ProofResult p = r.results().get(i);
                assertEquals(Stage.DONE, p.getStatus(), "request " + i + ": " + p.getError());
                proofs.add(TestServer.proof(p.getPartitions(0)));
                inputs.add(TestServer.inputs(p.getPartitions(0)));
                long a = i + 2;
                assertEquals(List.of(Long.toString(a * 55 + a), Long.toString(a)),
                        p.getPartitions(0).getPublicInputsList(), "request " + i + "'s public inputs");
                assertTrue(jobs.add(p.getJobId()), "job " + p.getJobId() + " answered twice");
            }
            assertEquals(COUNT, jobs.size());
            // all proofs in one randomised batch pairing check; then one alone, and a swapped pair must fail
            assertTrue(Verifier.verifyBatch(vk, proofs, inputs), "a proof of the load does not verify");
            assertTrue(Verifier.verify(vk, proofs.get(COUNT - 1), inputs.get(COUNT - 1)));
            assertFalse(Verifier.verify(vk, proofs.get(0), inputs.get(1)), "proof 0 verifies with request 1's inputs");
            t.assertAllReleased();
            StatusReply s = t.status();
            assertEquals(COUNT, s.getCompleted());
            assertEquals(0, s.getFailed() + s.getCancelled());
            assertTrue(s.getPeakReservedBytes() <= s.getBudgetBytes(), "peak reserved above the budget: " + s);
            String report = System.getProperty("jzk.test.load.report");
            if (report != null) {
                String metrics = t.client.blocking().getMetrics(MetricsRequest.getDefaultInstance())
                        .getPrometheusText();
                Files.writeString(Path.of(report), markdown(r, s, metrics));
            }
        }
    }

    private static String markdown(LoadRunner.Report r, StatusReply s, String metrics) {
        StringBuilder b = new StringBuilder();
        b.append(String.format(Locale.ROOT, "| submissions | clients | wall s | proofs/s | p50 ms | p90 ms | p99 ms | "
                + "max ms | verified | lost | duplicated | peak reserved / budget |%n"));
        b.append("|---|---|---|---|---|---|---|---|---|---|---|---|\n");
        b.append(String.format(Locale.ROOT, "| %d | %d | %.2f | %.2f | %.1f | %.1f | %.1f | %.1f | %d | 0 | 0 | "
                        + "%d B / %d B |%n", r.count(), r.clients(), r.wallSeconds(), r.proofsPerSecond(),
                r.p50Ms(), r.p90Ms(), r.p99Ms(), r.maxMs(), r.done(), s.getPeakReservedBytes(),
                s.getBudgetBytes()));
        b.append("\nServer-side stage quantiles (from /metrics):\n\n```\n");
        for (String line : metrics.split("\n")) {
            if (line.startsWith("jzk_stage_seconds{") || line.startsWith("jzk_proofs_total")
                    || line.startsWith("jzk_gpu_busy_ratio") || line.startsWith("jzk_memory_reserved_peak")) {
                b.append(line).append('\n');
            }
        }
        return b.append("```\n").toString();
    }
}
