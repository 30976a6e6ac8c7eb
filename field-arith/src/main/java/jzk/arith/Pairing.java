package jzk.arith;

/**
 * The optimal ate pairing {@code e: G1 × G2 → GT ⊂ Fp12*} of BLS12-381, with curve parameter
 * {@code x = −0xd201000000010000}: {@code e(P, Q) = f_{x,Q}(P)^((p¹² − 1)/r)}.
 *
 * <p>Inputs are affine points on flat arrays in the layouts of {@code docs/ARCHITECTURE.md}: G1 {@code x, y}
 * (12 longs), G2 {@code x, y} in Fp2 (24 longs), Montgomery form; all-zero limbs is the point at infinity, whose
 * pairing with anything is one. Points are not checked for curve or subgroup membership here (decoders do that).
 * Results are Fp12 elements of 72 longs ({@link Fp12} layout).
 *
 * <p>Miller loop: the point T runs over the twist E'(Fp2): y² = x³ + 4ξ in Jacobian coordinates (X, Y, Z) ↦
 * (X/Z², Y/Z³). Its untwisting to E(Fp12) is {@code (x, y) ↦ (x/w², y/w³)} (M-type twist, w⁶ = ξ). The tangent
 * (or chord) at T evaluated at P = (xP, yP), multiplied by w³ and by an Fp2 factor (both are killed by the final
 * exponentiation, as they lie in the proper subfield Fp4), is sparse: {@code ℓ = c0 + c1·v + c4·v·w} (Fp2 slots
 * 0, 1, 4), multiplied in by {@link Fp12#mulBy014}. The derivation below is ours; the shape (Jacobian T, sparse
 * 0/1/4 line) is that of Costello, Lange, Naehrig, "Faster Pairing Computations on Curves with High-Degree
 * Twists", PKC 2010, §4–5, and of Aranha et al., "Faster Explicit Formulas for Computing Pairings over Ordinary
 * Curves", Eurocrypt 2011 (ePrint 2010/526), Algorithms 26/27, which zkcrypto/bls12_381 follows:
 * <ul>
 * <li>doubling, with A = X², B = Y², E = 3A: tangent slope on the twist λ = 3X²/(2YZ); scaled by 2YZ³ the line is
 * {@code c0 = E·X − 2B}, {@code c1 = −E·Z²·xP}, {@code c4 = (2YZ)·Z²·yP}; T ← 2T by dbl-2009-l (EFD).
 * <li>addition of the affine Q = (xQ, yQ): H = xQ·Z² − X, R = yQ·Z³ − Y, slope R/(ZH); scaled by Z3 = ZH the line
 * is {@code c0 = R·xQ − Z3·yQ}, {@code c1 = −R·xP}, {@code c4 = Z3·yP}; T ← T + Q by mixed Jacobian addition.
 * </ul>
 * Since x < 0, {@code f_{x,Q} = 1/f_{|x|,Q}} up to factors the final exponentiation kills; the inverse is the
 * conjugate ({@code f^(p⁶)}), which equals it after the final exponentiation.
 *
 * <p>Final exponentiation: easy part {@code f^((p⁶ − 1)(p² + 1))} (one Fp12 inversion), then the hard part
 * {@code d = (p⁴ − p² + 1)/r} by the decomposition of Hayashida, Hayasaka, Teruya, "Efficient Final
 * Exponentiation via Cyclotomic Structure for Pairings over Families of Elliptic Curves", ePrint 2020/875, §4:
 * {@code 3d = (x − 1)²·(x + p)·(x² + p² − 1) + 3}. For BLS12-381, x ≡ 1 (mod 3), so
 * {@code d = ((x − 1)/3)·(x − 1)·(x + p)·(x² + p² − 1) + 1} exactly (checked in PairingTest), and we compute the
 * exact pairing, not a power of it. Powers by x use cyclotomic squaring and {@code g^x = conj(g^|x|)}.
 */
public final class Pairing {
    private Pairing() {
    }

    /** {@code |x|} for BLS12-381 (x = −0xd201000000010000). */
    public static final long ABS_X = 0xd201000000010000L;
    /** {@code (|x| + 1)/3 = −(x − 1)/3}. */
    static final long ABS_X_PLUS_ONE_OVER_3 = 0x460055555555aaabL;

