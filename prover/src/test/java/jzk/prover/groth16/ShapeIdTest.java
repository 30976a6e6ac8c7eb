package jzk.prover.groth16;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.HexFormat;
import jzk.prover.circuits.PorepCircuit;
import jzk.prover.circuits.PorepShape;
import jzk.prover.gadgets.MerkleHash;
import jzk.prover.r1cs.R1cs;
import jzk.prover.r1cs.Synthesizer;
import org.junit.jupiter.api.Test;

/**
 * The shape id keys the parameter cache: it must not change when the CSR storage does (coefficient table,
 * streamed hashing). Expected digests were printed by the code of commit 321cb0e (one 32-byte coefficient per
 * entry, one whole-matrix buffer per matrix).
 */
class ShapeIdTest {
    @Test
    void shapeIdsAreThoseOfTheFormerCsrLayout() {
        R1cs poseidon = Synthesizer.record(PorepCircuit.shapeOnly(new PorepShape(2, 3, MerkleHash.POSEIDON)), false);
        assertEquals("4c1f077eb26d1315050f1ed072ce086a587281d9d39c1bdf6a56cff4bf0eabbb",
                HexFormat.of().formatHex(ParamsFile.shapeId(poseidon)));
        R1cs sha = Synthesizer.record(PorepCircuit.shapeOnly(new PorepShape(2, 3, MerkleHash.SHA256)), false);
        assertEquals("6c7c530c5c3d1438aea0e377853cbc71a040443eaa727f4f533a7b4417984259",
                HexFormat.of().formatHex(ParamsFile.shapeId(sha)));
    }
}
