package jzk.bench.groth16;

import jzk.prover.circuits.ChainCircuit;
import jzk.prover.groth16.CpuBackend;
import jzk.prover.groth16.Groth16;
import jzk.prover.groth16.PreparedVerifyingKey;
import jzk.prover.groth16.Proof;
import jzk.prover.groth16.ProvingKey;
import jzk.prover.groth16.Verifier;
import jzk.prover.r1cs.Circuit;
import jzk.prover.r1cs.R1cs;
import jzk.prover.r1cs.Synthesizer;
import jzk.prover.r1cs.Witness;

import java.security.SecureRandom;

/**
 * Benchmark (not a test): setup and full CPU proof time of jzk's own (bellman-family) keys for a multiplication
 * chain of {@code 2^lg − 3} constraints, so that the QAP domain is exactly 2^lg. Usage: {@code Groth16Bench <lg>
 * <runs>}. Prints setup time, then each proof's time (run 0 is JIT warm-up) and checks every proof.
 */
public final class Groth16Bench {
    private Groth16Bench() {
    }

    public static void main(String[] args) {
        int lg = Integer.parseInt(args[0]);
        int runs = Integer.parseInt(args[1]);
        int k = (1 << lg) - 3; // rows = k + nPublic + 1 = 2^lg
        Circuit c = ChainCircuit.of(k, true);
        long t = System.nanoTime();
        R1cs cs = Synthesizer.record(c, false);
        Witness w = Synthesizer.witness(c);
        System.out.printf("synthesis (record + witness) %d constraints: %.0f ms%n", cs.numConstraints(),
                (System.nanoTime() - t) / 1e6);
        t = System.nanoTime();
        ProvingKey pk = Groth16.setup(cs, new SecureRandom());
        System.out.printf("setup 2^%d: %.0f ms%n", pk.lgDomain, (System.nanoTime() - t) / 1e6);
        PreparedVerifyingKey pvk = new PreparedVerifyingKey(pk.vk);
        for (int i = 0; i <= runs; i++) {
            t = System.nanoTime();
            Proof p = Groth16.prove(pk, cs, w, CpuBackend.INSTANCE, new SecureRandom());
            double ms = (System.nanoTime() - t) / 1e6;
            if (!Verifier.verify(pvk, p, w.publicInputs())) {
                throw new IllegalStateException("proof does not verify");
            }
            System.out.printf("prove run %d (2^%d, %d cores): %.0f ms%n", i, pk.lgDomain,
                    Runtime.getRuntime().availableProcessors(), ms);
        }
    }
}
