package jzk.arith;

import java.math.BigInteger;
import java.util.Random;

/**
 * Arithmetic modulo an odd prime {@code m < 2^(64n-1)} in Montgomery form on {@code n} 64-bit limbs: the one
 * mechanism behind {@link Fp} (n = 6) and {@link Fr} (n = 4).
 *
 * <p>Invariants of every element handled here: limbs little-endian (limb 0 least significant), stored at
 * {@code arr[off .. off+n-1]}; the value is {@code x·R mod m} with {@code R = 2^(64n)} ("Montgomery form"), fully
 * reduced ({@code 0 ≤ x·R mod m < m}). Every method accepts outputs aliasing inputs. Methods that take canonical
 * (non-Montgomery) values say so in their names ({@code fromCanonical}, {@code toCanonical}).
 *
 * <p>Multiplication is CIOS, Koç, Acar, Kaliski, "Analyzing and Comparing Montgomery Multiplication Algorithms",
 * IEEE Micro 1996, §4 (Coarsely Integrated Operand Scanning). The top limb of both BLS12-381 moduli has spare
 * bits, so the running total never needs a word past {@code n + 1}.
 *
 * <p>For the two BLS12-381 moduli (Fp, 6 limbs; Fr, 4 limbs) mul, square (SOS), add, sub, neg and toCanonical (a
 * one-word Montgomery reduction) dispatch to the unrolled, allocation-free {@link MontgomeryUnrolled}, generated
 * from this same algorithm by {@code MontgomeryGenerator}
 * (test sources) and checked in CI to be current; the loops below serve any other modulus and are the reference
 * the generated code is tested against ({@code MontgomeryFieldSuite} runs both).
 */
public final class MontgomeryField {
    /** Limb count. */
    public final int n;
    /** The modulus. */
    public final BigInteger modulus;
    private final long[] p;
    /** {@code -m^{-1} mod 2^64}. */
    private final long inv;
    /** {@code R mod m}: one in Montgomery form. */
    private final long[] one;
    /** {@code R^2 mod m}: multiplying a canonical value by it (Montgomery product) enters Montgomery form. */
    private final long[] r2;
    /** {@code m - 2}: the exponent of Fermat inversion. */
    private final BigInteger mMinus2;
    private final int bits;
    /** Which generated implementation serves this modulus: {@link #GENERIC}, {@link #FP} or {@link #FR}. */
    private final int kind;
    static final int GENERIC = 0, FP = 1, FR = 2;

    public MontgomeryField(BigInteger modulus, int limbs) {
        if (!modulus.testBit(0) || modulus.bitLength() > 64 * limbs - 1) {
            throw new IllegalArgumentException("modulus must be odd and below 2^(64n-1)");
        }
        this.n = limbs;
        this.modulus = modulus;
        this.bits = modulus.bitLength();
        this.p = Limbs.fromBigInteger(modulus, limbs);
        BigInteger two64 = BigInteger.ONE.shiftLeft(64);
        this.inv = modulus.negate().modInverse(two64).longValue();
        BigInteger r = BigInteger.ONE.shiftLeft(64 * limbs);
        this.one = Limbs.fromBigInteger(r.mod(modulus), limbs);
        this.r2 = Limbs.fromBigInteger(r.multiply(r).mod(modulus), limbs);
        this.mMinus2 = modulus.subtract(BigInteger.TWO);
        this.kind = java.util.Arrays.equals(p, new long[] {MontgomeryUnrolled.FP_P0, MontgomeryUnrolled.FP_P1,
                MontgomeryUnrolled.FP_P2, MontgomeryUnrolled.FP_P3, MontgomeryUnrolled.FP_P4, MontgomeryUnrolled.FP_P5})
                ? FP
                : java.util.Arrays.equals(p, new long[] {MontgomeryUnrolled.FR_P0, MontgomeryUnrolled.FR_P1,
                        MontgomeryUnrolled.FR_P2, MontgomeryUnrolled.FR_P3}) ? FR : GENERIC;
    }

