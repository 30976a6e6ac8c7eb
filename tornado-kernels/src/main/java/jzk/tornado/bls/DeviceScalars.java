package jzk.tornado.bls;

import java.lang.reflect.Method;
import jzk.arith.Fr;
import jzk.arith.Limbs;
import jzk.tornado.api.Kernels;
import jzk.tornado.bls.kernels.ScalarKernels;

/**
 * MSM scalars on the device: {@code 8·n} ints, canonical Fr (not Montgomery), little-endian 32-bit limbs. That is
 * byte for byte the project's {@code 4·n} little-endian longs, so an upload is a plain copy
 * ({@link KernelHost#write(KernelHost.Buffer, long, long[], int, int)}) and no {@code int[]} is made. The range
 * {@code 0 ≤ s < r} is checked on the device ({@link ScalarKernels#countNotBelowR}); only when scalars fail is the
 * buffer read back to name the first offending index (a scalar ≥ r is a caller bug that reducing it silently
 * would hide).
 *
 * <p>Kernels index scalar limbs with {@code int} arithmetic, {@code (from + i)·8}, so at most
 * {@link #MAX_SCALARS} scalars per buffer.
 */
final class DeviceScalars {
    private DeviceScalars() {
    }

    private static final Method CHECK = Kernels.of(ScalarKernels::countNotBelowR);
    private static final long[] R_LIMBS = Fr.F.modulusLimbs();
    private static final int LOCAL = 64;
    /** Largest scalar count whose limb indices {@code 8·i + 7} stay below 2^31. */
    static final int MAX_SCALARS = Integer.MAX_VALUE / 8;
    /** Scalars read back per chunk when looking for the first bad one. */
    private static final int SCAN_CHUNK = 1 << 16;

    /** {@code scalars} must hold exactly 4·n longs (and n fit {@link #MAX_SCALARS}). */
    static void checkLength(long[] scalars, int n) {
        if (scalars.length != 4L * n) {
            throw new IllegalArgumentException("MSM over " + n + " bases needs " + 4L * n + " scalar limbs, got "
                    + scalars.length);
        }
        checkCount(n);
    }

    static void checkCount(int n) {
        if (n > MAX_SCALARS) {
            throw new IllegalArgumentException("MSM over " + n + " scalars exceeds the " + MAX_SCALARS
                    + " that one int-indexed scalar buffer holds; split it");
        }
    }

    /** A device buffer holding {@code n} scalars must have at least 8·n ints. */
    static void checkBuffer(KernelHost.Buffer scalars, int n) {
        checkCount(n);
        if (scalars.ints() < 8L * n) {
            throw new IllegalArgumentException("scalar buffer of " + scalars.ints() + " ints is too small for " + n
                    + " scalars (8 ints each)");
        }
    }

    /**
     * Throws {@link IllegalArgumentException} naming the first scalar of {@code [from, from + n)} in the buffer that
     * is not below r, reported as index {@code indexBase + i} (the caller's numbering); returns normally if all are.
     */
    static void requireBelowR(KernelHost host, MsmScratch scratch, KernelHost.Buffer scalars, int from, int n,
                              int indexBase) {
        if (n <= 0) {
            return;
        }
        KernelHost.Buffer bad = scratch.get(MsmScratch.Role.BAD, 1);
        int[] count = new int[1];
        host.write(bad, 0, count, 1);
        host.launch(CHECK, (n + LOCAL - 1) / LOCAL * LOCAL, LOCAL, scalars, from, n, bad);
        host.read(bad, 0, count, 1);
        if (count[0] == 0) {
            return;
        }
        // error path: find the first offender on the host from a read-back of the buffer
        int[] ints = new int[8 * Math.min(SCAN_CHUNK, n)];
        long[] longs = new long[4 * Math.min(SCAN_CHUNK, n)];
        for (int lo = 0; lo < n; lo += SCAN_CHUNK) {
            int k = Math.min(SCAN_CHUNK, n - lo);
            host.read(scalars, 8L * (from + lo), ints, 8 * k);
            Layout.join(ints, 0, longs, 0, 4 * k);
            for (int i = 0; i < k; i++) {
                if (!Limbs.lessThan(longs, 4 * i, R_LIMBS, 0, 4)) {
                    throw new IllegalArgumentException("scalar " + (indexBase + lo + i) + " is not below the group "
                            + "order r (canonical scalars in [0, r) required): "
                            + Limbs.toBigInteger(longs, 4 * i, 4).toString(16) + " (" + count[0] + " such scalars)");
                }
            }
        }
        throw new IllegalStateException("the device counted " + count[0] + " scalars ≥ r among " + n
                + " but their read-back has none");
    }
}
