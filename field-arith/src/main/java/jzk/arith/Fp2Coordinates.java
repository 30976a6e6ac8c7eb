package jzk.arith;

import java.math.BigInteger;

/**
 * {@link CoordinateField} view of Fp2 = Fp[u]/(u² + 1), the coordinate field of G2: an element is c0 then c1
 * (12 limbs), each an {@link Fp} element (6 limbs little-endian, Montgomery form, fully reduced), value
 * c0 + c1·u.
 */
public final class Fp2Coordinates implements CoordinateField {
    public static final Fp2Coordinates INSTANCE = new Fp2Coordinates();
    private static final MontgomeryField F = Fp.F;
    private static final int N = Fp.LIMBS;
    /** {@code (p − 3)/4} and {@code (p − 1)/2}: exponents of the p ≡ 3 (mod 4) square root below. */
    private static final BigInteger P_MINUS_3_OVER_4 = Fp.P.subtract(BigInteger.valueOf(3)).shiftRight(2);
    private static final BigInteger P_MINUS_1_OVER_2 = Fp.P.subtract(BigInteger.ONE).shiftRight(1);

    private Fp2Coordinates() {
    }

    @Override
    public int limbs() {
        return 2 * N;
    }

    /** Karatsuba: (a0b0 − a1b1) + ((a0 + a1)(b0 + b1) − a0b0 − a1b1)·u; 3 Fp multiplications. */
    @Override
    public void mul(long[] r, int ro, long[] a, int ao, long[] b, int bo) {
        long[] t = new long[4 * N];
        F.mul(t, 0, a, ao, b, bo);
        F.mul(t, N, a, ao + N, b, bo + N);
        F.add(t, 2 * N, a, ao, a, ao + N);
        F.add(t, 3 * N, b, bo, b, bo + N);
        F.mul(t, 2 * N, t, 2 * N, t, 3 * N);
        F.sub(t, 2 * N, t, 2 * N, t, 0);
        F.sub(r, ro + N, t, 2 * N, t, N);
        F.sub(r, ro, t, 0, t, N);
    }

    /** Complex squaring: (a0 + a1)(a0 − a1) + 2·a0·a1·u; 2 Fp multiplications. */
    @Override
    public void square(long[] r, int ro, long[] a, int ao) {
        long[] t = new long[3 * N];
        F.add(t, 0, a, ao, a, ao + N);
        F.sub(t, N, a, ao, a, ao + N);
        F.mul(t, 2 * N, a, ao, a, ao + N);
        F.mul(r, ro, t, 0, t, N);
        F.dbl(r, ro + N, t, 2 * N);
    }

    @Override
    public void add(long[] r, int ro, long[] a, int ao, long[] b, int bo) {
        F.add(r, ro, a, ao, b, bo);
        F.add(r, ro + N, a, ao + N, b, bo + N);
    }

    @Override
    public void sub(long[] r, int ro, long[] a, int ao, long[] b, int bo) {
        F.sub(r, ro, a, ao, b, bo);
        F.sub(r, ro + N, a, ao + N, b, bo + N);
    }

    @Override
    public void dbl(long[] r, int ro, long[] a, int ao) {
        F.dbl(r, ro, a, ao);
        F.dbl(r, ro + N, a, ao + N);
    }

    @Override
    public void neg(long[] r, int ro, long[] a, int ao) {
        F.neg(r, ro, a, ao);
        F.neg(r, ro + N, a, ao + N);
    }

    /** {@code (c0 − c1·u)/(c0² + c1²)}; zero maps to zero. */
    @Override
    public void inverse(long[] r, int ro, long[] a, int ao) {
        long[] t = new long[2 * N];
        F.square(t, 0, a, ao);
        F.square(t, N, a, ao + N);
        F.add(t, 0, t, 0, t, N);
        F.inverse(t, 0, t, 0);
        F.mul(r, ro, a, ao, t, 0);
        F.mul(t, N, a, ao + N, t, 0);
        F.neg(r, ro + N, t, N);
    }

    /** {@code r = a^e}, square-and-multiply from the top bit. */
    public void pow(long[] r, int ro, long[] a, int ao, BigInteger e) {
        long[] base = new long[2 * N];
        copy(base, 0, a, ao);
        long[] acc = new long[2 * N];
        setOne(acc, 0);
        for (int i = e.bitLength() - 1; i >= 0; i--) {
            square(acc, 0, acc, 0);
            if (e.testBit(i)) {
                mul(acc, 0, acc, 0, base, 0);
            }
        }
        copy(r, ro, acc, 0);
    }

    /**
     * Square root for p ≡ 3 (mod 4): Adj, Rodríguez-Henríquez, "Square root computation over even extension
     * fields", IEEE Trans. Computers 2014, Algorithm 9. The candidate is verified by squaring, so a non-square
     * returns false.
     */
    @Override
    public boolean sqrt(long[] r, int ro, long[] a, int ao) {
        if (isZero(a, ao)) {
            setZero(r, ro);
            return true;
        }
        long[] a1 = new long[2 * N];
        long[] alpha = new long[2 * N];
        long[] x0 = new long[2 * N];
        pow(a1, 0, a, ao, P_MINUS_3_OVER_4);
        square(alpha, 0, a1, 0);
        mul(alpha, 0, alpha, 0, a, ao); // α = a1²·a
        mul(x0, 0, a1, 0, a, ao); // x0 = a1·a
        long[] minusOne = new long[2 * N];
        setOne(minusOne, 0);
        neg(minusOne, 0, minusOne, 0);
        long[] x = new long[2 * N];
        if (equal(alpha, 0, minusOne, 0)) {
            // x = u·x0 = −x0.c1 + x0.c0·u
            F.neg(x, 0, x0, N);
            F.copy(x, N, x0, 0);
        } else {
            long[] bb = new long[2 * N];
            setOne(bb, 0);
            add(bb, 0, bb, 0, alpha, 0);
            pow(bb, 0, bb, 0, P_MINUS_1_OVER_2);
            mul(x, 0, bb, 0, x0, 0);
        }
        long[] check = new long[2 * N];
        square(check, 0, x, 0);
        if (!equal(check, 0, a, ao)) {
            return false;
        }
        copy(r, ro, x, 0);
        return true;
    }

    @Override
    public boolean isLexicographicallyLargest(long[] a, int ao) {
        if (!F.isZero(a, ao + N)) {
            return Fp.isLexicographicallyLargest(a, ao + N);
        }
        return Fp.isLexicographicallyLargest(a, ao);
    }

    @Override
    public void setOne(long[] r, int ro) {
        F.setOne(r, ro);
        F.setZero(r, ro + N);
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
        long[] r = new long[2 * N];
        F.fromBigInteger(r, 0, c0);
        F.fromBigInteger(r, N, c1);
        return r;
    }
}