    private static final int N = Fp.LIMBS;
    private static final int E = Fp2.LONGS;

    // Layout of the per-call scratch: T (X, Y, Z), line (c0, c1, c4), Fp2 temporaries, then Fp12 scratch.
    private static final int TX = 0, TY = E, TZ = 2 * E;
    private static final int L0 = 3 * E, L1 = 4 * E, L4 = 5 * E;
    private static final int A = 6 * E, B = 7 * E, C = 8 * E, D = 9 * E, EE = 10 * E, F = 11 * E, ZZ = 12 * E,
            Z3 = 13 * E, S = 14 * E;
    /** Longs of scratch one Miller-loop point needs (T + line + temporaries + Fp2 scratch). */
    private static final int POINT_SCRATCH = S + Fp2.SCRATCH;

    /** {@code e(P, Q)} as a new Fp12 element (72 longs). */
    public static long[] pairing(long[] g1, int g1o, long[] g2, int g2o) {
        long[] f = new long[Fp12.LONGS];
        millerLoop(f, 0, g1, g1o, g2, g2o, 1);
        finalExponentiation(f, 0, f, 0);
        return f;
    }

    /** The Miller loop value {@code f_{x,Q}(P)} (conjugated for x < 0) of one pair, as a new Fp12 element. */
    public static long[] millerLoop(long[] g1, int g1o, long[] g2, int g2o) {
        long[] f = new long[Fp12.LONGS];
        millerLoop(f, 0, g1, g1o, g2, g2o, 1);
        return f;
    }

    /**
     * {@code r = Π_i f_{x,Q_i}(P_i)} for {@code count} pairs stored consecutively ({@code g1s[g1o + 12i ..]},
     * {@code g2s[g2o + 24i ..]}), sharing the squarings of the accumulator. Pairs with a point at infinity
     * contribute one.
     */
    public static void millerLoop(long[] r, int ro, long[] g1s, int g1o, long[] g2s, int g2o, int count) {
        if (count < 0) {
            throw new IllegalArgumentException("pair count must be ≥ 0, got " + count);
        }
        int[] active = new int[count];
        int m = 0;
        for (int i = 0; i < count; i++) {
            if (!isZero(g1s, g1o + i * 2 * N, 2 * N) && !isZero(g2s, g2o + i * 2 * E, 2 * E)) {
                active[m++] = i;
            }
        }
        long[] pts = new long[m * POINT_SCRATCH];
        long[] t = new long[Fp12.SCRATCH];
        long[] f = Fp12.one();
        for (int j = 0; j < m; j++) {
            int q = g2o + active[j] * 2 * E;
            Fp2.copy(pts, j * POINT_SCRATCH + TX, g2s, q);
            Fp2.copy(pts, j * POINT_SCRATCH + TY, g2s, q + E);
            Fp2.setOne(pts, j * POINT_SCRATCH + TZ);
        }
        boolean first = true;
        for (int bit = 62; bit >= 0; bit--) {
            if (!first) {
                Fp12.square(f, 0, f, 0, t, 0);
            }
            first = false;
            for (int j = 0; j < m; j++) {
                int base = j * POINT_SCRATCH;
                int p = g1o + active[j] * 2 * N;
                doublingStep(pts, base, g1s, p);
                Fp12.mulBy014(f, 0, f, 0, pts, base + L0, base + L1, base + L4, t, 0);
                if (((ABS_X >>> bit) & 1) != 0) {
                    additionStep(pts, base, g2s, g2o + active[j] * 2 * E, g1s, p);
                    Fp12.mulBy014(f, 0, f, 0, pts, base + L0, base + L1, base + L4, t, 0);
                }
            }
        }
        Fp12.conjugate(r, ro, f, 0); // x < 0
    }

