package jzk.prover.groth16;

import jzk.arith.Fr;
import jzk.prover.r1cs.R1cs;
import jzk.prover.r1cs.Synthesizer;
import jzk.prover.r1cs.Witness;
import org.junit.jupiter.api.Test;

import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The staged path (g1Phase on one backend, finish later) gives the one-shot prover's bytes for fixed r, s. */
class StagedProverTest {
    @Test
    void stagedAndOneShotProofsAreByteIdentical() {
        var circuit = TestCircuits.powerChain(3, 9, 20, false);
        R1cs cs = Synthesizer.record(circuit);
        Witness w = Synthesizer.witness(circuit);
        ProvingKey pk = Groth16.setup(cs, new Random(41));
        Random rnd = new Random(42);
        long[] r = new long[4];
        long[] s = new long[4];
        Fr.F.random(r, 0, rnd);
        Fr.F.random(s, 0, rnd);

        Proof oneShot = Groth16.prove(pk, cs, w, CpuBackend.INSTANCE, r, s);

        int n = pk.domainSize();
        long[] a = new long[n * 4];
        long[] b = new long[n * 4];
        long[] c = new long[n * 4];
        StagedProver.evaluations(pk, cs, w.z(), a, b, c);
        long[] zc = w.z().clone();
        Fr.F.toCanonicalVector(zc, 0, pk.nVars);
        StagedProver.G1Sums g1 = StagedProver.g1Phase(pk, CpuBackend.INSTANCE, a, b, c, zc);
        Proof staged = StagedProver.finish(pk, CpuBackend.INSTANCE, g1, zc, r, s);

        assertArrayEquals(ProofCodec.encode(oneShot), ProofCodec.encode(staged));
        assertTrue(Groth16.verify(pk.vk, staged, w.publicInputs()));
    }
}
