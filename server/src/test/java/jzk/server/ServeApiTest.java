package jzk.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.protobuf.ByteString;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import java.math.BigInteger;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import jzk.arith.Fr;
import jzk.prover.groth16.PreparedVerifyingKey;
import jzk.prover.groth16.ProofCodec;
import jzk.prover.snarkjs.SnarkjsJson;
import jzk.prover.snarkjs.SnarkjsVerifier;
import jzk.server.api.AwaitRequest;
import jzk.server.api.CancelRequest;
import jzk.server.api.ParamsInfo;
import jzk.server.api.LoadParamsRequest;
import jzk.server.api.Priority;
import jzk.server.api.ProofEvent;
import jzk.server.api.ProofResult;
import jzk.server.api.SnarkjsCircuit;
import jzk.server.api.Stage;
import jzk.server.api.SubmitReply;
import jzk.server.api.SubmitRequest;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The daemon end to end on a loopback port with the generated client: submit/await for the built-in circuit and
 * for a snarkjs zkey + wtns (checked by the pairing equation and by the snarkjs-format verifier), idempotent
 * resubmission, cancellation of a queued job and of one in synthesis with every counter back to zero.
 */
@Timeout(120)
class ServeApiTest {
    static TestServer t;
    static PreparedVerifyingKey vk;

    @TempDir
    Path dir;

    @BeforeAll
    static void start() throws Exception {
        t = TestServer.start(1, 1, 256L << 20);
        vk = TestServer.tinyVk();
    }

    @AfterAll
    static void stop() {
        t.close();
    }

    @Test
    void builtinSubmitThenAwaitStreamsStagesAndAVerifiedProof() throws Exception {
        SubmitReply r = t.client.blocking().submitProof(SubmitRequest.newBuilder().setPriority(Priority.HIGH)
                .setBuiltin(TestServer.tiny(2, 7)).build());
        List<ProofEvent> seen = new ArrayList<>();
        ProofResult res = TestServer.last(t.client.blocking().awaitProof(
                AwaitRequest.newBuilder().setJobId(r.getJobId()).build()), seen);
        assertEquals(Stage.DONE, res.getStatus(), res.getError());
        assertTrue(res.getVerified());
        assertEquals(2, res.getPartitionsCount());
        assertEquals(r.getJobId(), res.getJobId());
        assertTrue(TestServer.verifies(vk, res), "a partition proof fails the pairing check");
        // progress counters never go back and end at P/P
        ProofEvent end = seen.get(seen.size() - 1);
        assertEquals(2, end.getFinalized());
        for (int i = 1; i < seen.size(); i++) {
            assertTrue(seen.get(i).getSynthesized() >= seen.get(i - 1).getSynthesized());
            assertTrue(seen.get(i).getStage().getNumber() >= seen.get(i - 1).getStage().getNumber()
                    || seen.get(i).hasResult(), "stage went back: " + seen);
        }
        // a flipped proof byte does not verify (the check above is not vacuous)
        byte[] bad = res.getPartitions(0).getProof().toByteArray();
        ProofResult.Builder tampered = res.toBuilder();
        bad[ProofCodec.BYTES - 1] ^= 1;
        tampered.setPartitions(0, res.getPartitions(0).toBuilder().setProof(ByteString.copyFrom(bad)));
        boolean ok;
        try {
            ok = TestServer.verifies(vk, tampered.build());
        } catch (RuntimeException e) {
            ok = false; // not a point: rejected by the decoder
        }
        assertFalse(ok);
        // awaiting a finished job returns its result again
        ProofResult again = TestServer.last(t.client.blocking().awaitProof(
                AwaitRequest.newBuilder().setJobId(r.getJobId()).build()), new ArrayList<>());
        assertEquals(res, again);
        t.assertAllReleased();
    }

    @Test
    void snarkjsZkeyAndWitnessProveAndVerifyAsSnarkjsFiles() throws Exception {
        ParamsInfo p = t.client.blocking().loadParams(LoadParamsRequest.newBuilder()
                .setZkeyPath(TestServer.MUL.resolve("k.zkey").toString()).build());
        assertTrue(p.getResident());
        assertTrue(p.getParamsId().startsWith("zkey:"));
        ProofResult res = t.client.blocking().prove(SubmitRequest.newBuilder().setSnarkjs(SnarkjsCircuit.newBuilder()
                .setParamsId(p.getParamsId())
                .setWtns(ByteString.copyFrom(Files.readAllBytes(TestServer.MUL.resolve("w.wtns"))))).build());
        assertEquals(Stage.DONE, res.getStatus(), res.getError());
        assertEquals(1, res.getPartitionsCount());
        // public.json of the fixture, made by snarkjs: [out, a] = [168, 3]
        assertEquals(List.of("168", "3"), res.getPartitions(0).getPublicInputsList());
        Path proof = dir.resolve("proof.json");
        Path pub = dir.resolve("public.json");
        SnarkjsJson.writeProof(proof, ProofCodec.decode(res.getPartitions(0).getProof().toByteArray()));
        long[] signals = new long[2 * Fr.LIMBS];
        for (int i = 0; i < 2; i++) {
            Fr.F.fromBigInteger(signals, i * Fr.LIMBS, new BigInteger(res.getPartitions(0).getPublicInputs(i)));
        }
        SnarkjsJson.writePublic(pub, signals);
        assertTrue(SnarkjsVerifier.verify(TestServer.MUL.resolve("vk.json"), proof, pub));
        SnarkjsCheck.verifyIfInstalled(TestServer.MUL.resolve("vk.json"), proof, pub);
        t.assertAllReleased();
    }

