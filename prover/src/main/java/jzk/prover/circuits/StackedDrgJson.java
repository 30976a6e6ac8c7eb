package jzk.prover.circuits;

import com.fasterxml.jackson.core.JsonEncoding;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import jzk.arith.Fr;

/**
 * The vanilla-proof JSON of a {@link StackedDrgInput}. Field elements are canonical decimal strings, node indices
 * JSON integers; c = ⌈depth/3⌉.
 *
 * <pre>
 * {"format": "jzk-stacked-drg-vanilla", "version": 1,
 *  "shape": {"challenges": K, "layers": L, "depth": D, "labelParents": P},
 *  "partitions": [
 *    {"replicaId": "…", "commD": "…", "commC": "…", "commRLast": "…", "commR": "…",
 *     "challenges": [{"index": 5, "data": "…", "dSiblings": [D of them],
 *                     "parents": [{"index": 9, "column": [L labels], "cSiblings": [7c]}, … 14 of them],
 *                     "cSiblings": [7c], "rSiblings": [7c]}, … K of them]}]}
 * </pre>
 *
 * {@link #read} rejects anything missing or malformed, then runs {@link StackedDrgInput#validate}: every error is
 * one line naming the file and the JSON path ({@code $.partitions[0].challenges[3].parents[2].column[1]}).
 */
public final class StackedDrgJson {
    public static final String FORMAT = "jzk-stacked-drg-vanilla";
    private static final int N = Fr.LIMBS;
    private static final int NP = StackedDrgShape.PARENTS;

    private StackedDrgJson() {
    }

    public static void write(StackedDrgInput in, Path file) throws IOException {
        try (OutputStream os = Files.newOutputStream(file)) {
            write(in, os);
        }
    }

    public static void write(StackedDrgInput in, OutputStream os) throws IOException {
        StackedDrgShape s = in.shape();
        int d = s.depth();
        int layers = s.layers();
        int c7 = 7 * s.crDepth();
        try (JsonGenerator g = JsonFieldReader.MAPPER.getFactory().createGenerator(os, JsonEncoding.UTF8)) {
            g.useDefaultPrettyPrinter();
            g.writeStartObject();
            g.writeStringField("format", FORMAT);
            g.writeNumberField("version", 1);
            g.writeObjectFieldStart("shape");
            g.writeNumberField("challenges", s.challenges());
            g.writeNumberField("layers", layers);
            g.writeNumberField("depth", d);
            g.writeNumberField("labelParents", s.labelParents());
            g.writeEndObject();
            g.writeArrayFieldStart("partitions");
            for (StackedDrgPartition p : in.partitions()) {
                g.writeStartObject();
                g.writeStringField("replicaId", dec(p.replicaId(), 0));
                g.writeStringField("commD", dec(p.commD(), 0));
                g.writeStringField("commC", dec(p.commC(), 0));
                g.writeStringField("commRLast", dec(p.commRLast(), 0));
                g.writeStringField("commR", dec(p.commR(), 0));
                g.writeArrayFieldStart("challenges");
                for (int c = 0; c < p.challenges(); c++) {
                    g.writeStartObject();
                    g.writeNumberField("index", p.indices()[c]);
                    g.writeStringField("data", dec(p.data(), c));
                    array(g, "dSiblings", p.dSiblings(), c * d, d);
                    g.writeArrayFieldStart("parents");
                    for (int o = 0; o < NP; o++) {
                        g.writeStartObject();
                        g.writeNumberField("index", p.parents()[NP * c + o]);
                        array(g, "column", p.columns(), (NP * c + o) * layers, layers);
                        array(g, "cSiblings", p.cSiblings(), ((NP + 1) * c + o) * c7, c7);
                        g.writeEndObject();
                    }
                    g.writeEndArray();
                    array(g, "cSiblings", p.cSiblings(), ((NP + 1) * c + NP) * c7, c7);
                    array(g, "rSiblings", p.rSiblings(), c * c7, c7);
                    g.writeEndObject();
                }
                g.writeEndArray();
                g.writeEndObject();
            }
            g.writeEndArray();
            g.writeEndObject();
        }
    }

    private static void array(JsonGenerator g, String name, long[] v, int from, int n) throws IOException {
        g.writeArrayFieldStart(name);
        for (int i = 0; i < n; i++) {
            g.writeString(dec(v, from + i));
        }
        g.writeEndArray();
    }

