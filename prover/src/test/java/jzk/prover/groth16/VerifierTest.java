package jzk.prover.groth16;

import jzk.arith.Fr;
import jzk.prover.r1cs.R1cs;
import jzk.prover.r1cs.Synthesizer;
import jzk.prover.r1cs.Witness;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Valid proofs verify (singly and in batches); tampered proofs, wrong inputs and swapped points fail. */
class VerifierTest {
    static ProvingKey pk;
    static PreparedVerifyingKey pvk;
    static List<Proof> proofs = new ArrayList<>();
    static List<long[]> inputs = new ArrayList<>();

    @BeforeAll
    static void setup() {
        R1cs cs = Synthesizer.record(TestCircuits.powerChain(3, 5, 8, false));
        pk = Groth16.setup(cs, new Random(21));
        pvk = new PreparedVerifyingKey(pk.vk);
        for (int i = 0; i < 3; i++) {
            var circuit = TestCircuits.powerChain(3 + i, 5 + 2 * i, 8, false);
            Witness w = Synthesizer.witness(circuit);
            proofs.add(Groth16.prove(pk, cs, w, CpuBackend.INSTANCE, new Random(30 + i)));
            inputs.add(w.publicInputs());
        }
    }

    @Test
    void validProofsVerify() {
        for (int i = 0; i < proofs.size(); i++) {
            assertTrue(Verifier.verify(pvk, proofs.get(i), inputs.get(i)), "proof " + i);
        }
        assertTrue(Groth16.verify(pk.vk, proofs.get(0), inputs.get(0)));
    }

    @Test
    void wrongInputsTamperedAndSwappedProofsFail() {
        Proof p = proofs.get(0);
        long[] in = inputs.get(0).clone();
        Fr.F.add(in, 4, in, 4, Fr.F.fromLong(1), 0);
        assertFalse(Verifier.verify(pvk, p, in), "wrong public input");
        assertFalse(Verifier.verify(pvk, p, inputs.get(1)), "another proof's inputs");
        // A and C swapped
        assertFalse(Verifier.verify(pvk, new Proof(p.c, p.b, p.a), inputs.get(0)), "swapped A, C");
        // A replaced by 2A (still a valid group element)
        long[] t = new long[Points.G1_JAC];
        jzk.arith.G1.CURVE.mul(t, 0, p.a, 0, java.math.BigInteger.TWO);
        long[] a2 = Prover.affine(jzk.arith.G1.CURVE, t);
        assertFalse(Verifier.verify(pvk, new Proof(a2, p.b, p.c), inputs.get(0)), "tampered A");
        // B from another proof
        assertFalse(Verifier.verify(pvk, new Proof(p.a, proofs.get(1).b, p.c), inputs.get(0)), "mixed B");
        // A off the curve
        long[] bad = p.a.clone();
        bad[0] ^= 1;
        assertFalse(Verifier.verify(pvk, new Proof(bad, p.b, p.c), inputs.get(0)), "A off curve");
    }

    @Test
    void batchVerification() {
        Random rnd = new Random(99);
        assertTrue(Verifier.verifyBatch(pvk, proofs, inputs, rnd));
        List<long[]> wrong = new ArrayList<>(inputs);
        wrong.set(2, inputs.get(1));
        assertFalse(Verifier.verifyBatch(pvk, proofs, wrong, rnd), "one wrong input spoils the batch");
        List<Proof> tampered = new ArrayList<>(proofs);
        Proof p = proofs.get(1);
        tampered.set(1, new Proof(p.a, p.b, proofs.get(0).c));
        assertFalse(Verifier.verifyBatch(pvk, tampered, inputs, rnd), "one tampered proof spoils the batch");
    }

    @Test
    void compressedEncodingRoundTripsAndDamageIsCaught() {
        Proof p = proofs.get(0);
        byte[] enc = ProofCodec.encode(p);
        assertEquals(192, enc.length);
        Proof back = ProofCodec.decode(enc);
        assertEquals(p, back);
        assertTrue(Verifier.verify(pvk, back, inputs.get(0)));
        for (int pos : new int[] {5, 60, 150}) {
            byte[] bad = enc.clone();
            bad[pos] ^= 0x04;
            boolean rejected;
            try {
                rejected = !Verifier.verify(pvk, ProofCodec.decode(bad), inputs.get(0));
            } catch (IllegalArgumentException e) {
                assertTrue(e.getMessage().startsWith("proof point"), e.getMessage());
                rejected = true;
            }
            assertTrue(rejected, "flipped bit in byte " + pos);
        }
        var e = org.junit.jupiter.api.Assertions.assertThrows(IllegalArgumentException.class,
                () -> ProofCodec.decode(new byte[191]));
        assertTrue(e.getMessage().contains("192"));
    }
}
