package jzk.cluster;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Consumer;
import java.util.function.IntConsumer;
import jzk.arith.Fr;
import jzk.prover.batch.ParamsCache;
import jzk.prover.batch.PorepGroth16;
import jzk.prover.batch.PorepProof;
import jzk.prover.batch.PorepProofWorkload;
import jzk.prover.batch.ProverSession;
import jzk.prover.circuits.PorepInput;
import jzk.prover.circuits.PorepJson;
import jzk.prover.circuits.PorepShape;
import jzk.prover.gadgets.MerkleHash;
import jzk.prover.groth16.Proof;
import jzk.prover.pipeline.ProofWorkload;
import jzk.prover.snarkjs.SnarkjsJson;
import jzk.prover.snarkjs.SnarkjsProver;
import jzk.prover.snarkjs.Zkey;

/**
 * THE ONE PLACE where the cluster calls the prover, on the worker's {@link ProverSession} (one device). Two job
 * kinds, both referencing their inputs by SHA-256 into the {@code blobs} table:
 * <ul>
 *   <li>{@code porep} — the built-in PoRep-like circuit: spec {@code {challenges, depth, leafHash, input}}, the
 *       input a vanilla-proof JSON ({@link PorepJson}); proven partition by partition on the worker's device
 *       under the worker's cached parameters ({@link PorepGroth16}, {@link ParamsCache}; every worker of a
 *       cluster must share one parameter file per shape — see the README — since each generated file has its own
 *       toxic waste), then checked by the batch pairing equation;</li>
 *   <li>{@code snarkjs} — spec {@code {zkey, wtns}}: {@link SnarkjsProver#proveChecked} (the proof verified under
 *       the zkey's own verifying key before it is returned).</li>
 * </ul>
 * Every result carries the snarkjs {@code verification_key.json} it verified under, stored with the proof.
 */
public final class ProverAdapter {
    private static final ObjectMapper JSON = new ObjectMapper();
    /** Memory estimate per domain element of a porep partition: see {@link #porep}. */
    static final long POREP_BYTES_PER_DOMAIN_ELEMENT = 3 * 32 + 4 * 96 + 192;

    private final ProverSession session;
    private final String device;
    private final ParamsCache cache;
    private final Path workDir;
    private final Consumer<String> log;
    private final Map<String, PorepGroth16> porep = new ConcurrentHashMap<>();
    private final Map<String, Zkey> zkeys = new ConcurrentHashMap<>();
    private final Map<String, byte[]> vks = new ConcurrentHashMap<>();

    /** Where the worker gets a blob's bytes. */
    public interface Blobs {
        byte[] get(String hashHex) throws Exception;
    }

    /** A verified proof in its stored form ({@link ProofCodecs}) with its verifying key (snarkjs JSON). */
    public record Result(byte[] proof, byte[] publicInputs, byte[] vkJson) {
    }

    /** A job input that cannot be proven (malformed, unsatisfied, or a proof that does not verify). */
    public static final class BadJobException extends Exception {
        public BadJobException(String message, Throwable cause) {
            super(message, cause);
        }
    }

    /**
     * @param session the worker's devices (the first proves; {@code cpu}: the CPU prover), owned by the caller
     * @param cache   the parameter cache of built-in circuits
     * @param workDir where zkey/wtns blobs are written for the snarkjs readers
     */
    public ProverAdapter(ProverSession session, ParamsCache cache, Path workDir, Consumer<String> log) {
        this.session = session;
        this.device = session.devices().get(0);
        this.cache = cache;
        this.workDir = workDir;
        this.log = log;
    }

    /** The job kinds this adapter proves. */
    public static List<String> kinds() {
        return List.of("porep", "snarkjs");
    }

    // ---- submit side ------------------------------------------------------------------------------------------

