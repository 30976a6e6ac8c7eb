package jzk.prover.batch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import jzk.arith.Fr;
import jzk.prover.circuits.StackedDrgInput;
import jzk.prover.circuits.StackedDrgShape;
import jzk.prover.groth16.Groth16;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * A real Groth16 proof of the smallest StackedDRG-shaped partition (1 challenge, 1 layer, depth 1, 1 label parent:
 * 110 218 constraints, domain 2^17) through the batch workload on the CPU prover: parameters generated into a
 * fresh cache, every stage, the batch verifier; a wrong public input fails. Opt-in with
 * {@code -Djzk.test.stackedDrgProof=true}: SHA-256 makes even this partition 2^17 constraints, and parameter
 * generation plus the proof take about 35 s of CPU (85 s wall on the shared 2-core box), too long for every CI run.
 */
@Timeout(300)
class StackedDrgGroth16Test {
    static final StackedDrgShape TINY = new StackedDrgShape(1, 1, 1, 1);

    @TempDir
    static Path cacheDir;

    @Test
    void smallestPartitionProvesAndVerifiesOnTheCpuProver() throws Exception {
        org.junit.jupiter.api.Assumptions.assumeTrue(Boolean.getBoolean("jzk.test.stackedDrgProof"),
                "SKIPPED: set -Djzk.test.stackedDrgProof=true to prove a StackedDRG partition on the CPU prover");
        List<String> log = new ArrayList<>();
        try (ProverSession session = ProverSession.open(List.of(ProverSession.CPU))) {
            proveAndCheck(PorepGroth16.open(TINY, 1, null, 3, new ParamsCache(cacheDir), session, log::add));
        }
    }

    private static void proveAndCheck(PorepGroth16 f) throws Exception {
        assertEquals(TINY.constraintCount(), f.cs.numConstraints());
        assertEquals(17, f.provingKey().lgDomain);
        PorepProofWorkload w = f.workload(f.input(0), "stacked");
        PorepProof p = w.proveDirect(ProverSession.CPU);
        assertTrue(w.verify(p));
        long[] pub = p.publicInputs().get(0);
        StackedDrgInput in = (StackedDrgInput) f.input(0);
        assertTrue(Fr.F.equal(pub, 8, in.partitions().get(0).commR(), 0)); // replica id, comm_d, comm_r, …
        long[] wrong = pub.clone();
        Fr.F.add(wrong, 12, wrong, 12, Fr.F.fromLong(1), 0); // the challenge index
        assertFalse(Groth16.verify(f.provingKey().vk, p.proofs().get(0), wrong));
        assertTrue(f.label().startsWith("groth16 stacked-drg k=1 layers=1 d=1"), f.label());
    }
}
