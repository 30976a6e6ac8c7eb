package jzk.prover.snarkjs;

import jzk.arith.Fr;
import jzk.prover.groth16.CpuBackend;
import jzk.prover.groth16.PreparedVerifyingKey;
import jzk.prover.groth16.Proof;
import jzk.prover.groth16.Verifier;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Benchmark (not a test): full Groth16 proof time of jzk on the CPU next to {@code snarkjs groth16 prove} on the
 * same zkey and witness, in the same run. Usage:
 * {@code SnarkjsBench <zkey> <wtns> <runs> [results.md]}. jzk's time covers witness conversion, a/b from the
 * coefficient section, the quotient NTTs and all MSMs (the zkey is read once, outside the timing, as snarkjs's
 * time includes its own zkey reading — reported separately). snarkjs is timed as a process (wall clock, including
 * node start-up and its zkey read). Each jzk proof is verified; the snarkjs proof is verified by jzk.
 */
public final class SnarkjsBench {
    private SnarkjsBench() {
    }

    public static void main(String[] args) throws Exception {
        Path zkey = Path.of(args[0]);
        Path wtns = Path.of(args[1]);
        int runs = Integer.parseInt(args[2]);
        long t0 = System.nanoTime();
        Zkey z = Zkey.read(zkey);
        double readMs = (System.nanoTime() - t0) / 1e6;
        long[] w = SnarkjsProver.readWitness(wtns);
        PreparedVerifyingKey pvk = new PreparedVerifyingKey(SnarkjsProver.verifyingKey(z));
        long[] pub = SnarkjsProver.publicSignals(z, w);
        SecureRandom rnd = new SecureRandom();
        List<Double> jzkMs = new ArrayList<>();
        for (int i = 0; i <= runs; i++) { // run 0 warms the JIT up and is not counted
            long[] r = new long[4];
            long[] s = new long[4];
            Fr.F.random(r, 0, rnd);
            Fr.F.random(s, 0, rnd);
            long t = System.nanoTime();
            Proof p = SnarkjsProver.prove(z, w, wtns, CpuBackend.INSTANCE, r, s);
            double ms = (System.nanoTime() - t) / 1e6;
            if (!Verifier.verify(pvk, p, pub)) {
                throw new IllegalStateException("jzk proof does not verify");
            }
            System.out.printf("jzk run %d: %.0f ms%n", i, ms);
            if (i > 0) {
                jzkMs.add(ms);
            }
        }
        Path dir = Files.createTempDirectory("jzk-bench");
        List<Double> sjMs = new ArrayList<>();
        for (int i = 0; i < Math.max(1, Math.min(runs, 3)); i++) {
            long t = System.nanoTime();
            Process pr = new ProcessBuilder("snarkjs", "groth16", "prove", zkey.toString(), wtns.toString(),
                    dir.resolve("proof.json").toString(), dir.resolve("public.json").toString())
                    .redirectErrorStream(true).start();
            String out = new String(pr.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            pr.waitFor(30, TimeUnit.MINUTES);
            double ms = (System.nanoTime() - t) / 1e6;
            if (pr.exitValue() != 0) {
                throw new IOException("snarkjs failed: " + out);
            }
            if (!Verifier.verify(pvk, SnarkjsJson.readProof(dir.resolve("proof.json")), pub)) {
                throw new IllegalStateException("snarkjs proof does not verify in jzk");
            }
            System.out.printf("snarkjs run %d: %.0f ms%n", i, ms);
            sjMs.add(ms);
        }
        double jm = median(jzkMs);
        double sm = median(sjMs);
        String line = String.format("| %s | 2^%d | %d | %d | %.0f (median of %d) | %.0f (median of %d) | %.1f× | %.0f |",
                zkey.getFileName(), z.lgDomain, z.nVars, Runtime.getRuntime().availableProcessors(), jm, jzkMs.size(),
                sm, sjMs.size(), sm / jm, readMs);
        System.out.println(line);
        if (args.length > 3) {
            Files.writeString(Path.of(args[3]), line + "\n", StandardCharsets.UTF_8,
                    java.nio.file.StandardOpenOption.CREATE, java.nio.file.StandardOpenOption.APPEND);
        }
    }

    private static double median(List<Double> v) {
        double[] a = v.stream().mapToDouble(Double::doubleValue).toArray();
        Arrays.sort(a);
        return a.length % 2 == 1 ? a[a.length / 2] : (a[a.length / 2 - 1] + a[a.length / 2]) / 2;
    }
}
