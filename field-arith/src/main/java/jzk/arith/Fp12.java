package jzk.arith;

import java.math.BigInteger;

/**
 * The quadratic extension {@code Fp12 = Fp6[w]/(w² − v)} (BLS12-381 tower "fp12_2over3over2"), the target group's
 * field. {@code w⁶ = v³ = ξ = u + 1}.
 *
 * <p>Invariants: an element {@code c0 + c1·w} occupies 72 longs: {@code c0} then {@code c1}, each an {@link Fp6}
 * (36 longs), so the 12 Fp coordinates come in the order c0.c0.c0, c0.c0.c1, c0.c1.c0, …, c1.c2.c1; every Fp limb
 * vector little-endian, Montgomery form, fully reduced. Outputs may alias inputs. Methods with trailing
 * {@code long[] t, int to} use {@code t[to .. to+SCRATCH-1]} as scratch and allocate nothing.
 */
public final class Fp12 {
    private Fp12() {
    }

    public static final int LONGS = 72;
    /** Three Fp6 temporaries, Fp6's own scratch, one Fp2 temporary of {@link #mulBy014}. */
    public static final int SCRATCH = 3 * Fp6.LONGS + Fp6.SCRATCH + Fp2.LONGS;

    private static final int H = Fp6.LONGS;
    private static final int E = Fp2.LONGS;

    /**
     * Frobenius coefficients of {@code w}: {@code w^(p^k) = δ[k]·w} with {@code δ[k] = ξ^((p^k − 1)/6)} (because
     * {@code w⁶ = ξ}; p^k ≡ 1 mod 6), k = 0..11, computed at class initialisation from {@link BigInteger}.
     */
    private static final long[] DELTA = new long[12 * E];

    static {
        long[] xi = Fp2.fromBigIntegers(BigInteger.ONE, BigInteger.ONE);
        for (int k = 0; k < 12; k++) {
            Fp2.pow(DELTA, k * E, xi, 0, Fp.P.pow(k).subtract(BigInteger.ONE).divide(BigInteger.valueOf(6)));
        }
    }

    // ---------------------------------------------------------------- additive

    public static void add(long[] r, int ro, long[] a, int ao, long[] b, int bo) {
        Fp6.add(r, ro, a, ao, b, bo);
        Fp6.add(r, ro + H, a, ao + H, b, bo + H);
    }

    public static void sub(long[] r, int ro, long[] a, int ao, long[] b, int bo) {
        Fp6.sub(r, ro, a, ao, b, bo);
        Fp6.sub(r, ro + H, a, ao + H, b, bo + H);
    }

    /** {@code r = c0 − c1·w}, which is {@code a^(p^6)}, and {@code a^{-1}} on the cyclotomic subgroup. */
    public static void conjugate(long[] r, int ro, long[] a, int ao) {
        if (r != a || ro != ao) {
            Fp6.copy(r, ro, a, ao);
        }
        Fp6.neg(r, ro + H, a, ao + H);
    }

    // ---------------------------------------------------------------- multiplicative

    /** {@code r = a·b}, Karatsuba: {@code c0 = v0 + v·v1}, {@code c1 = (a0 + a1)(b0 + b1) − v0 − v1}. */
    public static void mul(long[] r, int ro, long[] a, int ao, long[] b, int bo, long[] t, int to) {
        final int v0 = to, v1 = to + H, x = to + 2 * H, s = to + 3 * H;
        Fp6.mul(t, v0, a, ao, b, bo, t, s);
        Fp6.mul(t, v1, a, ao + H, b, bo + H, t, s);
        Fp6.add(t, x, a, ao, a, ao + H);
        Fp6.add(r, ro, b, bo, b, bo + H);  // a and b are read for the last time: r may now be written
        Fp6.mul(r, ro + H, t, x, r, ro, t, s);
        Fp6.sub(r, ro + H, r, ro + H, t, v0);
        Fp6.sub(r, ro + H, r, ro + H, t, v1);
        Fp6.mulByNonResidue(t, v1, t, v1, t, s);
        Fp6.add(r, ro, t, v0, t, v1);
    }

    /**
     * {@code r = a²}, complex method: with {@code m = a0·a1}, {@code c0 = (a0 + a1)(a0 + v·a1) − m − v·m},
     * {@code c1 = 2m} (2 Fp6 multiplications).
     */
    public static void square(long[] r, int ro, long[] a, int ao, long[] t, int to) {
        final int m = to, x = to + H, y = to + 2 * H, s = to + 3 * H;
        Fp6.mul(t, m, a, ao, a, ao + H, t, s);
        Fp6.add(t, x, a, ao, a, ao + H);
        Fp6.mulByNonResidue(t, y, a, ao + H, t, s);
        Fp6.add(t, y, t, y, a, ao);
        Fp6.mul(t, x, t, x, t, y, t, s);
        Fp6.sub(t, x, t, x, t, m);
        Fp6.mulByNonResidue(t, y, t, m, t, s);
        Fp6.sub(r, ro, t, x, t, y);
        Fp6.dbl(r, ro + H, t, m);
    }

