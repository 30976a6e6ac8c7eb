package jzk.tornado.bls;

/**
 * Converts between the project-wide layout (64-bit limbs, docs/ARCHITECTURE.md) and the kernels' 32-bit limbs.
 * Both are little-endian and the Montgomery radix is the same power of two (2^256 for Fr, 2^384 for Fp), so a
 * 64-bit limb {@code v} becomes the two ints {@code (int) v, (int) (v >>> 32)}: no arithmetic, any element
 * type (Fr, Fp, Fp2, affine points) converts the same way.
 */
public final class Layout {
    private Layout() {
    }

    /** {@code longs} 64-bit limbs from {@code src[so…]} to {@code 2·longs} ints at {@code dst[do…]}. */
    public static void split(long[] src, int so, int[] dst, int dOff, int longs) {
        for (int i = 0; i < longs; i++) {
            long v = src[so + i];
            dst[dOff + 2 * i] = (int) v;
            dst[dOff + 2 * i + 1] = (int) (v >>> 32);
        }
    }

    public static int[] split(long[] src) {
        int[] r = new int[src.length * 2];
        split(src, 0, r, 0, src.length);
        return r;
    }

    /** {@code 2·longs} ints from {@code src[so…]} to {@code longs} 64-bit limbs at {@code dst[dOff…]}. */
    public static void join(int[] src, int so, long[] dst, int dOff, int longs) {
        for (int i = 0; i < longs; i++) {
            dst[dOff + i] = (src[so + 2 * i] & 0xFFFFFFFFL) | ((long) src[so + 2 * i + 1] << 32);
        }
    }

    public static long[] join(int[] src) {
        if (src.length % 2 != 0) {
            throw new IllegalArgumentException("odd int count " + src.length + " cannot form 64-bit limbs");
        }
        long[] r = new long[src.length / 2];
        join(src, 0, r, 0, r.length);
        return r;
    }
}
