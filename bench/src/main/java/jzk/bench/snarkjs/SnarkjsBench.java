package jzk.bench.snarkjs;

import jzk.arith.Fr;
import jzk.bench.BenchConfig;
import jzk.prover.groth16.CpuBackend;
import jzk.prover.groth16.PreparedVerifyingKey;
import jzk.prover.groth16.Proof;
import jzk.prover.groth16.Verifier;
import jzk.prover.snarkjs.SnarkjsJson;
import jzk.prover.snarkjs.SnarkjsProver;
import jzk.prover.snarkjs.Zkey;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.security.SecureRandom;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Benchmark (not a test): full Groth16 proof time of jzk on the CPU next to {@code snarkjs groth16 prove} on the
 * same zkey and witness, in the same run, <b>alternating</b> (jzk, snarkjs, jzk, snarkjs, …) so that both see the
 * same background load. Usage: {@code SnarkjsBench <zkey> <wtns> <runs> [results.md]}
 * (scripts/bench-groth16-vs-snarkjs.sh makes the inputs and calls it).
 *
 * <p>jzk runs in this one warm JVM: run 0 warms the JIT up and is not counted; its time covers witness conversion,
 * a/b from the coefficient section, the quotient NTTs and all MSMs (the zkey is read once, outside the timing, and
 * reported separately). snarkjs is timed as a process (wall clock, including node start-up and its zkey read).
 * Every jzk proof is verified by jzk; every snarkjs proof is verified by jzk. Besides wall time, CPU time is
 * recorded: this JVM's process CPU time for a jzk proof (all threads, incl. JIT and GC), and the reaped children's
 * CPU time ({@code /proc/self/stat} cutime + cstime, clock ticks of {@code -Djzk.clkTck}, default 100) for a
 * snarkjs process — CPU time is less disturbed by other load on a shared machine than wall time.
 */
public final class SnarkjsBench {
    private SnarkjsBench() {
    }

    public static void main(String[] args) throws Exception {
        if (args.length < 3) {
            System.err.println("usage: SnarkjsBench <zkey> <wtns> <runs> [results.md]");
            System.exit(2);
        }
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
        Path dir = Files.createTempDirectory("jzk-bench");
        System.out.printf("zkey %s: 2^%d, nVars %d, nCoefs %d; read + checked by jzk in %.0f ms%n", zkey,
                z.lgDomain, z.nVars, z.nCoefs, readMs);
        List<Double> jzkMs = new ArrayList<>();
        List<Double> jzkCpu = new ArrayList<>();
        List<Double> sjMs = new ArrayList<>();
        List<Double> sjCpu = new ArrayList<>();
        for (int i = 0; i <= runs; i++) {
            double[] j = jzkRun(z, w, wtns, pvk, pub, rnd);
            System.out.printf("run %d jzk:     %8.0f ms wall, %8.0f ms CPU%s%n", i, j[0], j[1],
                    i == 0 ? "  (JIT warm-up, not counted)" : "");
            if (i == 0) {
                continue;
            }
            jzkMs.add(j[0]);
            jzkCpu.add(j[1]);
            double[] s = snarkjsRun(zkey, wtns, dir, pvk, pub);
            System.out.printf("run %d snarkjs: %8.0f ms wall, %8.0f ms CPU%n", i, s[0], s[1]);
            sjMs.add(s[0]);
            sjCpu.add(s[1]);
        }
        double jm = median(jzkMs);
        double sm = median(sjMs);
        double jc = median(jzkCpu);
        double sc = median(sjCpu);
        String line = String.format("| %s | 2^%d | %d | %d | %.0f | %.0f | **%.1f×** | %.0f | %.0f | %.1f× | %d | %.0f |",
                zkey.getFileName(), z.lgDomain, z.nVars, Runtime.getRuntime().availableProcessors(), jm, sm, sm / jm,
                jc, sc, sc / jc, runs, readMs);
        System.out.println();
        System.out.println("| zkey | domain | nVars | cores | jzk prove, ms wall | snarkjs prove, ms wall | snarkjs / jzk "
                + "| jzk, ms CPU | snarkjs, ms CPU | CPU ratio | runs (medians) | jzk zkey read, ms |");
        System.out.println("|---|---|---|---|---|---|---|---|---|---|---|---|");
        System.out.println(line);
        if (args.length > 3) {
            Files.writeString(Path.of(args[3]), line + "\n", StandardCharsets.UTF_8, StandardOpenOption.CREATE,
                    StandardOpenOption.APPEND);
        }
    }