    /** T ← 2T on the twist; writes the tangent line at P into the line slots. All offsets are relative to {@code b}. */
    private static void doublingStep(long[] s, int b, long[] g1, int p) {
        final int x = b + TX, y = b + TY, z = b + TZ, ts = b + S;
        Fp2.square(s, b + A, s, x, s, ts);                  // A = X²
        Fp2.square(s, b + B, s, y, s, ts);                  // B = Y²
        Fp2.square(s, b + C, s, b + B, s, ts);              // C = B²
        Fp2.square(s, b + ZZ, s, z, s, ts);                 // Z²
        Fp2.add(s, b + D, s, x, s, b + B);
        Fp2.square(s, b + D, s, b + D, s, ts);
        Fp2.sub(s, b + D, s, b + D, s, b + A);
        Fp2.sub(s, b + D, s, b + D, s, b + C);
        Fp2.dbl(s, b + D, s, b + D);                        // D = 2((X + B)² − A − C) = 4XY²
        Fp2.dbl(s, b + EE, s, b + A);
        Fp2.add(s, b + EE, s, b + EE, s, b + A);            // E = 3A
        Fp2.square(s, b + F, s, b + EE, s, ts);             // F = E²
        // line c0 = E·X − 2B, c1 = −E·Z²·xP (X still the old one)
        Fp2.mul(s, b + L0, s, b + EE, s, x, s, ts);
        Fp2.sub(s, b + L0, s, b + L0, s, b + B);
        Fp2.sub(s, b + L0, s, b + L0, s, b + B);
        Fp2.mul(s, b + L1, s, b + EE, s, b + ZZ, s, ts);
        Fp2.mulByFp(s, b + L1, s, b + L1, g1, p);
        Fp2.neg(s, b + L1, s, b + L1);
        // Z3 = 2YZ (before Y changes)
        Fp2.mul(s, b + Z3, s, y, s, z, s, ts);
        Fp2.dbl(s, z, s, b + Z3);
        // X3 = F − 2D, Y3 = E(D − X3) − 8C
        Fp2.sub(s, x, s, b + F, s, b + D);
        Fp2.sub(s, x, s, x, s, b + D);
        Fp2.sub(s, y, s, b + D, s, x);
        Fp2.mul(s, y, s, y, s, b + EE, s, ts);
        Fp2.dbl(s, b + C, s, b + C);
        Fp2.dbl(s, b + C, s, b + C);
        Fp2.dbl(s, b + C, s, b + C);
        Fp2.sub(s, y, s, y, s, b + C);
        // line c4 = Z3·Z²·yP
        Fp2.mul(s, b + L4, s, z, s, b + ZZ, s, ts);
        Fp2.mulByFp(s, b + L4, s, b + L4, g1, p + N);
    }

    /** T ← T + Q for the affine twist point Q at {@code g2[q..]}; writes the chord through T and Q at P. */
    private static void additionStep(long[] s, int b, long[] g2, int q, long[] g1, int p) {
        final int x = b + TX, y = b + TY, z = b + TZ, ts = b + S;
        final int xq = q, yq = q + E;
        final int h = b + A, rr = b + B, hh = b + C, hhh = b + D, v = b + EE;
        Fp2.square(s, b + ZZ, s, z, s, ts);                 // Z²
        Fp2.mul(s, h, g2, xq, s, b + ZZ, s, ts);            // U2 = xQ·Z²
        Fp2.sub(s, h, s, h, s, x);                          // H = U2 − X
        Fp2.mul(s, rr, s, z, s, b + ZZ, s, ts);             // Z³
        Fp2.mul(s, rr, s, rr, g2, yq, s, ts);               // S2 = yQ·Z³
        Fp2.sub(s, rr, s, rr, s, y);                        // R = S2 − Y
        Fp2.square(s, hh, s, h, s, ts);                     // HH
        Fp2.mul(s, hhh, s, h, s, hh, s, ts);                // HHH
        Fp2.mul(s, v, s, x, s, hh, s, ts);                  // V = X·HH
        Fp2.mul(s, z, s, z, s, h, s, ts);                   // Z3 = Z·H
        // X3 = R² − HHH − 2V
        Fp2.square(s, x, s, rr, s, ts);
        Fp2.sub(s, x, s, x, s, hhh);
        Fp2.sub(s, x, s, x, s, v);
        Fp2.sub(s, x, s, x, s, v);
        // Y3 = R(V − X3) − Y·HHH
        Fp2.mul(s, hhh, s, y, s, hhh, s, ts);
        Fp2.sub(s, y, s, v, s, x);
        Fp2.mul(s, y, s, y, s, rr, s, ts);
        Fp2.sub(s, y, s, y, s, hhh);
        // line: c0 = R·xQ − Z3·yQ, c1 = −R·xP, c4 = Z3·yP
        Fp2.mul(s, b + L0, s, rr, g2, xq, s, ts);
        Fp2.mul(s, b + F, s, z, g2, yq, s, ts);
        Fp2.sub(s, b + L0, s, b + L0, s, b + F);
        Fp2.mulByFp(s, b + L1, s, rr, g1, p);
        Fp2.neg(s, b + L1, s, b + L1);
        Fp2.mulByFp(s, b + L4, s, z, g1, p + N);
    }

