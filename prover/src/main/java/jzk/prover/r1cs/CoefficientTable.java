package jzk.prover.r1cs;

import java.util.Arrays;
import jzk.arith.Fr;

/**
 * Interns Fr coefficients: each distinct value gets a dense id {@code 0, 1, 2, …} in order of first appearance,
 * so that a CSR matrix stores a 4-byte id per entry instead of the 32-byte value ({@link CsrMatrix}). Circuits
 * have few distinct coefficients (±1, powers of two, Poseidon's MDS entries and round constants: hundreds at
 * 2^20 PoRep constraints), so the table is tiny next to the entries it replaces.
 *
 * <p>Invariants: {@link #values()} holds {@link #size()} distinct elements, 4 limbs each, id {@code i} at
 * {@code 4i}; {@code slots} is an open-addressing hash set of ids + 1 (0 = empty), at most half full. Not
 * thread-safe (one recorder or reader builds it; the finished array is then shared read-only).
 */
public final class CoefficientTable {
    private static final int N = Fr.LIMBS;

    private long[] values = new long[16 * N];
    private int size;
    private int[] slots = new int[64];

    /** The id of the coefficient at {@code c[co .. co+4)}, added when new. */
    public int intern(long[] c, int co) {
        int mask = slots.length - 1;
        for (int s = hash(c, co) & mask;; s = (s + 1) & mask) {
            int id = slots[s] - 1;
            if (id < 0) {
                return add(c, co, s);
            }
            int vo = id * N;
            if (values[vo] == c[co] && values[vo + 1] == c[co + 1] && values[vo + 2] == c[co + 2]
                    && values[vo + 3] == c[co + 3]) {
                return id;
            }
        }
    }

    private int add(long[] c, int co, int slot) {
        if (size == Integer.MAX_VALUE / N) {
            throw new IllegalStateException("more than " + size + " distinct coefficients");
        }
        int id = size++;
        if (id * N == values.length) {
            values = Arrays.copyOf(values, (int) Math.min((long) values.length * 2, (long) (Integer.MAX_VALUE / N) * N));
        }
        System.arraycopy(c, co, values, id * N, N);
        slots[slot] = id + 1;
        if (2L * size > slots.length) {
            rehash();
        }
        return id;
    }

    private void rehash() {
        int[] old = slots;
        slots = new int[Math.multiplyExact(old.length, 2)];
        int mask = slots.length - 1;
        for (int v : old) {
            if (v != 0) {
                int s = hash(values, (v - 1) * N) & mask;
                while (slots[s] != 0) {
                    s = (s + 1) & mask;
                }
                slots[s] = v;
            }
        }
    }

    private static int hash(long[] c, int co) {
        long h = c[co] * 0x9E3779B97F4A7C15L;
        h = (h ^ c[co + 1]) * 0xC2B2AE3D27D4EB4FL;
        h = (h ^ c[co + 2]) * 0x9E3779B97F4A7C15L;
        h = (h ^ c[co + 3]) * 0xC2B2AE3D27D4EB4FL;
        return (int) (h ^ (h >>> 32));
    }

    /** Number of distinct coefficients. */
    public int size() {
        return size;
    }

    /** The values, trimmed to {@link #size()} × 4 limbs (a copy). */
    public long[] values() {
        return Arrays.copyOf(values, size * N);
    }
}
