package jzk.arith;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * The generated primitives behind {@link Fp2#mul} (lazy reduction), the fused Fp2 additive operations and
 * {@code toCanonical}'s reduction, each against a BigInteger oracle on random and edge inputs: unreduced
 * products of inputs up to {@code 2p − 1}, and the reductions of differences of 768-bit values below {@code p·R}
 * (negative differences wrapped by {@code p·R}).
 */
class LazyReductionTest {
    private static final BigInteger P = Fp.P;
    private static final BigInteger R = BigInteger.ONE.shiftLeft(384);
    private static final BigInteger PR = P.multiply(R);
    private static final BigInteger R_INV = R.modInverse(P);

    private static long[] limbs(BigInteger x, int n) {
        return Limbs.fromBigInteger(x, n);
    }

    private static BigInteger big(long[] a, int off, int n) {
        return Limbs.toBigInteger(a, off, n);
    }

    /** Values in [0, 2p): random below p, random in [p, 2p), and the edges 0, 1, p − 1, p, 2p − 1, 2^64 − 1. */
    private static List<BigInteger> operands(Random rnd) {
        List<BigInteger> v = new ArrayList<>(List.of(BigInteger.ZERO, BigInteger.ONE, P.subtract(BigInteger.ONE), P,
                P.shiftLeft(1).subtract(BigInteger.ONE), BigInteger.ONE.shiftLeft(64).subtract(BigInteger.ONE)));
        for (int i = 0; i < 40; i++) {
            BigInteger x = new BigInteger(381, rnd).mod(P);
            v.add(i % 2 == 0 ? x : x.add(P));
        }
        return v;
    }

    @Test
    void wideProductIsTheExactProduct() {
        Random rnd = new Random(11);
        List<BigInteger> v = operands(rnd);
        long[] w = new long[12];
        for (BigInteger a : v) {
            for (int k = 0; k < 8; k++) {
                BigInteger b = v.get(rnd.nextInt(v.size()));
                MontgomeryUnrolled.fpMulWide(w, 0, limbs(a, 6), 0, limbs(b, 6), 0);
                assertEquals(a.multiply(b), big(w, 0, 12), a.toString(16) + " · " + b.toString(16));
            }
        }
    }

    @Test
    void wideProductOfSumsAddsTheHalvesFirst() {
        Random rnd = new Random(12);
        List<BigInteger> v = operands(rnd);
        long[] w = new long[12];
        for (int k = 0; k < 200; k++) {
            // Fp2-shaped operands: two reduced halves each (their sums reach up to 2p − 2)
            BigInteger a0 = v.get(rnd.nextInt(v.size())).mod(P), a1 = v.get(rnd.nextInt(v.size())).mod(P);
            BigInteger b0 = v.get(rnd.nextInt(v.size())).mod(P), b1 = v.get(rnd.nextInt(v.size())).mod(P);
            long[] a = new long[12], b = new long[12];
            System.arraycopy(limbs(a0, 6), 0, a, 0, 6);
            System.arraycopy(limbs(a1, 6), 0, a, 6, 6);
            System.arraycopy(limbs(b0, 6), 0, b, 0, 6);
            System.arraycopy(limbs(b1, 6), 0, b, 6, 6);
            MontgomeryUnrolled.fpMulWideOfSums(w, 0, a, 0, b, 0);
            assertEquals(a0.add(a1).multiply(b0.add(b1)), big(w, 0, 12));
        }
    }

    /** Values in [0, p·R): random, and the edges 0, 1, p·R − 1, p², R. */
    private static List<BigInteger> wide(Random rnd) {
        List<BigInteger> v = new ArrayList<>(List.of(BigInteger.ZERO, BigInteger.ONE, PR.subtract(BigInteger.ONE),
                P.multiply(P), R));
        for (int i = 0; i < 30; i++) {
            v.add(new BigInteger(765, rnd).mod(PR));
        }
        return v;
    }

    @Test
    void reductionOfADifferenceModPR() {
        Random rnd = new Random(13);
        List<BigInteger> v = wide(rnd);
        long[] r = new long[6];
        for (BigInteger x : v) {
            for (BigInteger y : v) {
                MontgomeryUnrolled.fpRedcSubModMR(r, 0, limbs(x, 12), 0, limbs(y, 12), 0);
                BigInteger expected = x.subtract(y).multiply(R_INV).mod(P);
                assertEquals(expected, big(r, 0, 6), "x = " + x.toString(16) + ", y = " + y.toString(16));
            }
        }
    }

    @Test
    void reductionOfATwoTermDifference() {
        Random rnd = new Random(14);
        List<BigInteger> v = wide(rnd);
        long[] r = new long[6];
        for (BigInteger d : v) {
            for (int k = 0; k < 20; k++) {
                // x = d + y + z with y, z < p·R: x may exceed p·R, only the difference must be below it
                BigInteger y = v.get(rnd.nextInt(v.size())), z = v.get(rnd.nextInt(v.size()));
                BigInteger x = d.add(y).add(z);
                if (x.bitLength() > 768) {
                    continue;
                }
                MontgomeryUnrolled.fpRedcSub2(r, 0, limbs(x, 12), 0, limbs(y, 12), 0, limbs(z, 12), 0);
                assertEquals(d.multiply(R_INV).mod(P), big(r, 0, 6));
            }
        }
    }

    @Test
    void reductionMayOverlapItsInput() {
        // Fp2.mul writes REDC(W2 − W0 − W1) over the upper half of W2 itself
        Random rnd = new Random(15);
        BigInteger y = new BigInteger(760, rnd), z = new BigInteger(760, rnd), d = new BigInteger(760, rnd);
        long[] buf = limbs(d.add(y).add(z), 12);
        MontgomeryUnrolled.fpRedcSub2(buf, 6, buf, 0, limbs(y, 12), 0, limbs(z, 12), 0);
        assertEquals(d.multiply(R_INV).mod(P), big(buf, 6, 6));
    }

    @Test
    void fp2MulOnEdgeLimbs() {
        // raw limbs read as Montgomery forms: r0 = (a0b0 − a1b1)·R⁻¹, r1 = (a0b1 + a1b0)·R⁻¹ (mod p)
        Random rnd = new Random(16);
        List<BigInteger> v = new ArrayList<>(List.of(BigInteger.ZERO, BigInteger.ONE, P.subtract(BigInteger.ONE),
                P.subtract(BigInteger.TWO), P.shiftRight(1)));
        for (int i = 0; i < 5; i++) {
            v.add(new BigInteger(381, rnd).mod(P));
        }
        long[] a = new long[12], b = new long[12], r = new long[12], t = new long[Fp2.SCRATCH];
        for (BigInteger a0 : v) {
            for (BigInteger a1 : v) {
                BigInteger b0 = v.get(rnd.nextInt(v.size())), b1 = v.get(rnd.nextInt(v.size()));
                System.arraycopy(limbs(a0, 6), 0, a, 0, 6);
                System.arraycopy(limbs(a1, 6), 0, a, 6, 6);
                System.arraycopy(limbs(b0, 6), 0, b, 0, 6);
                System.arraycopy(limbs(b1, 6), 0, b, 6, 6);
                Fp2.mul(r, 0, a, 0, b, 0, t, 0);
                assertEquals(a0.multiply(b0).subtract(a1.multiply(b1)).multiply(R_INV).mod(P), big(r, 0, 6));
                assertEquals(a0.multiply(b1).add(a1.multiply(b0)).multiply(R_INV).mod(P), big(r, 6, 6));
                Fp2.mul(a, 0, a, 0, a, 0, t, 0); // full aliasing: a = a²
                BigInteger s0 = a0.multiply(a0).subtract(a1.multiply(a1)).multiply(R_INV).mod(P);
                assertEquals(s0, big(a, 0, 6));
            }
        }
    }

    @Test
    void mulAndSquareAcceptUnreducedInputsBelow2p() {
        Random rnd = new Random(17);
        List<BigInteger> v = operands(rnd);
        long[] r = new long[6];
        for (BigInteger a : v) {
            for (BigInteger b : v) {
                MontgomeryUnrolled.fpMul(r, 0, limbs(a, 6), 0, limbs(b, 6), 0);
                assertEquals(a.multiply(b).multiply(R_INV).mod(P), big(r, 0, 6), a.toString(16) + " · " + b.toString(16));
            }
            MontgomeryUnrolled.fpSquare(r, 0, limbs(a, 6), 0);
            assertEquals(a.multiply(a).multiply(R_INV).mod(P), big(r, 0, 6));
        }
    }

    @Test
    void rawSumAndDifference() {
        Random rnd = new Random(18);
        List<BigInteger> v = new ArrayList<>();
        for (BigInteger x : operands(rnd)) {
            v.add(x.mod(P));
        }
        long[] r = new long[6];
        for (BigInteger a : v) {
            for (BigInteger b : v) {
                MontgomeryUnrolled.fpAddRaw(r, 0, limbs(a, 6), 0, limbs(b, 6), 0);
                assertEquals(a.add(b), big(r, 0, 6));
                MontgomeryUnrolled.fpSubRaw(r, 0, limbs(a, 6), 0, limbs(b, 6), 0);
                assertEquals(a.subtract(b).add(P), big(r, 0, 6));
            }
        }
    }

    @Test
    void fusedFp2AdditiveOpsEqualTwoFpOps() {
        // Fp2.add/sub/neg/dbl/mulByNonResidue run the generated two-coefficient methods; compare with Fp.F per coefficient,
        // including in-place use, on edge values (0, 1, p − 1, p − 2, (p − 1)/2) and random ones
        Random rnd = new Random(19);
        List<BigInteger> v = new ArrayList<>(List.of(BigInteger.ZERO, BigInteger.ONE, P.subtract(BigInteger.ONE),
                P.subtract(BigInteger.TWO), P.shiftRight(1)));
        for (int i = 0; i < 5; i++) {
            v.add(new BigInteger(381, rnd).mod(P));
        }
        long[] a = new long[12], b = new long[12], r = new long[12], e = new long[12];
        for (BigInteger a0 : v) {
            for (BigInteger a1 : v) {
                System.arraycopy(limbs(a0, 6), 0, a, 0, 6);
                System.arraycopy(limbs(a1, 6), 0, a, 6, 6);
                System.arraycopy(limbs(v.get(rnd.nextInt(v.size())), 6), 0, b, 0, 6);
                System.arraycopy(limbs(v.get(rnd.nextInt(v.size())), 6), 0, b, 6, 6);
                for (int op = 0; op < 5; op++) {
                    if (op == 4) { // ξ·a = (a0 − a1) + (a0 + a1)·u
                        Fp.F.sub(e, 0, a, 0, a, 6);
                        Fp.F.add(e, 6, a, 0, a, 6);
                    }
                    for (int k = 0; k < 12 && op < 4; k += 6) {
                        switch (op) {
                            case 0 -> Fp.F.add(e, k, a, k, b, k);
                            case 1 -> Fp.F.sub(e, k, a, k, b, k);
                            case 2 -> Fp.F.neg(e, k, a, k);
                            default -> Fp.F.dbl(e, k, a, k);
                        }
                    }
                    long[] inPlace = a.clone();
                    switch (op) {
                        case 0 -> { Fp2.add(r, 0, a, 0, b, 0); Fp2.add(inPlace, 0, inPlace, 0, b, 0); }
                        case 1 -> { Fp2.sub(r, 0, a, 0, b, 0); Fp2.sub(inPlace, 0, inPlace, 0, b, 0); }
                        case 2 -> { Fp2.neg(r, 0, a, 0); Fp2.neg(inPlace, 0, inPlace, 0); }
                        case 3 -> { Fp2.dbl(r, 0, a, 0); Fp2.dbl(inPlace, 0, inPlace, 0); }
                        default -> { Fp2.mulByNonResidue(r, 0, a, 0); Fp2.mulByNonResidue(inPlace, 0, inPlace, 0); }
                    }
                    assertEquals(java.util.Arrays.toString(e), java.util.Arrays.toString(r), "op " + op);
                    assertEquals(java.util.Arrays.toString(e), java.util.Arrays.toString(inPlace), "op " + op + " in place");
                }
            }
        }
    }

    @Test
    void fromMontgomeryIsTheReductionOfOneWordVector() {
        // toCanonical's dedicated path, both fields, on edges (0, 1, m − 1, m, 2^(64n) − 1) and random values
        Random rnd = new Random(20);
        for (MontgomeryField f : new MontgomeryField[] {Fp.F, Fr.F}) {
            int n = f.n;
            BigInteger m = f.modulus, rInv = BigInteger.ONE.shiftLeft(64 * n).modInverse(m);
            List<BigInteger> v = new ArrayList<>(List.of(BigInteger.ZERO, BigInteger.ONE, m.subtract(BigInteger.ONE), m,
                    BigInteger.ONE.shiftLeft(64 * n).subtract(BigInteger.ONE)));
            for (int i = 0; i < 50; i++) {
                v.add(new BigInteger(64 * n, rnd));
            }
            long[] r = new long[n];
            for (BigInteger a : v) {
                if (n == 6) {
                    MontgomeryUnrolled.fpFromMontgomery(r, 0, limbs(a, n), 0);
                } else {
                    MontgomeryUnrolled.frFromMontgomery(r, 0, limbs(a, n), 0);
                }
                assertEquals(a.multiply(rInv).mod(m), big(r, 0, n), a.toString(16));
                if (a.compareTo(m) < 0) {
                    long[] c = new long[n];
                    f.toCanonical(c, 0, limbs(a, n), 0);
                    long[] g = new long[n];
                    f.generic().toCanonical(g, 0, limbs(a, n), 0);
                    assertEquals(big(g, 0, n), big(c, 0, n), "toCanonical vs the generic loops");
                }
            }
        }
    }
}
