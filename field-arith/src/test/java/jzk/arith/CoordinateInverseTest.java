package jzk.arith;

import org.junit.jupiter.api.Test;

import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;

/** {@link CoordinateInverse} agrees with the Fermat inversion of {@link MontgomeryField} / {@link Fp2}. */
class CoordinateInverseTest {
    @Test
    void matchesFermatInverseForFpAndFp2() {
        Random rnd = new Random(7);
        for (CoordinateField f : new CoordinateField[] {FpCoordinates.INSTANCE, Fp2Coordinates.INSTANCE}) {
            int n = f.limbs();
            long[] t = new long[2 * Fp.LIMBS];
            for (int i = 0; i < 50; i++) {
                long[] a = new long[n];
                for (int k = 0; k < n; k += Fp.LIMBS) {
                    Fp.F.random(a, k, rnd);
                }
                if (i == 0) {
                    f.setOne(a, 0);
                }
                long[] expected = new long[n];
                f.inverse(expected, 0, a, 0);
                long[] got = new long[n];
                CoordinateInverse.inverse(f, got, 0, a, 0, t, 0);
                assertArrayEquals(expected, got, f.getClass().getSimpleName() + " element " + i);
                CoordinateInverse.inverse(f, a, 0, a, 0, t, 0); // in place
                assertArrayEquals(expected, a);
            }
            long[] zero = new long[n];
            CoordinateInverse.inverse(f, zero, 0, zero, 0, t, 0);
            assertArrayEquals(new long[n], zero, "the inverse of zero is zero");
        }
    }
}