    /** One verified jzk proof: {wall ms, process CPU ms}. */
    private static double[] jzkRun(Zkey z, long[] w, Path wtns, PreparedVerifyingKey pvk, long[] pub,
                                   SecureRandom rnd) {
        long[] r = new long[4];
        long[] s = new long[4];
        Fr.F.random(r, 0, rnd);
        Fr.F.random(s, 0, rnd);
        long c = processCpuNanos();
        long t = System.nanoTime();
        Proof p = SnarkjsProver.prove(z, w, wtns, CpuBackend.INSTANCE, r, s);
        double ms = (System.nanoTime() - t) / 1e6;
        double cpu = (processCpuNanos() - c) / 1e6;
        if (!Verifier.verify(pvk, p, pub)) {
            throw new IllegalStateException("jzk proof does not verify");
        }
        return new double[] {ms, cpu};
    }

    /** One {@code snarkjs groth16 prove} process, its proof verified by jzk: {wall ms, children CPU ms}. */
    private static double[] snarkjsRun(Path zkey, Path wtns, Path dir, PreparedVerifyingKey pvk, long[] pub)
            throws IOException, InterruptedException {
        Path proof = dir.resolve("proof.json");
        Files.deleteIfExists(proof);
        long c = childrenCpuMillis();
        long t = System.nanoTime();
        Process pr = new ProcessBuilder("snarkjs", "groth16", "prove", zkey.toString(), wtns.toString(),
                proof.toString(), dir.resolve("public.json").toString()).redirectErrorStream(true).start();
        String out = new String(pr.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        if (!pr.waitFor(60, TimeUnit.MINUTES)) {
            pr.destroyForcibly();
            throw new IOException("snarkjs groth16 prove timed out after 60 minutes");
        }
        double ms = (System.nanoTime() - t) / 1e6;
        double cpu = childrenCpuMillis() - c;
        if (pr.exitValue() != 0) {
            throw new IOException("snarkjs failed (exit " + pr.exitValue() + "): " + out);
        }
        if (!Verifier.verify(pvk, SnarkjsJson.readProof(proof), pub)) {
            throw new IllegalStateException("snarkjs proof does not verify in jzk");
        }
        return new double[] {ms, cpu};
    }

    private static long processCpuNanos() {
        return ((com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean())
                .getProcessCpuTime();
    }

    /** cutime + cstime of this process (waited-for children), ms; −1 where /proc is not available. */
    private static long childrenCpuMillis() {
        try {
            String st = Files.readString(Path.of("/proc/self/stat"));
            String[] f = st.substring(st.lastIndexOf(')') + 2).split(" ");
            // fields after "pid (comm) ": state is f[0] = field 3, so field k is f[k - 3]; cutime 16, cstime 17
            long ticks = Long.parseLong(f[13]) + Long.parseLong(f[14]);
            return ticks * 1000 / BenchConfig.get().clockTicksPerSecond();
        } catch (IOException | RuntimeException e) {
            return -1;
        }
    }

    private static double median(List<Double> v) {
        double[] a = v.stream().mapToDouble(Double::doubleValue).toArray();
        Arrays.sort(a);
        return a.length % 2 == 1 ? a[a.length / 2] : (a[a.length / 2 - 1] + a[a.length / 2]) / 2;
    }
}
