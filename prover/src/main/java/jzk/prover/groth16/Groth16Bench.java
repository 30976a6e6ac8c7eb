package jzk.prover.groth16;

import jzk.arith.Fr;
import jzk.prover.r1cs.Circuit;
import jzk.prover.r1cs.LinearCombination;
import jzk.prover.r1cs.R1cs;
import jzk.prover.r1cs.Synthesizer;
import jzk.prover.r1cs.Variable;
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

    /** y = x^(2^k): k squaring constraints; one public input x and one public output y. */
    static Circuit chain(int k) {
        return chain(k, true);
    }

    /**
     * A chain of k constraints with public input x and public output y: squaring acc_{i+1} = acc_i² (A = B, dense
     * B column and G2 MSM) or, with {@code square} false, acc_{i+1} = acc_i·s + i for a private s = 5 (the
     * {@code big.circom} of bench-results: B is the single signal s).
     */
    public static Circuit chain(int k, boolean square) {
        return cs -> {
            long[] x = Fr.F.fromLong(3);
            long[] sv = Fr.F.fromLong(5);
            Variable vx = cs.allocInput("x", () -> x);
            long[][] vals = new long[k + 1][];
            vals[0] = x;
            if (cs.computesWitness()) {
                for (int i = 1; i <= k; i++) {
                    vals[i] = new long[4];
                    if (square) {
                        Fr.F.square(vals[i], 0, vals[i - 1], 0);
                    } else {
                        Fr.F.mul(vals[i], 0, vals[i - 1], 0, sv, 0);
                        Fr.F.add(vals[i], 0, vals[i], 0, Fr.F.fromLong(i - 1), 0);
                    }
                }
            }
            Variable vy = cs.allocInput("y", () -> vals[k]);
            Variable vs = square ? null : cs.alloc("s", () -> sv);
            Variable prev = vx;
            for (int i = 0; i < k; i++) {
                final int next = i + 1;
                Variable out = next == k ? vy : cs.alloc("acc", () -> vals[next]);
                LinearCombination c = LinearCombination.of(out);
                if (!square && i != 0) {
                    long[] minusI = new long[4];
                    Fr.F.neg(minusI, 0, Fr.F.fromLong(i), 0);
                    c.addConstant(minusI);
                }
                cs.enforce("c", LinearCombination.of(prev), LinearCombination.of(square ? prev : vs), c);
                prev = out;
            }
        };
    }

    public static void main(String[] args) {
        int lg = Integer.parseInt(args[0]);
        int runs = Integer.parseInt(args[1]);
        int k = (1 << lg) - 3; // rows = k + nPublic + 1 = 2^lg
        Circuit c = chain(k);
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
