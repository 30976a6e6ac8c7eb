package jzk.prover.circuits;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.math.BigInteger;
import java.util.function.Consumer;
import jzk.arith.Fr;
import jzk.prover.gadgets.MerkleHash;
import jzk.prover.r1cs.R1cs;
import jzk.prover.r1cs.SatisfactionChecker;
import jzk.prover.r1cs.Synthesizer;
import jzk.prover.r1cs.UnsatisfiedConstraintException;
import jzk.prover.r1cs.Witness;
import org.junit.jupiter.api.Test;

class PorepCircuitTest {
    @Test
    void constraintFormulaMatchesRecordedR1cs() {
        for (PorepShape s : new PorepShape[] {new PorepShape(1, 3, MerkleHash.POSEIDON),
                new PorepShape(3, 5, MerkleHash.POSEIDON), new PorepShape(2, 2, MerkleHash.SHA256)}) {
            R1cs r = Synthesizer.record(PorepCircuit.shapeOnly(s), false);
            assertEquals(s.constraintCount(), r.numConstraints(), s.toString());
            assertEquals(s.numPublicInputs(), r.numInputs(), s.toString());
        }
        assertEquals(261L * 3 + 258 + 2, new PorepShape(1, 3, MerkleHash.POSEIDON).constraintCount());
    }

    @Test
    void presetSizesAreNearTheirTarget() {
        for (int log2 = 10; log2 <= 24; log2++) {
            long n = PorepShape.ofLog2(log2).constraintCount();
            double ratio = n / Math.pow(2, log2);
            assertTrue(ratio > 0.75 && ratio < 1.25, "2^" + log2 + " preset has " + n + " constraints");
        }
        assertEquals(1, PorepShape.ofLog2(10).challenges());
    }

    @Test
    void generatedInputSatisfiesCircuitWithPublicInputsInOrder() {
        for (MerkleHash leaf : MerkleHash.values()) {
            PorepShape s = new PorepShape(2, leaf == MerkleHash.SHA256 ? 3 : 6, leaf);
            PorepInput in = PorepInputGenerator.generate(s, 2, 99);
            in.validate("generated");
            R1cs r = Synthesizer.record(PorepCircuit.shapeOnly(s));
            if (leaf == MerkleHash.POSEIDON) {
                // 2 of each S-box's 3 rows (x·x = x2, x4·x = x5) reuse the A row of x·x; ~60% of all rows
                assertTrue(r.aliasedBRows() > r.numConstraints() / 2, "aliased B rows: " + r.aliasedBRows());
            }
            for (PorepPartition p : in.partitions()) {
                Witness w = Synthesizer.witness(new PorepCircuit(s, p), true);
                w.requireShapeOf(r);
                Witness fast = Synthesizer.witness(new PorepCircuit(s, p), false);
                SatisfactionChecker.check(r, fast);
                int n = 4 * r.numConstraints();
                long[] a = new long[n];
                long[] b = new long[n];
                long[] cv = new long[n];
                r.evaluate(fast.z(), a, b, cv);
                long[] plainB = new long[n];
                r.b().mulVec(fast.z(), plainB);
                assertArrayEquals(plainB, b);
                for (int row = 0; row < r.numConstraints(); row++) {
                    long[] ab = new long[4];
                    Fr.F.mul(ab, 0, a, 4 * row, b, 4 * row);
                    assertTrue(Fr.F.equal(ab, 0, cv, 4 * row), "row " + row);
                }
                long[] pub = w.publicInputs();
                assertArrayEquals(p.replicaId(), java.util.Arrays.copyOfRange(pub, 0, 4));
                assertArrayEquals(p.commR(), java.util.Arrays.copyOfRange(pub, 4, 8));
                for (int c = 0; c < s.challenges(); c++) {
                    assertEquals(BigInteger.valueOf(p.indices()[c]), Fr.F.toBigInteger(pub, 8 + 4 * c));
                }
            }
        }
    }

    @Test
    void wrongCommRFailsAtTheRootConstraint() {
        PorepShape s = new PorepShape(2, 4, MerkleHash.POSEIDON);
        PorepPartition p = PorepInputGenerator.generate(s, 1, 5).partitions().get(0);
        long[] bad = p.commR().clone();
        Fr.F.add(bad, 0, bad, 0, Fr.F.fromLong(1), 0);
        PorepPartition q = new PorepPartition(p.replicaId(), bad, p.indices(), p.data(), p.leaves(), p.siblings());
        UnsatisfiedConstraintException e = assertThrows(UnsatisfiedConstraintException.class,
                () -> Synthesizer.witness(new PorepCircuit(s, q), true));
        assertEquals("challenge0/root_is_comm_r", e.constraint());
    }

