package jzk.bench.snarkjs;

import jzk.arith.Fr;
import jzk.prover.circuits.ChainCircuit;
import jzk.prover.groth16.CpuBackend;
import jzk.prover.groth16.PreparedVerifyingKey;
import jzk.prover.groth16.Proof;
import jzk.prover.groth16.ProvingKey;
import jzk.prover.groth16.SnarkjsSetup;
import jzk.prover.groth16.Verifier;
import jzk.prover.r1cs.Circuit;
import jzk.prover.r1cs.R1cs;
import jzk.prover.r1cs.Synthesizer;
import jzk.prover.r1cs.Witness;
import jzk.prover.snarkjs.SnarkjsJson;
import jzk.prover.snarkjs.SnarkjsProver;
import jzk.prover.snarkjs.WtnsWriter;
import jzk.prover.snarkjs.Zkey;
import jzk.prover.snarkjs.ZkeyWriter;

import java.nio.file.Files;
import java.nio.file.Path;
import java.security.SecureRandom;

/**
 * Benchmark inputs (not a test) for {@link SnarkjsBench} without snarkjs's powers-of-tau ceremony: a jzk circuit of
 * exactly 2^lg QAP rows, its snarkjs-family key from {@link SnarkjsSetup}, written as {@code circuit.zkey},
 * {@code circuit.wtns} and {@code vk.json}, plus one jzk proof ({@code proof.json}, {@code public.json}) for a
 * {@code snarkjs groth16 verify} sanity check. Usage: {@code SnarkjsBenchInputs <lg> <dir> [mul|square]}.
 *
 * <p>Circuits ({@link jzk.prover.circuits.ChainCircuit#of(int, boolean)}; k = 2^lg − 3 constraints, public input x and public output y, so rows = k + 2 + 1 = 2^lg):
 * <ul>
 *   <li>{@code mul}: acc₀ = x, acc_{i+1} = acc_i·s + i (s private), y = acc_k — circom's {@code big.circom} of
 *   bench-results/2026-11-29-groth16-cpu.md: A dense, B = the single signal s (B1/B2 are almost all infinity).</li>
 *   <li>{@code square}: acc_{i+1} = acc_i², y = x^(2^k): A = B = the previous wire, so the G2 MSM is dense too.</li>
 * </ul>
 */
public final class SnarkjsBenchInputs {
    private SnarkjsBenchInputs() {
    }

    public static void main(String[] args) throws Exception {
        if (args.length < 2) {
            System.err.println("usage: SnarkjsBenchInputs <lg> <dir> [mul|square]");
            System.exit(2);
        }
        int lg = Integer.parseInt(args[0]);
        Path dir = Path.of(args[1]);
        String shape = args.length > 2 ? args[2] : "mul";
        if (!shape.equals("mul") && !shape.equals("square")) {
            throw new IllegalArgumentException("shape must be mul or square, not " + shape);
        }
        if (lg < 2 || lg > 26) {
            throw new IllegalArgumentException("lg must be in [2, 26], not " + lg);
        }
        Files.createDirectories(dir);
        int k = (1 << lg) - 3;
        Circuit circuit = ChainCircuit.of(k, shape.equals("square"));
        long t = System.nanoTime();
        R1cs cs = Synthesizer.record(circuit, false);
        double recMs = (System.nanoTime() - t) / 1e6;
        t = System.nanoTime();
        Witness w = Synthesizer.witness(circuit);
        double witMs = (System.nanoTime() - t) / 1e6;
        System.out.printf("synthesis of %d constraints (%s chain): record %.0f ms, witness %.0f ms "
                        + "(%.0f constraints/s record + witness; single thread, first call incl. JIT warm-up)%n",
                cs.numConstraints(), shape, recMs, witMs, cs.numConstraints() / ((recMs + witMs) / 1e3));
        t = System.nanoTime();
        ProvingKey pk = SnarkjsSetup.generate(cs, new SecureRandom());
        System.out.printf("setup (snarkjs family, 2^%d, %d cores): %.0f ms%n", pk.lgDomain,
                Runtime.getRuntime().availableProcessors(), (System.nanoTime() - t) / 1e6);
        if (pk.lgDomain != lg) {
            throw new IllegalStateException("domain 2^" + pk.lgDomain + " != 2^" + lg);
        }
        t = System.nanoTime();
        Path zkey = dir.resolve("circuit.zkey");
        Path wtns = dir.resolve("circuit.wtns");
        ZkeyWriter.write(zkey, cs, pk);
        WtnsWriter.write(wtns, w);
        SnarkjsJson.writeVerifyingKey(dir.resolve("vk.json"), pk.vk);
        System.out.printf("wrote %s (%d MB), %s: %.0f ms%n", zkey, Files.size(zkey) >> 20, wtns,
                (System.nanoTime() - t) / 1e6);
        // read back as snarkjs would see it and prove once: the sanity proof for snarkjs groth16 verify
        Zkey z = Zkey.read(zkey);
        long[] wc = SnarkjsProver.readWitness(wtns);
        long[] r = new long[4];
        long[] s = new long[4];
        SecureRandom rnd = new SecureRandom();
        Fr.F.random(r, 0, rnd);
        Fr.F.random(s, 0, rnd);
        Proof p = SnarkjsProver.prove(z, wc, wtns, CpuBackend.INSTANCE, r, s);
        long[] pub = SnarkjsProver.publicSignals(z, wc);
        if (!Verifier.verify(new PreparedVerifyingKey(SnarkjsProver.verifyingKey(z)), p, pub)) {
            throw new IllegalStateException("jzk's proof with the written zkey does not verify in jzk");
        }
        SnarkjsJson.writeProof(dir.resolve("proof.json"), p);
        SnarkjsJson.writePublic(dir.resolve("public.json"), pub);
        System.out.println("jzk proof with the written zkey verifies in jzk; proof.json, public.json written");
    }
}
