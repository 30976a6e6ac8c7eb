package jzk.bench.kernels;

import java.util.ArrayList;
import java.util.List;
import jzk.arith.Fr;
import jzk.prover.circuits.StackedDrgInput;
import jzk.prover.circuits.StackedDrgShape;
import jzk.prover.r1cs.R1cs;
import jzk.prover.r1cs.Synthesizer;
import jzk.tornado.bls.DeviceHosts;
import jzk.tornado.bls.KernelHost;
import jzk.tornado.bls.MsmLayoutStats;

/**
 * Replays, without a GPU, the bucket layout the device MSM gives a real StackedDRG witness: the witness of
 * partition 0 is synthesised, cut into segments of 2^lg variables (the resident bases' segments: G1 2^25, G2 2^24),
 * each segment's "rest" class (scalars other than 0 and 1, what the scalar-class split hands to the sorted path) is
 * binned by the sorted MSM's own binning kernel on the jvm device ({@link MsmLayoutStats}), and one line per segment
 * says the window, the top window's bits, the hottest bucket and the bucket reduction's longest serial walk with and
 * without the slice fold. Usage: {@code MsmLayoutReplay K LAYERS LG_SEGMENT...}, e.g. {@code 3 11 24 25} (a 2^27
 * partition's G2 and G1 segments: K = 3 already has more than 2^24 variables). bench-results/h200-s5-2026-12-01.
 */
public final class MsmLayoutReplay {
    private MsmLayoutReplay() {
    }

    public static void main(String[] args) {
        if (args.length < 3) {
            throw new IllegalArgumentException("usage: MsmLayoutReplay K LAYERS LG_SEGMENT...");
        }
        StackedDrgShape shape = new StackedDrgShape(Integer.parseInt(args[0]), Integer.parseInt(args[1]), 30, 37);
        StackedDrgInput input = shape.generate(1, 1);
        R1cs r1cs = Synthesizer.record(shape.shapeOnly(), false);
        long[] z = input.witness(0, r1cs).z();
        int vars = z.length / 4;
        System.out.printf("StackedDRG K=%s layers=%s: %d variables%n", args[0], args[1], vars);
        System.out.println("| segment | points | rest | c | W | top window bits | hottest bucket | slices | most slices "
                + "in a bucket | longest walk | with the fold |");
        System.out.println("|---|---|---|---|---|---|---|---|---|---|---|");
        KernelHost jvm = DeviceHosts.jvm();
        for (int a = 2; a < args.length; a++) {
            int seg = 1 << Integer.parseInt(args[a]);
            int n = Math.min(seg, vars);
            long[] rest = rest(z, n);
            MsmLayoutStats s = MsmLayoutStats.of(jvm, rest);
            System.out.printf("| 0 of 2^%s | %d | %d | %d | %d | %d | %d | %d | %d | %d | %d |%n", args[a], n, s.points(),
                    s.c(), s.windows(), s.topWindowBits(), s.hottestBucket(), s.slices(), s.mostSlices(),
                    s.walkUnfolded(), s.walkFolded());
        }
    }

    /** The canonical scalars among the first n of z (Montgomery) that are neither 0 nor 1, packed. */
    static long[] rest(long[] z, int n) {
        List<long[]> out = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            long[] t = new long[4];
            Fr.F.toCanonical(t, 0, z, 4 * i);
            if (t[1] != 0 || t[2] != 0 || t[3] != 0 || (t[0] != 0 && t[0] != 1)) {
                out.add(t);
            }
        }
        long[] packed = new long[4 * out.size()];
        for (int k = 0; k < out.size(); k++) {
            System.arraycopy(out.get(k), 0, packed, 4 * k, 4);
        }
        return packed;
    }
}
