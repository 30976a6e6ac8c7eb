package jzk.prover.snarkjs;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import jzk.arith.Fp;
import jzk.arith.Fr;
import jzk.prover.groth16.CurveCheck;
import jzk.prover.groth16.Points;
import jzk.prover.groth16.Proof;
import jzk.prover.groth16.VerifyingKey;

import java.io.IOException;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * snarkjs's JSON files for Groth16 on bls12381 (shared/reference/snarkjs-formats.md §5): {@code proof.json},
 * {@code public.json}, {@code verification_key.json}.
 *
 * <p>Written byte-for-byte as the snarkjs CLI writes them ({@code JSON.stringify(x, null, 1)}: one-space indent,
 * {@code "key": value}, no trailing newline). Field elements are canonical decimal strings; points are affine,
 * written projectively with z = "1" (infinity: G1 ["0","1","0"], G2 [["0","0"],["1","0"],["0","0"]]).
 * Readers check the protocol and curve, decimal syntax, ranges (&lt; q, &lt; r) and the curve equations, and name
 * the file and the JSON path in errors. In-memory points use the jzk layout (Montgomery Fp).
 */
public final class SnarkjsJson {
    private static final ObjectMapper MAPPER = new ObjectMapper();

    private SnarkjsJson() {
    }

    // ---------------------------------------------------------------- writing

    public static void writeProof(Path path, Proof p) throws IOException {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("pi_a", g1(p.a, 0));
        m.put("pi_b", g2(p.b, 0));
        m.put("pi_c", g1(p.c, 0));
        m.put("protocol", "groth16");
        m.put("curve", "bls12381");
        write(path, m);
    }

    /** public.json: the public signals (Montgomery Fr, nPublic × 4 longs) as decimal strings. */
    public static void writePublic(Path path, long[] publicSignals) throws IOException {
        List<Object> l = new ArrayList<>();
        for (int i = 0; i < publicSignals.length / Fr.LIMBS; i++) {
            l.add(Fr.F.toBigInteger(publicSignals, i * Fr.LIMBS).toString());
        }
        write(path, l);
    }

    /**
     * verification_key.json with vk_alphabeta_12 computed as snarkjs does. ffjavascript's final exponentiation
     * raises to 3·(p¹² − 1)/r (the Hayashida–Hayasaka–Teruya form without the division by 3), so its value is
     * e(α, β)³ for our exact pairing — checked against a snarkjs-exported key in SnarkjsVerifierTest.
     */
    public static void writeVerifyingKey(Path path, VerifyingKey vk) throws IOException {
        long[] ab = jzk.arith.Pairing.pairing(vk.alpha1, 0, vk.beta2, 0);
        jzk.arith.Fp12.pow(ab, 0, ab, 0, BigInteger.valueOf(3));
        writeVerifyingKey(path, vk, ab);
    }

    /**
     * verification_key.json. {@code alphaBeta12} is e(α, β) as 12 Fp values in the order c0.c0.c0, c0.c0.c1,
     * c0.c1.c0, … (Fp12 = Fp6 + Fp6·w, Fp6 = 3 × Fp2) in Montgomery form, or null to write zeros (snarkjs's verifier
     * does not read it).
     */
    public static void writeVerifyingKey(Path path, VerifyingKey vk, long[] alphaBeta12) throws IOException {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("protocol", "groth16");
        m.put("curve", "bls12381");
        m.put("nPublic", vk.nPublic);
        m.put("vk_alpha_1", g1(vk.alpha1, 0));
        m.put("vk_beta_2", g2(vk.beta2, 0));
        m.put("vk_gamma_2", g2(vk.gamma2, 0));
        m.put("vk_delta_2", g2(vk.delta2, 0));
        List<Object> ab = new ArrayList<>();
        for (int i = 0; i < 2; i++) {
            List<Object> fp6 = new ArrayList<>();
            for (int j = 0; j < 3; j++) {
                List<Object> fp2 = new ArrayList<>();
                for (int k = 0; k < 2; k++) {
                    int idx = (i * 6 + j * 2 + k) * Fp.LIMBS;
                    fp2.add(alphaBeta12 == null ? "0" : Fp.F.toBigInteger(alphaBeta12, idx).toString());
                }
                fp6.add(fp2);
            }
            ab.add(fp6);
        }
        m.put("vk_alphabeta_12", ab);
        List<Object> ic = new ArrayList<>();
        for (int i = 0; i <= vk.nPublic; i++) {
            ic.add(g1(vk.ic, i * Points.G1));
        }
        m.put("IC", ic);
        write(path, m);
    }

