package jzk.prover.circuits;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Random;
import jzk.arith.Fr;
import jzk.prover.gadgets.MerkleHash;
import jzk.prover.groth16.Groth16;
import jzk.prover.groth16.Proof;
import jzk.prover.groth16.ProvingKey;
import jzk.prover.r1cs.R1cs;
import jzk.prover.r1cs.R1csCache;
import jzk.prover.r1cs.Synthesizer;
import jzk.prover.r1cs.Witness;
import org.junit.jupiter.api.Test;

/** End to end: a small PoRep partition recorded once, proved, verified; wrong inputs fail. */
class PorepGroth16Test {
    @Test
    void partitionsProveAndVerify() {
        PorepShape shape = new PorepShape(1, 2, MerkleHash.POSEIDON);
        PorepInput in = PorepInputGenerator.generate(shape, 1, 17);
        R1csCache cache = new R1csCache(false);
        R1cs r1cs = cache.get(shape.shapeId(), () -> PorepCircuit.shapeOnly(shape));
        ProvingKey pk = Groth16.setup(r1cs, new Random(3));
        for (PorepPartition p : in.partitions()) {
            Witness w = Synthesizer.witness(new PorepCircuit(shape, p), false);
            Proof proof = Groth16.prove(pk, r1cs, w);
            long[] pub = w.publicInputs();
            assertTrue(Groth16.verify(pk.vk, proof, pub));
            long[] wrong = pub.clone();
            Fr.F.add(wrong, 8, wrong, 8, Fr.F.fromLong(1), 0); // another challenge index
            assertFalse(Groth16.verify(pk.vk, proof, wrong));
        }
    }
}
