package jzk.prover.groth16;

import java.util.stream.IntStream;
import jzk.arith.Fr;
import jzk.arith.MontgomeryField;
import jzk.prover.r1cs.CsrMatrix;

/**
 * {@code out[j] += Σ_i M[i][j]·x[i]} for a CSR matrix M and a vector x over its rows (Montgomery Fr, 4 limbs each):
 * setup's QAP polynomials at τ, {@code u_j(τ) = Σ_i A[i][j]·L_i(τ)} and the same for B and C.
 *
 * <p>The row-wise scatter ({@code out[col] += …} entry by entry) cannot be split between threads without two of
 * them adding into one column; so the matrix is transposed first — a counting sort of its entries by column, stable
 * in row order: {@code colStart} (cols + 1 ints) and, per entry, its row and coefficient id (8 bytes an entry, once
 * per matrix) — and then every column is a sum of its own entries, computed in parallel over blocks of columns.
 * Field addition is exact, so the result is the scatter's bit for bit (ColumnSumsTest checks it against one). Entries
 * whose coefficient is 1 ({@link CsrMatrix#oneId}; most of a SHA-256 circuit's) are additions without a product.
 * At 2^27 StackedDRG constraints the three matrices' scatters ran on three threads for most of the 51.9 s the
 * H200's setup spent on its QAP scalars.
 */
final class ColumnSums {
    private static final MontgomeryField F = Fr.F;
    private static final int N = Fr.LIMBS;
    /** Columns per parallel task: a few thousand entries, well above the fork/join cost. */
    private static final int COLUMNS_PER_TASK = 1 << 12;

    private ColumnSums() {
    }

    /** Adds {@code Mᵀ·x} into {@code out} (see the class comment). */
    static void accumulate(CsrMatrix mat, long[] x, long[] out) {
        int rows = mat.rows();
        int cols = mat.cols();
        int nnz = mat.nnz();
        int[] rs = mat.rowStart();
        int[] ci = mat.colIndex();
        int[] ids = mat.coeffId();
        int[] colStart = new int[cols + 1];
        for (int k = 0; k < nnz; k++) {
            colStart[ci[k] + 1]++;
        }
        for (int j = 0; j < cols; j++) {
            colStart[j + 1] += colStart[j];
        }
        int[] next = java.util.Arrays.copyOf(colStart, cols);
        int[] rowOf = new int[nnz];
        int[] idOf = new int[nnz];
        for (int i = 0; i < rows; i++) {
            for (int k = rs[i]; k < rs[i + 1]; k++) {
                int p = next[ci[k]]++;
                rowOf[p] = i;
                idOf[p] = ids[k];
            }
        }
        next = null;
        long[] table = mat.coeffTable();
        int one = mat.oneId();
        IntStream.range(0, (cols + COLUMNS_PER_TASK - 1) / COLUMNS_PER_TASK).parallel().forEach(task -> {
            long[] t = new long[N];
            int end = Math.min(cols, (task + 1) * COLUMNS_PER_TASK);
            for (int j = task * COLUMNS_PER_TASK; j < end; j++) {
                for (int p = colStart[j]; p < colStart[j + 1]; p++) {
                    if (idOf[p] == one) {
                        F.add(out, j * N, out, j * N, x, rowOf[p] * N);
                    } else {
                        F.mul(t, 0, table, idOf[p] * N, x, rowOf[p] * N);
                        F.add(out, j * N, out, j * N, t, 0);
                    }
                }
            }
        });
    }
}
