package jzk.tornado.bls.kernels;

import jzk.tornado.api.Atomics;
import jzk.tornado.api.KernelContext;

/**
 * The QAP evaluations of a Groth16 proof on the device: the sparse matrix–vector products {@code A·z}, {@code B·z},
 * {@code C·z} of an R1CS kept resident in compressed-sparse-row form ({@link DeviceMatrix}), the satisfaction
 * check {@code (A·z)_i·(B·z)_i = (C·z)_i} and the conversion of Montgomery vectors to the canonical scalars of the
 * MSMs. Fr elements are 8 little-endian 32-bit limbs, Montgomery ({@link Mont32#FR}) unless said otherwise.
 *
 * <p>CSR layout (the host's {@code jzk.prover.r1cs.CsrMatrix}, unchanged): row i's entries are
 * {@code k ∈ [rowStart[i], rowStart[i+1])}, column {@code cols[k]}, coefficient {@code table[8·ids[k] …]} (the
 * interned distinct coefficients); entries whose id is {@code oneId} (the coefficient 1) are additions.
 * Entries of a row are summed in order, so every device gives the host mat-vec's value bit for bit (field
 * addition is exact; the order only matters for speed).
 */
public final class R1csKernels {
    private R1csKernels() {
    }

    /** The integer 1 (not Montgomery): a Montgomery product with it is the canonical value. */
    private static final int[] RAW_ONE = {1, 0, 0, 0, 0, 0, 0, 0};

    /**
     * Work-item i &lt; n writes element i of {@code out} (a whole domain of n elements): for i &lt; rows the row's
     * sum {@code Σ_k table[ids[k]]·z[cols[k]]}; for {@code rows ≤ i < rows + copy} the assignment element
     * {@code z[i − rows]} (Groth16's input-consistency rows of A, copy = 1 + public inputs; 0 for B and C); zero
     * for the rest of the domain. Every element is written, so {@code out} needs no clearing.
     */
    public static void mulVec(KernelContext ctx, int[] rowStart, int[] cols, int[] ids, int[] table, int oneId,
                              int[] z, int[] out, int rows, int copy, int n) {
        int i = ctx.globalIdx;
        if (i < n) {
            int[] acc = new int[8];
            int[] t = new int[8];
            if (i < rows) {
                int end = rowStart[i + 1];
                for (int k = rowStart[i]; k < end; k++) {
                    int zo = cols[k] * 8;
                    int id = ids[k];
                    if (id == oneId) {
                        Mont32.add(Mont32.FR, acc, 0, acc, 0, z, zo);
                    } else {
                        Mont32.mul(Mont32.FR, t, 0, table, id * 8, z, zo);
                        Mont32.add(Mont32.FR, acc, 0, acc, 0, t, 0);
                    }
                }
            } else if (i - rows < copy) {
                for (int l = 0; l < 8; l++) {
                    acc[l] = z[(i - rows) * 8 + l];
                }
            }
            for (int l = 0; l < 8; l++) {
                out[i * 8 + l] = acc[l];
            }
        }
    }

    /** Work-item i &lt; rows: if {@code a_i·b_i ≠ c_i}, {@code bad[0] += 1} (zeroed by the caller). */
    public static void countUnsatisfied(KernelContext ctx, int[] a, int[] b, int[] c, int rows, int[] bad) {
        int i = ctx.globalIdx;
        if (i < rows) {
            int[] t = new int[8];
            Mont32.mul(Mont32.FR, t, 0, a, i * 8, b, i * 8);
            if (!Mont32.equal(Mont32.FR, t, 0, c, i * 8)) {
                Atomics.addInt(bad, 0, 1);
            }
        }
    }

    /**
     * Work-item i &lt; n: elements {@code from + i} of {@code v} from Montgomery to canonical form in place
     * ({@code x·R ↦ x}, a Montgomery product with the integer 1): the MSM scalars of the assignment and of H.
     */
    public static void fromMontgomery(KernelContext ctx, int[] v, int from, int n) {
        int i = ctx.globalIdx;
        if (i < n) {
            Mont32.mul(Mont32.FR, v, (from + i) * 8, v, (from + i) * 8, RAW_ONE, 0);
        }
    }
}
