package jzk.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.protobuf.ByteString;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import java.math.BigInteger;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.function.Supplier;
import jzk.arith.Fr;
import jzk.prover.r1cs.Witness;
import jzk.prover.snarkjs.WtnsWriter;
import jzk.server.api.AwaitRequest;
import jzk.server.api.BuiltinCircuit;
import jzk.server.api.CancelRequest;
import jzk.server.api.EvictParamsRequest;
import jzk.server.api.LoadParamsRequest;
import jzk.server.api.ProofResult;
import jzk.server.api.SnarkjsCircuit;
import jzk.server.api.Stage;
import jzk.server.api.StatusRequest;
import jzk.server.api.SubmitRequest;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Each kind of bad request gets a gRPC status with a one-line message naming the field, and the server keeps
 * serving (GetStatus answers after every one, and a good proof at the end completes). The server here caps
 * requests at 256 KiB and wants a token.
 */
@Timeout(120)
class BadRequestsTest {
    static final String TOKEN = "s3cret-token";
    static TestServer t;
    static String zkey;

    @TempDir
    Path dir;

    @BeforeAll
    static void start() throws Exception {
        t = TestServer.start(1, 1, 64L << 20, TOKEN, 256L << 10, "cpu");
        zkey = t.client.blocking().loadParams(LoadParamsRequest.newBuilder()
                .setZkeyPath(TestServer.MUL.resolve("k.zkey").toString()).build()).getParamsId();
    }

    @AfterAll
    static void stop() {
        t.close();
    }

    private static void refused(Status.Code code, String inMessage, Supplier<?> call) {
        StatusRuntimeException e = assertThrows(StatusRuntimeException.class, call::get);
        assertEquals(code, e.getStatus().getCode(), String.valueOf(e.getStatus()));
        String d = String.valueOf(e.getStatus().getDescription());
        assertTrue(d.contains(inMessage), "message '" + d + "' does not name '" + inMessage + "'");
        assertTrue(!d.contains("\n\tat ") && !d.contains("Exception:"), "not one clear line: " + d);
        // the server is still up
        assertTrue(t.client.blocking().getStatus(StatusRequest.getDefaultInstance()).getUptimeS() > 0);
    }

    private static SubmitRequest builtin(BuiltinCircuit.Builder b) {
        return SubmitRequest.newBuilder().setBuiltin(b).build();
    }

    private static SubmitRequest snarkjs(String params, ByteString wtns) {
        return SubmitRequest.newBuilder().setSnarkjs(SnarkjsCircuit.newBuilder().setParamsId(params).setWtns(wtns))
                .build();
    }

    @Test
    void badSubmissions() throws Exception {
        var s = t.client.blocking();
        refused(Status.Code.INVALID_ARGUMENT, "no circuit", () -> s.submitProof(SubmitRequest.getDefaultInstance()));
        refused(Status.Code.INVALID_ARGUMENT, "leaf_hash", () -> s.submitProof(builtin(
                BuiltinCircuit.newBuilder().setLeafHash("md5"))));
        refused(Status.Code.INVALID_ARGUMENT, "partitions", () -> s.submitProof(builtin(
                BuiltinCircuit.newBuilder().setPartitions(5000))));
        refused(Status.Code.INVALID_ARGUMENT, "constraints", () -> s.submitProof(builtin(
                BuiltinCircuit.newBuilder().setChallenges(1 << 20).setDepth(40))));
        refused(Status.Code.INVALID_ARGUMENT, "challenges", () -> s.submitProof(builtin(
                BuiltinCircuit.newBuilder().setChallenges(-1))));
        refused(Status.Code.INVALID_ARGUMENT, "builtin.vanilla_json", () -> s.submitProof(builtin(
                BuiltinCircuit.newBuilder().setVanillaJson(ByteString.copyFromUtf8("{\"format\": 3")))));
        refused(Status.Code.INVALID_ARGUMENT, "request_id", () -> s.submitProof(builtin(BuiltinCircuit.newBuilder())
                .toBuilder().setRequestId("x".repeat(200)).build()));
        refused(Status.Code.INVALID_ARGUMENT, "priority", () -> s.submitProof(builtin(BuiltinCircuit.newBuilder())
                .toBuilder().setPriorityValue(9).build()));
        refused(Status.Code.NOT_FOUND, "zkey:nope", () -> s.submitProof(snarkjs("zkey:nope",
                ByteString.copyFromUtf8("x"))));
        refused(Status.Code.INVALID_ARGUMENT, "params_id is empty", () -> s.submitProof(snarkjs("",
                ByteString.copyFromUtf8("x"))));
        refused(Status.Code.INVALID_ARGUMENT, "snarkjs.wtns is empty", () -> s.submitProof(snarkjs(zkey,
                ByteString.EMPTY)));
        refused(Status.Code.INVALID_ARGUMENT, "snarkjs.wtns", () -> s.submitProof(snarkjs(zkey,
                ByteString.copyFromUtf8("not a witness file at all"))));
        // a witness of another circuit: 7 wires instead of 6
        long[] z = new long[7 * Fr.LIMBS];
        for (int i = 0; i < 7; i++) {
            Fr.F.fromBigInteger(z, i * Fr.LIMBS, BigInteger.valueOf(i + 1));
        }
        Path f = dir.resolve("seven.wtns");
        WtnsWriter.write(f, new Witness(2, z));
        refused(Status.Code.INVALID_ARGUMENT, "nVars = 6", () -> s.submitProof(snarkjs(zkey,
                ByteString.copyFrom(readAll(f)))));
        // larger than the 256 KiB cap: refused before it is buffered
        refused(Status.Code.RESOURCE_EXHAUSTED, "", () -> s.submitProof(snarkjs(zkey,
                ByteString.copyFrom(new byte[300 << 10]))));
    }