    private static String dec(long[] v, int i) {
        return Fr.F.toBigInteger(v, i * N).toString();
    }

    /** Reads and validates a file; errors name the file and JSON path. */
    public static StackedDrgInput read(Path file) throws IOException {
        try (InputStream is = Files.newInputStream(file)) {
            return read(JsonFieldReader.parse(is, file.toString()), file.toString());
        }
    }

    /** Reads and validates a parsed tree whose {@code $.format} is {@link #FORMAT}. */
    static StackedDrgInput read(JsonNode root, String source) {
        StackedDrgInput in = new Reader(source).input(root);
        in.validate(source);
        return in;
    }

    private static final class Reader extends JsonFieldReader {
        Reader(String source) {
            super(source);
        }

        StackedDrgInput input(JsonNode root) {
            header(root, FORMAT);
            JsonNode s = field(root, "$", "shape");
            int k = (int) integer(s, "$.shape", "challenges", 1, 1 << 20);
            int layers = (int) integer(s, "$.shape", "layers", 1, StackedDrgShape.MAX_LAYERS);
            int d = (int) integer(s, "$.shape", "depth", 1, StackedDrgShape.MAX_DEPTH);
            int lp = (int) integer(s, "$.shape", "labelParents", 1, 1024);
            StackedDrgShape shape = new StackedDrgShape(k, layers, d, lp);
            JsonNode parts = array(root, "$", "partitions", -1);
            List<StackedDrgPartition> ps = new ArrayList<>();
            for (int pi = 0; pi < parts.size(); pi++) {
                ps.add(partition(parts.get(pi), "$.partitions[" + pi + "]", shape));
            }
            return new StackedDrgInput(shape, List.copyOf(ps));
        }

        private long[] one(JsonNode obj, String path, String name) {
            long[] v = new long[N];
            element(field(obj, path, name), path + "." + name, v, 0);
            return v;
        }

        private void elements(JsonNode obj, String path, String name, long[] out, int from, int n) {
            JsonNode a = array(obj, path, name, n);
            for (int i = 0; i < n; i++) {
                element(a.get(i), path + "." + name + "[" + i + "]", out, from + i);
            }
        }

        private StackedDrgPartition partition(JsonNode p, String path, StackedDrgShape s) {
            int k = s.challenges();
            int d = s.depth();
            int layers = s.layers();
            int c7 = 7 * s.crDepth();
            long[] replicaId = one(p, path, "replicaId");
            long[] commD = one(p, path, "commD");
            long[] commC = one(p, path, "commC");
            long[] commRLast = one(p, path, "commRLast");
            long[] commR = one(p, path, "commR");
            JsonNode chs = array(p, path, "challenges", k);
            long[] indices = new long[k];
            long[] parents = new long[k * NP];
            long[] data = new long[k * N];
            long[] dSiblings = new long[k * d * N];
            long[] columns = new long[k * NP * layers * N];
            long[] cSiblings = new long[k * (NP + 1) * c7 * N];
            long[] rSiblings = new long[k * c7 * N];
            for (int c = 0; c < k; c++) {
                String cp = path + ".challenges[" + c + "]";
                JsonNode ch = chs.get(c);
                indices[c] = integer(ch, cp, "index", 0, Long.MAX_VALUE);
                element(field(ch, cp, "data"), cp + ".data", data, c);
                elements(ch, cp, "dSiblings", dSiblings, c * d, d);
                JsonNode ps = array(ch, cp, "parents", NP);
                for (int o = 0; o < NP; o++) {
                    String op = cp + ".parents[" + o + "]";
                    parents[NP * c + o] = integer(ps.get(o), op, "index", 0, Long.MAX_VALUE);
                    elements(ps.get(o), op, "column", columns, (NP * c + o) * layers, layers);
                    elements(ps.get(o), op, "cSiblings", cSiblings, ((NP + 1) * c + o) * c7, c7);
                }
                elements(ch, cp, "cSiblings", cSiblings, ((NP + 1) * c + NP) * c7, c7);
                elements(ch, cp, "rSiblings", rSiblings, c * c7, c7);
            }
            return new StackedDrgPartition(replicaId, commD, commC, commRLast, commR, indices, parents, data,
                    dSiblings, columns, cSiblings, rSiblings);
        }
    }
}