    private static byte[] json(PorepInput in) throws Exception {
        ByteArrayOutputStream bos = new ByteArrayOutputStream();
        PorepJson.write(in, bos);
        return bos.toByteArray();
    }

    @Test
    void jsonRoundTrip() throws Exception {
        PorepShape s = new PorepShape(3, 5, MerkleHash.POSEIDON);
        PorepInput in = PorepInputGenerator.generate(s, 2, 1);
        PorepInput back = PorepJson.read(new ByteArrayInputStream(json(in)), "c1.json");
        assertEquals(s, back.shape());
        for (int i = 0; i < 2; i++) {
            PorepPartition a = in.partitions().get(i);
            PorepPartition b = back.partitions().get(i);
            assertArrayEquals(a.replicaId(), b.replicaId());
            assertArrayEquals(a.commR(), b.commR());
            assertArrayEquals(a.indices(), b.indices());
            assertArrayEquals(a.data(), b.data());
            assertArrayEquals(a.siblings(), b.siblings());
        }
    }

    private static String readBroken(Consumer<ObjectNode> edit) throws Exception {
        PorepInput in = PorepInputGenerator.generate(new PorepShape(2, 4, MerkleHash.POSEIDON), 2, 3);
        ObjectMapper m = new ObjectMapper();
        ObjectNode root = (ObjectNode) m.readTree(json(in));
        edit.accept(root);
        byte[] bytes = m.writeValueAsBytes(root);
        PorepInputException e = assertThrows(PorepInputException.class,
                () -> PorepJson.read(new ByteArrayInputStream(bytes), "c1.json"));
        return e.getMessage();
    }

    private static ObjectNode challenge(ObjectNode root, int p, int c) {
        return (ObjectNode) root.get("partitions").get(p).get("challenges").get(c);
    }

    @Test
    void jsonErrorsNameThePath() throws Exception {
        assertEquals("c1.json: $.partitions[1].commR: missing",
                readBroken(r -> ((ObjectNode) r.get("partitions").get(1)).remove("commR")));
        String m = readBroken(r -> ((ArrayNode) challenge(r, 0, 1).get("siblings")).set(2, "12345"));
        assertTrue(m.startsWith("c1.json: $.partitions[0].challenges[1].siblings: the path from leaf"), m);
        assertTrue(m.contains("does not hash to $.partitions[0].commR"), m);
        m = readBroken(r -> ((ArrayNode) challenge(r, 1, 0).get("siblings")).set(0, Fr.R.toString()));
        assertTrue(m.startsWith("c1.json: $.partitions[1].challenges[0].siblings[0]: "), m);
        assertTrue(m.contains("not a field element"), m);
        m = readBroken(r -> ((ArrayNode) challenge(r, 0, 0).get("siblings")).remove(3));
        assertEquals("c1.json: $.partitions[0].challenges[0].siblings: expected 4 entries, found 3", m);
        m = readBroken(r -> challenge(r, 0, 0).put("data", "x1"));
        assertEquals("c1.json: $.partitions[0].challenges[0].data: 'x1' is not a decimal integer", m);
        m = readBroken(r -> challenge(r, 0, 1).put("index", 16));
        assertEquals("c1.json: $.partitions[0].challenges[1].index: 16 is outside [0, 2^4)", m);
        m = readBroken(r -> challenge(r, 1, 1).put("data", "7"));
        assertEquals("c1.json: $.partitions[1].challenges[1].leaf: is not POSEIDON(replicaId, data)", m);
        m = readBroken(r -> ((ObjectNode) r.get("shape")).put("leafHash", "blake2s"));
        assertEquals("c1.json: $.shape.leafHash: expected 'poseidon' or 'sha256', found 'blake2s'", m);
        m = readBroken(r -> r.put("version", 2));
        assertEquals("c1.json: $.version: 2 is outside [1, 1]", m);
    }

    @Test
    void truncatedJsonIsReported() {
        byte[] bytes = "{\"format\": \"jzk-porep-vanilla\", \"version\": ".getBytes();
        PorepInputException e = assertThrows(PorepInputException.class,
                () -> PorepJson.read(new ByteArrayInputStream(bytes), "c1.json"));
        assertTrue(e.getMessage().startsWith("c1.json: not valid JSON"), e.getMessage());
    }
}
