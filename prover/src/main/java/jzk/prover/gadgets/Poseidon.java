package jzk.prover.gadgets;

import jzk.arith.Fr;

/**
 * Native (out-of-circuit) Poseidon permutation and 2-to-1 hash over Fr, the reference the gadget
 * {@link PoseidonGadget} must match. Values are Fr Montgomery, 4 limbs per element, state of {@code t} cells in
 * one flat array.
 *
 * <p>Permutation (paper §2, HADES design): {@code R_F/2} full rounds, {@code R_P} partial rounds, {@code R_F/2} full
 * rounds; each round adds its round constants to every cell, applies x^5 to every cell (full) or to cell 0
 * (partial), then multiplies the state by the MDS matrix ({@code s'_i = Σ_j M[i][j]·s_j}), as in the reference
 * {@code poseidonperm_x5_255_3.sage}.
 *
 * <p>Hash of two elements (a Merkle node): state {@code [0, left, right]} (capacity cell 0 set to zero, as
 * circomlib's Poseidon does), permute, output cell 0.
 */
public final class Poseidon {
    private static final int N = Fr.LIMBS;

    private Poseidon() {
    }

    /** Permutes {@code state[so .. so + t·4)} in place. */
    public static void permute(PoseidonParams p, long[] state, int so) {
        int t = p.t;
        long[] tmp = new long[t * N];
        long[] x = new long[N];
        int half = p.fullRounds / 2;
        int rounds = p.rounds();
        for (int r = 0; r < rounds; r++) {
            boolean full = r < half || r >= half + p.partialRounds;
            for (int i = 0; i < t; i++) {
                int o = so + i * N;
                Fr.F.add(state, o, state, o, p.roundConstants, (r * t + i) * N);
                if (full || i == 0) {
                    pow5(state, o, x);
                }
            }
            mix(p, state, so, tmp);
        }
    }

    /** {@code a = a^5} in place, using {@code x} as scratch. */
    static void pow5(long[] a, int ao, long[] x) {
        Fr.F.square(x, 0, a, ao);
        Fr.F.square(x, 0, x, 0);
        Fr.F.mul(a, ao, a, ao, x, 0);
    }

    private static void mix(PoseidonParams p, long[] state, int so, long[] tmp) {
        int t = p.t;
        long[] prod = new long[N];
        java.util.Arrays.fill(tmp, 0L);
        for (int i = 0; i < t; i++) {
            for (int j = 0; j < t; j++) {
                Fr.F.mul(prod, 0, p.mds, (i * t + j) * N, state, so + j * N);
                Fr.F.add(tmp, i * N, tmp, i * N, prod, 0);
            }
        }
        System.arraycopy(tmp, 0, state, so, t * N);
    }

    /**
     * {@code out[oo..] = H(inputs)}: state {@code [0, x_0 … x_{t−2}]}, permute, cell 0, for the {@code t − 1}
     * elements at {@code in[io..]} (4 longs each).
     */
    public static void hash(PoseidonParams p, long[] in, int io, long[] out, int oo) {
        long[] s = new long[p.t * N];
        System.arraycopy(in, io, s, N, (p.t - 1) * N);
        permute(p, s, 0);
        System.arraycopy(s, 0, out, oo, N);
    }

    /** {@code H(inputs)} of {@code t − 1} elements stored flat in {@code in} (4 longs each). */
    public static long[] hash(PoseidonParams p, long[] in) {
        if (in.length != (p.t - 1) * N) {
            throw new IllegalArgumentException("arity " + (p.t - 1) + " hash of " + in.length / N + " elements");
        }
        long[] out = new long[N];
        hash(p, in, 0, out, 0);
        return out;
    }

    /** {@code out[oo..] = H(left, right)} with the t = 3 instance. */
    public static void hash2(long[] left, int lo, long[] right, int ro, long[] out, int oo) {
        long[] s = new long[3 * N];
        System.arraycopy(left, lo, s, N, N);
        System.arraycopy(right, ro, s, 2 * N, N);
        permute(PoseidonParams.X5_255_3, s, 0);
        System.arraycopy(s, 0, out, oo, N);
    }

    public static long[] hash2(long[] left, long[] right) {
        long[] out = new long[N];
        hash2(left, 0, right, 0, out, 0);
        return out;
    }
}
