package jzk.bench.circuits;

import java.util.ArrayList;
import java.util.List;
import jzk.arith.Fr;
import jzk.prover.circuits.PartitionShape;
import jzk.prover.circuits.PorepShape;
import jzk.prover.circuits.StackedDrgShape;
import jzk.prover.circuits.VanillaProof;
import jzk.prover.r1cs.R1cs;
import jzk.prover.r1cs.Synthesizer;
import jzk.prover.r1cs.Witness;

/**
 * Synthesis throughput on the CPU for PoRep-like partitions of about 2^k constraints: the per-proof work of a
 * prover that records the R1CS once per shape, i.e. witness generation (pure witness mode, no linear
 * combinations) plus the pre-compiled constraint evaluator ({@code A·z, B·z, C·z} by the parallel CSR mat-vec).
 * Recording time is reported separately (once per shape).
 *
 * <p>Besides wall time it reports CPU time (the witness thread's, and the whole process's during the evaluation,
 * which includes GC), because on a shared machine wall time mostly measures the other tenants.
 *
 * <p>Usage: {@code SynthesisBench [log2 …] [--stacked-drg K:L:D:P …] [--iterations N]} (defaults: 16 20, 3
 * iterations after one warm-up): PoRep-like presets of about 2^log2 constraints, and StackedDRG shapes
 * ({@link StackedDrgShape}(K, L, D, P), e.g. {@code 1:1:10:37} ≈ 2^20). Witness generation is one thread (the
 * challenges are synthesised in order into one constraint system); the evaluation is parallel. Prints one Markdown
 * table row per size; the column "parallel witness s" is the pipeline's witness ({@link VanillaProof#witness(int,
 * R1cs)}: challenges in parallel on all cores, straight into the sized assignment). Not a unit test: timings depend on the machine and its load.
 */
public final class SynthesisBench {
    private SynthesisBench() {
    }

    public static void main(String[] args) {
        List<PartitionShape> sizes = new ArrayList<>();
        int iterations = 3;
        for (int i = 0; i < args.length; i++) {
            if (args[i].equals("--iterations")) {
                iterations = Integer.parseInt(args[++i]);
            } else if (args[i].equals("--stacked-drg")) {
                String[] k = args[++i].split(":");
                sizes.add(new StackedDrgShape(Integer.parseInt(k[0]), Integer.parseInt(k[1]), Integer.parseInt(k[2]),
                        Integer.parseInt(k[3])));
            } else {
                sizes.add(PorepShape.ofLog2(Integer.parseInt(args[i])));
            }
        }
        if (sizes.isEmpty()) {
            sizes = List.of(PorepShape.ofLog2(16), PorepShape.ofLog2(20));
        }
        System.out.printf("cpus=%d maxHeap=%dMiB java=%s%n", Runtime.getRuntime().availableProcessors(),
                Runtime.getRuntime().maxMemory() >> 20, System.getProperty("java.version"));
        System.out.println("| log2 | shape | constraints | nnz A / B / C | B rows copied | record s"
                + " | witness s (cpu s) | eval s"
                + " (cpu s) | witness+eval s | constraints/s (witness+eval, wall) | constraints/cpu-s"
                + " | parallel witness s |");
        System.out.println("|---|---|---|---|---|---|---|---|---|---|---|---|");
        for (PartitionShape shape : sizes) {
            run(shape, iterations);
        }
    }

    private static void run(PartitionShape shape, int iterations) {
        VanillaProof input = shape.generate(1, 1);
        long t0 = System.nanoTime();
        R1cs r1cs = Synthesizer.record(shape.shapeOnly(), false);
        double recordS = (System.nanoTime() - t0) / 1e9;
        int n = r1cs.numConstraints();
        long[] a = new long[n * Fr.LIMBS];
        long[] b = new long[n * Fr.LIMBS];
        long[] c = new long[n * Fr.LIMBS];
        double bestW = Double.MAX_VALUE;
        double bestE = Double.MAX_VALUE;
        double bestSum = Double.MAX_VALUE;
        double bestWcpu = Double.MAX_VALUE;
        double bestPar = Double.MAX_VALUE;
        double bestEcpu = Double.MAX_VALUE;
        var threads = java.lang.management.ManagementFactory.getThreadMXBean();
        var os = (com.sun.management.OperatingSystemMXBean) java.lang.management.ManagementFactory
                .getOperatingSystemMXBean();
        for (int it = 0; it <= iterations; it++) { // iteration 0 warms up the JIT
            long c0 = threads.getCurrentThreadCpuTime();
            long s0 = System.nanoTime();
            Witness w = Synthesizer.witness(input.circuit(0), false);
            long s1 = System.nanoTime();
            long c1 = threads.getCurrentThreadCpuTime();
            long p1 = os.getProcessCpuTime();
            r1cs.evaluate(w.z(), a, b, c);
            long s2 = System.nanoTime();
            long p2 = os.getProcessCpuTime();
            Witness par = input.witness(0, r1cs);
            long s3 = System.nanoTime();
            if (!java.util.Arrays.equals(par.z(), w.z())) {
                throw new IllegalStateException("the parallel witness differs from the sequential one");
            }
            if (it > 0) {
                bestPar = Math.min(bestPar, (s3 - s2) / 1e9);
                bestWcpu = Math.min(bestWcpu, (c1 - c0) / 1e9);
                bestEcpu = Math.min(bestEcpu, (p2 - p1) / 1e9);
                bestW = Math.min(bestW, (s1 - s0) / 1e9);
                bestE = Math.min(bestE, (s2 - s1) / 1e9);
                bestSum = Math.min(bestSum, (s2 - s0) / 1e9);
            }
        }
        // sanity: a∘b = c on a sample of rows, so the benchmark never times a wrong computation
        long[] ab = new long[Fr.LIMBS];
        for (int row = 0; row < n; row += Math.max(1, n / 1000)) {
            Fr.F.mul(ab, 0, a, row * Fr.LIMBS, b, row * Fr.LIMBS);
            if (!Fr.F.equal(ab, 0, c, row * Fr.LIMBS)) {
                throw new IllegalStateException("row " + row + " not satisfied");
            }
        }
        System.out.printf(java.util.Locale.ROOT, "| %.2f | %s | %d | %d / %d / %d | %d | %.2f | %.3f (%.3f) | %.3f (%.3f) | %.3f | %.3g"
                + " | %.3g | %.3f |%n",
                Math.log(n) / Math.log(2), shape.describe(), n, r1cs.a().nnz(), r1cs.b().nnz(), r1cs.c().nnz(),
                r1cs.aliasedBRows(), recordS,
                bestW, bestWcpu, bestE, bestEcpu, bestSum, n / bestSum, n / (bestWcpu + bestEcpu), bestPar);
    }
}
