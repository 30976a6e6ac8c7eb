package jzk.prover.r1cs;

import java.util.stream.IntStream;
import jzk.arith.ArrayRanges;
import jzk.arith.Fr;

/**
 * A sparse matrix over Fr in compressed sparse row form, immutable after construction.
 *
 * <p>Invariants: {@code rowStart.length == rows + 1}, {@code rowStart[0] == 0}, non-decreasing,
 * {@code rowStart[rows] == nnz}; row {@code i}'s entries are {@code k ∈ [rowStart[i], rowStart[i+1])} with column
 * {@code colIndex[k] ∈ [0, cols)} and coefficient {@code table[4·coeffId[k] .. +3]}, an Fr element in Montgomery
 * form (4 limbs, little-endian, fully reduced) from a small table of distinct values ({@link CoefficientTable}):
 * 8 bytes per entry instead of 36. Within a row each column appears at most once when the matrix came from the
 * recorder (it compacts every linear combination); readers of foreign files may keep duplicates, which
 * {@link #mulVec} handles by summation anyway.
 *
 * <p>Sizes: {@code nnz < 2^31} (int row offsets, Java arrays); every offset into {@code z}, {@code out} and the
 * table ({@code 4·index}) is below 2^31 because those are Java {@code long[]} arrays too. Ranges are compared by
 * loops, never by the six-argument {@code Arrays.equals} ({@link jzk.arith.ArrayRanges}).
 */
public final class CsrMatrix {
    private static final int N = Fr.LIMBS;
    /**
     * Rows per parallel task: large enough that the fork/join overhead (~µs) is small against a block's work
     * (a few hundred ns per entry), small enough to balance 2–128 cores at 2^16 rows.
     */
    private static final int ROWS_PER_BLOCK = 2048;

    private final int rows;
    private final int cols;
    private final int[] rowStart;
    private final int[] colIndex;
    private final int[] coeffId;
    private final long[] table;
    /** The id of 1 in {@link #table}, or −1: entries with it are additions, not multiplications. */
    private final int oneId;

    /**
     * From one coefficient per entry ({@code coeffs[4k .. 4k+3]}), interned into a table here. Takes ownership of
     * {@code rowStart} and {@code colIndex} (no copy) after validating the invariants.
     */
    public CsrMatrix(int rows, int cols, int[] rowStart, int[] colIndex, long[] coeffs) {
        this(rows, cols, rowStart, colIndex, intern(rowStart, rows, coeffs));
    }

    private CsrMatrix(int rows, int cols, int[] rowStart, int[] colIndex, Interned c) {
        this(rows, cols, rowStart, colIndex, c.ids(), c.table());
    }

    private record Interned(int[] ids, long[] table) {
    }

    /**
     * Takes ownership of the arrays (no copy) after validating the invariants; {@code table} holds the distinct
     * coefficients, 4 limbs each, and may be shared by several matrices (read only).
     */
    public CsrMatrix(int rows, int cols, int[] rowStart, int[] colIndex, int[] coeffId, long[] table) {
        if (rows < 0 || rowStart.length != rows + 1 || rowStart[0] != 0) {
            throw new IllegalArgumentException("rowStart must have rows+1 = " + (rows + 1L) + " entries starting at 0");
        }
        int nnz = rowStart[rows];
        if (nnz < 0 || colIndex.length < nnz || coeffId.length < nnz) {
            throw new IllegalArgumentException("nnz " + nnz + " exceeds colIndex/coeffId capacity");
        }
        if (table.length % N != 0) {
            throw new IllegalArgumentException("coefficient table of " + table.length + " longs is not whole elements");
        }
        for (int i = 0; i < rows; i++) {
            if (rowStart[i + 1] < rowStart[i]) {
                throw new IllegalArgumentException("rowStart decreases at row " + i);
            }
        }
        int distinct = table.length / N;
        for (int k = 0; k < nnz; k++) {
            if (colIndex[k] < 0 || colIndex[k] >= cols) {
                throw new IllegalArgumentException("entry " + k + " has column " + colIndex[k] + " outside [0, " + cols
                        + ")");
            }
            if (coeffId[k] < 0 || coeffId[k] >= distinct) {
                throw new IllegalArgumentException("entry " + k + " has coefficient id " + coeffId[k]
                        + " outside the table of " + distinct);
            }
        }
        this.rows = rows;
        this.cols = cols;
        this.rowStart = rowStart;
        this.colIndex = colIndex;
        this.coeffId = coeffId;
        this.table = table;
        int one = -1;
        for (int id = 0; id < distinct; id++) {
            if (FrOps.isOne(table, id * N)) {
                one = id;
                break;
            }
        }
        this.oneId = one;
    }

    /** Ids and table of {@code coeffs[0 .. 4·nnz)}. */
    private static Interned intern(int[] rowStart, int rows, long[] coeffs) {
        if (rowStart.length != rows + 1) {
            throw new IllegalArgumentException("rowStart must have rows+1 = " + (rows + 1L) + " entries starting at 0");
        }
        int nnz = rowStart[rows];
        if (nnz < 0 || coeffs.length < (long) nnz * N) {
            throw new IllegalArgumentException("nnz " + nnz + " exceeds colIndex/coeffs capacity");
        }
        CoefficientTable t = new CoefficientTable();
        int[] ids = new int[nnz];
        for (int k = 0; k < nnz; k++) {
            ids[k] = t.intern(coeffs, k * N);
        }
        return new Interned(ids, t.values());
    }

    public int rows() {
        return rows;
    }

    public int cols() {
        return cols;
    }

    /** Number of stored entries. */
    public int nnz() {
        return rowStart[rows];
    }