    /**
     * A porep job for a validated vanilla-proof input. needs_bytes = 2^⌈log2(constraints + inputs + 1)⌉ ×
     * (a, b, c: 3·32 B + the proving key's A, B1, L, H G1 points: 4·96 B + B2: 192 B) — an upper estimate of one
     * partition's working set; partitions run one after another.
     */
    public static JobRequest porep(PorepInput in, String label) throws IOException {
        var bytes = new java.io.ByteArrayOutputStream();
        PorepJson.write(in, bytes);
        byte[] data = bytes.toByteArray();
        String h = JobRequest.hash(data);
        PorepShape s = in.shape();
        ObjectNode spec = JSON.createObjectNode().put("challenges", s.challenges()).put("depth", s.depth())
                .put("leafHash", s.leafHash().name().toLowerCase(Locale.ROOT)).put("input", h);
        long domain = Long.highestOneBit(Math.max(1, s.constraintCount() + s.numPublicInputs())) * 2;
        return new JobRequest("porep", spec.toString(), label, in.partitions().size(),
                domain * POREP_BYTES_PER_DOMAIN_ELEMENT, Map.of(h, data));
    }

    /** A snarkjs job; the zkey is parsed here so a bad file fails at submit. needs_bytes = 2 × zkey + wtns. */
    public static JobRequest snarkjs(Path zkey, Path wtns, String label) throws IOException {
        Zkey.read(zkey);
        SnarkjsProver.readWitness(wtns);
        byte[] z = Files.readAllBytes(zkey);
        byte[] w = Files.readAllBytes(wtns);
        String zh = JobRequest.hash(z);
        String wh = JobRequest.hash(w);
        ObjectNode spec = JSON.createObjectNode().put("zkey", zh).put("wtns", wh);
        return new JobRequest("snarkjs", spec.toString(), label, 1, 2L * z.length + w.length,
                zh.equals(wh) ? Map.of(zh, z) : Map.of(zh, z, wh, w));
    }

    // ---- worker side ------------------------------------------------------------------------------------------

    /**
     * Proves one job and checks the proof; {@code partitionDone} is told each finished partition count.
     * Throws {@link BadJobException} for a job that cannot succeed as given, {@link InterruptedException} when
     * the caller cancelled (its lease was lost), anything else for an environment failure.
     */
    public Result prove(String kind, String specJson, String name, Blobs blobs, IntConsumer partitionDone)
            throws Exception {
        JsonNode spec;
        try {
            spec = JSON.readTree(specJson);
        } catch (IOException e) {
            throw new BadJobException(name + ": spec is not JSON: " + e.getMessage(), e);
        }
        return switch (kind) {
            case "porep" -> porep(spec, name, blobs, partitionDone);
            case "snarkjs" -> snarkjs(spec, name, blobs);
            default -> throw new BadJobException(name + ": unknown job kind '" + kind + "'", null);
        };
    }

    private Result porep(JsonNode spec, String name, Blobs blobs, IntConsumer partitionDone) throws Exception {
        PorepShape shape;
        try {
            shape = new PorepShape(spec.path("challenges").asInt(), spec.path("depth").asInt(),
                    MerkleHash.valueOf(spec.path("leafHash").asText().toUpperCase(Locale.ROOT)));
        } catch (IllegalArgumentException e) {
            throw new BadJobException(name + ": bad shape in spec " + spec + ": " + e.getMessage(), e);
        }
        byte[] data = blob(blobs, spec, "input", name);
        PorepInput in;
        try {
            in = PorepJson.read(new ByteArrayInputStream(data), name + " input " + spec.path("input").asText());
        } catch (IOException | RuntimeException e) {
            throw new BadJobException(e.getMessage(), e);
        }
        if (!in.shape().equals(shape)) {
            throw new BadJobException(name + ": input shape " + in.shape().shapeId() + " is not the spec's "
                    + shape.shapeId(), null);
        }
        PorepGroth16 f = porep.computeIfAbsent(shape.shapeId(), id -> {
            try {
                return PorepGroth16.open(shape, in.partitions().size(), null, 0, cache, session, log);
            } catch (IOException e) {
                throw new java.io.UncheckedIOException(e);
            }
        });
        PorepProofWorkload w = f.workload(in, name);
        var slot = new ProofWorkload.DeviceSlot(device, 0, 0);
        List<ProofWorkload.PartialProof> parts = new ArrayList<>();
        for (int i = 0; i < w.partitions(); i++) {
            parts.add(w.finalizeStage(w.gpuStage(w.synthesize(i), slot)));
            partitionDone.accept(i + 1);
        }
        PorepProof p = w.assemble(parts);
        if (!w.verify(p)) {
            throw new BadJobException(name + ": the proof does not verify under " + f.params().file()
                    + " (damaged parameters or a prover bug)", null);
        }
        byte[] vk = vks.computeIfAbsent(shape.shapeId(), id -> vkJson(f.provingKey().vk));
        return new Result(ProofCodecs.encodeProofs(p.proofs()), ProofCodecs.encodePublic(p.publicInputs()), vk);
    }