    /** The same field computed only with the generic loops (the reference for the generated code's tests). */
    MontgomeryField generic() {
        return new MontgomeryField(modulus, n, GENERIC);
    }

    private MontgomeryField(BigInteger modulus, int limbs, int kind) {
        this.n = limbs;
        this.modulus = modulus;
        this.bits = modulus.bitLength();
        this.p = Limbs.fromBigInteger(modulus, limbs);
        this.inv = modulus.negate().modInverse(BigInteger.ONE.shiftLeft(64)).longValue();
        BigInteger r = BigInteger.ONE.shiftLeft(64 * limbs);
        this.one = Limbs.fromBigInteger(r.mod(modulus), limbs);
        this.r2 = Limbs.fromBigInteger(r.multiply(r).mod(modulus), limbs);
        this.mMinus2 = modulus.subtract(BigInteger.TWO);
        this.kind = kind;
    }

    /** A new zeroed vector of {@code count} elements. */
    public long[] newVector(int count) {
        return new long[count * n];
    }

    // ---------------------------------------------------------------- multiplication

    /** {@code r = a·b·R^{-1} mod m} (Montgomery product; both in Montgomery form gives the product in Montgomery form). */
    public void mul(long[] r, int ro, long[] a, int ao, long[] b, int bo) {
        switch (kind) {
            case FP -> MontgomeryUnrolled.fpMul(r, ro, a, ao, b, bo);
            case FR -> MontgomeryUnrolled.frMul(r, ro, a, ao, b, bo);
            default -> mulGeneric(r, ro, a, ao, b, bo);
        }
    }

    private void mulGeneric(long[] r, int ro, long[] a, int ao, long[] b, int bo) {
        final int n = this.n;
        final long[] p = this.p;
        final long[] t = new long[n + 2];
        for (int i = 0; i < n; i++) {
            final long bi = b[bo + i];
            long c = 0;
            for (int j = 0; j < n; j++) {
                long aj = a[ao + j];
                long lo = aj * bi;
                long hi = Math.unsignedMultiplyHigh(aj, bi);
                lo += t[j];
                hi += Long.compareUnsigned(lo, t[j]) < 0 ? 1 : 0;
                lo += c;
                hi += Long.compareUnsigned(lo, c) < 0 ? 1 : 0;
                t[j] = lo;
                c = hi;
            }
            long s = t[n] + c;
            t[n + 1] = Long.compareUnsigned(s, c) < 0 ? 1 : 0;
            t[n] = s;

            final long mq = t[0] * inv;
            // (c, _) = t[0] + mq*p[0]: the low word is zero by the choice of mq
            long lo0 = mq * p[0];
            c = Math.unsignedMultiplyHigh(mq, p[0]) + (Long.compareUnsigned(lo0 + t[0], lo0) < 0 ? 1 : 0);
            for (int j = 1; j < n; j++) {
                long lo = mq * p[j];
                long hi = Math.unsignedMultiplyHigh(mq, p[j]);
                lo += t[j];
                hi += Long.compareUnsigned(lo, t[j]) < 0 ? 1 : 0;
                lo += c;
                hi += Long.compareUnsigned(lo, c) < 0 ? 1 : 0;
                t[j - 1] = lo;
                c = hi;
            }
            s = t[n] + c;
            t[n - 1] = s;
            t[n] = t[n + 1] + (Long.compareUnsigned(s, c) < 0 ? 1 : 0);
        }
        // t < 2m: one conditional subtraction
        if (t[n] != 0 || !Limbs.lessThan(t, 0, p, 0, n)) {
            Limbs.sub(r, ro, t, 0, p, 0, n);
        } else {
            System.arraycopy(t, 0, r, ro, n);
        }
    }