    /**
     * {@code r = f^((p¹² − 1)/r)}: easy part {@code f^((p⁶ − 1)(p² + 1))}, hard part
     * {@code g^d, d = ((x−1)/3)(x−1)(x+p)(x²+p²−1) + 1} (see the class comment). The result is in GT.
     */
    public static void finalExponentiation(long[] r, int ro, long[] f, int fo) {
        long[] t = new long[Fp12.SCRATCH];
        long[] g = new long[Fp12.LONGS];
        long[] a = new long[Fp12.LONGS];
        long[] b = new long[Fp12.LONGS];
        // easy part: g = conj(f)·f^{-1}, then g = g^(p²)·g
        Fp12.inverse(a, 0, f, fo);
        Fp12.conjugate(g, 0, f, fo);
        Fp12.mul(g, 0, g, 0, a, 0, t, 0);
        Fp12.frobenius(a, 0, g, 0, 2, t, 0);
        Fp12.mul(g, 0, g, 0, a, 0, t, 0);
        // a = g^((x−1)/3 · (x−1)) = (g^((|x|+1)/3))^(|x|+1): the two minus signs cancel
        powAbsXPlusOneOver3(a, g, t);
        cyclotomicPow(b, a, ABS_X, t);
        Fp12.mul(a, 0, b, 0, a, 0, t, 0);
        // a = a^(x + p) = conj(a^|x|)·a^p
        cyclotomicPow(b, a, ABS_X, t);
        Fp12.conjugate(b, 0, b, 0);
        Fp12.frobenius(a, 0, a, 0, 1, t, 0);
        Fp12.mul(a, 0, a, 0, b, 0, t, 0);
        // a = a^(x² + p² − 1) = (a^|x|)^|x| · a^(p²) · conj(a)
        cyclotomicPow(b, a, ABS_X, t);
        cyclotomicPow(b, b, ABS_X, t);
        long[] c = new long[Fp12.LONGS];
        Fp12.frobenius(c, 0, a, 0, 2, t, 0);
        Fp12.mul(b, 0, b, 0, c, 0, t, 0);
        Fp12.conjugate(a, 0, a, 0);
        Fp12.mul(a, 0, a, 0, b, 0, t, 0);
        // · g (the "+1")
        Fp12.mul(r, ro, a, 0, g, 0, t, 0);
    }