    /**
     * {@code r = a·ℓ} for a Miller-loop line {@code ℓ = (l0 + l1·v) + (l4·v)·w}, i.e. non-zero only in the Fp2
     * coordinates 0, 1 and 4 of (c0.c0, c0.c1, c0.c2, c1.c0, c1.c1, c1.c2) — zkcrypto/bls12_381's
     * {@code mul_by_014}. Karatsuba over w: {@code x = a0·(l0 + l1v)}, {@code y = a1·(l4v)},
     * {@code c1 = (a0 + a1)(l0 + (l1 + l4)v) − x − y}, {@code c0 = x + v·y}.
     */
    public static void mulBy014(long[] r, int ro, long[] a, int ao, long[] l, int l0, int l1, int l4,
            long[] t, int to) {
        final int x = to, y = to + H, z = to + 2 * H, s = to + 3 * H;
        Fp6.mulBy01(t, x, a, ao, l, l0, l, l1, t, s);
        Fp6.mulBy1(t, y, a, ao + H, l, l4, t, s);
        Fp6.add(t, z, a, ao, a, ao + H);
        final int l14 = s + Fp6.SCRATCH; // l1 + l4, above the Fp6 routine's scratch
        Fp2.add(t, l14, l, l1, l, l4);
        Fp6.mulBy01(r, ro + H, t, z, l, l0, t, l14, t, s);
        Fp6.sub(r, ro + H, r, ro + H, t, x);
        Fp6.sub(r, ro + H, r, ro + H, t, y);
        Fp6.mulByNonResidue(t, y, t, y, t, s);
        Fp6.add(r, ro, t, x, t, y);
    }

    /** {@code r = a^{-1} = (c0 − c1·w)/(c0² − v·c1²)}; zero maps to zero. */
    public static void inverse(long[] r, int ro, long[] a, int ao) {
        long[] t = new long[SCRATCH];
        final int x = 0, y = H, s = 3 * H;
        Fp6.square(t, x, a, ao, t, s);
        Fp6.square(t, y, a, ao + H, t, s);
        Fp6.mulByNonResidue(t, y, t, y, t, s);
        Fp6.sub(t, x, t, x, t, y);
        Fp6.inverse(t, x, t, x);
        Fp6.mul(r, ro, a, ao, t, x, t, s);
        Fp6.mul(t, y, a, ao + H, t, x, t, s);
        Fp6.neg(r, ro + H, t, y);
    }

    /**
     * {@code r = a^(p^k)}, k = 0..11: {@code c0^(p^k) + c1^(p^k)·δ[k]·w}, each Fp6 part mapped by
     * {@link Fp6#frobenius} (using its coefficients for k mod 6) and c1 then scaled by the Fp2 constant δ[k].
     */
    public static void frobenius(long[] r, int ro, long[] a, int ao, int k, long[] t, int to) {
        if (k < 0 || k > 11) {
            throw new IllegalArgumentException("Frobenius power k must be in 0..11, got " + k);
        }
        final int s = to + E;
        Fp6.frobenius(r, ro, a, ao, k % 6, t, to);
        Fp6.frobenius(r, ro + H, a, ao + H, k % 6, t, to);
        for (int i = 0; i < 3; i++) {
            Fp2.mul(r, ro + H + i * E, r, ro + H + i * E, DELTA, k * E, t, s);
        }
    }

    /**
     * {@code r = a²} for {@code a} in the cyclotomic subgroup (norm 1 over Fp6, e.g. after the easy part of the
     * final exponentiation): Granger and Scott, "Faster Squaring in the Cyclotomic Subgroup of Sixth Degree
     * Extensions", PKC 2010, §3.2 — three Fp4 squarings over the pairs (z0, z1), (z2, z3), (z4, z5) with
     * {@code z0 = c0.c0, z4 = c0.c1, z3 = c0.c2, z2 = c1.c0, z1 = c1.c1, z5 = c1.c2} (the index map zkcrypto's
     * cyclotomic_square uses). Wrong on elements outside that subgroup.
     */
    public static void cyclotomicSquare(long[] r, int ro, long[] a, int ao, long[] t, int to) {
        final int z0 = ao, z4 = ao + E, z3 = ao + 2 * E, z2 = ao + H, z1 = ao + H + E, z5 = ao + H + 2 * E;
        final int a0 = to, a1 = to + E, b0 = to + 2 * E, b1 = to + 3 * E, c0 = to + 4 * E, c1 = to + 5 * E,
                u = to + 6 * E, s = to + 8 * E;
        fp4Square(t, a0, t, a1, a, z0, a, z1, t, s);
        fp4Square(t, b0, t, b1, a, z2, a, z3, t, s);
        fp4Square(t, c0, t, c1, a, z4, a, z5, t, s);
        // A: z0 = 3t0 − 2z0, z1 = 3t1 + 2z1
        threeMinusTwo(r, ro, t, a0, a, z0, t, u);
        threePlusTwo(r, ro + H + E, t, a1, a, z1, t, u);
        // B: z2 = 3ξ·t3' + 2z2, z3 = 3t2' − 2z3 (t2', t3' from the (z4, z5) square)
        Fp2.mulByNonResidue(t, c1, t, c1, t, s);
        threePlusTwo(r, ro + H, t, c1, a, z2, t, u);
        threeMinusTwo(r, ro + 2 * E, t, c0, a, z3, t, u);
        // C: z4 = 3t0'' − 2z4, z5 = 3t1'' + 2z5 (from the (z2, z3) square)
        threeMinusTwo(r, ro + E, t, b0, a, z4, t, u);
        threePlusTwo(r, ro + H + 2 * E, t, b1, a, z5, t, u);
    }