    private static List<Object> g1(long[] p, int o) {
        if (Points.isZero(p, o, Points.G1)) {
            return List.of("0", "1", "0");
        }
        return List.of(dec(p, o), dec(p, o + Fp.LIMBS), "1");
    }

    private static List<Object> g2(long[] p, int o) {
        if (Points.isZero(p, o, Points.G2)) {
            return List.of(List.of("0", "0"), List.of("1", "0"), List.of("0", "0"));
        }
        return List.of(List.of(dec(p, o), dec(p, o + Fp.LIMBS)),
                List.of(dec(p, o + 2 * Fp.LIMBS), dec(p, o + 3 * Fp.LIMBS)), List.of("1", "0"));
    }

    private static String dec(long[] a, int o) {
        return Fp.F.toBigInteger(a, o).toString();
    }

    private static void write(Path path, Object o) throws IOException {
        StringBuilder sb = new StringBuilder();
        stringify(sb, o, 0);
        Files.writeString(path, sb.toString(), StandardCharsets.UTF_8);
    }

    /** JSON.stringify(o, null, 1) for maps, lists, strings and integers. */
    static void stringify(StringBuilder sb, Object o, int depth) {
        if (o instanceof String s) {
            sb.append('"').append(s).append('"');
        } else if (o instanceof Number n) {
            sb.append(n);
        } else if (o instanceof List<?> l) {
            if (l.isEmpty()) {
                sb.append("[]");
                return;
            }
            sb.append('[');
            for (int i = 0; i < l.size(); i++) {
                sb.append(i == 0 ? "\n" : ",\n").append(" ".repeat(depth + 1));
                stringify(sb, l.get(i), depth + 1);
            }
            sb.append('\n').append(" ".repeat(depth)).append(']');
        } else if (o instanceof Map<?, ?> m) {
            sb.append('{');
            boolean first = true;
            for (Map.Entry<?, ?> e : m.entrySet()) {
                sb.append(first ? "\n" : ",\n").append(" ".repeat(depth + 1)).append('"').append(e.getKey())
                        .append("\": ");
                stringify(sb, e.getValue(), depth + 1);
                first = false;
            }
            sb.append('\n').append(" ".repeat(depth)).append('}');
        } else {
            throw new IllegalArgumentException("cannot stringify " + o);
        }
    }

    // ---------------------------------------------------------------- reading

    public static Proof readProof(Path path) throws IOException {
        JsonNode n = parse(path);
        checkHeader(path, n);
        long[] a = readG1(path, n, "pi_a");
        long[] b = readG2(path, n, "pi_b");
        long[] c = readG1(path, n, "pi_c");
        return new Proof(a, b, c);
    }

    /** The public signals as Montgomery Fr (n × 4 longs); each must be a decimal integer in [0, r). */
    public static long[] readPublic(Path path) throws IOException {
        JsonNode n = parse(path);
        if (!n.isArray()) {
            throw new IllegalArgumentException(path + ": expected a JSON array of decimal strings");
        }
        long[] out = new long[n.size() * Fr.LIMBS];
        for (int i = 0; i < n.size(); i++) {
            BigInteger v = decimal(path, n.get(i), "[" + i + "]");
            if (v.compareTo(Fr.R) >= 0) {
                throw new IllegalArgumentException(path + ": [" + i + "] = " + v + " is not below r");
            }
            Fr.F.fromBigInteger(out, i * Fr.LIMBS, v);
        }
        return out;
    }

    public static VerifyingKey readVerifyingKey(Path path) throws IOException {
        JsonNode n = parse(path);
        checkHeader(path, n);
        JsonNode icNode = n.get("IC");
        if (icNode == null || !icNode.isArray() || icNode.isEmpty()) {
            throw new IllegalArgumentException(path + ": \"IC\" is missing or empty");
        }
        JsonNode np = n.get("nPublic");
        if (np != null && np.asInt(-1) != icNode.size() - 1) {
            throw new IllegalArgumentException(path + ": nPublic = " + np + " but IC has " + icNode.size()
                    + " points (expected nPublic + 1)");
        }
        long[] ic = new long[icNode.size() * Points.G1];
        for (int i = 0; i < icNode.size(); i++) {
            System.arraycopy(g1Point(path, icNode.get(i), "IC[" + i + "]"), 0, ic, i * Points.G1, Points.G1);
        }
        return new VerifyingKey(readG1(path, n, "vk_alpha_1"), readG2(path, n, "vk_beta_2"),
                readG2(path, n, "vk_gamma_2"), readG2(path, n, "vk_delta_2"), ic);
    }