    private Result snarkjs(JsonNode spec, String name, Blobs blobs) throws Exception {
        String zh = spec.path("zkey").asText();
        Zkey z = zkeys.get(zh);
        if (z == null) {
            Path f = spill(blob(blobs, spec, "zkey", name), zh + ".zkey");
            try {
                z = Zkey.read(f);
            } catch (IOException | RuntimeException e) {
                throw new BadJobException(name + ": zkey " + zh + ": " + e.getMessage(), e);
            } finally {
                Files.deleteIfExists(f);
            }
            zkeys.put(zh, z);
        }
        String wh = spec.path("wtns").asText();
        Path wf = spill(blob(blobs, spec, "wtns", name), wh + ".wtns");
        long[] w;
        Proof p;
        try {
            w = SnarkjsProver.readWitness(wf);
            p = SnarkjsProver.proveChecked(z, w, wf, null, session.backend(device));
        } catch (IOException | RuntimeException e) {
            throw new BadJobException(name + ": " + e.getMessage(), e);
        } finally {
            Files.deleteIfExists(wf);
        }
        long[] pub = Arrays.copyOfRange(w, Fr.LIMBS, Fr.LIMBS * (z.nPublic + 1)); // canonical → Montgomery below
        Fr.F.fromCanonicalVector(pub, 0, z.nPublic);
        Zkey zz = z;
        byte[] vk = vks.computeIfAbsent(zh, id -> vkJson(SnarkjsProver.verifyingKey(zz)));
        return new Result(ProofCodecs.encodeProofs(List.of(p)), ProofCodecs.encodePublic(List.of(pub)), vk);
    }

    private static byte[] blob(Blobs blobs, JsonNode spec, String field, String name) throws Exception {
        String h = spec.path(field).asText();
        if (!h.matches("[0-9a-f]{64}")) {
            throw new BadJobException(name + ": spec." + field + " is not a SHA-256 hex digest: '" + h + "'", null);
        }
        byte[] b = blobs.get(h);
        if (b == null) {
            throw new BadJobException(name + ": blob " + h + " (spec." + field + ") is not in the database", null);
        }
        if (!JobRequest.hash(b).equals(h)) {
            throw new BadJobException(name + ": blob " + h + " (spec." + field + ") does not match its hash", null);
        }
        return b;
    }

    private Path spill(byte[] data, String fileName) throws IOException {
        Files.createDirectories(workDir);
        Path f = Files.createTempFile(workDir, fileName, ".tmp");
        Files.write(f, data);
        return f;
    }

    /** The snarkjs verification_key.json bytes of {@code vk}. */
    static byte[] vkJson(jzk.prover.groth16.VerifyingKey vk) {
        try {
            Path t = Files.createTempFile("jzk-vk", ".json");
            try {
                SnarkjsJson.writeVerifyingKey(t, vk);
                return Files.readAllBytes(t);
            } finally {
                Files.deleteIfExists(t);
            }
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }
}
