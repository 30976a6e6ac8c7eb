package jzk.prover.r1cs;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.function.Supplier;
import jzk.arith.ArrayRanges;
import jzk.arith.Fr;

/**
 * Recording mode: builds the matrices of a circuit shape and never calls a value supplier. Use
 * {@link Synthesizer#record} rather than this class directly.
 *
 * <p>While recording, matrix entries hold raw variable encodings ({@link Variable}); {@link #finish()} maps them
 * to final columns once the number of public inputs is known. Every linear combination is compacted (duplicates
 * merged, zeros dropped) in place before it becomes a row.
 *
 * <p>It also records the evaluation plan of {@link R1cs}: a B row equal to the A row of the same constraint or of
 * one of the {@link #ALIAS_WINDOW} constraints before it is marked, so that {@code B·z} copies that entry of
 * {@code A·z}. Gadgets produce such rows all the time ({@code x·x = x²}; Poseidon's S-box input appears in the A
 * and B rows of its first constraint and the B row of its third), and at 2^20 PoRep constraints this skips most
 * of B's non-zeros.
 */
public final class RecordingConstraintSystem implements ConstraintSystem {
    private static final int N = Fr.LIMBS;

    private final boolean recordNames;
    private final NamespacePath path = new NamespacePath();
    private final ArrayList<String> names;
    private final MatrixBuilder a = new MatrixBuilder();
    private final MatrixBuilder b = new MatrixBuilder();
    private final MatrixBuilder c = new MatrixBuilder();
    /** How many earlier A rows a B row is compared with: enough for an S-box's three constraints. */
    static final int ALIAS_WINDOW = 4;
    private int[] bSameAsA = new int[1024];
    private int numInputs;
    private int numAux;
    private int numConstraints;
    private boolean finished;

    /** @param recordNames keep every constraint's namespace path (costs one string per constraint) */
    public RecordingConstraintSystem(boolean recordNames) {
        this.recordNames = recordNames;
        this.names = recordNames ? new ArrayList<>() : null;
    }

    @Override
    public Variable one() {
        return Variable.ONE;
    }

    @Override
    public Variable allocInput(String name, Supplier<long[]> value) {
        return Variable.input(++numInputs);
    }

    @Override
    public Variable alloc(String name, Supplier<long[]> value) {
        return Variable.aux(numAux++);
    }

    @Override
    public void enforce(String name, LinearCombination la, LinearCombination lb, LinearCombination lc) {
        if (finished) {
            throw new IllegalStateException("enforce after finish()");
        }
        a.addRow(la.compact());
        b.addRow(lb.compact());
        c.addRow(lc.compact());
        if (numConstraints == bSameAsA.length) {
            bSameAsA = Arrays.copyOf(bSameAsA, bSameAsA.length * 2);
        }
        int alias = -1;
        if (lb.size() > 1) { // a one-term row costs about as much to copy as to compute
            for (int j = numConstraints; j >= Math.max(0, numConstraints - ALIAS_WINDOW); j--) {
                if (a.rowEquals(j, lb)) {
                    alias = j;
                    break;
                }
            }
        }
        bSameAsA[numConstraints] = alias;
        if (recordNames) {
            names.add(path.path(name));
        }
        numConstraints++;
    }

    @Override
    public void pushNamespace(String name) {
        path.push(name);
    }

    @Override
    public void popNamespace() {
        path.pop();
    }

    @Override
    public boolean computesWitness() {
        return false;
    }

    public int numConstraints() {
        return numConstraints;
    }

    /** Ends recording and returns the R1CS. */
    public R1cs finish() {
        if (path.depth() != 0) {
            throw new IllegalStateException("synthesis ended inside " + path.depth() + " unclosed namespace(s): "
                    + path.path(""));
        }
        finished = true;
        int cols = 1 + numInputs + numAux;
        return new R1cs(numInputs, numAux, a.build(numConstraints, cols, numInputs),
                b.build(numConstraints, cols, numInputs), c.build(numConstraints, cols, numInputs),
                recordNames ? names.toArray(new String[0]) : null, Arrays.copyOf(bSameAsA, numConstraints));
    }

    /** Growable CSR arrays of one matrix. */
    private static final class MatrixBuilder {
        private int[] rowStart = new int[1024];
        private int[] raw = new int[1024];
        private long[] coeffs = new long[1024 * N];
        private int rows;
        private int nnz;

        void addRow(LinearCombination lc) {
            int n = lc.size();
            if (rows + 2 > rowStart.length) {
                rowStart = Arrays.copyOf(rowStart, rowStart.length * 2);
            }
            if (nnz + n > raw.length) {
                long needed = (long) nnz + n;
                if (needed * N > Integer.MAX_VALUE - 8) {
                    // coefficients are one long[] of 4 longs per entry: Java arrays stop at 2^31 elements
                    throw new IllegalStateException("a matrix would exceed " + (Integer.MAX_VALUE / N)
                            + " non-zeros at constraint " + rows + "; split the circuit");
                }
                int cap = (int) Math.max(needed, Math.min(2L * raw.length, (Integer.MAX_VALUE - 8) / N));
                raw = Arrays.copyOf(raw, cap);
                coeffs = Arrays.copyOf(coeffs, cap * N);
            }
            for (int i = 0; i < n; i++) {
                raw[nnz + i] = lc.rawVariable(i);
            }
            System.arraycopy(lc.coeffArray(), 0, coeffs, nnz * N, n * N);
            nnz += n;
            rows++;
            rowStart[rows] = nnz;
        }

        /** Whether row {@code row} holds exactly the terms of {@code lc}, in order. */
        boolean rowEquals(int row, LinearCombination lc) {
            int s = rowStart[row];
            int n = lc.size();
            if (rowStart[row + 1] - s != n) {
                return false;
            }
            for (int i = 0; i < n; i++) {
                if (raw[s + i] != lc.rawVariable(i)) {
                    return false;
                }
            }
            // not Arrays.equals(long[], from, to, ...): wrong past index 2^28 (ArrayRanges), the B-row bug at
            // 16.8 M constraints
            return ArrayRanges.equal(coeffs, s * N, lc.coeffArray(), 0, n * N);
        }

        CsrMatrix build(int expectRows, int cols, int numInputs) {
            if (expectRows != rows) {
                throw new IllegalStateException("row count mismatch");
            }
            int[] col = new int[nnz];
            for (int k = 0; k < nnz; k++) {
                col[k] = Variable.column(raw[k], numInputs);
            }
            return new CsrMatrix(rows, cols, Arrays.copyOf(rowStart, rows + 1), col, Arrays.copyOf(coeffs, nnz * N));
        }
    }
}