    private static JsonNode parse(Path path) throws IOException {
        try {
            return MAPPER.readTree(path.toFile());
        } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
            throw new IllegalArgumentException(path + ": not valid JSON: " + e.getOriginalMessage());
        }
    }

    private static void checkHeader(Path path, JsonNode n) {
        if (!n.isObject()) {
            throw new IllegalArgumentException(path + ": expected a JSON object");
        }
        JsonNode protocol = n.get("protocol");
        if (protocol != null && !"groth16".equals(protocol.asText())) {
            throw new IllegalArgumentException(path + ": protocol is \"" + protocol.asText()
                    + "\", only groth16 is supported");
        }
        JsonNode curve = n.get("curve");
        // snarkjs matches curve names ignoring case and punctuation (curves.js getCurveFromName).
        if (curve == null || !curve.asText().toUpperCase().replaceAll("[^A-Z0-9]", "").equals("BLS12381")) {
            throw new IllegalArgumentException(path + ": curve is " + (curve == null ? "missing" : "\""
                    + curve.asText() + "\"") + ", expected bls12381");
        }
    }

    private static long[] readG1(Path path, JsonNode root, String key) {
        return g1Point(path, root.get(key), key);
    }

    private static long[] readG2(Path path, JsonNode root, String key) {
        JsonNode n = root.get(key);
        if (n == null || !n.isArray() || n.size() != 3) {
            throw new IllegalArgumentException(path + ": \"" + key + "\" must be [[x0,x1],[y0,y1],[z0,z1]]");
        }
        BigInteger[][] c = new BigInteger[3][2];
        for (int i = 0; i < 3; i++) {
            JsonNode e = n.get(i);
            if (!e.isArray() || e.size() != 2) {
                throw new IllegalArgumentException(path + ": " + key + "[" + i + "] must be a pair [c0, c1]");
            }
            for (int k = 0; k < 2; k++) {
                c[i][k] = fp(path, e.get(k), key + "[" + i + "][" + k + "]");
            }
        }
        long[] p = new long[Points.G2];
        if (c[2][0].signum() == 0 && c[2][1].signum() == 0) {
            return p; // infinity
        }
        if (!c[2][0].equals(BigInteger.ONE) || c[2][1].signum() != 0) {
            throw new IllegalArgumentException(path + ": " + key + " has z ≠ 1 (only affine points with z = [\"1\","
                    + "\"0\"] are supported, as snarkjs writes them)");
        }
        for (int i = 0; i < 4; i++) {
            Fp.F.fromBigInteger(p, i * Fp.LIMBS, c[i / 2][i % 2]);
        }
        if (CurveCheck.firstBadG2(p, 1) >= 0) {
            throw new IllegalArgumentException(path + ": " + key + " is not on " + CurveCheck.G2_EQUATION);
        }
        return p;
    }

    private static long[] g1Point(Path path, JsonNode n, String key) {
        if (n == null || !n.isArray() || n.size() != 3) {
            throw new IllegalArgumentException(path + ": \"" + key + "\" must be [x, y, z]");
        }
        BigInteger x = fp(path, n.get(0), key + "[0]");
        BigInteger y = fp(path, n.get(1), key + "[1]");
        BigInteger z = fp(path, n.get(2), key + "[2]");
        long[] p = new long[Points.G1];
        if (z.signum() == 0) {
            return p;
        }
        if (!z.equals(BigInteger.ONE)) {
            throw new IllegalArgumentException(path + ": " + key + " has z = " + z
                    + " (only affine points with z = \"1\" are supported, as snarkjs writes them)");
        }
        Fp.F.fromBigInteger(p, 0, x);
        Fp.F.fromBigInteger(p, Fp.LIMBS, y);
        if (CurveCheck.firstBadG1(p, 1) >= 0) {
            throw new IllegalArgumentException(path + ": " + key + " is not on " + CurveCheck.G1_EQUATION);
        }
        return p;
    }

    private static BigInteger fp(Path path, JsonNode n, String where) {
        BigInteger v = decimal(path, n, where);
        if (v.compareTo(Fp.P) >= 0) {
            throw new IllegalArgumentException(path + ": " + where + " = " + v + " is not below q");
        }
        return v;
    }

    private static BigInteger decimal(Path path, JsonNode n, String where) {
        if (n == null || !(n.isTextual() || n.isIntegralNumber())) {
            throw new IllegalArgumentException(path + ": " + where + " must be a decimal string");
        }
        String s = n.asText();
        if (!s.matches("[0-9]{1,120}")) {
            throw new IllegalArgumentException(path + ": " + where + " = \"" + s + "\" is not a decimal integer");
        }
        return new BigInteger(s);
    }
}
