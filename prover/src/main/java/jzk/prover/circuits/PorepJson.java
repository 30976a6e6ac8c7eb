package jzk.prover.circuits;

import com.fasterxml.jackson.core.JsonEncoding;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.math.BigInteger;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import jzk.arith.Fr;
import jzk.prover.gadgets.MerkleHash;

/**
 * The vanilla-proof JSON (the analogue of cuzk's c1.json) of a {@link PorepInput}. Field elements are canonical
 * decimal strings, as snarkjs writes them; indices are JSON integers.
 *
 * <pre>
 * {"format": "jzk-porep-vanilla", "version": 1,
 *  "shape": {"challenges": K, "depth": D, "leafHash": "poseidon" | "sha256", "treeHash": "poseidon"},
 *  "partitions": [
 *    {"replicaId": "…", "commR": "…",
 *     "challenges": [{"index": 5, "data": "…", "leaf": "…", "siblings": ["…", … D of them]}, … K of them]}]}
 * </pre>
 *
 * {@link #read} rejects anything missing or malformed and then runs {@link PorepInput#validate}: every error
 * names the file and the JSON path ({@code $.partitions[0].challenges[3].siblings[7]}).
 */
public final class PorepJson {
    public static final String FORMAT = "jzk-porep-vanilla";
    public static final int VERSION = 1;
    private static final ObjectMapper MAPPER = new ObjectMapper();
    private static final int N = Fr.LIMBS;

    private PorepJson() {
    }

    public static void write(PorepInput in, Path file) throws IOException {
        try (OutputStream os = Files.newOutputStream(file)) {
            write(in, os);
        }
    }

    public static void write(PorepInput in, OutputStream os) throws IOException {
        PorepShape s = in.shape();
        try (JsonGenerator g = MAPPER.getFactory().createGenerator(os, JsonEncoding.UTF8)) {
            g.useDefaultPrettyPrinter();
            g.writeStartObject();
            g.writeStringField("format", FORMAT);
            g.writeNumberField("version", VERSION);
            g.writeObjectFieldStart("shape");
            g.writeNumberField("challenges", s.challenges());
            g.writeNumberField("depth", s.depth());
            g.writeStringField("leafHash", s.leafHash().name().toLowerCase(Locale.ROOT));
            g.writeStringField("treeHash", "poseidon");
            g.writeEndObject();
            g.writeArrayFieldStart("partitions");
            for (PorepPartition p : in.partitions()) {
                g.writeStartObject();
                g.writeStringField("replicaId", dec(p.replicaId(), 0));
                g.writeStringField("commR", dec(p.commR(), 0));
                g.writeArrayFieldStart("challenges");
                for (int c = 0; c < p.challenges(); c++) {
                    g.writeStartObject();
                    g.writeNumberField("index", p.indices()[c]);
                    g.writeStringField("data", dec(p.data(), c));
                    g.writeStringField("leaf", dec(p.leaves(), c));
                    g.writeArrayFieldStart("siblings");
                    for (int l = 0; l < s.depth(); l++) {
                        g.writeString(dec(p.siblings(), c * s.depth() + l));
                    }
                    g.writeEndArray();
                    g.writeEndObject();
                }
                g.writeEndArray();
                g.writeEndObject();
            }
            g.writeEndArray();
            g.writeEndObject();
        }
    }

    private static String dec(long[] v, int i) {
        return Fr.F.toBigInteger(v, i * N).toString();
    }

    /** Reads and validates a file; errors name the file and JSON path. */
    public static PorepInput read(Path file) throws IOException {
        try (InputStream is = Files.newInputStream(file)) {
            return read(is, file.toString());
        }
    }

    public static PorepInput read(InputStream is, String source) throws IOException {
        return read(JsonFieldReader.parse(is, source), source);
    }

    /** Reads and validates a parsed tree whose {@code $.format} is {@link #FORMAT}. */
    static PorepInput read(JsonNode root, String source) {
        PorepInput in = new Reader(source).input(root);
        in.validate(source);
        return in;
    }

    /** The PoRep-like input from its parsed JSON tree. */
    private static final class Reader extends JsonFieldReader {
        Reader(String source) {
            super(source);
        }

        PorepInput input(JsonNode root) {
            header(root, FORMAT);
            JsonNode s = field(root, "$", "shape");
            int k = (int) integer(s, "$.shape", "challenges", 1, Integer.MAX_VALUE);
            int d = (int) integer(s, "$.shape", "depth", 1, PorepShape.MAX_DEPTH);
            String lh = field(s, "$.shape", "leafHash").asText();
            MerkleHash leafHash = switch (lh) {
                case "poseidon" -> MerkleHash.POSEIDON;
                case "sha256" -> MerkleHash.SHA256;
                default -> throw err("$.shape.leafHash", "expected 'poseidon' or 'sha256', found '" + lh + "'");
            };
            String th = field(s, "$.shape", "treeHash").asText();
            if (!"poseidon".equals(th)) {
                throw err("$.shape.treeHash", "only 'poseidon' trees are supported, found '" + th + "'");
            }
            PorepShape shape = new PorepShape(k, d, leafHash);
            JsonNode parts = array(root, "$", "partitions", -1);
            List<PorepPartition> ps = new ArrayList<>();
            for (int pi = 0; pi < parts.size(); pi++) {
                ps.add(partition(parts.get(pi), "$.partitions[" + pi + "]", k, d));
            }
            return new PorepInput(shape, List.copyOf(ps));
        }

        private PorepPartition partition(JsonNode p, String path, int k, int d) {
            long[] replicaId = new long[N];
            long[] commR = new long[N];
            element(field(p, path, "replicaId"), path + ".replicaId", replicaId, 0);
            element(field(p, path, "commR"), path + ".commR", commR, 0);
            JsonNode chs = array(p, path, "challenges", k);
            long[] indices = new long[k];
            long[] data = new long[k * N];
            long[] leaves = new long[k * N];
            long[] siblings = new long[k * d * N];
            for (int c = 0; c < k; c++) {
                String cp = path + ".challenges[" + c + "]";
                JsonNode ch = chs.get(c);
                indices[c] = integer(ch, cp, "index", 0, Long.MAX_VALUE);
                element(field(ch, cp, "data"), cp + ".data", data, c);
                element(field(ch, cp, "leaf"), cp + ".leaf", leaves, c);
                JsonNode sib = array(ch, cp, "siblings", d);
                for (int l = 0; l < d; l++) {
                    element(sib.get(l), cp + ".siblings[" + l + "]", siblings, c * d + l);
                }
            }
            return new PorepPartition(replicaId, commR, indices, data, leaves, siblings);
        }
    }
}
