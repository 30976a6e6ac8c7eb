package jzk.arith;

/**
 * The field a short-Weierstrass curve's coordinates live in, as seen by {@link Curve}: {@link FpCoordinates}
 * for G1 (Fp, 6 limbs) and {@link Fp2Coordinates} for G2 (Fp2, 12 limbs: c0 then c1).
 *
 * <p>Invariants: an element is {@link #limbs()} consecutive 64-bit limbs at {@code arr[off..]}, each Fp
 * component little-endian, Montgomery form, fully reduced (the data layout of docs/ARCHITECTURE.md). Every
 * method accepts outputs aliasing inputs.
 *
 * <p>Why an interface: the curve formulas are the same maths over both fields, so {@link Curve} is written once.
 * Exactly two implementations exist, so HotSpot's bimorphic inlining keeps the calls direct in the hot loops;
 * device kernels do not use this class (they call Fp/Fp2 statics directly).
 */
public interface CoordinateField {
    /** Limbs of one element (6 or 12). */
    int limbs();

    void mul(long[] r, int ro, long[] a, int ao, long[] b, int bo);

    void square(long[] r, int ro, long[] a, int ao);

    /** Longs of scratch the {@code t}-taking variants below need (0 for Fp, {@link Fp2#SCRATCH} for Fp2). */
    int scratchLongs();

    /** {@link #mul} using {@code t[to .. to+scratchLongs())} as scratch instead of allocating. */
    void mul(long[] r, int ro, long[] a, int ao, long[] b, int bo, long[] t, int to);

    /** {@link #square} using {@code t[to .. to+scratchLongs())} as scratch instead of allocating. */
    void square(long[] r, int ro, long[] a, int ao, long[] t, int to);

    void add(long[] r, int ro, long[] a, int ao, long[] b, int bo);

    void sub(long[] r, int ro, long[] a, int ao, long[] b, int bo);

    void dbl(long[] r, int ro, long[] a, int ao);

    void neg(long[] r, int ro, long[] a, int ao);

    /** {@code r = a^{-1}}; the inverse of zero is zero. */
    void inverse(long[] r, int ro, long[] a, int ao);

    /** Writes a square root of {@code a} and returns true, or returns false when a is not a square. */
    boolean sqrt(long[] r, int ro, long[] a, int ao);

    /**
     * The Zcash/IETF "sign" of an element: for Fp, canonical value > (p−1)/2; for Fp2, that of c1 when c1 ≠ 0,
     * else that of c0 (zkcrypto bls12_381 {@code Fp2::lexicographically_largest}).
     */
    boolean isLexicographicallyLargest(long[] a, int ao);

    default void copy(long[] r, int ro, long[] a, int ao) {
        System.arraycopy(a, ao, r, ro, limbs());
    }

    default void setZero(long[] r, int ro) {
        java.util.Arrays.fill(r, ro, ro + limbs(), 0L);
    }

    void setOne(long[] r, int ro);

    default boolean isZero(long[] a, int ao) {
        long acc = 0;
        for (int i = 0, n = limbs(); i < n; i++) {
            acc |= a[ao + i];
        }
        return acc == 0;
    }

    default boolean equal(long[] a, int ao, long[] b, int bo) {
        return ArrayRanges.equal(a, ao, b, bo, limbs());
    }

    /** Number of canonical big-endian bytes of one element (48 or 96). */
    default int byteLength() {
        return limbs() / Fp.LIMBS * Fp.BYTES;
    }

    /**
     * Canonical big-endian encoding in the Zcash/IETF order: Fp as 48 bytes; Fp2 as c1 then c0 (zkcrypto
     * bls12_381 {@code G2Affine::to_compressed}, IETF draft-irtf-cfrg-pairing-friendly-curves Appendix C).
     */
    void toBytesBE(byte[] out, int oo, long[] a, int ao);

    /** Inverse of {@link #toBytesBE}; returns false when a component is ≥ p (non-canonical). */
    boolean fromBytesBE(long[] r, int ro, byte[] in, int io);
}
