package jzk.arith;

import java.util.stream.IntStream;

/**
 * The evaluation domain {ω^i : 0 ≤ i < n}, n = 2^lgN, of Fr, with the CPU NTT over it: the reference every
 * device NTT is compared with, and the CPU prover's NTT.
 *
 * <p>Vectors are {@code long[n * 4]} of Montgomery-form Fr elements in natural order. {@link #fft} maps
 * coefficients to evaluations at ω^i; {@link #ifft} inverts it. The coset forms evaluate at {@code shift·ω^i}:
 * bellman uses shift = 7 (the generator), snarkjs the 2n-th root of its own family (the "odd" points).
 *
 * <p>Algorithm: iterative radix-2 Cooley–Tukey, decimation in time after a bit-reversal permutation
 * (Cormen et al., "Introduction to Algorithms", 3rd ed., §30.3, ITERATIVE-FFT), with one precomputed table of
 * n/2 twiddles; the butterflies of a stage run in parallel once a stage has enough of them.
 */
public final class FrDomain {
    private static final MontgomeryField F = Fr.F;
    private static final int L = Fr.LIMBS;
    private static final int PARALLEL_THRESHOLD = 1 << 12;

    public final int lgN;
    public final int n;
    public final Fr.RootFamily family;
    /** ω (Montgomery form), a primitive n-th root of unity. */
    public final long[] omega;
    /** twiddles[i] = ω^i for i < n/2; inverse twiddles likewise for ω^{-1}. */
    private final long[] twiddles;
    private final long[] invTwiddles;
    /** n^{-1} (Montgomery form). */
    private final long[] nInv;

    public FrDomain(int lgN, Fr.RootFamily family) {
        if (lgN < 0 || lgN > Fr.TWO_ADICITY) {
            throw new IllegalArgumentException("domain size 2^" + lgN + " is not supported by Fr (max 2^32)");
        }
        this.lgN = lgN;
        this.n = 1 << lgN;
        this.family = family;
        this.omega = Fr.rootOfUnity(lgN, family);
        long[] omegaInv = new long[L];
        F.inverse(omegaInv, 0, omega, 0);
        this.twiddles = powers(omega, Math.max(1, n / 2));
        this.invTwiddles = powers(omegaInv, Math.max(1, n / 2));
        this.nInv = new long[L];
        F.inverse(nInv, 0, F.fromLong(n), 0);
    }

    /** The primitive 2n-th root of this family: the shift of the snarkjs "odd" coset. */
    public long[] oddCosetShift() {
        return Fr.rootOfUnity(lgN + 1, family);
    }

    /** The multiplicative generator 7 as a coset shift (bellman-style provers). */
    public static long[] generatorShift() {
        return F.fromLong(Fr.GENERATOR);
    }

    /** {@code v[i] = base^i} for i < count. */
    public static long[] powers(long[] base, int count) {
        long[] v = new long[count * L];
        F.setOne(v, 0);
        for (int i = 1; i < count; i++) {
            F.mul(v, i * L, v, (i - 1) * L, base, 0);
        }
        return v;
    }

    /** Coefficients → evaluations at ω^i, in place. */
    public void fft(long[] v) {
        transform(v, twiddles);
    }

    /** Evaluations at ω^i → coefficients, in place. */
    public void ifft(long[] v) {
        transform(v, invTwiddles);
        scale(v, nInv);
    }

    /** Coefficients → evaluations at shift·ω^i: multiply coefficient k by shift^k, then fft. */
    public void cosetFft(long[] v, long[] shift) {
        distributePowers(v, shift);
        fft(v);
    }

    /** Evaluations at shift·ω^i → coefficients: ifft, then multiply coefficient k by shift^{-k}. */
    public void cosetIfft(long[] v, long[] shift) {
        ifft(v);
        long[] inv = new long[L];
        F.inverse(inv, 0, shift, 0);
        distributePowers(v, inv);
    }

    /** {@code v[k] *= g^k}. */
    public void distributePowers(long[] v, long[] g) {
        checkLength(v);
        final int chunk = 1 << 10;
        IntStream.range(0, (n + chunk - 1) / chunk).parallel().forEach(c -> {
            int start = c * chunk;
            int end = Math.min(n, start + chunk);
            long[] gk = new long[L];
            F.pow(gk, 0, g, 0, java.math.BigInteger.valueOf(start));
            for (int k = start; k < end; k++) {
                F.mul(v, k * L, v, k * L, gk, 0);
                F.mul(gk, 0, gk, 0, g, 0);
            }
        });
    }

    private void scale(long[] v, long[] s) {
        IntStream.range(0, n).parallel().forEach(i -> F.mul(v, i * L, v, i * L, s, 0));
    }

    private void checkLength(long[] v) {
        if (v.length != n * L) {
            throw new IllegalArgumentException("vector has " + v.length / L + " elements, domain has " + n);
        }
    }

    private void transform(long[] v, long[] tw) {
        checkLength(v);
        bitReverse(v);
        for (int half = 1; half < n; half <<= 1) {
            final int h = half;
            final int stride = n / (2 * h); // twiddle index step: ω_{2h}^j = ω^{j·n/(2h)}
            int butterflies = n / 2;
            if (butterflies >= PARALLEL_THRESHOLD) {
                IntStream.range(0, butterflies / 256).parallel().forEach(c -> {
                    long[] t = new long[L];
                    for (int b = c * 256; b < c * 256 + 256; b++) {
                        butterfly(v, tw, h, stride, b, t);
                    }
                });
            } else {
                long[] t = new long[L];
                for (int b = 0; b < butterflies; b++) {
                    butterfly(v, tw, h, stride, b, t);
                }
            }
        }
    }

    /** Butterfly number b of a stage with half-size h: (x, y) ← (x + ω·y, x − ω·y). */
    private static void butterfly(long[] v, long[] tw, int h, int stride, int b, long[] t) {
        int group = b >>> Integer.numberOfTrailingZeros(h); // h is a power of two: shifts, not divisions
        int j = b & (h - 1);
        int i0 = (group * 2 * h + j) * L;
        int i1 = i0 + h * L;
        F.mul(t, 0, v, i1, tw, j * stride * L);
        F.sub(v, i1, v, i0, t, 0);
        F.add(v, i0, v, i0, t, 0);
    }

    private void bitReverse(long[] v) {
        int shift = 32 - lgN;
        for (int i = 0; i < n; i++) {
            int j = lgN == 0 ? 0 : Integer.reverse(i) >>> shift;
            if (i < j) {
                for (int k = 0; k < L; k++) {
                    long tmp = v[i * L + k];
                    v[i * L + k] = v[j * L + k];
                    v[j * L + k] = tmp;
                }
            }
        }
    }
}