    public void square(long[] r, int ro, long[] a, int ao) {
        switch (kind) {
            case FP -> MontgomeryUnrolled.fpSquare(r, ro, a, ao);
            case FR -> MontgomeryUnrolled.frSquare(r, ro, a, ao);
            default -> mulGeneric(r, ro, a, ao, a, ao);
        }
    }

    // ---------------------------------------------------------------- addition

    public void add(long[] r, int ro, long[] a, int ao, long[] b, int bo) {
        switch (kind) {
            case FP -> MontgomeryUnrolled.fpAdd(r, ro, a, ao, b, bo);
            case FR -> MontgomeryUnrolled.frAdd(r, ro, a, ao, b, bo);
            default -> addGeneric(r, ro, a, ao, b, bo);
        }
    }

    private void addGeneric(long[] r, int ro, long[] a, int ao, long[] b, int bo) {
        long carry = Limbs.add(r, ro, a, ao, b, bo, n);
        // a + b < 2m < 2^(64n): carry is always 0 for these moduli, kept for clarity
        if (carry != 0 || !Limbs.lessThan(r, ro, p, 0, n)) {
            Limbs.sub(r, ro, r, ro, p, 0, n);
        }
    }

    public void sub(long[] r, int ro, long[] a, int ao, long[] b, int bo) {
        switch (kind) {
            case FP -> MontgomeryUnrolled.fpSub(r, ro, a, ao, b, bo);
            case FR -> MontgomeryUnrolled.frSub(r, ro, a, ao, b, bo);
            default -> subGeneric(r, ro, a, ao, b, bo);
        }
    }

    private void subGeneric(long[] r, int ro, long[] a, int ao, long[] b, int bo) {
        long borrow = Limbs.sub(r, ro, a, ao, b, bo, n);
        if (borrow != 0) {
            Limbs.add(r, ro, r, ro, p, 0, n);
        }
    }

    public void dbl(long[] r, int ro, long[] a, int ao) {
        add(r, ro, a, ao, a, ao);
    }

    public void neg(long[] r, int ro, long[] a, int ao) {
        switch (kind) {
            case FP -> MontgomeryUnrolled.fpNeg(r, ro, a, ao);
            case FR -> MontgomeryUnrolled.frNeg(r, ro, a, ao);
            default -> negGeneric(r, ro, a, ao);
        }
    }

    private void negGeneric(long[] r, int ro, long[] a, int ao) {
        if (isZero(a, ao)) {
            setZero(r, ro);
        } else {
            Limbs.sub(r, ro, p, 0, a, ao, n);
        }
    }

    // ---------------------------------------------------------------- constants and predicates

    public void setZero(long[] r, int ro) {
        java.util.Arrays.fill(r, ro, ro + n, 0L);
    }

    public void setOne(long[] r, int ro) {
        System.arraycopy(one, 0, r, ro, n);
    }

    public void copy(long[] r, int ro, long[] a, int ao) {
        System.arraycopy(a, ao, r, ro, n);
    }

    public boolean isZero(long[] a, int ao) {
        long acc = 0;
        for (int i = 0; i < n; i++) {
            acc |= a[ao + i];
        }
        return acc == 0;
    }

    public boolean isOne(long[] a, int ao) {
        return equal(a, ao, one, 0);
    }

    public boolean equal(long[] a, int ao, long[] b, int bo) {
        for (int i = 0; i < n; i++) {
            if (a[ao + i] != b[bo + i]) {
                return false;
            }
        }
        return true;
    }

    // ---------------------------------------------------------------- exponentiation and inversion

    /** {@code r = a^e} for a non-negative exponent, square-and-multiply from the top bit. */
    public void pow(long[] r, int ro, long[] a, int ao, BigInteger e) {
        long[] base = new long[n];
        copy(base, 0, a, ao);
        long[] acc = new long[n];
        setOne(acc, 0);
        for (int i = e.bitLength() - 1; i >= 0; i--) {
            square(acc, 0, acc, 0);
            if (e.testBit(i)) {
                mul(acc, 0, acc, 0, base, 0);
            }
        }
        copy(r, ro, acc, 0);
    }

