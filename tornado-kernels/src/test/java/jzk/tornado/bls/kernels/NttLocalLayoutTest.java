package jzk.tornado.bls.kernels;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.function.IntBinaryOperator;
import java.util.function.IntUnaryOperator;
import org.junit.jupiter.api.Test;

/**
 * The radix-4 passes' local layouts against the positions {@code pass4In}'s steps touch, as its comment states them
 * (each position held by one work-item per step). Limb-major ({@link NttKernels#slot}): every block of 2^k positions
 * maps onto itself, and in every step, for each of a work-item's 4 elements, the (up to) 32 work-items of a warp reach
 * 32 distinct banks (slot mod 32); the unswizzled layout would not (4-way at ls = 0 and 2), which is what the slots
 * are for. In quads ({@link NttKernels#quadAt}, {@link NttKernels#twiddleQuadAt}): 16-byte halves, each phase of 8
 * lanes of a 128-bit access on 8 distinct groups of 4 banks.
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
    private static int worstConflict(int k, IntUnaryOperator layout) {
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

    /**
     * Most distinct 16-byte chunks that share a group of 4 banks (chunk mod 8) in one phase (8 consecutive lanes) of
     * a 128-bit access; {@code chunk[l]} is lane l's chunk, −1 for an idle lane. Lanes on one chunk are one broadcast.
     */
    private static int wideConflict(int[] chunk) {
        int worst = 0;
        for (int p = 0; p < chunk.length; p += 8) {
            Set<Integer> distinct = new HashSet<>();
            for (int l = p; l < Math.min(p + 8, chunk.length); l++) {
                if (chunk[l] >= 0) {
                    distinct.add(chunk[l]);
                }
            }
            int[] perGroup = new int[8];
            for (int c : distinct) {
                worst = Math.max(worst, ++perGroup[c & 7]);
            }
        }
        return worst;
    }

    /** Most lanes of a warp on one bank, scalar 4-byte accesses at {@code word[l]} (−1: idle); one word is one. */
    private static int scalarConflict(int[] word) {
        Set<Integer> distinct = new HashSet<>();
        for (int w : word) {
            if (w >= 0) {
                distinct.add(w);
            }
        }
        int[] perBank = new int[32];
        int worst = 0;
        for (int w : distinct) {
            worst = Math.max(worst, ++perBank[w & 31]);
        }
        return worst;
    }

    /**
     * Worst 16-byte conflict (see {@link #wideConflict}) and worst 4-byte conflict (most lanes of a warp on one bank)
     * over every step, element e, half h and warp of a k-stage pass, for a data layout (position, limb) → int index.
     */
    private static int[] worstConflicts(int k, IntBinaryOperator layout) {
        int items = 1 << (k - 2);
        int wide = 0;
        int scalar = 0;
        for (int ls = 0; ls < k; ls += 2) {
            for (int w0 = 0; w0 < items; w0 += 32) {
                for (int e = 0; e < 4; e++) {
                    for (int h = 0; h < 2; h++) {
                        int[] chunk = new int[32];
                        int[] word = new int[32];
                        Arrays.fill(chunk, -1);
                        Arrays.fill(word, -1);
                        for (int l = w0; l < Math.min(w0 + 32, items); l++) {
                            word[l - w0] = layout.applyAsInt(position(k, ls, l, e), 4 * h);
                            chunk[l - w0] = word[l - w0] >> 2;
                        }
                        wide = Math.max(wide, wideConflict(chunk));
                        scalar = Math.max(scalar, scalarConflict(word));
                    }
                }
            }
        }
        return new int[] {wide, scalar};
    }

    /**
     * Checks a quad layout of {@code count} entries × 8 limbs ({@code at(i, q)}) on an array of 8 · {@code size} ints:
     * each half (limbs 4h … 4h+3) 4 consecutive ints from a multiple of 4, no two limbs on one int, all in the array,
     * and every int used when {@code count == size}.
     */
    private static void checkQuads(int count, int size, IntBinaryOperator at, String what) {
        Set<Integer> seen = new HashSet<>();
        for (int m = 0; m < count; m++) {
            for (int h = 0; h < 2; h++) {
                int a = at.applyAsInt(m, 4 * h);
                assertEquals(0, a & 3, what + ": half " + h + " of " + m + " starts at a multiple of 4");
                for (int q = 4 * h; q < 4 * h + 4; q++) {
                    int i = at.applyAsInt(m, q);
                    assertEquals(a + (q & 3), i, what + ": limb " + q + " of " + m + " within its half");
                    assertTrue(i >= 0 && i < 8 * size, what + ": limb " + q + " of " + m + " at " + i + " outside");
                    assertTrue(seen.add(i), what + ": limb " + q + " of " + m + " on an int taken");
                }
            }
        }
        assertEquals(8 * count, seen.size(), what);
    }

    /**
     * The data in quads ({@link NttKernels#quadAt}, {@code pass4q}) for both block sizes and every k that fits: a
     * block's 2^k positions × 8 limbs on distinct ints of the local array (all of them at the largest k), each half
     * 4 consecutive ints from a multiple of 4; in every step, for every element e and half h of every warp, the
     * 16-byte accesses of each phase are free of bank conflicts. With 4-byte accesses the same layout has 4-way
     * conflicts (the cost its javadoc states); quads without the slot permutation ({@code 4m + h·4·stride + q'})
     * would have 4-way conflicts with 16-byte accesses.
     */
    @Test
    void quadDataIsConflictFreeWith16ByteAccesses() {
        int scalarWorst = 0;
        for (int lgStride : new int[] {NttKernels.LG_SMALL_BLOCK, NttKernels.LG_BLOCK}) {
            int stride = 1 << lgStride;
            for (int k = 2; k <= lgStride; k++) {
                IntBinaryOperator at = (m, q) -> NttKernels.quadAt(m, q, stride);
                checkQuads(1 << k, stride, at, "k = " + k + ", stride " + stride);
                int[] worst = worstConflicts(k, at);
                assertEquals(1, worst[0], "16-byte bank conflicts, k = " + k + ", stride " + stride);
                scalarWorst = Math.max(scalarWorst, worst[1]);
            }
        }
        assertEquals(4, scalarWorst, "quads with 4-byte accesses");
        assertEquals(4, worstConflicts(NttKernels.LG_BLOCK,
                (m, q) -> 4 * m + (q >> 2) * 4 * NttKernels.BLOCK + (q & 3))[0], "the unpermuted quads' conflicts");
    }

    /**
     * Worst 16-byte and 4-byte conflicts (as {@link #worstConflicts}) of {@code pass4In}'s twiddle-table accesses for
     * every k ≤ lgBlock (the table of 2^(lgBlock−1) − 1 entries), for a layout (entry, limb) → int index: the writes (stage s ∈ 2 … k−2: work-item l < 2^s writes entry
     * 2^s − 1 + l) and the reads (step ls ≥ 2 with two stages: entry 2^ls − 1 + jl for stage ls, 2^(ls+1) − 1 + jl and
     * that + 2^ls for stage ls + 1, where a stage reads local memory when 2 ≤ it ≤ k − 2).
     */
    private static int[] worstTwiddleConflicts(int lgBlock, IntBinaryOperator layout) {
        int entries = (1 << lgBlock) / 2 - 1;
        int wide = 0;
        int scalar = 0;
        int accesses = 0;
        for (int k = 2; k <= lgBlock; k++) {
            int items = 1 << (k - 2);
            List<IntUnaryOperator> patterns = new ArrayList<>();
            for (int s = 2; s <= k - 2; s++) {
                int stage = s;
                patterns.add(l -> l < 1 << stage ? (1 << stage) - 1 + l : -1); // the writes
            }
            for (int ls = 2; ls + 1 < k; ls += 2) {
                int h = 1 << ls;
                patterns.add(l -> h - 1 + (l & (h - 1)));
                if (ls + 1 <= k - 2) {
                    patterns.add(l -> 2 * h - 1 + (l & (h - 1)));
                    patterns.add(l -> 2 * h - 1 + (l & (h - 1)) + h);
                }
            }
            for (IntUnaryOperator entry : patterns) {
                for (int w0 = 0; w0 < items; w0 += 32) {
                    for (int h = 0; h < 2; h++) {
                        int[] chunk = new int[32];
                        int[] word = new int[32];
                        Arrays.fill(chunk, -1);
                        Arrays.fill(word, -1);
                        for (int l = w0; l < Math.min(w0 + 32, items); l++) {
                            int e = entry.applyAsInt(l);
                            if (e >= 0) {
                                assertTrue(e < entries, "k = " + k + ": entry " + e + " outside the table");
                                word[l - w0] = layout.applyAsInt(e, 4 * h);
                                chunk[l - w0] = word[l - w0] >> 2;
                            }
                        }
                        if (Arrays.stream(chunk).anyMatch(c -> c >= 0)) { // a warp of work-items that access
                            wide = Math.max(wide, wideConflict(chunk));
                            scalar = Math.max(scalar, scalarConflict(word));
                            accesses++;
                        }
                    }
                }
            }
        }
        assertTrue(accesses > 50, "twiddle accesses checked: " + accesses);
        return new int[] {wide, scalar};
    }

    /**
     * The twiddle table in quads ({@link NttKernels#twiddleQuadAt}) for both table sizes (511 and 127 entries × 8
     * limbs onto as many ints, halves 4-aligned): {@code pass4In}'s 16-byte accesses to it free of bank conflicts for
     * every k (4-way with 4-byte accesses; 2-way with 16-byte accesses to an element-major table {@code 8e + q}).
     */
    @Test
    void quadTwiddlesAreConflictFreeWith16ByteAccesses() {
        for (int lgBlock : new int[] {NttKernels.LG_SMALL_BLOCK, NttKernels.LG_BLOCK}) {
            int entries = (1 << lgBlock) / 2 - 1;
            IntBinaryOperator at = (e, q) -> NttKernels.twiddleQuadAt(e, q, entries);
            checkQuads(entries, entries, at, "twiddles of 2^" + lgBlock + " blocks");
            int[] worst = worstTwiddleConflicts(lgBlock, at);
            assertEquals(1, worst[0], "16-byte bank conflicts on the twiddles of 2^" + lgBlock + " blocks");
            assertEquals(4, worst[1], "twiddles in quads with 4-byte accesses, 2^" + lgBlock + " blocks");
        }
        assertEquals(2, worstTwiddleConflicts(NttKernels.LG_BLOCK, (e, q) -> 8 * e + q)[0], "8e + q's conflicts");
    }
}
