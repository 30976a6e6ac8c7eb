package jzk.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.google.protobuf.ByteString;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import jzk.prover.circuits.PorepShape;
import jzk.prover.gadgets.MerkleHash;
import jzk.server.api.AwaitRequest;
import jzk.server.api.BuiltinCircuit;
import jzk.server.api.CancelRequest;
import jzk.server.api.EvictParamsRequest;
import jzk.server.api.ListParamsRequest;
import jzk.server.api.LoadParamsRequest;
import jzk.server.api.MetricsRequest;
import jzk.server.api.ParamsInfo;
import jzk.server.api.ProofResult;
import jzk.server.api.SnarkjsCircuit;
import jzk.server.api.Stage;
import jzk.server.api.SubmitRequest;
import jzk.tornado.runtime.Devices;
import jzk.tornado.runtime.jvm.JvmDevice;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code /metrics} (HTTP and GetMetrics) parses strictly as Prometheus text and carries the stage quantiles and
 * the gauges the issue lists; {@code /status} is JSON with the same figures; the parameter manager evicts the
 * least recently used set when a new one needs room, never one a job uses, and reloads an evicted set on use;
 * evicting a set frees its key's resident bases on the device (jvm device buffer count).
 */
@Timeout(120)
class MetricsAndParamsTest {
    static final PorepShape OTHER = new PorepShape(1, 3, MerkleHash.POSEIDON);

