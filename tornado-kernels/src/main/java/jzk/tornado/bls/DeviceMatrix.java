package jzk.tornado.bls;

import jzk.tornado.bls.kernels.R1csKernels;
import java.lang.reflect.Method;
import jzk.tornado.api.Kernels;

/**
 * A sparse matrix over Fr resident on a device in compressed-sparse-row form (the layout of
 * {@link R1csKernels}): uploaded once per circuit shape, then {@link #mulVec} evaluates it against an assignment
 * already on the device with no host traffic. One of the three matrices of an R1CS; the owner keeps it as long as
 * the shape is in use and closes it (frees the four buffers).
 *
 * <p>Invariants (checked by the host matrix that is uploaded, restated here): {@code rowStart} has rows + 1
 * non-decreasing entries from 0 to nnz; every column is below the assignment's length, every id below the
 * table's element count. Indices are {@code int}: nnz and 8·(columns) stay below 2^31.
 */
public final class DeviceMatrix implements AutoCloseable {
    private static final Method MUL_VEC = Kernels.of(R1csKernels::mulVec);
    private static final int LOCAL = 64;

    private final KernelHost host;
    public final int rows;
    public final int cols;
    private final int oneId;
    private final KernelHost.Buffer rowStart;
    private final KernelHost.Buffer colIndex;
    private final KernelHost.Buffer coeffId;
    private final KernelHost.Buffer table;
    private final long bytes;

    /**
     * Uploads a CSR matrix: {@code rowStart[0..rows]}, {@code colIndex} and {@code coeffId} of its nnz entries,
     * the distinct coefficients {@code table} (4 Montgomery longs each) and the id of 1 in it (−1: none).
     */
    public DeviceMatrix(KernelHost host, int rows, int cols, int[] rowStart, int[] colIndex, int[] coeffId,
                        long[] table, int oneId) {
        if (rowStart.length != rows + 1) {
            throw new IllegalArgumentException("rowStart of " + rowStart.length + " entries for " + rows + " rows");
        }
        int nnz = rowStart[rows];
        if ((long) cols * 8 > Integer.MAX_VALUE) {
            throw new IllegalArgumentException(cols + " columns exceed the int limb index of the kernel");
        }
        this.host = host;
        this.rows = rows;
        this.cols = cols;
        this.oneId = oneId;
        this.rowStart = upload(rowStart, rows + 1);
        this.colIndex = upload(colIndex, nnz);
        this.coeffId = upload(coeffId, nnz);
        this.table = host.allocate(2L * Math.max(4, table.length));
        host.write(this.table, 0, table, 0, table.length);
        this.bytes = 4L * (rows + 1) + 8L * nnz + 8L * table.length;
    }

    private KernelHost.Buffer upload(int[] a, int len) {
        KernelHost.Buffer b = host.allocate(len);
        host.write(b, 0, a, len);
        return b;
    }

    /** Device bytes held. */
    public long deviceBytes() {
        return bytes;
    }

    /**
     * {@code out[0..n)} = this·z on rows {@code [0, rows)}, then {@code z[0..copy)} at rows {@code rows …}, zeros
     * to n ({@link R1csKernels#mulVec}). {@code z} holds {@link #cols} Montgomery elements, {@code out} n ≥ rows +
     * copy; launched, not waited for.
     */
    public void mulVec(KernelHost.Buffer z, KernelHost.Buffer out, int copy, int n) {
        if (n < rows + copy || copy > cols || out.ints() < 8L * n || z.ints() < 8L * cols) {
            throw new IllegalArgumentException("mulVec of " + rows + " rows (+" + copy + " copied) into " + n
                    + " elements: buffers of " + z.ints() + " / " + out.ints() + " ints are too small");
        }
        host.launch(MUL_VEC, (n + LOCAL - 1) / LOCAL * LOCAL, LOCAL, rowStart, colIndex, coeffId, table, oneId, z,
                out, rows, copy, n);
    }

    @Override
    public void close() {
        rowStart.close();
        colIndex.close();
        coeffId.close();
        table.close();
    }
}
