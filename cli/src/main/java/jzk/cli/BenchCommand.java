package jzk.cli;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import jzk.bench.kernels.BlsBench;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code jzk bench field|ntt|msm}: the kernels' benchmark harness ({@link BlsBench}) with arguments mapped from
 * options: {@code field} → Fr multiplication throughput; {@code ntt} → forward NTT of 2^s elements per size s;
 * {@code msm} → G1 MSM (and G2 with {@code --g2}) of 2^s points. It prints one Markdown table on stdout (op × size
 * × device, median of {@code --reps} after one warm-up, resident vs with transfers, results-agree column) and
 * a line per size a device did not run.
 */
@Command(name = "bench", mixinStandardHelpOptions = true, sortOptions = false,
        description = "Benchmark field arithmetic, NTT or MSM kernels per device: bench field|ntt|msm.")
public final class BenchCommand implements Callable<Integer> {
    enum What { field, ntt, msm }

    @Parameters(index = "0", paramLabel = "field|ntt|msm", description = "What to measure.")
    What what;

    @Option(names = "--sizes", paramLabel = "LG", split = ",",
            description = "log2 sizes (default: ntt 12,14,16; msm 8,10,12; field: 2^20 threads on a GPU, "
                    + "2^10 elsewhere).")
    List<Integer> sizes;

    @Option(names = "--g2", description = "msm: also G2.")
    boolean g2;

    @Option(names = "--reps", paramLabel = "N",
            description = "Timed repetitions after one warm-up, 1..100000; the table shows their median "
                    + "(default ${DEFAULT-VALUE}).")
    int reps = 5;

    @Option(names = "--device", paramLabel = "NAME",
            description = "Devices, comma-separated: all (every CUDA and OpenCL device), jvm (the Java reference "
                    + "device, only when named: all,jvm), or names cuda:0,opencl:0:0 (default ${DEFAULT-VALUE}). "
                    + "Devices that are not GPUs run only the small sizes (NTT up to 2^14, MSM up to 2^8); "
                    + "sizes left out are listed under the table.")
    String device = "all";

    /** The former name of {@code --device}, kept for scripts. */
    @Option(names = "--backends", hidden = true)
    void backends(String spec) {
        device = spec;
    }

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
            case field -> {
                args.add("frmul=1");
                if (sz != null) {
                    args.add("frmulSizes=" + sz);
                }
            }
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
        args.add("backends=" + device);
        try {
            BlsBench.main(args.toArray(String[]::new));
        } catch (IllegalArgumentException e) {
            throw new CliException(CliException.USAGE, e.getMessage(), e);
        }
        return 0;
    }
}