    @Test
    void badJobsAndParams() {
        var s = t.client.blocking();
        refused(Status.Code.NOT_FOUND, "job-999", () -> s.awaitProof(AwaitRequest.newBuilder().setJobId("job-999")
                .build()).next());
        refused(Status.Code.NOT_FOUND, "job-999", () -> s.cancelProof(CancelRequest.newBuilder().setJobId("job-999")
                .build()));
        refused(Status.Code.INVALID_ARGUMENT, "no such file", () -> s.loadParams(LoadParamsRequest.newBuilder()
                .setZkeyPath("/nonexistent/x.zkey").build()));
        refused(Status.Code.INVALID_ARGUMENT, "cannot load parameters", () -> s.loadParams(LoadParamsRequest
                .newBuilder().setZkeyPath(TestServer.MUL.resolve("w.wtns").toString()).build()));
        refused(Status.Code.INVALID_ARGUMENT, "no source", () -> s.loadParams(LoadParamsRequest.getDefaultInstance()));
        refused(Status.Code.NOT_FOUND, "zkey:nope", () -> s.evictParams(EvictParamsRequest.newBuilder()
                .setParamsId("zkey:nope").build()));
    }

    @Test
    void tokenIsCheckedOnEveryCallAndOverHttp() throws Exception {
        try (ProverClient none = new ProverClient("127.0.0.1:" + t.server.port(), null);
             ProverClient wrong = new ProverClient("127.0.0.1:" + t.server.port(), "guess")) {
            refused(Status.Code.UNAUTHENTICATED, "needs a token", () -> none.blocking()
                    .getStatus(StatusRequest.getDefaultInstance()));
            refused(Status.Code.UNAUTHENTICATED, "wrong token", () -> wrong.blocking()
                    .submitProof(snarkjs(zkey, ByteString.copyFromUtf8("x"))));
        }
        HttpClient http = HttpClient.newHttpClient();
        URI metrics = URI.create("http://127.0.0.1:" + t.server.httpPort() + "/metrics");
        assertEquals(401, http.send(HttpRequest.newBuilder(metrics).build(), HttpResponse.BodyHandlers.ofString())
                .statusCode());
        assertEquals(200, http.send(HttpRequest.newBuilder(metrics).header("Authorization", "Bearer " + TOKEN)
                .build(), HttpResponse.BodyHandlers.ofString()).statusCode());
        // with the token a proof goes through after all the refusals
        ProofResult r = t.client.blocking().prove(snarkjs(zkey, ByteString.copyFrom(
                readAll(TestServer.MUL.resolve("w.wtns")))));
        assertEquals(Stage.DONE, r.getStatus(), r.getError());
    }

    private static byte[] readAll(Path p) {
        try {
            return Files.readAllBytes(p);
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }
}
