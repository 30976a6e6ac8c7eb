package jzk.prover.groth16;

import jzk.arith.Fr;
import jzk.arith.MontgomeryField;
import jzk.prover.r1cs.FrOps;
import jzk.prover.r1cs.R1cs;
import jzk.prover.r1cs.SatisfactionChecker;
import jzk.prover.r1cs.Witness;

import java.security.SecureRandom;
import java.util.Random;

/**
 * Entry points for jzk's own circuits (bellman-family keys): {@link #setup}, {@link #prove}, {@link #verify}.
 * snarkjs keys go through {@code jzk.prover.snarkjs.SnarkjsProver} / {@code SnarkjsVerifier}.
 */
public final class Groth16 {
    private static final MontgomeryField F = Fr.F;

    private Groth16() {
    }

    /** Single-proof verification; {@code publicInputs} Montgomery Fr (e.g. {@code Witness.publicInputs()}). */
    public static boolean verify(VerifyingKey vk, Proof proof, long[] publicInputs) {
        return Verifier.verify(new PreparedVerifyingKey(vk), proof, publicInputs);
    }

    public static boolean verify(PreparedVerifyingKey pvk, Proof proof, long[] publicInputs) {
        return Verifier.verify(pvk, proof, publicInputs);
    }

    /** Parameters for {@code cs} from fresh toxic waste drawn from {@code rnd}. */
    public static ProvingKey setup(R1cs cs, Random rnd) {
        return Setup.generate(cs, rnd);
    }

    /** A proof with fresh blinding (SecureRandom) on the CPU. */
    public static Proof prove(ProvingKey pk, R1cs cs, Witness w) {
        return prove(pk, cs, w, CpuBackend.INSTANCE, new SecureRandom());
    }

    public static Proof prove(ProvingKey pk, R1cs cs, Witness w, ProverBackend be, Random rnd) {
        long[] r = new long[4];
        long[] s = new long[4];
        F.random(r, 0, rnd);
        F.random(s, 0, rnd);
        return prove(pk, cs, w, be, r, s);
    }

    /**
     * A proof with fixed blinding r, s (Montgomery Fr): deterministic, so backends can be compared byte for byte.
     * The witness is checked first: an unsatisfied constraint throws naming it, before any MSM work.
     */
    public static Proof prove(ProvingKey pk, R1cs cs, Witness w, ProverBackend be, long[] r, long[] s) {
        if (pk.hVariant != ProvingKey.HVariant.BELLMAN) {
            throw new IllegalArgumentException("this key is a snarkjs key; prove with SnarkjsProver");
        }
        if (cs.numVariables() != pk.nVars || cs.numInputs() != pk.nPublic
                || cs.numConstraints() + pk.nPublic + 1 != pk.nRows) {
            throw new IllegalArgumentException("circuit shape (" + cs + ") does not match the key (nVars "
                    + pk.nVars + ", nPublic " + pk.nPublic + ", rows " + pk.nRows + ")");
        }
        w.requireShapeOf(cs);
        int n = pk.domainSize();
        long[] z = w.z();
        long[] a = FrOps.newVector(n, "a (domain)");
        long[] b = FrOps.newVector(n, "b (domain)");
        long[] c = FrOps.newVector(n, "c (domain)");
        StagedProver.evaluations(pk, cs, z, a, b, c);
        // Satisfaction from the evaluations we need anyway (m multiplications, no second mat-vec); on a failure
        // the circuits' checker names the constraint. (Rows ≥ m are the input-consistency rows, not constraints.)
        int bad = StagedProver.firstUnsatisfiedRow(a, b, c, cs.numConstraints());
        if (bad >= 0) {
            SatisfactionChecker.check(cs, w);
            throw new IllegalStateException("a·b ≠ c on row " + bad
                    + " but the checker found none (inconsistent R1cs)");
        }
        long[] zc = z.clone(); // the caller keeps w (PorepProofWorkload converts its own witness in place instead)
        F.toCanonicalVector(zc, 0, pk.nVars);
        return Prover.prove(pk, be, a, b, c, zc, r, s);
    }
}
