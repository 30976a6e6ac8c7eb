package jzk.arith;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** Property tests of one {@link MontgomeryField} against a {@link BigInteger} oracle; subclassed per field. */
abstract class MontgomeryFieldSuite {
    private static final int ROUNDS = 400;

    abstract MontgomeryField field();

    private BigInteger m() {
        return field().modulus;
    }

    /** Random values plus the edges 0, 1, 2, m−1, m−2, (m−1)/2, 2^64−1. */
    private List<BigInteger> samples(long seed) {
        Random rnd = new Random(seed);
        List<BigInteger> v = new ArrayList<>(List.of(BigInteger.ZERO, BigInteger.ONE, BigInteger.TWO,
                m().subtract(BigInteger.ONE), m().subtract(BigInteger.TWO), m().shiftRight(1),
                BigInteger.ONE.shiftLeft(64).subtract(BigInteger.ONE)));
        for (int i = 0; i < ROUNDS; i++) {
            v.add(new BigInteger(m().bitLength() + 8, rnd).mod(m()));
        }
        return v;
    }

    @Test
    void binaryOperationsMatchBigInteger() {
        MontgomeryField f = field();
        List<BigInteger> xs = samples(1);
        List<BigInteger> ys = samples(2);
        long[] a = new long[f.n];
        long[] b = new long[f.n];
        long[] r = new long[f.n];
        for (int i = 0; i < xs.size(); i++) {
            BigInteger x = xs.get(i);
            BigInteger y = ys.get((i * 7) % ys.size());
            f.fromBigInteger(a, 0, x);
            f.fromBigInteger(b, 0, y);
            f.mul(r, 0, a, 0, b, 0);
            assertEquals(x.multiply(y).mod(m()), f.toBigInteger(r, 0), "mul");
            f.add(r, 0, a, 0, b, 0);
            assertEquals(x.add(y).mod(m()), f.toBigInteger(r, 0), "add");
            f.sub(r, 0, a, 0, b, 0);
            assertEquals(x.subtract(y).mod(m()), f.toBigInteger(r, 0), "sub");
            f.square(r, 0, a, 0);
            assertEquals(x.multiply(x).mod(m()), f.toBigInteger(r, 0), "square");
            f.neg(r, 0, a, 0);
            assertEquals(x.negate().mod(m()), f.toBigInteger(r, 0), "neg");
            f.dbl(r, 0, a, 0);
            assertEquals(x.shiftLeft(1).mod(m()), f.toBigInteger(r, 0), "dbl");
        }
    }

    @Test
    void operationsMayAliasTheirOutput() {
        MontgomeryField f = field();
        BigInteger x = m().subtract(BigInteger.valueOf(12345));
        long[] a = f.fromBigInteger(x);
        f.mul(a, 0, a, 0, a, 0);
        assertEquals(x.multiply(x).mod(m()), f.toBigInteger(a, 0));
        f.add(a, 0, a, 0, a, 0);
        assertEquals(x.multiply(x).shiftLeft(1).mod(m()), f.toBigInteger(a, 0));
    }

    @Test
    void inversionPowAndBatchInverse() {
        MontgomeryField f = field();
        List<BigInteger> xs = samples(3).subList(0, 60);
        long[] v = new long[xs.size() * f.n];
        for (int i = 0; i < xs.size(); i++) {
            f.fromBigInteger(v, i * f.n, xs.get(i));
        }
        long[] single = new long[f.n];
        f.batchInverse(v, 0, xs.size());
        for (int i = 0; i < xs.size(); i++) {
            BigInteger x = xs.get(i);
            BigInteger expect = x.signum() == 0 ? BigInteger.ZERO : x.modInverse(m());
            assertEquals(expect, f.toBigInteger(v, i * f.n), "batch inverse of " + x);
            f.inverse(single, 0, f.fromBigInteger(x), 0);
            assertEquals(expect, f.toBigInteger(single, 0), "inverse of " + x);
        }
        BigInteger e = new BigInteger("123456789abcdef0123456789", 16);
        f.pow(single, 0, f.fromLong(3), 0, e);
        assertEquals(BigInteger.valueOf(3).modPow(e, m()), f.toBigInteger(single, 0));
    }

