package jzk.arith;

import java.math.BigInteger;

/**
 * One field inversion for the batch-affine MSM buckets ({@link BatchAffineBuckets}: one inversion per batch of a
 * few hundred additions), faster than {@link MontgomeryField#inverse}'s Fermat exponentiation (≈ 381 squarings +
 * 190 multiplications ≈ 55 µs on the CI box): {@link BigInteger#modInverse} (binary extended Euclid, ≈ 22 µs for a
 * 381-bit modulus), wrapped for Montgomery form:
 *
 * <pre>  x = a·R  →  BigInteger (a·R)⁻¹ = a⁻¹·R⁻¹  →  Montgomery mul by R³ mod p:  a⁻¹·R⁻¹·R³·R⁻¹ = a⁻¹·R</pre>
 *
 * For Fp2 (c0 + c1·u, u² = −1): (c0 − c1·u) / (c0² + c1²), one Fp inversion of the norm. Variable time — fine
 * here: MSM inputs of a prover are not secret-dependent in timing terms we protect (jzk makes no constant-time
 * claim anywhere). Input and output are Montgomery form, fully reduced; the inverse of zero is zero.
 */
final class CoordinateInverse {
    private static final MontgomeryField F = Fp.F;
    private static final int N = Fp.LIMBS;
    /** R³ mod p with R = 2^384, as plain limbs (Montgomery multiplication by it maps (aR)⁻¹ to a⁻¹R). */
    private static final long[] R3 = Limbs.fromBigInteger(BigInteger.ONE.shiftLeft(3 * 384).mod(Fp.P), N);

    private CoordinateInverse() {
    }

    /** r = a⁻¹ in {@code field} (Fp or Fp2 coordinates); {@code t} scratch of ≥ 2·6 longs from {@code to}. */
    static void inverse(CoordinateField field, long[] r, int ro, long[] a, int ao, long[] t, int to) {
        if (field instanceof FpCoordinates) {
            fpInverse(r, ro, a, ao);
        } else if (field instanceof Fp2Coordinates) {
            F.square(t, to, a, ao);
            F.square(t, to + N, a, ao + N);
            F.add(t, to, t, to, t, to + N); // norm = c0² + c1²
            fpInverse(t, to, t, to);
            F.mul(r, ro, a, ao, t, to);
            F.mul(t, to + N, a, ao + N, t, to);
            F.neg(r, ro + N, t, to + N);
        } else {
            field.inverse(r, ro, a, ao);
        }
    }

    private static void fpInverse(long[] r, int ro, long[] a, int ao) {
        BigInteger x = Limbs.toBigInteger(a, ao, N);
        if (x.signum() == 0) {
            java.util.Arrays.fill(r, ro, ro + N, 0L);
            return;
        }
        long[] inv = Limbs.fromBigInteger(x.modInverse(Fp.P), N);
        F.mul(r, ro, inv, 0, R3, 0);
    }
}
