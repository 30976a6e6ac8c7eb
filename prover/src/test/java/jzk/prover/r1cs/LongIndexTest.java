package jzk.prover.r1cs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** Sizes past what an int offset or a Java array holds give one clear error, computed in long, never wrapped. */
class LongIndexTest {
    @Test
    void fieldVectorsPastTheJavaArrayLimitAreRefusedBeforeAllocating() {
        assertEquals(4 * 3, FrOps.newVector(3, "x").length);
        // 2^29 elements: 4·2^29 = 2^31 longs, one past what int arithmetic holds (it would wrap to −2^31)
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> FrOps.newVector(1L << 29, "a (domain)"));
        assertTrue(e.getMessage().startsWith("a (domain): 536870912 elements of 4 longs exceed one Java array"),
                e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> FrOps.newVector(3L << 31, "h"));
        assertThrows(IllegalArgumentException.class, () -> FrOps.newVector(-1, "h"));
        assertEquals(FrOps.MAX_VECTOR_ELEMENTS, (Integer.MAX_VALUE - 8) / 4);
    }

    @Test
    void pointVectorLengthsAreCheckedInLong() {
        // 2^27 G2 affine points of 24 limbs: 3 221 225 472 longs, an int product would wrap to −1 073 741 824
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> jzk.arith.ArraySizes.longs(1L << 27, 24, "B2 bases"));
        assertTrue(e.getMessage().startsWith("B2 bases: 134217728 elements of 24 longs exceed"), e.getMessage());
        // 2^27 G1 affine points of 12 limbs fit: 1 610 612 736 longs
        assertEquals(1_610_612_736, jzk.arith.ArraySizes.longs(1L << 27, 12, "A bases"));
        assertEquals(jzk.arith.ArraySizes.MAX_ARRAY / 24 * 24,
                jzk.arith.ArraySizes.longs(jzk.arith.ArraySizes.MAX_ARRAY / 24, 24, "max"));
        assertThrows(IllegalArgumentException.class,
                () -> jzk.arith.ArraySizes.longs(jzk.arith.ArraySizes.MAX_ARRAY / 24 + 1, 24, "max + 1"));
    }

    @Test
    void aSizedWitnessPastTheArrayLimitIsRefused() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> new WitnessConstraintSystem(false, 2, (1 << 29) - 2));
        assertTrue(e.getMessage().contains("536870913 variables does not fit"), e.getMessage());
    }

    @Test
    void csrOffsetsThatWrappedAreRefused() {
        // a row-offset array whose last entry wrapped negative (nnz past 2^31 counted in int)
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> new CsrMatrix(1, 2, new int[] {0, Integer.MIN_VALUE + 3}, new int[0], new int[0], new long[4]));
        assertTrue(e.getMessage().contains("nnz"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class,
                () -> new CsrMatrix(1, 2, new int[] {0, 1}, new int[] {1}, new int[] {1}, new long[4]));
        assertTrue(e.getMessage().contains("coefficient id 1"), e.getMessage());
    }
}