    /** {@code r = g^e} for g in the cyclotomic subgroup and an unsigned 64-bit e > 0 (square-and-multiply). */
    /**
     * {@code r = g^((|x| + 1)/3)} for cyclotomic {@code g} by a fixed addition chain. The exponent
     * {@code 0x460055555555aaab} has 28 set bits, so square-and-multiply would cost 62 squarings and 27 Fp12
     * multiplications; its repeated {@code 0x5} pattern gives {@code e = 0x46·2^56 + 0x55555555·2^16 + 0xaaab} with
     * {@code 0x55555555 = 0x5555·(2^16 + 1)}, {@code 0x5555 = 0x55·(2^8 + 1)}, {@code 0x55 = 0x5·(2^4 + 1)},
     * {@code 0x46 = 0x5·2^4 − 2·0x5} and {@code 0xaaab = 2·0x5555 + 1}: 88 cyclotomic squarings and 8
     * multiplications (a cyclotomic squaring costs a third of a multiplication; the inverse in the cyclotomic
     * subgroup is the conjugate, which makes the subtraction free). {@code PairingTest} checks it against
     * {@link Fp12#pow}.
     */
    static void powAbsXPlusOneOver3(long[] r, long[] g, long[] t) {
        final int L = Fp12.LONGS;
        final long[] w = new long[5 * L];
        final int x5 = 0, x50 = L, x55 = 2 * L, x5555 = 3 * L, acc = 4 * L;
        Fp12.cyclotomicSquare(w, x5, g, 0, t, 0);           // g^2
        Fp12.cyclotomicSquare(w, x5, w, x5, t, 0);          // g^4
        Fp12.mul(w, x5, w, x5, g, 0, t, 0);                 // g^0x5
        squarings(w, x50, w, x5, 4, t);                     // g^0x50
        Fp12.mul(w, x55, w, x50, w, x5, t, 0);              // g^0x55
        squarings(w, x5555, w, x55, 8, t);
        Fp12.mul(w, x5555, w, x5555, w, x55, t, 0);         // g^0x5555
        Fp12.cyclotomicSquare(w, acc, w, x5, t, 0);         // g^0xa
        Fp12.conjugate(w, acc, w, acc);                     // g^-0xa
        Fp12.mul(w, acc, w, acc, w, x50, t, 0);             // g^0x46
        squarings(w, x55, w, x5555, 16, t);
        Fp12.mul(w, x55, w, x55, w, x5555, t, 0);           // g^0x55555555 (x55 slot reused)
        squarings(w, acc, w, acc, 40, t);
        Fp12.mul(w, acc, w, acc, w, x55, t, 0);             // g^0x460055555555
        squarings(w, acc, w, acc, 16, t);
        Fp12.cyclotomicSquare(w, x5555, w, x5555, t, 0);    // g^0xaaaa
        Fp12.mul(w, acc, w, acc, w, x5555, t, 0);
        Fp12.mul(r, 0, w, acc, g, 0, t, 0);                 // g^0x460055555555aaab
    }

    /** {@code r = a^(2^k)} by {@code k ≥ 1} cyclotomic squarings. */
    private static void squarings(long[] r, int ro, long[] a, int ao, int k, long[] t) {
        Fp12.cyclotomicSquare(r, ro, a, ao, t, 0);
        for (int i = 1; i < k; i++) {
            Fp12.cyclotomicSquare(r, ro, r, ro, t, 0);
        }
    }

    private static void cyclotomicPow(long[] r, long[] g, long e, long[] t) {
        long[] acc = new long[Fp12.LONGS];
        Fp12.copy(acc, 0, g, 0);
        for (int bit = 62 - Long.numberOfLeadingZeros(e); bit >= 0; bit--) {
            Fp12.cyclotomicSquare(acc, 0, acc, 0, t, 0);
            if (((e >>> bit) & 1) != 0) {
                Fp12.mul(acc, 0, acc, 0, g, 0, t, 0);
            }
        }
        Fp12.copy(r, 0, acc, 0);
    }

    /**
     * Whether {@code Π e(P_i, Q_i) = 1} for {@code count} pairs ({@code g1s}: 12 longs each, {@code g2s}: 24 longs
     * each, consecutive from offset 0): one product of Miller loops and one final exponentiation — the Groth16
     * verification equation.
     */
    public static boolean multiPairingIsOne(long[] g1s, long[] g2s, int count) {
        if (g1s.length < count * 2 * N || g2s.length < count * 2 * E) {
            throw new IllegalArgumentException("multiPairingIsOne: " + count + " pairs need " + count * 2 * N
                    + " G1 longs and " + count * 2 * E + " G2 longs, got " + g1s.length + " and " + g2s.length);
        }
        long[] f = new long[Fp12.LONGS];
        millerLoop(f, 0, g1s, 0, g2s, 0, count);
        finalExponentiation(f, 0, f, 0);
        return Fp12.isOne(f, 0);
    }

    private static boolean isZero(long[] a, int ao, int len) {
        long acc = 0;
        for (int i = 0; i < len; i++) {
            acc |= a[ao + i];
        }
        return acc == 0;
    }
}
