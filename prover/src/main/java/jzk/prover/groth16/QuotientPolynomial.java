package jzk.prover.groth16;

import jzk.arith.Fr;
import jzk.arith.FrDomain;
import jzk.arith.MontgomeryField;

import java.util.stream.IntStream;

/**
 * The quotient h(X) = (A(X)·B(X) − C(X)) / Z(X) of a QAP, Z(X) = X^n − 1, from the evaluations a, b, c of A, B, C
 * on the domain {ω^i}. Two variants, one per key family (they are not interchangeable):
 *
 * <ul>
 *   <li>{@link #bellman}: zkcrypto/bellman {@code groth16/prover.rs}. iFFT, coset FFT by the generator g = 7,
 *   pointwise a·b − c, divide by Z(g·ω^i) = g^n − 1 (constant on the coset), coset iFFT: the n coefficients
 *   of h (the top one is zero for a satisfied system since deg h ≤ n − 2). They pair with the key's
 *   [τ^i·Z(τ)/δ]₁ points. Roots of the {@link Fr.RootFamily#GENERATOR_7} family.</li>
 *   <li>{@link #snarkjsOdd}: snarkjs {@code groth16_prove.js} (shared/reference/snarkjs-h-domain.md). iFFT,
 *   multiply coefficient k by w2n^k (w2n the primitive 2n-th root of the {@link Fr.RootFamily#SNARKJS_5} family),
 *   FFT: evaluations at the odd points w2n^(2i+1); output A·B − C there, not divided by Z (= −2): the zkey's
 *   H points, [L^(2n)_(2i+1)(τ)/δ]₁, absorb it.</li>
 * </ul>
 *
 * <p>All vectors are {@code long[n·4]} of Montgomery-form Fr, natural order; inputs are overwritten (the
 * prover owns them). Outputs are Montgomery form; convert with {@link MontgomeryField#toCanonicalVector} before
 * an MSM.
 */
public final class QuotientPolynomial {
    private static final MontgomeryField F = Fr.F;
    private static final int L = Fr.LIMBS;

    private QuotientPolynomial() {
    }

    /** Bellman-style h coefficients (length n; index n−1 is zero when a·b = c on the domain). Overwrites a, b, c. */
    public static long[] bellman(FrDomain domain, long[] a, long[] b, long[] c) {
        requireFamily(domain, Fr.RootFamily.GENERATOR_7);
        long[] g = FrDomain.generatorShift();
        IntStream.of(0, 1, 2).parallel().forEach(k -> {
            long[] v = k == 0 ? a : k == 1 ? b : c;
            domain.ifft(v);
            domain.cosetFft(v, g);
        });
        // Z(g·ω^i) = g^n·ω^{in} − 1 = g^n − 1 for every i: one inverse for the whole coset.
        long[] zInv = new long[L];
        F.pow(zInv, 0, g, 0, java.math.BigInteger.valueOf(domain.n));
        F.sub(zInv, 0, zInv, 0, F.fromLong(1), 0);
        F.inverse(zInv, 0, zInv, 0);
        combine(domain.n, a, b, c, zInv);
        domain.cosetIfft(a, g);
        return a;
    }

    /** snarkjs-style h evaluations at the odd 2n-th roots (length n, not divided by Z). Overwrites a, b, c. */
    public static long[] snarkjsOdd(FrDomain domain, long[] a, long[] b, long[] c) {
        requireFamily(domain, Fr.RootFamily.SNARKJS_5);
        long[] shift = domain.oddCosetShift();
        IntStream.of(0, 1, 2).parallel().forEach(k -> {
            long[] v = k == 0 ? a : k == 1 ? b : c;
            domain.ifft(v);
            domain.cosetFft(v, shift);
        });
        combine(domain.n, a, b, c, null);
        return a;
    }

    /** a[i] = (a[i]·b[i] − c[i])·scale (scale null: 1). */
    private static void combine(int n, long[] a, long[] b, long[] c, long[] scale) {
        final int chunk = 1 << 10;
        IntStream.range(0, (n + chunk - 1) / chunk).parallel().forEach(ch -> {
            int end = Math.min(n, (ch + 1) * chunk);
            for (int i = ch * chunk; i < end; i++) {
                int o = i * L;
                F.mul(a, o, a, o, b, o);
                F.sub(a, o, a, o, c, o);
                if (scale != null) {
                    F.mul(a, o, a, o, scale, 0);
                }
            }
        });
    }

    private static void requireFamily(FrDomain d, Fr.RootFamily f) {
        if (d.family != f) {
            throw new IllegalArgumentException("this H variant needs roots of the " + f + " family, domain has "
                    + d.family);
        }
    }

    /** The smallest lg n with 2^lgN ≥ size (size ≥ 1). */
    public static int lgSizeFor(long size) {
        if (size > (1L << Fr.TWO_ADICITY)) {
            throw new IllegalArgumentException("QAP of " + size + " rows exceeds Fr's 2^32 domain limit");
        }
        int lg = 0;
        while ((1L << lg) < size) {
            lg++;
        }
        return lg;
    }
}