    /** The row offsets (shared, do not modify). */
    public int[] rowStart() {
        return rowStart;
    }

    /** The column of each entry (shared, do not modify). */
    public int[] colIndex() {
        return colIndex;
    }

    /** The coefficient id of each entry, an index into {@link #coeffTable()} (shared, do not modify). */
    public int[] coeffId() {
        return coeffId;
    }

    /** The distinct coefficients, 4 longs each, Montgomery (shared, do not modify). */
    public long[] coeffTable() {
        return table;
    }

    /** The id of the coefficient 1 in {@link #coeffTable()}, or −1 when no entry has it. */
    public int oneId() {
        return oneId;
    }

    /** Offset in {@link #coeffTable()} of entry {@code k}'s coefficient. */
    public int coeffOffset(int k) {
        return coeffId[k] * N;
    }

    /** Bytes held by this matrix's arrays (the table counted in full even when shared). */
    public long heapBytes() {
        return 4L * rowStart.length + 4L * colIndex.length + 4L * coeffId.length + 8L * table.length;
    }

    /**
     * {@code out[row] = Σ_k coeffs[k] · z[colIndex[k]]} for every row, in parallel over blocks of rows. {@code z}
     * holds {@code cols} Fr Montgomery elements and {@code out} at least {@code rows}; they must not overlap.
     */
    public void mulVec(long[] z, long[] out) {
        if (z.length < (long) cols * N || out.length < (long) rows * N) {
            throw new IllegalArgumentException("mulVec: z needs " + cols + " elements (has " + z.length / N
                    + "), out needs " + rows + " (has " + out.length / N + ")");
        }
        int blocks = (rows + ROWS_PER_BLOCK - 1) / ROWS_PER_BLOCK;
        if (blocks <= 1) {
            mulRows(z, out, 0, rows);
            return;
        }
        IntStream.range(0, blocks).parallel().forEach(b -> {
            int from = b * ROWS_PER_BLOCK;
            mulRows(z, out, from, Math.min(rows, from + ROWS_PER_BLOCK));
        });
    }

    /**
     * {@link #mulVec}, except that row i with {@code alias[i] = j ≥ 0} is copied from {@code src[j]} (the caller
     * guarantees the row equals the source matrix's row j and that {@code src} is that matrix times {@code z}).
     */
    public void mulVecReusing(long[] z, long[] out, int[] alias, long[] src) {
        if (alias.length != rows || out.length < (long) rows * N) {
            throw new IllegalArgumentException("mulVecReusing: " + alias.length + " aliases / output of "
                    + out.length / N + " for " + rows + " rows");
        }
        int blocks = (rows + ROWS_PER_BLOCK - 1) / ROWS_PER_BLOCK;
        IntStream.range(0, blocks).parallel().forEach(blk -> {
            int from = blk * ROWS_PER_BLOCK;
            int to = Math.min(rows, from + ROWS_PER_BLOCK);
            int run = from; // start of the current run of rows to compute
            for (int row = from; row < to; row++) {
                int j = alias[row];
                if (j >= 0) {
                    if (run < row) {
                        mulRows(z, out, run, row);
                    }
                    System.arraycopy(src, j * N, out, row * N, N);
                    run = row + 1;
                }
            }
            if (run < to) {
                mulRows(z, out, run, to);
            }
        });
    }

    /** True when row {@code i} of {@code x} and row {@code j} of {@code y} hold the same entries in the same order. */
    public static boolean sameRow(CsrMatrix x, int i, CsrMatrix y, int j) {
        int xs = x.rowStart[i];
        int len = x.rowStart[i + 1] - xs;
        int ys = y.rowStart[j];
        if (y.rowStart[j + 1] - ys != len || !ArrayRanges.equal(x.colIndex, xs, y.colIndex, ys, len)) {
            return false;
        }
        if (x.table == y.table) { // interned: equal ids ⇔ equal values
            return ArrayRanges.equal(x.coeffId, xs, y.coeffId, ys, len);
        }
        for (int k = 0; k < len; k++) {
            if (!ArrayRanges.equal(x.table, x.coeffOffset(xs + k), y.table, y.coeffOffset(ys + k), N)) {
                return false;
            }
        }
        return true;
    }

    /** Sequential {@link #mulVec} over rows {@code [from, to)}. */
    public void mulRows(long[] z, long[] out, int from, int to) {
        long[] t = new long[N];
        long[] acc = new long[N];
        for (int row = from; row < to; row++) {
            acc[0] = 0;
            acc[1] = 0;
            acc[2] = 0;
            acc[3] = 0;
            for (int k = rowStart[row], end = rowStart[row + 1]; k < end; k++) {
                int zo = colIndex[k] * N;
                int id = coeffId[k];
                if (id == oneId) {
                    // most coefficients are 1 (bits, copies, products): skip the multiplication
                    Fr.F.add(acc, 0, acc, 0, z, zo);
                } else {
                    Fr.F.mul(t, 0, table, id * N, z, zo);
                    Fr.F.add(acc, 0, acc, 0, t, 0);
                }
            }
            System.arraycopy(acc, 0, out, row * N, N);
        }
    }

    /** {@code out[oo..] = <row, z>} for one row. */
    public void evaluateRow(int row, long[] z, long[] out, int oo) {
        long[] tmp = new long[N];
        long[] t = new long[N];
        for (int k = rowStart[row], end = rowStart[row + 1]; k < end; k++) {
            Fr.F.mul(t, 0, table, coeffId[k] * N, z, colIndex[k] * N);
            Fr.F.add(tmp, 0, tmp, 0, t, 0);
        }
        System.arraycopy(tmp, 0, out, oo, N);
    }
}
