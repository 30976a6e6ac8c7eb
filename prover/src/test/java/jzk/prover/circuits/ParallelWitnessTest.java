package jzk.prover.circuits;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import jzk.prover.gadgets.MerkleHash;
import jzk.prover.r1cs.ParallelWitness;
import jzk.prover.r1cs.R1cs;
import jzk.prover.r1cs.Synthesizer;
import jzk.prover.r1cs.Witness;
import jzk.prover.r1cs.WitnessConstraintSystem;
import org.junit.jupiter.api.Test;

/**
 * Per-challenge parallel synthesis straight into the sized assignment ({@link ParallelWitness}): the PoRep and
 * StackedDRG partitions give exactly the sequential {@code z} (one system, challenges in order), for 1 and several
 * challenges; parts that do not add up to the shape, and a window overrun, are one clear error each.
 */
class ParallelWitnessTest {
    @Test
    void porepChallengesInParallelGiveTheSequentialWitness() {
        for (int k : new int[] {1, 5}) {
            PorepShape shape = new PorepShape(k, 4, MerkleHash.POSEIDON);
            R1cs cs = Synthesizer.record(PorepCircuit.shapeOnly(shape), false);
            PorepInput in = PorepInputGenerator.generate(shape, 2, 13);
            for (int p = 0; p < 2; p++) {
                Witness seq = Synthesizer.witness(in.circuit(p), true);
                Witness par = in.witness(p, cs);
                assertArrayEquals(seq.z(), par.z(), "k=" + k + " partition " + p);
                assertEquals(seq.numInputs(), par.numInputs());
            }
        }
    }

    @Test
    void stackedDrgChallengesInParallelGiveTheSequentialWitness() {
        StackedDrgShape shape = new StackedDrgShape(2, 2, 2, 2);
        R1cs cs = Synthesizer.record(new StackedDrgCircuit(shape, null), false);
        StackedDrgInput in = StackedDrgInputGenerator.generate(shape, 1, 5);
        Witness seq = Synthesizer.witness(in.circuit(0), true);
        assertArrayEquals(seq.z(), in.witness(0, cs).z());
        assertArrayEquals(seq.z(), in.circuit(0).witnessParallel().z(), "the concatenating variant agrees");
    }

    @Test
    void partsThatDoNotMakeTheShapeAreOneClearError() {
        PorepShape small = new PorepShape(2, 3, MerkleHash.POSEIDON);
        PorepShape big = new PorepShape(3, 3, MerkleHash.POSEIDON);
        R1cs bigCs = Synthesizer.record(PorepCircuit.shapeOnly(big), false);
        PorepCircuit c = new PorepCircuit(small, PorepInputGenerator.generate(small, 1, 2).partitions().get(0));
        IllegalStateException e = assertThrows(IllegalStateException.class, () -> c.witnessParallel(bigCs));
        assertTrue(e.getMessage().contains("do not make the shape's"), e.getMessage());

        long[] z = new long[4 * 10];
        WitnessConstraintSystem w = WitnessConstraintSystem.window(z, 2, 1, 5, 1);
        w.alloc("x", () -> jzk.arith.Fr.F.fromLong(3));
        IllegalStateException over = assertThrows(IllegalStateException.class,
                () -> w.alloc("y", () -> jzk.arith.Fr.F.fromLong(4)));
        assertTrue(over.getMessage().contains("'y' is beyond the 1 aux"), over.getMessage());
        assertArrayEquals(jzk.arith.Fr.F.fromLong(3), java.util.Arrays.copyOfRange(z, 20, 24), "aux at variable 5");
        assertThrows(IllegalArgumentException.class, () -> WitnessConstraintSystem.window(z, 2, 1, 9, 2));
    }
}
