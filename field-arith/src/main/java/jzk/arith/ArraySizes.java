package jzk.arith;

/**
 * Lengths of flat {@code long[]} vectors ({@code elements × longsPerElement}) computed in long arithmetic, so that
 * a size past what one Java array holds is one clear error instead of an int product that wraps (2^27 G2 points
 * × 24 limbs = 3.2·10^9 wraps negative; 2^29 Fr elements × 4 wraps to −2^31).
 */
public final class ArraySizes {
    /** Largest array length HotSpot allocates ({@code Integer.MAX_VALUE − 8}). */
    public static final int MAX_ARRAY = Integer.MAX_VALUE - 8;

    private ArraySizes() {
    }

    /**
     * {@code elements · longsPerElement} as an array length.
     *
     * @throws IllegalArgumentException naming {@code what} when negative or past {@link #MAX_ARRAY}
     */
    public static int longs(long elements, int longsPerElement, String what) {
        if (elements < 0 || longsPerElement < 1 || elements > MAX_ARRAY / longsPerElement) {
            throw new IllegalArgumentException(what + ": " + elements + " elements of " + longsPerElement
                    + " longs exceed one Java array (" + MAX_ARRAY / Math.max(1, longsPerElement) + " at most)");
        }
        return (int) elements * longsPerElement;
    }
}
