package jzk.bench.groth16;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Random;
import jzk.prover.circuits.ChainCircuit;
import jzk.prover.groth16.CpuBackend;
import jzk.prover.groth16.DeviceBackend;
import jzk.prover.groth16.Groth16;
import jzk.prover.groth16.Proof;
import jzk.prover.groth16.ProverBackend;
import jzk.prover.groth16.ProvingKey;
import jzk.prover.groth16.Setup;
import jzk.prover.groth16.SetupEngine;
import jzk.prover.r1cs.Circuit;
import jzk.prover.r1cs.R1cs;
import jzk.prover.r1cs.Synthesizer;
import jzk.prover.r1cs.Witness;
import jzk.tornado.api.DeviceKind;
import jzk.tornado.runtime.Devices;
import jzk.tornado.bls.DeviceHost;
import jzk.tornado.bls.KernelHost;

/**
 * Benchmark (not a test): Groth16 parameter generation on the CPU against the device path ({@link SetupEngine})
 * for the squaring chain of {@link jzk.prover.circuits.ChainCircuit} at domain 2^lg (2^lg − 3 constraints, nVars = 2^lg − 1: A, B1, L
 * and H ≈ 2^lg G1 points each, B2 2^lg G2 points). Usage:
 *
 * <pre>SetupBench DEVICE LG[,LG…] [GPU_RUNS] [--no-cpu] [--batches LGB[,LGB…]]</pre>
 *
 * DEVICE is a runtime device name ({@code cuda:0}, {@code opencl:0:0}, or {@code jvm}: the runtime's jvm device,
 * tiny sizes only). Per size: one CPU setup, GPU_RUNS (default 2) device setups with the same toxic
 * waste (run 0 includes the kernel compile), a byte-for-byte comparison of every key array of the device key with
 * the CPU key, then one proof under the device key (on the device, or on the CPU for {@code jvm}) checked by the
 * pairing equation. {@code --batches 18,20} repeats the device runs with 2^18 and 2^20 work-items per launch
 * (default: {@code FixedBaseGpu}'s). A warm-up setup at 2^10 on both paths runs first, so HotSpot's compile of the CPU path is not
 * billed to the first size. Exits with status 1 if a key differs or a proof fails.
 */
public final class SetupBench {
    private SetupBench() {
    }

    public static void main(String[] args) throws Exception {
        if (args.length < 2) {
            System.err.println("usage: SetupBench DEVICE LG[,LG...] [GPU_RUNS] [--no-cpu] [--batches LGB[,LGB...]]");
            System.exit(2);
        }
        String device = args[0];
        List<Integer> lgs = new ArrayList<>();
        for (String s : args[1].split(",")) {
            lgs.add(Integer.parseInt(s.trim()));
        }
        int runs = 2;
        List<Integer> batches = new ArrayList<>(List.of(0)); // 0 = FixedBaseGpu's default
        boolean cpu = true;
        for (int i = 2; i < args.length; i++) {
            if (args[i].equals("--no-cpu")) {
                cpu = false;
            } else if (args[i].equals("--batches") && i + 1 < args.length) {
                batches.clear();
                for (String s : args[++i].split(",")) {
                    batches.add(1 << Integer.parseInt(s.trim()));
                }
            } else {
                runs = Integer.parseInt(args[i]);
            }
        }
        KernelHost host = new DeviceHost(Devices.get(device));
        int cores = Runtime.getRuntime().availableProcessors();
        System.out.printf(Locale.ROOT, "device %s, %d cores, max heap %d MiB%n", host.name(), cores,
                Runtime.getRuntime().maxMemory() >> 20);
        // warm-up of both paths (HotSpot compiles, the kernel compile on the device)
        measure(host, 10, 1, true, false, 1, List.of(0));
        System.out.println();
        String header = "| domain | nVars | batch | CPU setup s | device setup s (runs) | fixed-base on device s | "
                + "speed-up | keys identical | proof |\n|---|---|---|---|---|---|---|---|---|";
        System.out.println(header);
        boolean ok = true;
        List<String> rows = new ArrayList<>();
        for (int lg : lgs) {
            for (String row : measure(host, lg, runs, cpu, true, SetupEngine.DEFAULT_MIN_POINTS, batches)) {
                ok &= !row.contains("DIFFER") && !row.contains("FAILED");
                rows.add(row);
                System.out.println(row);
            }
        }
        System.out.println();
        System.out.println(header);
        rows.forEach(System.out::println);
        System.exit(ok ? 0 : 1);
    }

