package jzk.prover.snarkjs;

import jzk.arith.Fr;
import jzk.arith.MontgomeryField;
import jzk.prover.groth16.CpuBackend;
import jzk.prover.groth16.Proof;
import jzk.prover.groth16.Prover;
import jzk.prover.groth16.ProverBackend;
import jzk.prover.groth16.ProvingKey;
import jzk.prover.groth16.VerifyingKey;

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

    /** CLI entry point: reads {@code zkey} and {@code wtns}, writes proof.json and public.json as snarkjs does. */
    public static void prove(Path zkey, Path wtns, Path proofJson, Path publicJson) throws IOException {
        Zkey z = Zkey.read(zkey);
        long[] w = WtnsFile.readCanonical(wtns);
        Random rnd = new SecureRandom();
        long[] r = new long[4];
        long[] s = new long[4];
        F.random(r, 0, rnd); // snarkjs draws r first, then s
        F.random(s, 0, rnd);
        Proof p = prove(z, w, wtns, CpuBackend.INSTANCE, r, s);
        SnarkjsJson.writeProof(proofJson, p);
        SnarkjsJson.writePublic(publicJson, publicSignals(z, w));
    }

    /** The proof for witness {@code w} (canonical Fr) with fixed blinding r, s (Montgomery Fr). */
    public static Proof prove(Zkey z, long[] w, Path wtnsName, ProverBackend be, long[] r, long[] s) {
        if (w.length != z.nVars * 4) {
            throw new IllegalArgumentException(wtnsName + ": witness has " + w.length / 4 + " values but "
                    + z.path + " expects nVars = " + z.nVars);
        }
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
        return Prover.prove(provingKey(z), be, a, b, c, w, r, s);
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
    static long[] publicSignals(Zkey z, long[] w) {
        long[] p = Arrays.copyOfRange(w, 4, 4 * (z.nPublic + 1));
        F.fromCanonicalVector(p, 0, z.nPublic);
        return p;
    }

    /** For tests: the witness file as canonical Fr. */
    public static long[] readWitness(Path wtns) throws IOException {
        return WtnsFile.readCanonical(wtns);
    }
}
