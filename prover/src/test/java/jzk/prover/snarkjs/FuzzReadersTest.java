package jzk.prover.snarkjs;

import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import jzk.prover.circuits.ChainCircuit;
import jzk.prover.circuits.PorepInputGenerator;
import jzk.prover.circuits.PorepJson;
import jzk.prover.circuits.PorepShape;
import jzk.prover.gadgets.MerkleHash;
import jzk.prover.groth16.CpuBackend;
import jzk.prover.groth16.Groth16;
import jzk.prover.groth16.ParamsFile;
import jzk.prover.groth16.PreparedVerifyingKey;
import jzk.prover.groth16.Proof;
import jzk.prover.groth16.ProvingKey;
import jzk.prover.groth16.Verifier;
import jzk.prover.r1cs.R1cs;
import jzk.prover.r1cs.SatisfactionChecker;
import jzk.prover.r1cs.Synthesizer;
import jzk.prover.r1cs.Witness;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;

/**
 * Property-based fuzzing of every file reader (issue 17 item 8): random mutations of valid files — binary: params,
 * zkey, wtns, r1cs; JSON: proof, public, verifying key, vanilla input — each fed to its reader and, for zkey and wtns,
 * on through the checked prover ({@link SnarkjsProver#proveChecked}). Every case must end in
 * <ul>
 *   <li>a clear error: {@link IllegalArgumentException} (or {@link ProofRejectedException}) naming the file, or</li>
 *   <li>a correct result: params read back equal to the original key (the mutation hit alignment padding); a zkey
 *       or wtns whose checked proof verifies under the key read; a reader that returned a validated value,</li>
 * </ul>
 * never another exception type, a silently different key, a proof that does not verify, or a case slower than
 * {@value #SLOW_MS} ms. A seeded generator (fixed seed, fixed case counts, a time budget per property as the CI
 * bound: {@code -Djzk.fuzz.seed}, {@code jzk.fuzz.binaryCases}, {@code jzk.fuzz.jsonCases}, {@code jzk.fuzz.seconds});
 * the tallies per target and fault class are printed at the end (they are the table of docs/FAULTS.md).
 * {@code -Djzk.fuzz.explore=true} tallies every case instead of failing at the first "anything else".
 */
class FuzzReadersTest {
    static final long SLOW_MS = 5_000;
    static final int BINARY_TRIES = Integer.getInteger("jzk.fuzz.binaryCases", 1800);
    static final int JSON_TRIES = Integer.getInteger("jzk.fuzz.jsonCases", 1600);
    static final long SEED = Long.getLong("jzk.fuzz.seed", 20261201L);
    /** Per property: stop drawing cases after this long (CI bound; the counts printed say how many ran). */
    static final long BUDGET_NANOS = Long.getLong("jzk.fuzz.seconds", 15L) * 1_000_000_000L;
    /** {@code -Djzk.fuzz.explore=true}: tally every case instead of stopping at the first OTHER. */
    static final boolean EXPLORE = Boolean.getBoolean("jzk.fuzz.explore");

    enum Bin { PARAMS, ZKEY, WTNS, R1CS }

    enum BinFault { BYTE_FLIP, TRUNCATE, U32_FIELD, U64_FIELD, SECTION_HEADER, BLOCK_COPY, APPEND }

    enum Json { PROOF, PUBLIC, VK, VANILLA }

    enum JsonFault { CHAR_EDIT, TRUNCATE, DEEP_NESTING, VALUE, TYPE_SWAP }

    enum Result { CLEAR_ERROR, CORRECT, OTHER }

    record BinCase(Bin target, BinFault fault, int pos, int pos2, long value) {
    }

    record JsonCase(Json target, JsonFault fault, int pos, long value) {
    }

    /** target/fault → tried, clear errors, correct results, other. */
    static final Map<String, long[]> TALLY = new TreeMap<>();
    static final List<String> OTHER = new ArrayList<>();
    static final long[] EXTREMES = {0, 1, -1, 0x7fffffffL, 0x80000000L, 0xffffffffL, Long.MAX_VALUE,
            Long.MIN_VALUE, Long.MAX_VALUE - 7, 1L << 32, 1L << 40, 12, 64};

    static final Fixtures FX = new Fixtures();

    /** The valid inputs every mutation starts from. */
    static final class Fixtures {
        final Path dir;
        final byte[] params;
        final byte[] paramsId;
        final ProvingKey paramsKey;
        final byte[] zkey;
        final byte[] wtns;
        final byte[] r1cs;
        final Zkey zkeyRead;
        final long[] witness;
        final CircomR1cs circom;
        final Path wtnsPath;
        final Map<Json, byte[]> json = new java.util.EnumMap<>(Json.class);

