package jzk.arith;

import java.math.BigInteger;

/**
 * {@link CoordinateField} view of {@link Fp2} = Fp[u]/(u² + 1), the coordinate field of G2: an element is c0 then
 * c1 (12 limbs), each an {@link Fp} element (6 limbs little-endian, Montgomery form, fully reduced), value
 * c0 + c1·u. The arithmetic is {@link Fp2}'s; this class only adapts it and adds the Zcash/IETF byte order.
 */
public final class Fp2Coordinates implements CoordinateField {
    public static final Fp2Coordinates INSTANCE = new Fp2Coordinates();
    private static final MontgomeryField F = Fp.F;
    private static final int N = Fp.LIMBS;

    private Fp2Coordinates() {
    }

    @Override
    public int limbs() {
        return Fp2.LONGS;
    }

    @Override
    public void mul(long[] r, int ro, long[] a, int ao, long[] b, int bo) {
        Fp2.mul(r, ro, a, ao, b, bo);
    }

    @Override
    public void square(long[] r, int ro, long[] a, int ao) {
        Fp2.square(r, ro, a, ao);
    }

    @Override
    public int scratchLongs() {
        return Fp2.SCRATCH;
    }

    @Override
    public void mul(long[] r, int ro, long[] a, int ao, long[] b, int bo, long[] t, int to) {
        Fp2.mul(r, ro, a, ao, b, bo, t, to);
    }

    @Override
    public void square(long[] r, int ro, long[] a, int ao, long[] t, int to) {
        Fp2.square(r, ro, a, ao, t, to);
    }

    @Override
    public void add(long[] r, int ro, long[] a, int ao, long[] b, int bo) {
        Fp2.add(r, ro, a, ao, b, bo);
    }

    @Override
    public void sub(long[] r, int ro, long[] a, int ao, long[] b, int bo) {
        Fp2.sub(r, ro, a, ao, b, bo);
    }

    @Override
    public void dbl(long[] r, int ro, long[] a, int ao) {
        Fp2.dbl(r, ro, a, ao);
    }

    @Override
    public void neg(long[] r, int ro, long[] a, int ao) {
        Fp2.neg(r, ro, a, ao);
    }

    @Override
    public void inverse(long[] r, int ro, long[] a, int ao) {
        Fp2.inverse(r, ro, a, ao);
    }

    @Override
    public boolean sqrt(long[] r, int ro, long[] a, int ao) {
        return Fp2.sqrt(r, ro, a, ao);
    }

    @Override
    public boolean isLexicographicallyLargest(long[] a, int ao) {
        return Fp2.isLexicographicallyLargest(a, ao);
    }

    @Override
    public void setOne(long[] r, int ro) {
        Fp2.setOne(r, ro);
    }

    /** c1 first, then c0 (the Zcash/IETF order), 48 bytes each. */
    @Override
    public void toBytesBE(byte[] out, int oo, long[] a, int ao) {
        F.toBytesBE(out, oo, a, ao + N);
        F.toBytesBE(out, oo + Fp.BYTES, a, ao);
    }

    @Override
    public boolean fromBytesBE(long[] r, int ro, byte[] in, int io) {
        long[] t = new long[2 * N];
        if (!F.fromBytesBE(t, N, in, io) || !F.fromBytesBE(t, 0, in, io + Fp.BYTES)) {
            return false;
        }
        copy(r, ro, t, 0);
        return true;
    }

    /** An element from two canonical integers {@code c0 + c1·u}. */
    public long[] fromBigIntegers(BigInteger c0, BigInteger c1) {
        return Fp2.fromBigIntegers(c0, c1);
    }
}