    /** {@code r = a^{-1}} by Fermat ({@code a^(m-2)}); the inverse of zero is defined as zero. */
    public void inverse(long[] r, int ro, long[] a, int ao) {
        pow(r, ro, a, ao, mMinus2);
    }

    /**
     * Inverts {@code count} elements of {@code v} (starting at {@code off}) in place with one inversion
     * (Montgomery's trick, "Speeding the Pollard and elliptic curve methods of factorization", 1987, §10.3.1).
     * Zeros stay zero.
     */
    public void batchInverse(long[] v, int off, int count) {
        long[] prefix = new long[(count + 1) * n];
        setOne(prefix, 0);
        for (int i = 0; i < count; i++) {
            int vi = off + i * n;
            if (isZero(v, vi)) {
                copy(prefix, (i + 1) * n, prefix, i * n);
            } else {
                mul(prefix, (i + 1) * n, prefix, i * n, v, vi);
            }
        }
        long[] acc = new long[n];
        inverse(acc, 0, prefix, count * n);
        long[] tmp = new long[n];
        for (int i = count - 1; i >= 0; i--) {
            int vi = off + i * n;
            if (isZero(v, vi)) {
                continue;
            }
            mul(tmp, 0, acc, 0, prefix, i * n); // = v_i^{-1}
            mul(acc, 0, acc, 0, v, vi);
            copy(v, vi, tmp, 0);
        }
    }

    /** Legendre symbol: 1 for a non-zero square, -1 for a non-square, 0 for zero (Euler's criterion). */
    public int legendre(long[] a, int ao) {
        if (isZero(a, ao)) {
            return 0;
        }
        long[] t = new long[n];
        pow(t, 0, a, ao, modulus.subtract(BigInteger.ONE).shiftRight(1));
        return isOne(t, 0) ? 1 : -1;
    }

    // ---------------------------------------------------------------- conversions

    /** Montgomery form of a canonical value {@code c < m} (limbs little-endian): {@code r = c·R mod m}. */
    public void fromCanonical(long[] r, int ro, long[] c, int co) {
        mul(r, ro, c, co, r2, 0);
    }

    /** Canonical value of a Montgomery-form element: {@code r = a·R^{-1} mod m}. */
    public void toCanonical(long[] r, int ro, long[] a, int ao) {
        // a dedicated reduction for Fp/Fr: half the work of mul(a, 1), and it keeps mul's branch profile clean
        switch (kind) {
            case FP -> {
                MontgomeryUnrolled.fpFromMontgomery(r, ro, a, ao);
                return;
            }
            case FR -> {
                MontgomeryUnrolled.frFromMontgomery(r, ro, a, ao);
                return;
            }
            default -> {
            }
        }
        long[] oneCanon = new long[n];
        oneCanon[0] = 1;
        mul(r, ro, a, ao, oneCanon, 0);
    }

    /** Converts {@code count} elements in place between Montgomery and canonical form. */
    /**
     * In place, Montgomery → canonical for {@code count} consecutive elements. Vectors of at least
     * {@link #PARALLEL_FROM} elements are converted in chunks on the common fork-join pool (or the pool of the
     * calling task): a prover converts millions of scalars per proof, ≈ 50 ms on one core at 2^21.
     */
    public void toCanonicalVector(long[] v, int off, int count) {
        if (count < PARALLEL_FROM) {
            toCanonicalRange(v, off, count);
            return;
        }
        int chunks = (count + PARALLEL_FROM - 1) / PARALLEL_FROM;
        java.util.stream.IntStream.range(0, chunks).parallel().forEach(ch -> toCanonicalRange(v,
                off + ch * PARALLEL_FROM * n, Math.min(PARALLEL_FROM, count - ch * PARALLEL_FROM)));
    }