        Fixtures() {
            long t0 = System.nanoTime();
            try {
                dir = Files.createTempDirectory("jzk-fuzz");
                R1cs cs = Synthesizer.record(ChainCircuit.of(5, true));
                paramsKey = Groth16.setup(cs, new Random(17));
                paramsId = ParamsFile.shapeId(cs);
                Path pf = dir.resolve("orig.params");
                ParamsFile.write(pf, paramsKey, paramsId);
                params = Files.readAllBytes(pf);
                zkey = Files.readAllBytes(ZkeyAndJsonTest.fixture("k.zkey"));
                wtns = Files.readAllBytes(ZkeyAndJsonTest.fixture("w.wtns"));
                r1cs = CheckedProveTest.mulR1cs();
                zkeyRead = Zkey.read(ZkeyAndJsonTest.fixture("k.zkey"));
                wtnsPath = ZkeyAndJsonTest.fixture("w.wtns");
                witness = WtnsFile.readCanonical(wtnsPath);
                Path rp = dir.resolve("orig.r1cs");
                Files.write(rp, r1cs);
                circom = R1csFile.read(rp);
                json.put(Json.PROOF, Files.readAllBytes(ZkeyAndJsonTest.fixture("proof.json")));
                json.put(Json.PUBLIC, Files.readAllBytes(ZkeyAndJsonTest.fixture("public.json")));
                json.put(Json.VK, Files.readAllBytes(ZkeyAndJsonTest.fixture("vk.json")));
                Path vf = dir.resolve("orig-vanilla.json");
                PorepJson.write(PorepInputGenerator.generate(new PorepShape(1, 2, MerkleHash.POSEIDON), 1, 3), vf);
                json.put(Json.VANILLA, Files.readAllBytes(vf));
                System.out.printf(Locale.ROOT, "fixtures %.0f ms%n", (System.nanoTime() - t0) / 1e6);
            } catch (IOException e) {
                throw new IllegalStateException(e);
            }
        }

        byte[] original(Bin b) {
            return switch (b) {
                case PARAMS -> params;
                case ZKEY -> zkey;
                case WTNS -> wtns;
                case R1CS -> r1cs;
            };
        }
    }

    // ------------------------------------------------------------------------------------------------ binary

    /** A uniformly drawn case: target and fault class evenly, positions and values from the whole range. */
    static BinCase binCase(Random rnd) {
        return new BinCase(Bin.values()[rnd.nextInt(Bin.values().length)],
                BinFault.values()[rnd.nextInt(BinFault.values().length)], rnd.nextInt(Integer.MAX_VALUE),
                rnd.nextInt(Integer.MAX_VALUE), rnd.nextLong());
    }

    @Test
    void binaryReadersEndInAClearErrorOrACorrectResult() throws Exception {
        Random rnd = new Random(SEED);
        long deadline = System.nanoTime() + BUDGET_NANOS;
        int i = 0;
        long t0 = System.nanoTime();
        for (; i < BINARY_TRIES && System.nanoTime() < deadline; i++) {
            binaryCase(binCase(rnd));
        }
        System.out.printf(Locale.ROOT, "binary: %d cases in %.0f ms%n", i, (System.nanoTime() - t0) / 1e6);
        assertTrue(i >= Math.min(BINARY_TRIES, 500), "only " + i + " binary cases within the time budget");
    }

    static void binaryCase(BinCase c) throws Exception {
        byte[] m = mutate(FX.original(c.target()), c);
        Path f = caseFile(c.target().name().toLowerCase(Locale.ROOT), m);
        long t0 = System.nanoTime();
        Result r = classify(f, () -> checkBinary(c.target(), f));
        record(c.target() + " " + c.fault(), r, System.nanoTime() - t0);
        Files.delete(f);
        if (!EXPLORE) {
            assertTrue(r != Result.OTHER, () -> c + " → " + OTHER.get(OTHER.size() - 1));
        }
    }

    static final java.util.concurrent.atomic.AtomicLong CASE = new java.util.concurrent.atomic.AtomicLong();

    /**
     * A new file per case (deleted after it): rewriting one file in place makes ext4 flush it on close
     * (auto_da_alloc), 4 ms a case instead of 0.3.
     */
    static Path caseFile(String suffix, byte[] content) throws IOException {
        Path f = FX.dir.resolve("case-" + CASE.incrementAndGet() + "." + suffix);
        Files.write(f, content);
        return f;
    }

