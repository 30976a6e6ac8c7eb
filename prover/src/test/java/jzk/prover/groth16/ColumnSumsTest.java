package jzk.prover.groth16;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Random;
import jzk.arith.Fr;
import jzk.prover.r1cs.CsrMatrix;
import org.junit.jupiter.api.Test;

/**
 * {@link ColumnSums#accumulate} (transposed, parallel over columns, additions for coefficient 1) equals the plain
 * row-wise scatter written here, bit for bit: random sparse matrices with empty rows and columns, a column repeated
 * within a row, tables with and without the coefficient 1, and a non-zero starting {@code out}; enough columns for
 * several parallel tasks.
 */
class ColumnSumsTest {
    private static final int N = Fr.LIMBS;

    /** out[col] += coeff · x[row], entry by entry in row order: the definition. */
    private static void scatter(CsrMatrix m, long[] x, long[] out) {
        long[] t = new long[N];
        for (int i = 0; i < m.rows(); i++) {
            for (int k = m.rowStart()[i]; k < m.rowStart()[i + 1]; k++) {
                Fr.F.mul(t, 0, m.coeffTable(), m.coeffOffset(k), x, i * N);
                Fr.F.add(out, m.colIndex()[k] * N, out, m.colIndex()[k] * N, t, 0);
            }
        }
    }

    private static long[] randomVector(Random rnd, int n) {
        long[] v = new long[n * N];
        for (int i = 0; i < n; i++) {
            Fr.F.random(v, i * N, rnd);
        }
        return v;
    }

    @Test
    void equalsTheRowWiseScatter() {
        Random rnd = new Random(11);
        for (boolean withOne : new boolean[] {true, false}) {
            int rows = 3000;
            int cols = 9000; // three parallel tasks of 2^12 columns
            int distinct = 5;
            long[] table = randomVector(rnd, distinct);
            if (withOne) {
                System.arraycopy(Fr.F.fromLong(1), 0, table, 2 * N, N);
            }
            int[] rowStart = new int[rows + 1];
            int[] col = new int[rows * 8];
            int[] id = new int[rows * 8];
            int nnz = 0;
            for (int i = 0; i < rows; i++) {
                int len = rnd.nextInt(8); // 0: an empty row
                for (int e = 0; e < len; e++) {
                    col[nnz] = e == 1 && i % 5 == 0 ? col[nnz - 1] : rnd.nextInt(cols - 10); // last columns empty
                    id[nnz] = rnd.nextInt(distinct);
                    nnz++;
                }
                rowStart[i + 1] = nnz;
            }
            CsrMatrix m = new CsrMatrix(rows, cols, rowStart, col, id, table);
            assertEquals(withOne ? 2 : -1, m.oneId());
            long[] x = randomVector(rnd, rows);
            long[] start = randomVector(rnd, cols);
            long[] want = start.clone();
            scatter(m, x, want);
            long[] got = start.clone();
            ColumnSums.accumulate(m, x, got);
            assertArrayEquals(want, got, "with the coefficient 1: " + withOne);
        }
    }
}
