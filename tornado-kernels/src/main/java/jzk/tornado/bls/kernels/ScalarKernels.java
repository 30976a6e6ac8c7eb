package jzk.tornado.bls.kernels;

import jzk.tornado.api.Atomics;
import jzk.tornado.api.KernelContext;

/**
 * Range check of MSM scalars on the device, so the host does not make a serial pass over 2^24 scalars before an
 * MSM: scalars are canonical Fr (not Montgomery) as 8 little-endian 32-bit limbs each (the bytes of the project's
 * 4 little-endian longs), and every one must satisfy {@code 0 ≤ s < r} (r from {@link Mont32#MODULUS}, field
 * {@link Mont32#FR}). The kernel only counts the offenders (an order-independent atomic sum, so every device gives
 * the same count); {@link DeviceScalars} finds the first one on the host when the count is not zero.
 */
public final class ScalarKernels {
    private ScalarKernels() {
    }

    /**
     * Work-item i &lt; n: if scalar {@code from + i} (ints {@code [(from+i)·8, (from+i)·8 + 8)}) is not below r,
     * {@code bad[0] += 1}. {@code bad[0]} must be zeroed by the caller.
     */
    public static void countNotBelowR(KernelContext ctx, int[] scalars, int from, int n, int[] bad) {
        int i = ctx.globalIdx;
        if (i < n && belowR(scalars, (from + i) * 8) == 0) {
            Atomics.addInt(bad, 0, 1);
        }
    }

    /**
     * 1 if the 8-limb value at {@code s[so…]} is below r, else 0: compares from the top limb down; the first
     * differing limb decides, all equal means s = r.
     */
    static int belowR(int[] s, int so) {
        int below = 0;
        int decided = 0;
        for (int k = 7; k >= 0; k--) {
            int a = s[so + k];
            int m = Mont32.MODULUS[k];
            if (decided == 0 && a != m) {
                below = Integer.compareUnsigned(a, m) < 0 ? 1 : 0;
                decided = 1;
            }
        }
        return below;
    }
}