    @Test
    void resubmittingARequestIdReturnsTheSameJob() throws Exception {
        SubmitRequest req = SubmitRequest.newBuilder().setRequestId("idem-1").setBuiltin(TestServer.tiny(1, 3))
                .build();
        SubmitReply a = t.client.blocking().submitProof(req);
        SubmitReply b = t.client.blocking().submitProof(req);
        assertFalse(a.getDuplicate());
        assertTrue(b.getDuplicate());
        assertEquals(a.getJobId(), b.getJobId());
        ProofResult first = t.client.blocking().prove(req); // Prove with the same id: the same job's result
        assertEquals(a.getJobId(), first.getJobId());
        assertEquals(Stage.DONE, first.getStatus());
        SubmitReply c = t.client.blocking().submitProof(req); // still the same after it finished
        assertEquals(a.getJobId(), c.getJobId());
        StatusRuntimeException e = assertThrows(StatusRuntimeException.class, () -> t.client.blocking()
                .submitProof(req.toBuilder().setBuiltin(TestServer.tiny(1, 4)).build()));
        assertEquals(Status.Code.ALREADY_EXISTS, e.getStatus().getCode());
        assertTrue(e.getStatus().getDescription().contains("idem-1"), e.getStatus().getDescription());
        SubmitReply other = t.client.blocking().submitProof(req.toBuilder().setRequestId("idem-2").build());
        assertNotEquals(a.getJobId(), other.getJobId());
        t.client.blocking().awaitProof(AwaitRequest.newBuilder().setJobId(other.getJobId()).build())
                .forEachRemaining(x -> { });
        t.assertAllReleased();
    }

    @Test
    void cancelInSynthesisAndCancelQueuedGiveEverythingBack() throws Exception {
        CountDownLatch gate = new CountDownLatch(1);
        CountDownLatch entered = new CountDownLatch(1);
        Set<String> held = new TreeSet<>();
        t.service().wrap = w -> {
            synchronized (held) {
                if (held.isEmpty()) {
                    held.add(w.label());
                    return new HoldingWorkload(w, gate, entered, null);
                }
            }
            return w;
        };
        try {
            String inSynth = t.client.blocking().submitProof(SubmitRequest.newBuilder()
                    .setBuiltin(TestServer.tiny(2, 11)).build()).getJobId();
            assertTrue(entered.await(20, TimeUnit.SECONDS), "first job never reached synthesis");
            String queued = t.client.blocking().submitProof(SubmitRequest.newBuilder()
                    .setBuiltin(TestServer.tiny(2, 12)).build()).getJobId();
            // W = 1 and its only worker is held: the second job stays QUEUED
            assertEquals(Stage.SYNTHESIZING, t.service().job(inSynth).stage());
            assertEquals(Stage.QUEUED, t.service().job(queued).stage());
            assertEquals(1, t.status().getQueueDepthOrThrow("NORMAL"));
            assertTrue(t.status().getReservedBytes() > t.status().getParamsBytes(), "nothing reserved in synthesis");

            assertTrue(t.client.blocking().cancelProof(CancelRequest.newBuilder().setJobId(queued).build())
                    .getCancelled());
            ProofResult q = TestServer.last(t.client.blocking().awaitProof(AwaitRequest.newBuilder()
                    .setJobId(queued).build()), new ArrayList<>());
            assertEquals(Stage.CANCELLED, q.getStatus());

            assertTrue(t.client.blocking().cancelProof(CancelRequest.newBuilder().setJobId(inSynth).build())
                    .getCancelled());
            ProofResult s = TestServer.last(t.client.blocking().awaitProof(AwaitRequest.newBuilder()
                    .setJobId(inSynth).build()), new ArrayList<>());
            assertEquals(Stage.CANCELLED, s.getStatus());
            assertEquals(0, s.getPartitionsCount());
            t.assertAllReleased();
            // cancelling a finished job is a no-op answer, not an error
            assertFalse(t.client.blocking().cancelProof(CancelRequest.newBuilder().setJobId(inSynth).build())
                    .getCancelled());
        } finally {
            t.service().wrap = w -> w;
            gate.countDown();
        }
        // the server still proves afterwards
        ProofResult after = t.client.blocking().prove(SubmitRequest.newBuilder()
                .setBuiltin(TestServer.tiny(1, 13)).build());
        assertEquals(Stage.DONE, after.getStatus());
        assertTrue(TestServer.verifies(vk, after));
        t.assertAllReleased();
    }
}
