package jzk.prover.circuits;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import jzk.arith.Fr;
import jzk.prover.r1cs.R1cs;
import jzk.prover.r1cs.Synthesizer;
import jzk.prover.r1cs.UnsatisfiedConstraintException;
import jzk.prover.r1cs.Witness;
import org.junit.jupiter.api.Test;

/**
 * The StackedDRG-shaped circuit at small sizes: generated inputs validate natively and satisfy the circuit (public
 * inputs in the documented order), tampered inputs are rejected by both, and the constraint formula matches the
 * recorded R1CS.
 */
class StackedDrgCircuitTest {
    /**
     * Small but complete: 2 layers (so expander parents are used), depth 2 (one arity-8 level), labels over 2
     * parents (3 SHA-256 blocks); about 2^18 constraints, SHA-256 being most of them.
     */
    static final StackedDrgShape SMALL = new StackedDrgShape(1, 2, 2, 2);
    /** The smallest shape: one layer, depth 1, one label parent (about 2^16.6 constraints). */
    static final StackedDrgShape TINY = new StackedDrgShape(1, 1, 1, 1);

    @Test
    void constraintFormulaMatchesRecordedR1csAndIsLinearInK() {
        R1cs tiny = Synthesizer.record(TINY.shapeOnly(), false);
        R1cs tiny2 = Synthesizer.record(TINY.withChallengesOf(2).shapeOnly(), false);
        R1cs small = Synthesizer.record(SMALL.shapeOnly(), false);
        assertEquals(TINY.constraintCount(), tiny.numConstraints());
        assertEquals(TINY.withChallengesOf(2).constraintCount(), tiny2.numConstraints());
        assertEquals(SMALL.constraintCount(), small.numConstraints());
        assertEquals(SMALL.numPublicInputs(), small.numInputs());
        assertEquals(TINY.withChallengesOf(2).numPublicInputs(), tiny2.numInputs());
        // constraints per challenge: the difference K = 2 minus K = 1; the rest is per partition
        assertEquals(TINY.constraintsPerChallenge(), tiny2.numConstraints() - tiny.numConstraints());
        assertEquals(TINY.partitionConstraints(), 2L * tiny.numConstraints() - tiny2.numConstraints());
        assertEquals(515, TINY.partitionConstraints());
    }

    @Test
    void realShapeIsNearFilecoinsPublishedCount() {
        // rust-fil-proofs PR #1325 (circuitinfo): 32 GiB PoRep, 130 278 541 constraints per partition, 10 partitions
        long n = StackedDrgShape.real(18).constraintCount();
        double ratio = n / 130_278_541.0;
        assertTrue(ratio > 0.9 && ratio < 1.1, n + " constraints for 18 challenges");
    }

    @Test
    void generatedInputSatisfiesCircuitWithPublicInputsInOrder() {
        StackedDrgInput in = SMALL.generate(1, 5);
        in.validate("generated");
        StackedDrgPartition p = in.partitions().get(0);
        Witness w = Synthesizer.witness(in.circuit(0), true); // checks every constraint as it is enforced
        long[] pub = w.publicInputs();
        assertEquals(SMALL.numPublicInputs() * Fr.LIMBS, pub.length);
        assertArrayEquals(p.replicaId(), slice(pub, 0));
        assertArrayEquals(p.commD(), slice(pub, 1));
        assertArrayEquals(p.commR(), slice(pub, 2));
        assertArrayEquals(Fr.F.fromLong(p.indices()[0]), slice(pub, 3));
        assertArrayEquals(Fr.F.fromLong(p.parents()[13]), slice(pub, 3 + 14));
        // deterministic in the seed
        assertArrayEquals(p.commR(), SMALL.generate(1, 5).partitions().get(0).commR());
    }

    @Test
    void parallelWitnessIsTheSequentialOne() {
        StackedDrgShape two = SMALL.withChallengesOf(2);
        StackedDrgInput in = two.generate(1, 6);
        Witness seq = Synthesizer.witness(in.circuit(0), false);
        Witness par = in.witness(0);
        assertEquals(seq.numInputs(), par.numInputs());
        assertArrayEquals(seq.z(), par.z());
    }

    private static long[] slice(long[] v, int i) {
        return java.util.Arrays.copyOfRange(v, i * Fr.LIMBS, (i + 1) * Fr.LIMBS);
    }

    /** A copy of partition 0 with one element of {@code which} changed. */
    static StackedDrgPartition tamper(StackedDrgPartition p, String which) {
        long[] cols = p.columns().clone();
        long[] data = p.data().clone();
        long[] rs = p.rSiblings().clone();
        long[] one = Fr.F.fromLong(1);
        long[] target = switch (which) {
            case "columns" -> cols;
            case "data" -> data;
            default -> rs;
        };
        int at = which.equals("columns") ? 5 * Fr.LIMBS : 0; // parent 2's layer-2 label, or element 0
        Fr.F.add(target, at, target, at, one, 0);
        return new StackedDrgPartition(p.replicaId(), p.commD(), p.commC(), p.commRLast(), p.commR(), p.indices(),
                p.parents(), data, p.dSiblings(), cols, p.cSiblings(), rs);
    }

    @Test
    void tamperedInputsFailValidationAndTheCircuit() {
        StackedDrgPartition p = SMALL.generate(1, 8).partitions().get(0);
        String[][] cases = {
            {"columns", "$.partitions[0].challenges[0].parents[2].cSiblings: the path from node"},
            {"data", "$.partitions[0].challenges[0].dSiblings: the tree-D path from node"},
            {"rSiblings", "$.partitions[0].challenges[0].rSiblings: the path from node"},
        };
        for (String[] tc : cases) {
            StackedDrgPartition bad = tamper(p, tc[0]);
            PorepInputException e = assertThrows(PorepInputException.class,
                    () -> new StackedDrgInput(SMALL, List.of(bad)).validate("x.json"));
            assertTrue(e.getMessage().startsWith("x.json: " + tc[1]), e.getMessage());
            assertThrows(UnsatisfiedConstraintException.class,
                    () -> Synthesizer.witness(new StackedDrgCircuit(SMALL, bad), true), tc[0]);
        }
    }
}
