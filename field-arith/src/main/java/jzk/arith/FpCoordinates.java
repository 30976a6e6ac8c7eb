package jzk.arith;

/**
 * {@link CoordinateField} view of {@link Fp} (6 limbs, Montgomery, fully reduced): the coordinate field of G1.
 * Every method delegates to {@link Fp#F}.
 */
public final class FpCoordinates implements CoordinateField {
    public static final FpCoordinates INSTANCE = new FpCoordinates();
    private static final MontgomeryField F = Fp.F;

    private FpCoordinates() {
    }

    @Override
    public int limbs() {
        return Fp.LIMBS;
    }

    @Override
    public void mul(long[] r, int ro, long[] a, int ao, long[] b, int bo) {
        F.mul(r, ro, a, ao, b, bo);
    }

    @Override
    public void square(long[] r, int ro, long[] a, int ao) {
        F.square(r, ro, a, ao);
    }

    /** Fp multiplication allocates nothing, so no scratch is needed. */
    @Override
    public int scratchLongs() {
        return 0;
    }

    @Override
    public void mul(long[] r, int ro, long[] a, int ao, long[] b, int bo, long[] t, int to) {
        F.mul(r, ro, a, ao, b, bo);
    }

    @Override
    public void square(long[] r, int ro, long[] a, int ao, long[] t, int to) {
        F.square(r, ro, a, ao);
    }

    @Override
    public void add(long[] r, int ro, long[] a, int ao, long[] b, int bo) {
        F.add(r, ro, a, ao, b, bo);
    }

    @Override
    public void sub(long[] r, int ro, long[] a, int ao, long[] b, int bo) {
        F.sub(r, ro, a, ao, b, bo);
    }

    @Override
    public void dbl(long[] r, int ro, long[] a, int ao) {
        F.dbl(r, ro, a, ao);
    }

    @Override
    public void neg(long[] r, int ro, long[] a, int ao) {
        F.neg(r, ro, a, ao);
    }

    @Override
    public void inverse(long[] r, int ro, long[] a, int ao) {
        F.inverse(r, ro, a, ao);
    }

    @Override
    public boolean sqrt(long[] r, int ro, long[] a, int ao) {
        return Fp.sqrt(r, ro, a, ao);
    }

    @Override
    public boolean isLexicographicallyLargest(long[] a, int ao) {
        return Fp.isLexicographicallyLargest(a, ao);
    }

    @Override
    public void setOne(long[] r, int ro) {
        F.setOne(r, ro);
    }

    @Override
    public void toBytesBE(byte[] out, int oo, long[] a, int ao) {
        F.toBytesBE(out, oo, a, ao);
    }

    @Override
    public boolean fromBytesBE(long[] r, int ro, byte[] in, int io) {
        return F.fromBytesBE(r, ro, in, io);
    }
}
