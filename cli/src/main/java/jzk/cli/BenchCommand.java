package jzk.cli;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import jzk.tornado.bls.BlsBench;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code jzk bench field|ntt|msm}: the kernels' benchmark harness ({@link BlsBench}) with arguments mapped from
 * options: {@code field} → Fr multiplication throughput; {@code ntt} → forward NTT of 2^s elements per size s;
 * {@code msm} → G1 MSM (and G2 with {@code --g2}) of 2^s points. It prints one Markdown table on stdout (op × size
 * × backend, median of {@code --reps} after one warm-up, resident vs with transfers, results-agree column).
 */
@Command(name = "bench", mixinStandardHelpOptions = true, sortOptions = false,
        description = "Benchmark field arithmetic, NTT or MSM kernels per backend: bench field|ntt|msm.")
public final class BenchCommand implements Callable<Integer> {
    enum What { field, ntt, msm }

    @Parameters(index = "0", paramLabel = "field|ntt|msm", description = "What to measure.")
    What what;

    @Option(names = "--sizes", paramLabel = "LG", split = ",",
            description = "log2 sizes (default: ntt 12,14,16; msm 8,10,12).")
    List<Integer> sizes;

    @Option(names = "--g2", description = "msm: also G2.")
    boolean g2;

    @Option(names = "--reps", paramLabel = "N", description = "Timed repetitions, 1..100000 (default ${DEFAULT-VALUE}).")
    int reps = 3;

    @Option(names = "--backends", paramLabel = "SPEC",
            description = "jvm, all (jvm + every CUDA/OpenCL device) or device names cuda:0,opencl:0:0 "
                    + "(default ${DEFAULT-VALUE}).")
    String backends = "all";

    @Option(names = "--verbose", description = "Stack traces on errors.")
    boolean verbose;

    @Override
    public Integer call() throws Exception {
        if (reps < 1) {
            throw new CliException(CliException.USAGE, "--reps must be ≥ 1, got " + reps);
        }
        Limits.range("--reps", reps, 1, Limits.MAX_REPS);
        List<String> args = new ArrayList<>();
        String sz = sizes == null ? null : String.join(",", sizes.stream().map(String::valueOf).toList());
        if (sizes != null && sizes.stream().anyMatch(s -> s < 1 || s > 28)) {
            throw new CliException(CliException.USAGE, "--sizes must be log2 sizes in 1..28, got " + sizes);
        }
        switch (what) {
            case field -> args.add("frmul=1");
            case ntt -> args.add("ntt=" + (sz != null ? sz : "12,14,16"));
            case msm -> {
                String s = sz != null ? sz : "8,10,12";
                args.add("msm1=" + s);
                if (g2) {
                    args.add("msm2=" + s);
                }
            }
        }
        args.add("reps=" + reps);
        args.add("backends=" + backends);
        try {
            BlsBench.main(args.toArray(String[]::new));
        } catch (IllegalArgumentException e) {
            throw new CliException(CliException.USAGE, e.getMessage(), e);
        }
        return 0;
    }
}