    static byte[] mutate(byte[] orig, BinCase c) {
        byte[] b = orig.clone();
        int n = b.length;
        long v = EXTREMES[(int) Math.floorMod(c.value(), (long) EXTREMES.length)];
        ByteBuffer bb = ByteBuffer.wrap(b).order(ByteOrder.LITTLE_ENDIAN);
        switch (c.fault()) {
            case BYTE_FLIP -> b[c.pos() % n] ^= (byte) (c.value() | 1);
            case TRUNCATE -> b = Arrays.copyOf(b, c.pos() % n);
            case U32_FIELD -> bb.putInt(4 * (c.pos() % (Math.min(n, 512) / 4)), (int) v);
            case U64_FIELD -> bb.putLong(4 * (c.pos() % ((Math.min(n, 512) - 8) / 4)), v);
            case SECTION_HEADER -> {
                List<Integer> fields = headerFields(orig);
                int at = fields.get(c.pos() % fields.size());
                if (at < 0) {
                    bb.putInt(-at, (int) v); // a u32 field (section id)
                } else {
                    bb.putLong(at, v);
                }
            }
            case BLOCK_COPY -> { // point i of a section copied over point j: both stay on the curve
                List<long[]> secs = sections(orig);
                long[] sec = secs.get(c.pos() % secs.size());
                int points = (int) (sec[1] / 96);
                if (points >= 2) {
                    int i = c.pos2() % points;
                    int j = (int) Math.floorMod(c.value(), (long) points);
                    System.arraycopy(orig, (int) sec[0] + 96 * i, b, (int) sec[0] + 96 * j, 96);
                } else {
                    int len = Math.min(96, n / 4);
                    System.arraycopy(orig, c.pos() % (n - len), b, c.pos2() % (n - len), len);
                }
            }
            case APPEND -> {
                b = Arrays.copyOf(b, n + 1 + (int) Math.floorMod(c.value(), 64L));
                Arrays.fill(b, n, b.length, (byte) c.pos2());
            }
        }
        return b;
    }

    /**
     * Offsets of the structural fields: for a params file its section table's offset and count (u64; negative =
     * u32), for an iden3 binfile every section's id (u32, as −offset) and size (u64).
     */
    static List<Integer> headerFields(byte[] f) {
        List<Integer> out = new ArrayList<>();
        ByteBuffer b = ByteBuffer.wrap(f).order(ByteOrder.LITTLE_ENDIAN);
        if (f[0] == 'J') { // JZKG16PK
            for (int i = 0; i < 12; i++) {
                out.add(96 + 16 * i);
                out.add(96 + 16 * i + 8);
            }
            out.add(72);
            out.add(80);
            return out;
        }
        int sections = b.getInt(8);
        long off = 12;
        for (int i = 0; i < sections && off + 12 <= f.length; i++) {
            out.add(-(int) off);
            out.add((int) off + 4);
            off += 12 + b.getLong((int) off + 4);
        }
        out.add(-8); // the section count
        return out;
    }

    /** {start, bytes} of every section: the params table's entries, or an iden3 binfile's section bodies. */
    static List<long[]> sections(byte[] f) {
        List<long[]> out = new ArrayList<>();
        ByteBuffer b = ByteBuffer.wrap(f).order(ByteOrder.LITTLE_ENDIAN);
        if (f[0] == 'J') {
            for (int i = 0; i < 12; i++) {
                long count = b.getLong(96 + 16 * i + 8);
                boolean g2 = i == 2 || i == 3 || i == 5 || i == 9;
                out.add(new long[] {b.getLong(96 + 16 * i), count * (g2 ? 192 : 96)});
            }
            return out;
        }
        long off = 12;
        for (int i = 0; i < b.getInt(8) && off + 12 <= f.length; i++) {
            long size = b.getLong((int) off + 4);
            out.add(new long[] {off + 12, size});
            off += 12 + size;
        }
        return out;
    }

    interface Check {
        /** Returns normally for a correct result; throws an AssertionError for a wrong one. */
        void run() throws Exception;
    }

    static void checkBinary(Bin target, Path f) throws Exception {
        switch (target) {
            case PARAMS -> {
                ParamsFile.verifyChecksums(f);
                ProvingKey k = ParamsFile.read(f, FX.paramsId);
                if (!k.vk.equals(FX.paramsKey.vk) || !Arrays.equals(k.a, FX.paramsKey.a)
                        || !Arrays.equals(k.b1, FX.paramsKey.b1) || !Arrays.equals(k.b2, FX.paramsKey.b2)
                        || !Arrays.equals(k.l, FX.paramsKey.l) || !Arrays.equals(k.h, FX.paramsKey.h)) {
                    throw new AssertionError("a damaged params file was accepted as a different key");
                }
            }
            case ZKEY -> {
                Zkey z = Zkey.read(f);
                provesAndVerifies(z, FX.witness, FX.wtnsPath, null);
            }
            case WTNS -> provesAndVerifies(FX.zkeyRead, WtnsFile.readCanonical(f), f, FX.circom);
            case R1CS -> {
                R1cs cs = R1csFile.read(f).r1cs();
                if (cs.numVariables() == FX.witness.length / 4) {
                    long[] z = FX.witness.clone();
                    jzk.arith.Fr.F.fromCanonicalVector(z, 0, cs.numVariables());
                    SatisfactionChecker.firstFailure(cs, new Witness(cs.numInputs(), z));
                }
            }
        }
    }

