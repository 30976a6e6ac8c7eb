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
    /** The distinct coefficients of all three matrices (shared by them once built). */
    private final CoefficientTable coefficients = new CoefficientTable();
    private final MatrixBuilder a = new MatrixBuilder(coefficients);
    private final MatrixBuilder b = new MatrixBuilder(coefficients);
    private final MatrixBuilder c = new MatrixBuilder(coefficients);
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
                if (a.rowEquals(j, b, numConstraints)) {
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
        long[] table = coefficients.values();
        return new R1cs(numInputs, numAux, a.build(numConstraints, cols, numInputs, table),
                b.build(numConstraints, cols, numInputs, table), c.build(numConstraints, cols, numInputs, table),
                recordNames ? names.toArray(new String[0]) : null, Arrays.copyOf(bSameAsA, numConstraints));
    }

    /**
     * Growable CSR arrays of one matrix: raw variable encodings and coefficient ids ({@link CoefficientTable}),
     * 8 bytes per entry. Capacity grows by doubling up to the Java array limit; {@code nnz < 2^31}.
     */
    private static final class MatrixBuilder {
        /** Largest Java array most JVMs allocate. */
        private static final int MAX_ARRAY = Integer.MAX_VALUE - 8;

        private final CoefficientTable coefficients;
        private int[] rowStart = new int[1024];
        private int[] raw = new int[1024];
        private int[] ids = new int[1024];
        private int rows;
        private int nnz;

        MatrixBuilder(CoefficientTable coefficients) {
            this.coefficients = coefficients;
        }

        void addRow(LinearCombination lc) {
            int n = lc.size();
            if (rows + 2 > rowStart.length) {
                rowStart = Arrays.copyOf(rowStart, (int) Math.min(2L * rowStart.length, MAX_ARRAY));
                if (rows + 2 > rowStart.length) {
                    throw new IllegalStateException("more than " + (MAX_ARRAY - 1) + " constraints");
                }
            }
            if (nnz + (long) n > raw.length) {
                long needed = (long) nnz + n;
                if (needed > MAX_ARRAY) {
                    // int row offsets and Java arrays stop below 2^31 entries
                    throw new IllegalStateException("a matrix would exceed " + MAX_ARRAY + " non-zeros at constraint "
                            + rows + "; split the circuit");
                }
                int cap = (int) Math.max(needed, Math.min(2L * raw.length, MAX_ARRAY));
                raw = Arrays.copyOf(raw, cap);
                ids = Arrays.copyOf(ids, cap);
            }
            long[] co = lc.coeffArray();
            for (int i = 0; i < n; i++) {
                raw[nnz + i] = lc.rawVariable(i);
                ids[nnz + i] = coefficients.intern(co, i * N);
            }
            nnz += n;
            rows++;
            rowStart[rows] = nnz;
        }

        /** Whether row {@code row} holds exactly the terms of {@code other}'s row {@code otherRow}, in order. */
        boolean rowEquals(int row, MatrixBuilder other, int otherRow) {
            int s = rowStart[row];
            int n = rowStart[row + 1] - s;
            int os = other.rowStart[otherRow];
            // ids are interned in one table: equal ids ⇔ equal coefficients. Loops, not the six-argument
            // Arrays.equals (wrong past index 2^28: the B-row bug at 16.8 M constraints, ArrayRanges)
            return other.rowStart[otherRow + 1] - os == n && ArrayRanges.equal(raw, s, other.raw, os, n)
                    && ArrayRanges.equal(ids, s, other.ids, os, n);
        }

        CsrMatrix build(int expectRows, int cols, int numInputs, long[] table) {
            if (expectRows != rows) {
                throw new IllegalStateException("row count mismatch");
            }
            int[] col = raw.length == nnz ? raw : Arrays.copyOf(raw, nnz);
            raw = null;
            for (int k = 0; k < nnz; k++) {
                col[k] = Variable.column(col[k], numInputs);
            }
            int[] id = ids.length == nnz ? ids : Arrays.copyOf(ids, nnz);
            ids = null;
            return new CsrMatrix(rows, cols, Arrays.copyOf(rowStart, rows + 1), col, id, table);
        }
    }
}