    @Test
    void metricsParseStrictlyAndCarryQuantilesAndStatusIsJson() throws Exception {
        try (TestServer t = TestServer.start(1, 1, 128L << 20)) {
            ProofResult r = t.client.blocking().prove(SubmitRequest.newBuilder().setBuiltin(TestServer.tiny(1, 5))
                    .build());
            assertEquals(Stage.DONE, r.getStatus(), r.getError());
            HttpClient http = HttpClient.newHttpClient();
            HttpResponse<String> m = http.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:"
                    + t.server.httpPort() + "/metrics")).build(), HttpResponse.BodyHandlers.ofString());
            assertEquals(200, m.statusCode());
            assertTrue(m.headers().firstValue("Content-Type").orElse("").startsWith("text/plain; version=0.0.4"));
            for (String text : List.of(m.body(), t.client.blocking().getMetrics(MetricsRequest.getDefaultInstance())
                    .getPrometheusText())) {
                List<PrometheusTextParser.Sample> samples = PrometheusTextParser.parse(text);
                for (String stage : List.of("total", "synthesis", "gpu", "finalize")) {
                    for (String q : List.of("0.5", "0.9", "0.99")) {
                        double v = value(samples, "jzk_stage_seconds", Map.of("stage", stage, "quantile", q));
                        assertTrue(v > 0 && v < 600, stage + " q" + q + " = " + v);
                    }
                    assertEquals(1.0, value(samples, "jzk_stage_seconds_count", Map.of("stage", stage)));
                }
                assertEquals(1.0, value(samples, "jzk_proofs_total", Map.of("outcome", "completed")));
                assertEquals(0.0, value(samples, "jzk_queue_depth", Map.of("priority", "CRITICAL")));
                assertEquals(0.0, value(samples, "jzk_buffers", Map.of("class", "abcWaiting")));
                assertEquals(128.0 * (1 << 20), value(samples, "jzk_memory_budget_bytes", Map.of()));
                double busy = value(samples, "jzk_gpu_busy_ratio", Map.of("device", "cpu"));
                assertTrue(busy > 0 && busy <= 1, "busy " + busy);
            }
            // the strict parser rejects what it should (it is not a rubber stamp)
            assertThrows(IllegalArgumentException.class, () -> PrometheusTextParser.parse("x 1\n"));
            assertThrows(IllegalArgumentException.class, () -> PrometheusTextParser.parse(
                    "# TYPE x summary\nx{quantile=\"2\"} 1\n"));
            assertThrows(IllegalArgumentException.class, () -> PrometheusTextParser.parse(
                    "# TYPE x gauge\nx{a=\"1} 1\n"));
            HttpResponse<String> s = http.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:"
                    + t.server.httpPort() + "/status")).build(), HttpResponse.BodyHandlers.ofString());
            JsonNode j = new ObjectMapper().readTree(s.body());
            assertEquals(128L << 20, j.at("/memory/budgetBytes").asLong());
            assertEquals(1, j.at("/proofs/completed").asInt());
            assertEquals("cpu", j.at("/devices/0").asText());
            assertTrue(j.at("/params/0/resident").asBoolean());
        }
    }

    private static double value(List<PrometheusTextParser.Sample> samples, String name, Map<String, String> labels) {
        for (PrometheusTextParser.Sample s : samples) {
            if (s.name().equals(name) && s.labels().entrySet().containsAll(labels.entrySet())
                    && s.labels().size() == labels.size()) {
                return s.value();
            }
        }
        throw new AssertionError("no sample " + name + labels);
    }

    @Test
    void leastRecentlyUsedUnusedSetIsEvictedWhenANewOneNeedsRoom() throws Exception {
        long a = ParamSet.keyBytes(TestServer.tinyKey(TestServer.TINY));
        long b = ParamSet.keyBytes(TestServer.tinyKey(OTHER));
        // room for either set and a partition beside it, not for both sets
        try (TestServer t = TestServer.start(1, 1, a + b - 1)) {
            var s = t.client.blocking();
            ParamsInfo pa = s.loadParams(LoadParamsRequest.newBuilder().setBuiltin(TestServer.tiny(1, 0)).build());
            assertEquals(a, pa.getBytes());
            ParamsInfo pb = s.loadParams(LoadParamsRequest.newBuilder().setBuiltin(BuiltinCircuit.newBuilder()
                    .setChallenges(1).setDepth(3)).build());
            assertEquals(b, pb.getBytes());
            Map<String, ParamsInfo> l = byId(s.listParams(ListParamsRequest.getDefaultInstance()).getParamsList());
            assertFalse(l.get(pa.getParamsId()).getResident(), "the least recently used set stayed: " + l);
            assertTrue(l.get(pb.getParamsId()).getResident());
            assertEquals(b, t.status().getReservedBytes());

            // a job on the evicted shape loads it again (evicting the other); while it runs its set is pinned
            CountDownLatch gate = new CountDownLatch(1);
            CountDownLatch entered = new CountDownLatch(1);
            t.service().wrap = w -> new HoldingWorkload(w, gate, entered, null);
            String job = s.submitProof(SubmitRequest.newBuilder().setBuiltin(TestServer.tiny(1, 9)).build())
                    .getJobId();
            assertTrue(entered.await(20, TimeUnit.SECONDS));
            l = byId(s.listParams(ListParamsRequest.getDefaultInstance()).getParamsList());
            assertTrue(l.get(pa.getParamsId()).getResident());
            assertEquals(1, l.get(pa.getParamsId()).getJobs());
            assertEquals(2, l.get(pa.getParamsId()).getLoads());
            assertFalse(l.get(pb.getParamsId()).getResident());
            StatusRuntimeException e = assertThrows(StatusRuntimeException.class, () -> s.evictParams(
                    EvictParamsRequest.newBuilder().setParamsId(pa.getParamsId()).build()));
            assertEquals(Status.Code.FAILED_PRECONDITION, e.getStatus().getCode());
            s.cancelProof(CancelRequest.newBuilder().setJobId(job).build());
            ProofResult r = TestServer.last(s.awaitProof(AwaitRequest.newBuilder().setJobId(job).build()),
                    new ArrayList<>());
            assertEquals(Stage.CANCELLED, r.getStatus());
            t.service().wrap = w -> w;
            gate.countDown();
            t.assertAllReleased();
            assertTrue(s.evictParams(EvictParamsRequest.newBuilder().setParamsId(pa.getParamsId()).build())
                    .getEvicted());
            assertEquals(0, t.status().getReservedBytes());
            assertFalse(s.evictParams(EvictParamsRequest.newBuilder().setParamsId(pa.getParamsId()).build())
                    .getEvicted());
        }
    }

    @Test
    void evictingAZkeyFreesItsResidentBasesOnTheDevice(@TempDir Path dir) throws Exception {
        JvmDevice jvm = (JvmDevice) Devices.jvm();
        try (TestServer t = TestServer.start(1, 1, 64L << 20, null, ServerConfig.DEFAULT_MAX_REQUEST_BYTES, "jvm")) {
            var s = t.client.blocking();
            SubmitRequest.Builder req = SubmitRequest.newBuilder().setSnarkjs(SnarkjsCircuit.newBuilder()
                    .setWtns(ByteString.copyFrom(TestServer.mulWitness(dir, 3, 11, 5))));
            String id = s.loadParams(LoadParamsRequest.newBuilder()
                    .setZkeyPath(TestServer.MUL.resolve("k.zkey").toString()).build()).getParamsId();
            req.getSnarkjsBuilder().setParamsId(id);
            int beforeProof = jvm.liveBuffers();
            assertEquals(Stage.DONE, s.prove(req.build()).getStatus());
            int resident = jvm.liveBuffers();
            assertTrue(resident > beforeProof, "no resident bases after a proof on the jvm device");
            assertTrue(s.evictParams(EvictParamsRequest.newBuilder().setParamsId(id).build()).getEvicted());
            int afterEvict = jvm.liveBuffers();
            assertTrue(afterEvict < resident, "eviction left the bases on the device: " + afterEvict);
            // used again: loaded and uploaded again, and no more buffers than the first time
            assertEquals(Stage.DONE, s.prove(req.build()).getStatus());
            assertEquals(resident, jvm.liveBuffers());
        }
    }

    /**
     * On a device session a built-in shape proves with the session's resident key (no host key arrays: 0 budget
     * bytes); evicting the set closes that key (the jvm device's buffers and bytes come back), and the next job
     * loads it again.
     */
    @Test
    void evictingABuiltinSetClosesItsResidentKey() throws Exception {
        JvmDevice jvm = (JvmDevice) Devices.jvm();
        TestServer.tinyKey(TestServer.TINY); // the host form in the shared cache: the server converts it
        try (TestServer t = TestServer.start(1, 1, 64L << 20, null, ServerConfig.DEFAULT_MAX_REQUEST_BYTES, "jvm")) {
            var s = t.client.blocking();
            int buffers = jvm.liveBuffers();
            long bytes = jvm.allocatedBytes();
            ParamsInfo p = s.loadParams(LoadParamsRequest.newBuilder().setBuiltin(TestServer.tiny(1, 0)).build());
            assertTrue(p.getResident());
            assertEquals(0, p.getBytes(), "the key is device memory, not host budget");
            assertTrue(p.getSource().endsWith(".jzkp"), p.getSource());
            int loaded = jvm.liveBuffers();
            long keyBytes = jvm.allocatedBytes() - bytes;
            assertEquals(buffers + 5, loaded, "A, B1, B2, L, H resident");
            assertTrue(keyBytes >= 576L * 787, "≈ 576 B a variable: " + keyBytes);
            ProofResult r = s.prove(SubmitRequest.newBuilder().setBuiltin(TestServer.tiny(1, 4)).build());
            assertEquals(Stage.DONE, r.getStatus(), r.getError());
            assertTrue(TestServer.verifies(TestServer.tinyVk(), r), "proved under the key of the host-form file");

            assertTrue(s.evictParams(EvictParamsRequest.newBuilder().setParamsId(p.getParamsId()).build())
                    .getEvicted());
            assertEquals(buffers, jvm.liveBuffers(), "eviction closed the resident key");
            assertEquals(bytes, jvm.allocatedBytes());
            r = s.prove(SubmitRequest.newBuilder().setBuiltin(TestServer.tiny(1, 5)).build());
            assertEquals(Stage.DONE, r.getStatus(), r.getError());
            assertEquals(2, byId(s.listParams(ListParamsRequest.getDefaultInstance()).getParamsList())
                    .get(p.getParamsId()).getLoads());
        }
    }

    private static Map<String, ParamsInfo> byId(List<ParamsInfo> l) {
        Map<String, ParamsInfo> m = new java.util.HashMap<>();
        l.forEach(p -> m.put(p.getParamsId(), p));
        return m;
    }
}
