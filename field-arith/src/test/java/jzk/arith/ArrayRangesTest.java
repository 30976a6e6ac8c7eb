package jzk.arith;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIfSystemProperty;

class ArrayRangesTest {
    @Test
    void equalRangesAndEveryOneElementDifference() {
        SplittableRandom rnd = new SplittableRandom(7);
        long[] a = rnd.longs(64).toArray();
        long[] b = new long[80];
        System.arraycopy(a, 5, b, 11, 40);
        assertTrue(ArrayRanges.equal(a, 5, b, 11, 40));
        assertTrue(ArrayRanges.equal(a, 5, b, 11, 0));
        for (int p = 0; p < 40; p++) {
            b[11 + p] ^= 1L << (p % 64);
            assertFalse(ArrayRanges.equal(a, 5, b, 11, 40), "difference at " + p);
            b[11 + p] ^= 1L << (p % 64);
        }
        int[] x = rnd.ints(64).toArray();
        int[] y = new int[64];
        System.arraycopy(x, 3, y, 0, 50);
        assertTrue(ArrayRanges.equal(x, 3, y, 0, 50));
        y[49]++;
        assertFalse(ArrayRanges.equal(x, 3, y, 0, 50));
    }

    @Test
    void rangesOutsideTheArraysThrow() {
        long[] a = new long[8];
        assertThrows(IndexOutOfBoundsException.class, () -> ArrayRanges.equal(a, 6, a, 0, 4));
        assertThrows(IndexOutOfBoundsException.class, () -> ArrayRanges.equal(a, 0, a, -1, 4));
        assertThrows(IndexOutOfBoundsException.class, () -> ArrayRanges.equal(new int[4], 0, new int[4], 1, 4));
    }

    /**
     * The offending size of the B-row bug: a range starting at index 2^28 of a long[] (JDK's Arrays.equals
     * computes its byte offset {@code 2^28 << 3} in int and compares memory 2 GiB before the array). Needs a
     * 2 GiB array: {@code -Djzk.bigTests=true} (run with {@code -Djzk.test.argLine="... -Xmx4g"} or more).
     */
    @Test
    @EnabledIfSystemProperty(named = "jzk.bigTests", matches = "true")
    void rangesPastIndexTwoToThe28() {
        int from = 1 << 28;
        long[] a = new long[from + 16];
        long[] b = {11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22};
        System.arraycopy(b, 0, a, from + 1, b.length);
        assertTrue(ArrayRanges.equal(a, from + 1, b, 0, b.length));
        assertFalse(ArrayRanges.equal(a, from, b, 0, b.length));
        b[b.length - 1]++;
        assertFalse(ArrayRanges.equal(a, from + 1, b, 0, b.length));
    }
}