    /**
     * One size: synthesis and the CPU reference once, then the device runs per batch size, then one proof under
     * the last device key. Returns one markdown row per batch size; prints detail lines as it goes.
     */
    private static List<String> measure(KernelHost host, int lg, int runs, boolean cpu, boolean prove,
                                        int minPoints, List<Integer> batches) throws Exception {
        int k = (1 << lg) - 3;
        Circuit c = ChainCircuit.of(k, true);
        long t = System.nanoTime();
        R1cs cs = Synthesizer.record(c, false);
        System.out.printf(Locale.ROOT, "2^%d: synthesis %d constraints, %d variables: %.2f s%n", lg,
                cs.numConstraints(), cs.numVariables(), (System.nanoTime() - t) / 1e9);
        long[] w = Setup.toxicWaste(new Random(1000 + lg));
        ProvingKey ref = null;
        double cpuS = Double.NaN;
        if (cpu) {
            try (SetupEngine e = SetupEngine.cpu()) {
                ref = Setup.generate(cs, w, 0, w, 4, w, 8, w, 12, w, 16, e);
                cpuS = e.totalSeconds();
                System.out.printf(Locale.ROOT, "2^%d: %s%n", lg, e.summary());
            }
        }
        List<String> rows = new ArrayList<>();
        ProvingKey dev = null;
        for (int batch : batches) {
            double[] devS = new double[runs];
            double fixedS = Double.NaN;
            boolean same = true;
            for (int r = 0; r < runs; r++) {
                try (SetupEngine e = SetupEngine.device(host, minPoints, batch)) {
                    dev = Setup.generate(cs, w, 0, w, 4, w, 8, w, 12, w, 16, e);
                    devS[r] = e.totalSeconds();
                    fixedS = e.deviceSeconds();
                    System.out.printf(Locale.ROOT, "2^%d batch %d run %d: %s [%s]%n", lg, batch, r, e.summary(),
                            e.deviceProfile());
                }
                same &= ref == null || sameKey(ref, dev);
            }
            double best = Arrays.stream(devS).skip(runs > 1 ? 1 : 0).min().orElse(Double.NaN);
            StringBuilder rs = new StringBuilder();
            for (double s : devS) {
                rs.append(rs.isEmpty() ? "" : ", ").append(String.format(Locale.ROOT, "%.2f", s));
            }
            int b = batch > 0 ? batch : jzk.tornado.bls.FixedBaseGpu.DEFAULT_BATCH;
            rows.add(String.format(Locale.ROOT, "| 2^%d | %d | 2^%d | %.2f | %s | %.2f | %.1f× | %s | PROOF |", lg,
                    cs.numVariables(), Integer.numberOfTrailingZeros(b), cpuS, rs, fixedS, cpuS / best,
                    ref == null ? "not compared" : same ? "yes" : "DIFFER"));
        }
        String proof = "not run";
        if (prove) {
            Witness wit = Synthesizer.witness(c);
            ProverBackend be = host instanceof DeviceHost d && d.device().info().kind() == DeviceKind.JVM
                    ? CpuBackend.INSTANCE : new DeviceBackend(host);
            t = System.nanoTime();
            Proof p = Groth16.prove(dev, cs, wit, be, new Random(7));
            double proveS = (System.nanoTime() - t) / 1e9;
            boolean verified = Groth16.verify(dev.vk, p, wit.publicInputs());
            if (be instanceof DeviceBackend d) {
                d.close();
            }
            proof = String.format(Locale.ROOT, "%s (%s, %.2f s)", verified ? "verifies" : "FAILED",
                    be instanceof DeviceBackend ? "on the device" : "on the CPU", proveS);
            System.out.printf(Locale.ROOT, "2^%d: proof under the device key %s%n", lg, proof);
        }
        String pr = proof;
        return rows.stream().map(r -> r.replace("PROOF", pr)).toList();
    }

    private static boolean sameKey(ProvingKey a, ProvingKey b) {
        return Arrays.equals(a.alpha1, b.alpha1) && Arrays.equals(a.beta1, b.beta1)
                && Arrays.equals(a.beta2, b.beta2) && Arrays.equals(a.delta1, b.delta1)
                && Arrays.equals(a.delta2, b.delta2) && Arrays.equals(a.a, b.a) && Arrays.equals(a.b1, b.b1)
                && Arrays.equals(a.b2, b.b2) && Arrays.equals(a.l, b.l) && Arrays.equals(a.h, b.h)
                && Arrays.equals(a.vk.ic, b.vk.ic) && Arrays.equals(a.vk.gamma2, b.vk.gamma2);
    }
}
