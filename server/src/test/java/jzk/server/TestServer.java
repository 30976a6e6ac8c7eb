package jzk.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.math.BigInteger;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentLinkedQueue;
import jzk.arith.Fr;
import jzk.prover.batch.ParamsCache;
import jzk.prover.batch.PorepGroth16;
import jzk.prover.batch.ProverSession;
import jzk.prover.circuits.PorepShape;
import jzk.prover.gadgets.MerkleHash;
import jzk.prover.groth16.PreparedVerifyingKey;
import jzk.prover.groth16.Proof;
import jzk.prover.groth16.ProofCodec;
import jzk.prover.groth16.Verifier;
import jzk.prover.pipeline.PermitPolicy;
import jzk.prover.r1cs.Witness;
import jzk.prover.snarkjs.SnarkjsProver;
import jzk.prover.snarkjs.WtnsWriter;
import jzk.prover.snarkjs.Zkey;
import jzk.prover.pipeline.PipelineConfig;
import jzk.server.api.BuiltinCircuit;
import jzk.server.api.PartitionProof;
import jzk.server.api.ProofEvent;
import jzk.server.api.ProofResult;
import jzk.server.api.StatusReply;
import jzk.server.api.StatusRequest;

/**
 * A real server on a loopback port (gRPC and HTTP on free ports, the CPU prover unless a device is named) and a generated-stub client,
 * for the server tests. Parameters of the tiny built-in shapes are cached under {@code target/} and shared by the
 * test classes.
 */
final class TestServer implements AutoCloseable {
    static final Path CACHE = Path.of("target", "serve-test-cache").toAbsolutePath();
    /** The tiny built-in shape: K = 1 challenge of depth 2, Poseidon leaves. */
    static final PorepShape TINY = new PorepShape(1, 2, MerkleHash.POSEIDON);
    static final Path MUL = Path.of("../prover/src/test/resources/snarkjs/mul").toAbsolutePath();

    final JzkServer server;
    final ProverClient client;
    final List<String> log = new ArrayList<>();
    final ConcurrentLinkedQueue<String> logQueue = new ConcurrentLinkedQueue<>();

    private TestServer(JzkServer server, String token) {
        this.server = server;
        this.client = new ProverClient("127.0.0.1:" + server.port(), token);
    }

    /** W partition workers, lookahead L, 1 GPU worker on the CPU prover, 1 finalizer, budget in bytes, no token. */
    static TestServer start(int w, int l, long budgetBytes) throws IOException {
        return start(w, l, budgetBytes, null, ServerConfig.DEFAULT_MAX_REQUEST_BYTES, "cpu");
    }

    static TestServer start(int w, int l, long budgetBytes, String token, long maxRequest, String device)
            throws IOException {
        ConcurrentLinkedQueue<String> q = new ConcurrentLinkedQueue<>();
        PipelineConfig pc = new PipelineConfig(w, l, 1, List.of(device), 1, budgetBytes,
                PermitPolicy.HOLD_UNTIL_GPU, true, null, null);
        ServerConfig c = new ServerConfig("127.0.0.1", 0, 0, token, maxRequest, List.of(device), pc,
                new ParamsCache(CACHE), 10_000, q::add);
        TestServer t = new TestServer(JzkServer.start(c), token);
        return t;
    }

    ProvingService service() {
        return server.service();
    }

    StatusReply status() {
        return client.blocking().getStatus(StatusRequest.getDefaultInstance());
    }

    /** Waits (≤ 10 s) until nothing but resident parameters is reserved, every buffer count is 0, permits free. */
    void assertAllReleased() throws InterruptedException {
        long deadline = System.nanoTime() + 10_000_000_000L;
        StatusReply s = status();
        while (!released(s) && System.nanoTime() < deadline) {
            Thread.sleep(10);
            s = status();
        }
        assertEquals(s.getParamsBytes(), s.getReservedBytes(), "budget bytes beyond the parameters: " + s);
        for (Map.Entry<String, Long> e : s.getBuffersMap().entrySet()) {
            assertEquals(0L, e.getValue(), "buffer class " + e.getKey());
        }
        assertEquals(s.getTotalPermits(), s.getFreePermits(), "permits not all returned");
        assertEquals(0, s.getJobsCount(), "open jobs: " + s.getJobsList());
    }