    /** The checked prover either refuses (a clear error) or returns a proof that verifies: never an invalid one. */
    static void provesAndVerifies(Zkey z, long[] w, Path wtns, CircomR1cs cs) {
        Proof p = SnarkjsProver.proveChecked(z, w, wtns, cs, CpuBackend.INSTANCE);
        if (!Verifier.verify(new PreparedVerifyingKey(SnarkjsProver.verifyingKey(z)), p,
                SnarkjsProver.publicSignals(z, w))) {
            throw new AssertionError("proveChecked returned a proof that does not verify");
        }
    }

    // ------------------------------------------------------------------------------------------------ JSON

    static JsonCase jsonCase(Random rnd) {
        return new JsonCase(Json.values()[rnd.nextInt(Json.values().length)],
                JsonFault.values()[rnd.nextInt(JsonFault.values().length)], rnd.nextInt(Integer.MAX_VALUE),
                rnd.nextLong());
    }

    @Test
    void jsonReadersEndInAClearErrorOrACorrectResult() throws Exception {
        Random rnd = new Random(SEED + 1);
        long deadline = System.nanoTime() + BUDGET_NANOS;
        int i = 0;
        long t0 = System.nanoTime();
        for (; i < JSON_TRIES && System.nanoTime() < deadline; i++) {
            jsonCase(jsonCase(rnd));
        }
        System.out.printf(Locale.ROOT, "json: %d cases in %.0f ms%n", i, (System.nanoTime() - t0) / 1e6);
        assertTrue(i >= Math.min(JSON_TRIES, 500), "only " + i + " JSON cases within the time budget");
    }

    static void jsonCase(JsonCase c) throws Exception {
        byte[] m = mutateJson(FX.json.get(c.target()), c);
        Path f = caseFile(c.target().name() + ".json", m);
        long t0 = System.nanoTime();
        Result r = classify(f, () -> {
            switch (c.target()) {
                case PROOF -> SnarkjsJson.readProof(f);
                case PUBLIC -> SnarkjsJson.readPublic(f);
                case VK -> SnarkjsJson.readVerifyingKey(f);
                case VANILLA -> PorepJson.read(f);
            }
        });
        TIME.merge(c.target() + "-JSON", System.nanoTime() - t0, Long::sum);
        record(c.target() + "-JSON " + c.fault(), r, 0);
        Files.delete(f);
        if (!EXPLORE) {
            assertTrue(r != Result.OTHER, () -> c + " → " + OTHER.get(OTHER.size() - 1));
        }
    }

    static final ObjectMapper M = new ObjectMapper();
    static final String CHARS = "{}[],:\"0123456789-.eE aqtrfu\\n";
    static final String[] VALUES = {"-1", "1e999", "0x10", "", " 1", "1.5", "9".repeat(200),
            "4002409555221667393417789825735904156556882819939007885332058136124031650490837864442687629129015664037"
                    + "894272559787", // q
            "52435875175126190479447740508185965837690552500527637822603658699938581184513", // r
            "NaN", "null"};