    /** Elements per chunk, and the smallest vector {@link #toCanonicalVector} splits. */
    static final int PARALLEL_FROM = 1 << 14;

    private void toCanonicalRange(long[] v, int off, int count) {
        for (int i = 0; i < count; i++) {
            toCanonical(v, off + i * n, v, off + i * n);
        }
    }

    public void fromCanonicalVector(long[] v, int off, int count) {
        for (int i = 0; i < count; i++) {
            fromCanonical(v, off + i * n, v, off + i * n);
        }
    }

    /** Montgomery form of {@code x mod m} (any integer, negative allowed). */
    public void fromBigInteger(long[] r, int ro, BigInteger x) {
        long[] c = Limbs.fromBigInteger(x.mod(modulus), n);
        fromCanonical(r, ro, c, 0);
    }

    public long[] fromBigInteger(BigInteger x) {
        long[] r = new long[n];
        fromBigInteger(r, 0, x);
        return r;
    }

    public long[] fromLong(long x) {
        return fromBigInteger(BigInteger.valueOf(x));
    }

    /** The canonical integer in [0, m) that a Montgomery-form element represents. */
    public BigInteger toBigInteger(long[] a, int ao) {
        long[] c = new long[n];
        toCanonical(c, 0, a, ao);
        return Limbs.toBigInteger(c, 0, n);
    }

    /** Byte length of a canonical big-endian encoding: {@code ceil(bits/8)} (48 for Fp, 32 for Fr). */
    public int byteLength() {
        return (bits + 7) / 8;
    }

    /** Canonical big-endian bytes ({@link #byteLength()} of them) written at {@code out[oo..]}. */
    public void toBytesBE(byte[] out, int oo, long[] a, int ao) {
        long[] c = new long[n];
        toCanonical(c, 0, a, ao);
        int len = byteLength();
        for (int i = 0; i < len; i++) {
            out[oo + len - 1 - i] = (byte) (c[i >>> 3] >>> (8 * (i & 7)));
        }
    }

    /** Canonical little-endian bytes ({@link #byteLength()} of them). */
    public void toBytesLE(byte[] out, int oo, long[] a, int ao) {
        long[] c = new long[n];
        toCanonical(c, 0, a, ao);
        int len = byteLength();
        for (int i = 0; i < len; i++) {
            out[oo + i] = (byte) (c[i >>> 3] >>> (8 * (i & 7)));
        }
    }

    /**
     * Reads a canonical big-endian value; returns false (and leaves {@code r} unspecified) when the value is
     * {@code ≥ m}, which a canonical decoder must reject.
     */
    public boolean fromBytesBE(long[] r, int ro, byte[] in, int io) {
        int len = byteLength();
        long[] c = new long[n];
        for (int i = 0; i < len; i++) {
            c[i >>> 3] |= (in[io + len - 1 - i] & 0xFFL) << (8 * (i & 7));
        }
        return acceptCanonical(r, ro, c);
    }

    /** Little-endian counterpart of {@link #fromBytesBE}. */
    public boolean fromBytesLE(long[] r, int ro, byte[] in, int io) {
        int len = byteLength();
        long[] c = new long[n];
        for (int i = 0; i < len; i++) {
            c[i >>> 3] |= (in[io + i] & 0xFFL) << (8 * (i & 7));
        }
        return acceptCanonical(r, ro, c);
    }

    private boolean acceptCanonical(long[] r, int ro, long[] c) {
        if (!Limbs.lessThan(c, 0, p, 0, n)) {
            return false;
        }
        fromCanonical(r, ro, c, 0);
        return true;
    }

    /** A uniformly random element in Montgomery form. */
    public void random(long[] r, int ro, Random rnd) {
        BigInteger x;
        do {
            x = new BigInteger(bits, rnd);
        } while (x.compareTo(modulus) >= 0);
        fromBigInteger(r, ro, x);
    }

    /** The modulus limbs (a copy). */
    public long[] modulusLimbs() {
        return p.clone();
    }
}
