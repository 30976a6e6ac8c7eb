package jzk.arith;

/**
 * Range comparisons of arrays that stay correct at every index a Java array allows.
 *
 * <p>Why not the six-argument {@code java.util.Arrays.equals} on {@code long[]}: up to at least JDK 25 it calls
 * {@code jdk.internal.util.ArraysSupport.mismatch(long[], int, long[], int, int)}, which turns the start index into
 * a byte offset with {@code aFromIndex << 3} in {@code int} arithmetic. From index {@code 2^28} on (2^26 CSR
 * entries of 4 limbs, 2^25 affine G1 points of 12 limbs) the offset wraps and the comparison reads memory 2 GiB
 * before the array: garbage (a wrong answer) on a large heap, SIGSEGV on a small one. The {@code int[]} overload
 * wraps from index {@code 2^29} ({@code << 2}). Plain loops here; C2 vectorizes them.
 */
public final class ArrayRanges {
    private ArrayRanges() {
    }

    /** True when {@code a[ao .. ao+len)} equals {@code b[bo .. bo+len)} element by element. */
    public static boolean equal(long[] a, int ao, long[] b, int bo, int len) {
        java.util.Objects.checkFromIndexSize(ao, len, a.length);
        java.util.Objects.checkFromIndexSize(bo, len, b.length);
        for (int i = 0; i < len; i++) {
            if (a[ao + i] != b[bo + i]) {
                return false;
            }
        }
        return true;
    }

    /** True when {@code a[ao .. ao+len)} equals {@code b[bo .. bo+len)} element by element. */
    public static boolean equal(int[] a, int ao, int[] b, int bo, int len) {
        java.util.Objects.checkFromIndexSize(ao, len, a.length);
        java.util.Objects.checkFromIndexSize(bo, len, b.length);
        for (int i = 0; i < len; i++) {
            if (a[ao + i] != b[bo + i]) {
                return false;
            }
        }
        return true;
    }
}
