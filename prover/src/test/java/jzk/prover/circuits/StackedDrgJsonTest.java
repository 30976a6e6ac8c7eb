package jzk.prover.circuits;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.function.Consumer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The StackedDRG vanilla JSON: round trip, dispatch by format, one-line errors naming the JSON path. */
class StackedDrgJsonTest {
    static final StackedDrgShape SHAPE = new StackedDrgShape(1, 2, 2, 2);
    static final ObjectMapper M = new ObjectMapper();

    @TempDir
    Path dir;

    @Test
    void roundTripKeepsEveryArrayAndDispatchesByFormat() throws Exception {
        StackedDrgInput in = SHAPE.generate(2, 9);
        Path f = dir.resolve("v.json");
        VanillaJson.write(in, f);
        VanillaProof back = VanillaJson.read(f);
        assertEquals(SHAPE, back.shape());
        assertEquals(2, back.partitionCount());
        for (int p = 0; p < 2; p++) {
            StackedDrgPartition a = in.partitions().get(p);
            StackedDrgPartition b = ((StackedDrgInput) back).partitions().get(p);
            assertArrayEquals(a.commR(), b.commR());
            assertArrayEquals(a.parents(), b.parents());
            assertArrayEquals(a.columns(), b.columns());
            assertArrayEquals(a.cSiblings(), b.cSiblings());
            assertArrayEquals(a.rSiblings(), b.rSiblings());
            assertArrayEquals(a.dSiblings(), b.dSiblings());
        }
        // the PoRep-like format still reads through the same entry point
        Path g = dir.resolve("p.json");
        VanillaJson.write(new PorepShape(1, 2, jzk.prover.gadgets.MerkleHash.POSEIDON).generate(1, 1), g);
        assertTrue(VanillaJson.read(g) instanceof PorepInput);
    }

    private String errorAfter(Consumer<ObjectNode> edit) throws Exception {
        Path f = dir.resolve("e.json");
        StackedDrgJson.write(SHAPE.generate(1, 2), f);
        ObjectNode root = (ObjectNode) M.readTree(f.toFile());
        edit.accept(root);
        M.writeValue(f.toFile(), root);
        PorepInputException e = assertThrows(PorepInputException.class, () -> VanillaJson.read(f));
        assertTrue(!e.getMessage().contains("\n") && e.getMessage().startsWith(f + ": "), e.getMessage());
        return e.getMessage().substring(f.toString().length() + 2);
    }

    private static ObjectNode challenge(ObjectNode root) {
        return (ObjectNode) root.get("partitions").get(0).get("challenges").get(0);
    }

    @Test
    void badInputsAreOneLineNamingTheField() throws Exception {
        assertEquals("$.format: expected 'jzk-porep-vanilla' or 'jzk-stacked-drg-vanilla', found 'x'",
                errorAfter(r -> r.put("format", "x")));
        assertEquals("$.shape.layers: 17 is outside [1, 16]",
                errorAfter(r -> ((ObjectNode) r.get("shape")).put("layers", 17)));
        assertEquals("$.partitions[0].commC: missing",
                errorAfter(r -> ((ObjectNode) r.get("partitions").get(0)).remove("commC")));
        assertEquals("$.partitions[0].challenges[0].parents: expected 14 entries, found 13",
                errorAfter(r -> ((ArrayNode) challenge(r).get("parents")).remove(13)));
        assertEquals("$.partitions[0].challenges[0].parents[3].column[1]: 'abc' is not a decimal integer",
                errorAfter(r -> ((ArrayNode) challenge(r).get("parents").get(3).get("column")).set(1, "abc")));
        assertTrue(errorAfter(r -> ((ArrayNode) challenge(r).get("parents").get(3).get("column")).set(1, "5"))
                .startsWith("$.partitions[0].challenges[0].parents[3].cSiblings: the path from node"));
        assertTrue(errorAfter(r -> challenge(r).put("data", "5"))
                .startsWith("$.partitions[0].challenges[0].dSiblings: the tree-D path from node"));
        assertEquals("$.partitions[0].challenges[0].index: 4 is outside [0, 2^2)",
                errorAfter(r -> challenge(r).put("index", 4)));
        assertEquals("$.partitions[0].commR: is not Poseidon(commC, commRLast)",
                errorAfter(r -> ((ObjectNode) r.get("partitions").get(0)).put("commR", "1")));
        Path f = dir.resolve("bad.json");
        Files.writeString(f, "{\"format\": ");
        PorepInputException e = assertThrows(PorepInputException.class, () -> VanillaJson.read(f));
        assertTrue(e.getMessage().startsWith(f + ": not valid JSON"), e.getMessage());
    }
}
