package jzk.prover.snarkjs;

import jzk.arith.Fr;
import jzk.arith.MontgomeryField;
import jzk.prover.groth16.CpuBackend;
import jzk.prover.groth16.PreparedVerifyingKey;
import jzk.prover.groth16.Proof;
import jzk.prover.groth16.Prover;
import jzk.prover.groth16.ProverBackend;
import jzk.prover.groth16.ProvingKey;
import jzk.prover.groth16.Verifier;
import jzk.prover.groth16.VerifyingKey;
import jzk.prover.r1cs.R1cs;
import jzk.prover.r1cs.SatisfactionChecker;
import jzk.prover.r1cs.UnsatisfiedConstraintException;
import jzk.prover.r1cs.Witness;

import java.io.IOException;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.util.Arrays;
import java.util.Random;

/**
 * Proves with a snarkjs Groth16 zkey and a circom witness, as {@code snarkjs groth16 prove} does
 * (groth16_prove.js; shared/reference/snarkjs-h-domain.md): a and b from the zkey's coefficient section (the C
 * matrix is not used: c = a·b pointwise), H by the odd-coset variant, then the usual assembly ({@link Prover}).
 */
public final class SnarkjsProver {
    private static final MontgomeryField F = Fr.F;

    private SnarkjsProver() {
    }

    /** Reads {@code zkey} and {@code wtns}, writes proof.json and public.json as snarkjs does (checked first). */
    public static void prove(Path zkey, Path wtns, Path proofJson, Path publicJson) throws IOException {
        Zkey z = Zkey.read(zkey);
        long[] w = WtnsFile.readCanonical(wtns);
        Proof p = proveChecked(z, w, wtns, null, CpuBackend.INSTANCE);
        SnarkjsJson.writeProof(proofJson, p);
        SnarkjsJson.writePublic(publicJson, publicSignals(z, w));
    }

    /**
     * A proof that is known to verify, or {@link ProofRejectedException}: with {@code r1cs} (nullable) the witness is
     * first checked against every constraint (A·z ∘ B·z = C·z; the first failing row is named, culprit INPUT);
     * then the proof, with fresh random r, s, is verified under the zkey's own verifying key before it is returned
     * (a failure is the KEY's fault when the witness was checked, else INPUT_OR_KEY).
     */
    public static Proof proveChecked(Zkey z, long[] w, Path wtnsName, CircomR1cs r1cs, ProverBackend be) {
        if (r1cs != null) {
            checkWitness(z, w, wtnsName, r1cs);
        }
        Random rnd = new SecureRandom();
        long[] r = new long[4];
        long[] s = new long[4];
        F.random(r, 0, rnd); // snarkjs draws r first, then s
        F.random(s, 0, rnd);
        Proof p = prove(z, w, wtnsName, be, r, s);
        if (!Verifier.verify(new PreparedVerifyingKey(verifyingKey(z)), p, publicSignals(z, w))) {
            throw r1cs != null
                    ? new ProofRejectedException(ProofRejectedException.Culprit.KEY, "the witness " + wtnsName
                            + " satisfies every constraint but the proof does not verify under the verifying key of "
                            + z.path + ": the zkey is damaged or belongs to another circuit")
                    : new ProofRejectedException(ProofRejectedException.Culprit.INPUT_OR_KEY, "the proof does not "
                            + "verify under the verifying key of " + z.path + ": either the witness " + wtnsName
                            + " does not satisfy the circuit (another circuit's witness?) or the zkey is damaged; "
                            + "give the circuit's .r1cs (--r1cs) to tell which");
        }
        return p;
    }

