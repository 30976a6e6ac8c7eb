package jzk.prover.groth16;

import jzk.arith.Curve;

import java.util.stream.IntStream;

/**
 * Multi-scalar multiplication Σ k_i·P_i on the CPU by the bucket method (Pippenger; as in Bernstein et al.,
 * "Faster batch forgery identification", INDOCRYPT 2012, §4, and bellman's {@code multiexp.rs}): scalars are cut
 * into c-bit windows; per window, each point is mixed-added into the bucket of its digit, the buckets are summed
 * by the running-sum trick (2·2^c additions), and the windows are combined by c doublings each.
 *
 * <p>Windows run in parallel (one task per window; 255/c tasks). Inputs: affine points (Montgomery Fp, zero =
 * infinity), canonical Fr scalars (4 limbs LE). Output: a Jacobian point. Works for either curve through
 * {@link Curve}.
 */
public final class Pippenger {
    private static final int SCALAR_BITS = 255;

    private Pippenger() {
    }

    /** Window width for n points: ≈ ln n, the classic choice (bellman uses the same rule), at least 1. */
    static int windowBits(int n) {
        return n < 32 ? 3 : (int) Math.ceil(Math.log(n) * 0.69 + 2);
    }

    public static long[] msm(Curve curve, long[] points, int po, long[] scalars, int so, int count) {
        final int c = windowBits(count);
        final int windows = (SCALAR_BITS + c - 1) / c;
        final int jl = curve.jacobianLongs();
        final int al = curve.affineLongs();
        long[][] sums = new long[windows][];
        IntStream.range(0, windows).parallel().forEach(w -> {
            int buckets = (1 << c) - 1;
            long[] bucket = new long[buckets * jl];
            for (int b = 0; b < buckets; b++) {
                curve.setInfinity(bucket, b * jl);
            }
            int bit = w * c;
            for (int i = 0; i < count; i++) {
                int d = digit(scalars, so + 4 * i, bit, c);
                if (d != 0) {
                    int p = po + i * al;
                    if (!curve.isInfinityAffine(points, p)) {
                        curve.addMixed(bucket, (d - 1) * jl, bucket, (d - 1) * jl, points, p);
                    }
                }
            }
            // Σ_d d·B_d = Σ_{d} (B_top + … + B_d): one running sum, one accumulator.
            long[] running = new long[jl];
            long[] acc = new long[jl];
            curve.setInfinity(running, 0);
            curve.setInfinity(acc, 0);
            for (int b = buckets - 1; b >= 0; b--) {
                curve.add(running, 0, running, 0, bucket, b * jl);
                curve.add(acc, 0, acc, 0, running, 0);
            }
            sums[w] = acc;
        });
        long[] r = new long[jl];
        curve.setInfinity(r, 0);
        for (int w = windows - 1; w >= 0; w--) {
            for (int k = 0; k < c; k++) {
                curve.dbl(r, 0, r, 0);
            }
            curve.add(r, 0, r, 0, sums[w], 0);
        }
        return r;
    }

    /** Bits [bit, bit + c) of the 256-bit scalar at {@code s[o..o+3]}. */
    private static int digit(long[] s, int o, int bit, int c) {
        int limb = bit >>> 6;
        int sh = bit & 63;
        long v = s[o + limb] >>> sh;
        if (sh + c > 64 && limb + 1 < 4) {
            v |= s[o + limb + 1] << (64 - sh);
        }
        return (int) (v & ((1L << c) - 1));
    }
}
