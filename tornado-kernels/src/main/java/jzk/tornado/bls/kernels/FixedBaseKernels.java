package jzk.tornado.bls.kernels;

import jzk.tornado.api.KernelContext;

/**
 * Batch fixed-base scalar multiplication on the device (Groth16 parameter generation), for G1 ({@code d = 1})
 * and G2 ({@code d = 2}) with one code path: {@code [s]P = Σ_k T[k][s_k]} with {@code T[k][e] = [e·2^(8k)]P}
 * precomputed on the host, {@code s_k} the k-th byte of the scalar (fixed-base windowing, Handbook of Applied
 * Cryptography §14.6.3 with w = 8; bellman's {@code FixedBaseTable}). One work-item per scalar: 32 mixed
 * additions into an XYZZ accumulator, no doubling and no communication between work-items.
 *
 * <p>Invariants: the table holds {@link #WINDOWS} × {@link #DIGITS} affine points (x, y; {@code 24·d} ints,
 * Montgomery 32-bit limbs, infinity all zeros), entry (k, e) at index {@code k·DIGITS + e − 1} — the 32-bit image
 * of the prover's {@code FixedBaseMul} table. Scalars are 8 × 32-bit little-endian limbs; any 256-bit value is
 * accepted (the result is the integer multiple {@code [s]P}, as on the CPU), so scalars ≥ r are not an error
 * here. The output is the XYZZ point ({@code 48·d} ints, infinity ZZ = 0) per scalar; the host normalises to
 * affine ({@link FixedBaseGpu}).
 *
 * <p>Why the special cases cannot be skipped: {@link Xyzz#addAffine} is complete for what this loop meets. A zero
 * digit adds nothing; a table entry equal to the accumulator (possible for a 256-bit scalar {@code s} when
 * {@code s mod 2^(8k) ≡ e·2^(8k) mod r}, e.g. {@code s = 0xE8·2^248 − r} at window 31) takes the doubling
 * formula; its negation (e.g. {@code s = r}) gives infinity.
 */
public final class FixedBaseKernels {
    private FixedBaseKernels() {
    }

    /** Window width w in bits. */
    public static final int WINDOW_BITS = 8;
    /** Windows per 256-bit scalar: 256 / w. */
    public static final int WINDOWS = 256 / WINDOW_BITS;
    /** Non-zero digits per window: 2^w − 1 (digit 0 has no table entry). */
    public static final int DIGITS = (1 << WINDOW_BITS) - 1;

    /**
     * Work-item {@code i < n}: {@code out[i] = [scalars[i]]P} (XYZZ) from the table of P. The accumulator and the
     * point formulas' register file are private arrays, allocated once per work-item.
     */
    public static void mulAll(KernelContext ctx, int d, int[] table, int[] scalars, int[] out, int n) {
        int i = ctx.globalIdx;
        if (i >= n) {
            return;
        }
        int aInts = 24 * d;
        int[] acc = new int[96]; // XYZZ of the widest group (G2: 4 × 24 ints); zero-filled = infinity
        int[] reg = new int[Xyzz.SCRATCH];
        for (int k = 0; k < WINDOWS; k++) {
            int digit = (scalars[i * 8 + (k >>> 2)] >>> ((k & 3) * 8)) & 0xFF;
            if (digit != 0) {
                Xyzz.addAffine(d, acc, 0, table, (k * DIGITS + digit - 1) * aInts, false, reg);
            }
        }
        Xyzz.copy(d, out, i * 48 * d, acc, 0);
    }
}