    private static boolean released(StatusReply s) {
        return s.getReservedBytes() == s.getParamsBytes() && s.getFreePermits() == s.getTotalPermits()
                && s.getBuffersMap().values().stream().allMatch(v -> v == 0) && s.getJobsCount() == 0;
    }

    static BuiltinCircuit tiny(int partitions, long seed) {
        return BuiltinCircuit.newBuilder().setChallenges(TINY.challenges()).setDepth(TINY.depth())
                .setLeafHash("poseidon").setPartitions(partitions).setSeed(seed).build();
    }

    /** The last event of an AwaitProof stream (the one with the result), all events into {@code seen}. */
    static ProofResult last(Iterator<ProofEvent> events, List<ProofEvent> seen) {
        ProofEvent e = null;
        while (events.hasNext()) {
            e = events.next();
            seen.add(e);
        }
        assertTrue(e != null && e.hasResult(), "stream ended without a result");
        return e.getResult();
    }

    /**
     * The .wtns bytes of the mul fixture's circuit for inputs a, b, c: wires [1, out, a, b, c, t] with
     * t = a·b and out = t·c + a (mul.circom), written by {@link WtnsWriter}.
     */
    static byte[] mulWitness(Path dir, long a, long b, long c) throws IOException {
        BigInteger[] v = {BigInteger.ONE, BigInteger.valueOf(a * b * c + a), BigInteger.valueOf(a),
            BigInteger.valueOf(b), BigInteger.valueOf(c), BigInteger.valueOf(a * b)};
        long[] z = new long[v.length * Fr.LIMBS];
        for (int i = 0; i < v.length; i++) {
            Fr.F.fromBigInteger(z, i * Fr.LIMBS, v[i]);
        }
        Path f = Files.createTempFile(dir, "mul", ".wtns");
        WtnsWriter.write(f, new Witness(2, z));
        byte[] bytes = Files.readAllBytes(f);
        Files.delete(f);
        return bytes;
    }

    /** The mul fixture's verifying key (from the snarkjs-made zkey). */
    static PreparedVerifyingKey mulVk() throws IOException {
        return new PreparedVerifyingKey(SnarkjsProver.verifyingKey(Zkey.read(MUL.resolve("k.zkey"))));
    }

    /** The verifying key of the tiny shape, read by the test itself from the parameter file the server uses. */
    static PreparedVerifyingKey tinyVk() throws IOException {
        return new PreparedVerifyingKey(tinyKey(TINY).vk);
    }

    /** The proving key of a built-in shape from the test cache (generated on the CPU when missing). */
    static jzk.prover.groth16.ProvingKey tinyKey(PorepShape shape) throws IOException {
        try (ProverSession cpu = ProverSession.open(List.of(ProverSession.CPU))) {
            return PorepGroth16.open(shape, 1, null, 0, new ParamsCache(CACHE), cpu, m -> { }).provingKey();
        }
    }

    /** Every partition proof of {@code r} checked by the pairing equation under {@code vk}. */
    static boolean verifies(PreparedVerifyingKey vk, ProofResult r) {
        for (PartitionProof p : r.getPartitionsList()) {
            if (!Verifier.verify(vk, proof(p), inputs(p))) {
                return false;
            }
        }
        return !r.getPartitionsList().isEmpty();
    }

    static Proof proof(PartitionProof p) {
        return ProofCodec.decode(p.getProof().toByteArray());
    }

    /** The decimal public inputs as Montgomery Fr. */
    static long[] inputs(PartitionProof p) {
        long[] in = new long[p.getPublicInputsCount() * Fr.LIMBS];
        for (int i = 0; i < p.getPublicInputsCount(); i++) {
            Fr.F.fromBigInteger(in, i * Fr.LIMBS, new BigInteger(p.getPublicInputs(i)));
        }
        return in;
    }

    @Override
    public void close() {
        client.close();
        server.close();
    }
}
