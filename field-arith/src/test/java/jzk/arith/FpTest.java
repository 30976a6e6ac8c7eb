package jzk.arith;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigInteger;
import java.util.Random;
import org.junit.jupiter.api.Test;

class FpTest extends MontgomeryFieldSuite {
    @Override
    MontgomeryField field() {
        return Fp.F;
    }

    @Test
    void sqrtOfSquaresAndRejectionOfNonSquares() {
        Random rnd = new Random(7);
        long[] a = new long[Fp.LIMBS];
        long[] sq = new long[Fp.LIMBS];
        long[] root = new long[Fp.LIMBS];
        for (int i = 0; i < 30; i++) {
            Fp.F.random(a, 0, rnd);
            Fp.F.square(sq, 0, a, 0);
            assertTrue(Fp.sqrt(root, 0, sq, 0));
            Fp.F.square(root, 0, root, 0);
            assertTrue(Fp.F.equal(root, 0, sq, 0));
            // −1 is a non-square since p ≡ 3 (mod 4), so −a² is not a square
            Fp.F.neg(sq, 0, sq, 0);
            if (!Fp.F.isZero(sq, 0)) {
                assertFalse(Fp.sqrt(root, 0, sq, 0));
            }
        }
    }

    @Test
    void modulusShape() {
        assertEquals(381, Fp.P.bitLength());
        assertEquals(3, Fp.P.mod(BigInteger.valueOf(4)).intValue());
        assertTrue(Fp.P.isProbablePrime(64));
    }
}
