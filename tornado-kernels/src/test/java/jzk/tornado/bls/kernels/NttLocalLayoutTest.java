package jzk.tornado.bls.kernels;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashSet;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * The radix-4 passes' local layout ({@link NttKernels#slot}) against the positions {@code pass4In}'s steps touch, as
 * its comment states them (each position held by one work-item per step): every block of 2^k positions maps onto itself, and in every step, for each of a work-item's
 * 4 elements, the (up to) 32 work-items of a warp reach 32 distinct banks (slot mod 32); the unswizzled layout would
 * not (4-way at ls = 0 and 2), which is what the slots are for.
 */
class NttLocalLayoutTest {
    /** Position of element e of work-item l in the step at ls of a k-stage pass (radix 4 or the last radix-2 step). */
    private static int position(int k, int ls, int l, int e) {
        int h = 1 << ls;
        boolean two = ls + 1 < k;
        int mb = two ? ((l >>> ls) << (ls + 2)) + (l & (h - 1)) : l;
        int d2 = two ? 2 * h : 1 << (k - 2);
        return mb + (e & 1) * h + (e >> 1) * d2;
    }

    /** Most work-items of a warp that share one bank in one access, for a layout. */
    private static int worstConflict(int k, java.util.function.IntUnaryOperator layout) {
        int items = 1 << (k - 2);
        int worst = 0;
        for (int ls = 0; ls < k; ls += 2) {
            for (int w0 = 0; w0 < items; w0 += 32) {
                for (int e = 0; e < 4; e++) {
                    int[] perBank = new int[32];
                    for (int l = w0; l < Math.min(w0 + 32, items); l++) {
                        worst = Math.max(worst, ++perBank[layout.applyAsInt(position(k, ls, l, e)) & 31]);
                    }
                }
            }
        }
        return worst;
    }

    @Test
    void slotsArePermutationsWithoutBankConflicts() {
        for (int k = 2; k <= NttKernels.LG_BLOCK; k++) {
            Set<Integer> seen = new HashSet<>();
            for (int m = 0; m < 1 << k; m++) {
                int p = NttKernels.slot(m);
                assertTrue(p >= 0 && p < 1 << k, "slot(" + m + ") = " + p + " outside the block of 2^" + k);
                seen.add(p);
            }
            assertEquals(1 << k, seen.size(), "slots of a 2^" + k + " block are a permutation");
            for (int ls = 0; ls < k; ls += 2) {
                Set<Integer> held = new HashSet<>();
                for (int l = 0; l < 1 << (k - 2); l++) {
                    for (int e = 0; e < 4; e++) {
                        held.add(position(k, ls, l, e));
                    }
                }
                assertEquals(1 << k, held.size(), "k = " + k + ", step " + ls + ": each position held once");
            }
            assertEquals(1, worstConflict(k, NttKernels::slot), "bank conflicts, k = " + k);
        }
        assertEquals(4, worstConflict(NttKernels.LG_BLOCK, m -> m), "the unswizzled layout's conflicts");
    }
}