    @Test
    void legendreMatchesEulerCriterion() {
        MontgomeryField f = field();
        for (BigInteger x : samples(4).subList(0, 40)) {
            int expect = x.signum() == 0 ? 0
                    : x.modPow(m().subtract(BigInteger.ONE).shiftRight(1), m()).equals(BigInteger.ONE) ? 1 : -1;
            assertEquals(expect, f.legendre(f.fromBigInteger(x), 0), "legendre of " + x);
        }
    }

    @Test
    void bytesRoundTripAndRejectNonCanonical() {
        MontgomeryField f = field();
        int len = f.byteLength();
        for (BigInteger x : samples(5).subList(0, 50)) {
            long[] a = f.fromBigInteger(x);
            byte[] be = new byte[len];
            f.toBytesBE(be, 0, a, 0);
            byte[] expect = new byte[len];
            byte[] raw = x.toByteArray();
            int copy = Math.min(raw.length, len);
            System.arraycopy(raw, raw.length - copy, expect, len - copy, copy);
            assertArrayEquals(expect, be, "big-endian bytes of " + x);
            long[] back = new long[f.n];
            assertTrue(f.fromBytesBE(back, 0, be, 0));
            assertArrayEquals(a, back);
            byte[] le = new byte[len];
            f.toBytesLE(le, 0, a, 0);
            for (int i = 0; i < len; i++) {
                assertEquals(be[len - 1 - i], le[i]);
            }
            assertTrue(f.fromBytesLE(back, 0, le, 0));
            assertArrayEquals(a, back);
        }
        for (BigInteger bad : List.of(m(), m().add(BigInteger.ONE), BigInteger.ONE.shiftLeft(8 * len).subtract(BigInteger.ONE))) {
            byte[] be = new byte[len];
            byte[] raw = bad.toByteArray();
            int copy = Math.min(raw.length, len);
            System.arraycopy(raw, raw.length - copy, be, len - copy, copy);
            assertFalse(f.fromBytesBE(new long[f.n], 0, be, 0), "value ≥ modulus must be rejected: " + bad);
        }
    }

    @Test
    void canonicalConversionsAreInverse() {
        MontgomeryField f = field();
        long[] v = new long[3 * f.n];
        for (int i = 0; i < 3; i++) {
            f.fromBigInteger(v, i * f.n, BigInteger.valueOf(1000 + i));
        }
        long[] copy = v.clone();
        f.toCanonicalVector(v, 0, 3);
        for (int i = 0; i < 3; i++) {
            assertEquals(1000 + i, v[i * f.n]);
        }
        f.fromCanonicalVector(v, 0, 3);
        assertArrayEquals(copy, v);
        assertTrue(f.isOne(f.fromLong(1), 0));
        assertTrue(f.isZero(f.fromBigInteger(m()), 0));
    }

    /** Vectors past the parallel threshold, at an offset, with a partial last chunk: same as element by element. */
    @Test
    void longVectorsConvertChunkByChunkLikeSingleElements() {
        MontgomeryField f = field();
        int count = 2 * MontgomeryField.PARALLEL_FROM + 5;
        int off = 3 * f.n;
        long[] v = new long[off + count * f.n + f.n];
        java.util.Random rnd = new java.util.Random(7);
        for (int i = 0; i < count; i++) {
            f.fromBigInteger(v, off + i * f.n, new BigInteger(m().bitLength() + 8, rnd));
        }
        v[0] = 42;
        v[v.length - 1] = 43;
        long[] expect = v.clone();
        for (int i = 0; i < count; i++) {
            f.toCanonical(expect, off + i * f.n, expect, off + i * f.n);
        }
        f.toCanonicalVector(v, off, count);
        assertArrayEquals(expect, v, "untouched outside [off, off + count) and equal inside");
    }
}