    /** {@code (c0, c1) = (a + b·W)²} in {@code Fp4 = Fp2[W]/(W² − ξ)}: {@code c0 = a² + ξb², c1 = 2ab}. */
    private static void fp4Square(long[] r, int c0, long[] r1, int c1, long[] a, int ao, long[] b, int bo,
            long[] t, int to) {
        final int sa = to, sb = to + E, s = to + 2 * E;
        Fp2.square(t, sa, a, ao, t, s);
        Fp2.square(t, sb, b, bo, t, s);
        Fp2.add(r1, c1, a, ao, b, bo);
        Fp2.square(r1, c1, r1, c1, t, s);
        Fp2.sub(r1, c1, r1, c1, t, sa);
        Fp2.sub(r1, c1, r1, c1, t, sb);
        Fp2.mulByNonResidue(t, sb, t, sb, t, s);
        Fp2.add(r, c0, t, sa, t, sb);
    }

    /** {@code r = 3x − 2z} (uses t[u..u+11]). */
    private static void threeMinusTwo(long[] r, int ro, long[] x, int xo, long[] z, int zo, long[] t, int u) {
        Fp2.sub(t, u, x, xo, z, zo);
        Fp2.dbl(t, u, t, u);
        Fp2.add(r, ro, t, u, x, xo);
    }

    /** {@code r = 3x + 2z} (uses t[u..u+11]). */
    private static void threePlusTwo(long[] r, int ro, long[] x, int xo, long[] z, int zo, long[] t, int u) {
        Fp2.add(t, u, x, xo, z, zo);
        Fp2.dbl(t, u, t, u);
        Fp2.add(r, ro, t, u, x, xo);
    }

    // ---------------------------------------------------------------- constants, predicates, conversion

    public static long[] one() {
        long[] r = new long[LONGS];
        Fp2.setOne(r, 0);
        return r;
    }

    public static void setOne(long[] r, int ro) {
        java.util.Arrays.fill(r, ro, ro + LONGS, 0L);
        Fp2.setOne(r, ro);
    }

    public static void copy(long[] r, int ro, long[] a, int ao) {
        System.arraycopy(a, ao, r, ro, LONGS);
    }

    public static boolean isOne(long[] a, int ao) {
        return Fp6.isOne(a, ao) && Fp6.isZero(a, ao + H);
    }

    public static boolean equal(long[] a, int ao, long[] b, int bo) {
        return ArrayRanges.equal(a, ao, b, bo, LONGS);
    }

    public static void mul(long[] r, int ro, long[] a, int ao, long[] b, int bo) {
        mul(r, ro, a, ao, b, bo, new long[SCRATCH], 0);
    }

    public static void square(long[] r, int ro, long[] a, int ao) {
        square(r, ro, a, ao, new long[SCRATCH], 0);
    }

    public static void frobenius(long[] r, int ro, long[] a, int ao, int k) {
        frobenius(r, ro, a, ao, k, new long[SCRATCH], 0);
    }

    /** {@code r = a^e} for {@code e ≥ 0} (generic square-and-multiply; allocates). */
    public static void pow(long[] r, int ro, long[] a, int ao, BigInteger e) {
        long[] t = new long[SCRATCH];
        long[] base = new long[LONGS];
        copy(base, 0, a, ao);
        long[] acc = one();
        for (int i = e.bitLength() - 1; i >= 0; i--) {
            square(acc, 0, acc, 0, t, 0);
            if (e.testBit(i)) {
                mul(acc, 0, acc, 0, base, 0, t, 0);
            }
        }
        copy(r, ro, acc, 0);
    }

    /** The 12 canonical Fp coordinates in storage order. */
    public static BigInteger[] toBigIntegers(long[] a, int ao) {
        BigInteger[] r = new BigInteger[12];
        for (int i = 0; i < 12; i++) {
            r[i] = Fp.F.toBigInteger(a, ao + i * Fp.LIMBS);
        }
        return r;
    }

    /** An element from 12 integers in storage order (each reduced mod p). */
    public static long[] fromBigIntegers(BigInteger... c) {
        if (c.length != 12) {
            throw new IllegalArgumentException("Fp12 needs 12 Fp coordinates, got " + c.length);
        }
        long[] r = new long[LONGS];
        for (int i = 0; i < 12; i++) {
            Fp.F.fromBigInteger(r, i * Fp.LIMBS, c[i]);
        }
        return r;
    }
}