    static byte[] mutateJson(byte[] orig, JsonCase c) throws IOException {
        String s = new String(orig, StandardCharsets.UTF_8);
        int n = s.length();
        int p = c.pos() % n;
        switch (c.fault()) {
            case CHAR_EDIT -> {
                char ch = CHARS.charAt((int) Math.floorMod(c.value(), (long) CHARS.length()));
                int kind = (int) Math.floorMod(c.value() >> 8, 3L);
                s = kind == 0 ? s.substring(0, p) + ch + s.substring(p + 1)
                        : kind == 1 ? s.substring(0, p) + ch + s.substring(p) : s.substring(0, p) + s.substring(p + 1);
            }
            case TRUNCATE -> s = s.substring(0, p);
            case DEEP_NESTING -> {
                int depth = 400 + (int) Math.floorMod(c.value(), 5000L);
                s = "[".repeat(depth) + s + "]".repeat(depth);
            }
            case VALUE, TYPE_SWAP -> {
                JsonNode root = M.readTree(s);
                List<JsonNode[]> slots = new ArrayList<>(); // {parent, key-or-index as text}
                collect(root, slots);
                if (!slots.isEmpty()) {
                    JsonNode[] slot = slots.get(p % slots.size());
                    JsonNode repl = c.fault() == JsonFault.VALUE
                            ? JsonNodeFactory.instance.textNode(VALUES[(int) Math.floorMod(c.value(),
                            (long) VALUES.length)])
                            : switch ((int) Math.floorMod(c.value(), 5L)) {
                                case 0 -> JsonNodeFactory.instance.arrayNode();
                                case 1 -> JsonNodeFactory.instance.objectNode();
                                case 2 -> JsonNodeFactory.instance.nullNode();
                                case 3 -> JsonNodeFactory.instance.numberNode(c.value());
                                default -> JsonNodeFactory.instance.booleanNode(true);
                            };
                    if (slot[0] instanceof ObjectNode o) {
                        o.set(slot[1].asText(), repl);
                    } else {
                        ((ArrayNode) slot[0]).set(slot[1].asInt(), repl);
                    }
                }
                s = M.writeValueAsString(root);
            }
        }
        return s.getBytes(StandardCharsets.UTF_8);
    }

    private static void collect(JsonNode node, List<JsonNode[]> out) {
        if (node instanceof ObjectNode o) {
            o.properties().forEach(e -> {
                out.add(new JsonNode[] {o, JsonNodeFactory.instance.textNode(e.getKey())});
                collect(e.getValue(), out);
            });
        } else if (node instanceof ArrayNode a) {
            for (int i = 0; i < a.size(); i++) {
                out.add(new JsonNode[] {a, JsonNodeFactory.instance.numberNode(i)});
                collect(a.get(i), out);
            }
        }
    }

    // ------------------------------------------------------------------------------------------------ verdicts

    /**
     * CLEAR_ERROR: an IllegalArgumentException / ProofRejectedException whose message names the file; CORRECT: the
     * check returned; OTHER: anything else (another exception type, an unnamed message, a wrong result, slow).
     */
    static Result classify(Path f, Check check) {
        long t0 = System.nanoTime();
        Result r;
        String why;
        try {
            check.run();
            r = Result.CORRECT;
            why = "";
        } catch (IllegalArgumentException | ProofRejectedException e) {
            boolean named = e.getMessage() != null && e.getMessage().contains(f.toString());
            r = named ? Result.CLEAR_ERROR : Result.OTHER;
            why = e.toString();
        } catch (Throwable e) {
            r = Result.OTHER;
            why = e.toString();
        }
        long ms = (System.nanoTime() - t0) / 1_000_000;
        if (ms > SLOW_MS) {
            r = Result.OTHER;
            why = "took " + ms + " ms; " + why;
        }
        if (r == Result.OTHER) {
            synchronized (OTHER) {
                OTHER.add(f.getFileName() + ": " + why);
            }
        }
        return r;
    }

    static final Map<String, Long> TIME = new TreeMap<>();

    static synchronized void record(String key, Result r, long nanos) {
        TIME.merge(key.split(" ")[0], nanos, Long::sum);
        long[] t = TALLY.computeIfAbsent(key, k -> new long[4]);
        t[0]++;
        t[1 + r.ordinal()]++;
    }

    @AfterAll
    static void printTally() {
        long[] total = new long[4];
        StringBuilder b = new StringBuilder("\n| target | fault class | inputs tried | clear errors | correct results "
                + "| anything else |\n|---|---|---:|---:|---:|---:|\n");
        for (var e : TALLY.entrySet()) {
            String[] k = e.getKey().split(" ");
            long[] t = e.getValue();
            b.append(String.format(Locale.ROOT, "| %s | %s | %d | %d | %d | %d |%n", k[0], k[1], t[0], t[1], t[2],
                    t[3]));
            for (int i = 0; i < 4; i++) {
                total[i] += t[i];
            }
        }
        b.append(String.format(Locale.ROOT, "| **all** | | **%d** | **%d** | **%d** | **%d** |%n", total[0], total[1],
                total[2], total[3]));
        System.out.println("FuzzReadersTest cases: " + total[0] + " tried, " + total[1] + " clear errors, "
                + total[2] + " correct results, " + total[3] + " anything else" + b);
        TIME.forEach((k, v) -> System.out.printf(Locale.ROOT, "  time %s: %.0f ms%n", k, v / 1e6));
        OTHER.stream().limit(20).forEach(o -> System.out.println("  OTHER: " + o));
    }
}
