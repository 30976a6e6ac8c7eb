package jzk.arith;

import java.math.BigInteger;

/**
 * Unsigned multi-precision helpers on little-endian 64-bit limbs ({@code arr[off]} least significant).
 * Nothing here knows a modulus; results wrap modulo {@code 2^(64n)} and the carry or borrow is returned.
 */
public final class Limbs {
    private Limbs() {
    }

    /** {@code r = a + b}; returns the carry out (0 or 1). */
    public static long add(long[] r, int ro, long[] a, int ao, long[] b, int bo, int n) {
        long carry = 0;
        for (int i = 0; i < n; i++) {
            long x = a[ao + i];
            long s = x + b[bo + i];
            long c1 = Long.compareUnsigned(s, x) < 0 ? 1 : 0;
            long s2 = s + carry;
            long c2 = Long.compareUnsigned(s2, s) < 0 ? 1 : 0;
            r[ro + i] = s2;
            carry = c1 | c2;
        }
        return carry;
    }

    /** {@code r = a - b}; returns the borrow out (0 or 1). */
    public static long sub(long[] r, int ro, long[] a, int ao, long[] b, int bo, int n) {
        long borrow = 0;
        for (int i = 0; i < n; i++) {
            long x = a[ao + i];
            long y = b[bo + i];
            long d = x - y;
            long b1 = Long.compareUnsigned(x, y) < 0 ? 1 : 0;
            long d2 = d - borrow;
            long b2 = Long.compareUnsigned(d, borrow) < 0 ? 1 : 0;
            r[ro + i] = d2;
            borrow = b1 | b2;
        }
        return borrow;
    }

    /** {@code a < b} as unsigned n-limb integers. */
    public static boolean lessThan(long[] a, int ao, long[] b, int bo, int n) {
        for (int i = n - 1; i >= 0; i--) {
            long x = a[ao + i];
            long y = b[bo + i];
            if (x != y) {
                return Long.compareUnsigned(x, y) < 0;
            }
        }
        return false;
    }

    /** Limbs of {@code 0 ≤ x < 2^(64n)}. */
    public static long[] fromBigInteger(BigInteger x, int n) {
        if (x.signum() < 0 || x.bitLength() > 64 * n) {
            throw new IllegalArgumentException("value does not fit in " + n + " limbs: " + x);
        }
        long[] r = new long[n];
        for (int i = 0; i < n; i++) {
            r[i] = x.shiftRight(64 * i).longValue();
        }
        return r;
    }

    public static BigInteger toBigInteger(long[] a, int ao, int n) {
        BigInteger x = BigInteger.ZERO;
        for (int i = n - 1; i >= 0; i--) {
            x = x.shiftLeft(64).or(new BigInteger(Long.toUnsignedString(a[ao + i])));
        }
        return x;
    }

    /** Bit {@code i} of the n-limb integer at {@code a[ao..]}. */
    public static int bit(long[] a, int ao, int i) {
        return (int) (a[ao + (i >>> 6)] >>> (i & 63)) & 1;
    }
}
