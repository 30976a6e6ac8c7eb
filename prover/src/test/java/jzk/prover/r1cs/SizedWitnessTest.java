package jzk.prover.r1cs;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import jzk.prover.circuits.PorepCircuit;
import jzk.prover.circuits.PorepInput;
import jzk.prover.circuits.PorepInputGenerator;
import jzk.prover.circuits.PorepShape;
import jzk.prover.gadgets.MerkleHash;
import org.junit.jupiter.api.Test;

/** The shape-sized witness (one array, written in place) against the growable one, and its shape checks. */
class SizedWitnessTest {
    @Test
    void sizedWitnessEqualsTheGrowableOne() {
        PorepShape shape = new PorepShape(3, 4, MerkleHash.POSEIDON);
        PorepInput in = PorepInputGenerator.generate(shape, 1, 11);
        R1cs cs = Synthesizer.record(PorepCircuit.shapeOnly(shape), false);
        PorepCircuit circuit = new PorepCircuit(shape, in.partitions().get(0));
        Witness grown = Synthesizer.witness(circuit, false);
        for (boolean check : new boolean[] {false, true}) {
            Witness sized = Synthesizer.witness(circuit, check, cs);
            assertArrayEquals(grown.z(), sized.z());
            assertArrayEquals(grown.publicInputs(), sized.publicInputs());
            assertEquals(cs.numVariables(), sized.numVariables());
        }
    }

    @Test
    void aCircuitOfAnotherShapeIsOneClearError() {
        PorepShape small = new PorepShape(1, 3, MerkleHash.POSEIDON);
        PorepShape big = new PorepShape(2, 3, MerkleHash.POSEIDON);
        R1cs smallCs = Synthesizer.record(PorepCircuit.shapeOnly(small), false);
        R1cs bigCs = Synthesizer.record(PorepCircuit.shapeOnly(big), false);
        PorepCircuit bigCircuit = new PorepCircuit(big, PorepInputGenerator.generate(big, 1, 2).partitions().get(0));
        IllegalStateException e = assertThrows(IllegalStateException.class,
                () -> Synthesizer.witness(bigCircuit, false, smallCs));
        assertTrue(e.getMessage().contains("beyond the"), e.getMessage());
        PorepCircuit smallCircuit =
                new PorepCircuit(small, PorepInputGenerator.generate(small, 1, 2).partitions().get(0));
        e = assertThrows(IllegalStateException.class, () -> Synthesizer.witness(smallCircuit, false, bigCs));
        assertTrue(e.getMessage().contains("its recorded shape has"), e.getMessage());
    }
}