    /** Throws {@link ProofRejectedException} (INPUT) naming the first constraint of {@code r1cs} that w fails. */
    static void checkWitness(Zkey z, long[] w, Path wtnsName, CircomR1cs circom) {
        R1cs cs = circom.r1cs();
        if (cs.numVariables() != z.nVars || cs.numInputs() != z.nPublic) {
            throw new IllegalArgumentException("the r1cs (" + cs.numVariables() + " wires, " + cs.numInputs()
                    + " public) does not belong to " + z.path + " (nVars " + z.nVars + ", nPublic " + z.nPublic + ")");
        }
        if (w.length != cs.numVariables() * 4) {
            throw new ProofRejectedException(ProofRejectedException.Culprit.INPUT, wtnsName + ": witness has "
                    + w.length / 4 + " values but the circuit has " + cs.numVariables() + " wires");
        }
        long[] zm = w.clone();
        F.fromCanonicalVector(zm, 0, cs.numVariables());
        try {
            SatisfactionChecker.check(cs, new Witness(cs.numInputs(), zm));
        } catch (UnsatisfiedConstraintException e) {
            throw new ProofRejectedException(ProofRejectedException.Culprit.INPUT, wtnsName
                    + ": the witness does not satisfy the circuit: " + e.getMessage(), e);
        }
    }

    /** The proof for witness {@code w} (canonical Fr) with fixed blinding r, s (Montgomery Fr). */
    public static Proof prove(Zkey z, long[] w, Path wtnsName, ProverBackend be, long[] r, long[] s) {
        if (w.length != z.nVars * 4) {
            throw new IllegalArgumentException(wtnsName + ": witness has " + w.length / 4 + " values but "
                    + z.path + " expects nVars = " + z.nVars);
        }
        long[][] abc = evaluations(z, w);
        return Prover.prove(provingKey(z), be, abc[0], abc[1], abc[2], w, r, s);
    }

    /**
     * {a, b, c} over the zkey's domain for witness {@code w} (canonical Fr, nVars values): a and b from the
     * coefficient section, c = a·b pointwise (snarkjs does not use the C matrix). Montgomery Fr, 4 longs each.
     */
    public static long[][] evaluations(Zkey z, long[] w) {
        int n = z.domainSize;
        long[] wm = w.clone();
        F.fromCanonicalVector(wm, 0, z.nVars);
        long[] a = new long[n * 4];
        long[] b = new long[n * 4];
        long[] t = new long[4];
        for (int i = 0; i < z.nCoefs; i++) {
            long[] dst = z.coefMatrix[i] == 0 ? a : b;
            int o = z.coefConstraint[i] * 4;
            F.mul(t, 0, z.coefValue, i * 4, wm, z.coefSignal[i] * 4);
            F.add(dst, o, dst, o, t, 0);
        }
        long[] c = new long[n * 4];
        for (int i = 0; i < n; i++) {
            F.mul(c, i * 4, a, i * 4, b, i * 4);
        }
        return new long[][] {a, b, c};
    }

    /** The zkey as a {@link ProvingKey} of the snarkjs family (arrays shared, not copied). */
    public static ProvingKey provingKey(Zkey z) {
        VerifyingKey vk = verifyingKey(z);
        return new ProvingKey(ProvingKey.HVariant.SNARKJS_ODD, z.nVars, z.nPublic, z.domainSize, z.lgDomain,
                z.alpha1, z.beta1, z.beta2, z.delta1, z.delta2, z.a, z.b1, z.b2, z.c, z.h, vk);
    }

    public static VerifyingKey verifyingKey(Zkey z) {
        return new VerifyingKey(z.alpha1, z.beta2, z.gamma2, z.delta2, z.ic);
    }

    /** public.json's values: w[1..nPublic] as Montgomery Fr. */
    public static long[] publicSignals(Zkey z, long[] w) {
        long[] p = Arrays.copyOfRange(w, 4, 4 * (z.nPublic + 1));
        F.fromCanonicalVector(p, 0, z.nPublic);
        return p;
    }

    /** For tests: the witness file as canonical Fr. */
    public static long[] readWitness(Path wtns) throws IOException {
        return WtnsFile.readCanonical(wtns);
    }
}
