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
    /** Inputs and aux variables allocated before this system (a piece of {@link ParallelRecording}); 0 otherwise. */
    private final int inputBase;
    private final int auxBase;
    private int numInputs;
    private int numAux;
    private int numConstraints;
    private boolean finished;

    /** @param recordNames keep every constraint's namespace path (costs one string per constraint) */
    public RecordingConstraintSystem(boolean recordNames) {
        this(recordNames, 0, 0);
    }

    private RecordingConstraintSystem(boolean recordNames, int inputBase, int auxBase) {
        this.recordNames = recordNames;
        this.names = recordNames ? new ArrayList<>() : null;
        this.inputBase = inputBase;
        this.auxBase = auxBase;
        this.numInputs = inputBase;
        this.numAux = auxBase;
    }

    /**
     * A system that records the part of a circuit coming after {@code inputs} inputs and {@code aux} aux variables
     * were allocated: its variables get the numbers one system running the whole circuit would give them, so its
     * rows are the serial rows ({@link #concat}). Its rows may name the earlier variables (the head's).
     */
    static RecordingConstraintSystem continuing(boolean recordNames, int inputs, int aux) {
        return new RecordingConstraintSystem(recordNames, inputs, aux);
    }

    /** Inputs this system allocated itself (not counting {@link #continuing}'s base). */
    int ownInputs() {
        return numInputs - inputBase;
    }

    /** Aux variables this system allocated itself. */
    int ownAux() {
        return numAux - auxBase;
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
        end();
        if (inputBase != 0 || auxBase != 0) {
            throw new IllegalStateException("a continuing system is finished by concat()");
        }
        int cols = 1 + numInputs + numAux;
        long[] table = coefficients.values();
        return new R1cs(numInputs, numAux, a.build(numConstraints, cols, numInputs, table),
                b.build(numConstraints, cols, numInputs, table), c.build(numConstraints, cols, numInputs, table),
                recordNames ? names.toArray(new String[0]) : null, Arrays.copyOf(bSameAsA, numConstraints));
    }

    private void end() {
        if (path.depth() != 0) {
            throw new IllegalStateException("synthesis ended inside " + path.depth() + " unclosed namespace(s): "
                    + path.path(""));
        }
        finished = true;
    }

    /**
     * Ends {@code parts} — a head (a system from the start of a circuit), then pieces recorded by
     * {@link #continuing} systems that all start where the head ended and name no variable of one another — and
     * returns the R1CS one system recording the head and the pieces in sequence would have returned, array for
     * array (RecordingConcatTest): rows concatenated; each piece's own variables renumbered after those of the pieces
     * before it (its inputs and aux shifted by their counts; the head's variables keep their numbers); coefficient
     * ids renumbered by interning each part's table in its own id order, which is the order of first appearance (so a
     * value first seen in part p gets the id the serial walk gives it); columns mapped as {@link #finish} does; the
     * B-row plan offset by each part's first row, and for a part's first {@link #ALIAS_WINDOW} rows without an alias
     * of their own, completed by the comparisons the serial recorder makes with the rows before the part (nearest
     * first). Copies run in parallel, a part a task.
     */
    static R1cs concat(RecordingConstraintSystem... parts) {
        int k = parts.length;
        RecordingConstraintSystem head = parts[0];
        int headIn = head.ownInputs();
        int headAux = head.ownAux();
        // shifts of each part's own inputs / aux: the counts of the pieces before it
        int[] inShift = new int[k];
        int[] auxShift = new int[k];
        long in = headIn;
        long aux = headAux;
        for (int p = 0; p < k; p++) {
            RecordingConstraintSystem part = parts[p];
            part.end();
            if (p > 0 && (part.inputBase != headIn || part.auxBase != headAux) || p == 0 && (part.inputBase != 0
                    || part.auxBase != 0)) {
                throw new IllegalStateException("part " + p + " starts at " + part.inputBase + " inputs / "
                        + part.auxBase + " aux; a head starts at 0 / 0, a piece where the head ends (" + headIn
                        + " / " + headAux + ")");
            }
            if (p > 0) {
                inShift[p] = Math.toIntExact(in - headIn);
                auxShift[p] = Math.toIntExact(aux - headAux);
                in += part.ownInputs();
                aux += part.ownAux();
            }
        }
        int numInputs = Math.toIntExact(in);
        int numAux = Math.toIntExact(aux);
        int cols = Math.toIntExact(1L + in + aux);
        CoefficientTable global = new CoefficientTable();
        int[][] idMap = new int[k][];
        for (int p = 0; p < k; p++) {
            long[] local = parts[p].coefficients.values();
            idMap[p] = new int[local.length / N];
            for (int id = 0; id < idMap[p].length; id++) {
                idMap[p][id] = global.intern(local, id * N);
            }
        }
        long[] table = global.values();
        int[] firstRow = new int[k + 1];
        for (int p = 0; p < k; p++) {
            firstRow[p + 1] = Math.addExact(firstRow[p], parts[p].numConstraints);
        }
        int rows = firstRow[k];
        CsrMatrix[] m = new CsrMatrix[3];
        for (int w = 0; w < 3; w++) {
            final int which = w;
            MatrixBuilder[] bs = new MatrixBuilder[k];
            for (int p = 0; p < k; p++) {
                bs[p] = which == 0 ? parts[p].a : which == 1 ? parts[p].b : parts[p].c;
            }
            long[] firstEntry = new long[k + 1];
            for (int p = 0; p < k; p++) {
                firstEntry[p + 1] = firstEntry[p] + bs[p].nnz;
            }
            if (firstEntry[k] > MatrixBuilder.MAX_ARRAY) {
                throw new IllegalStateException("a matrix would exceed " + MatrixBuilder.MAX_ARRAY + " non-zeros; "
                        + "split the circuit");
            }
            int[] rowStart = new int[rows + 1];
            int[] col = new int[(int) firstEntry[k]];
            int[] id = new int[(int) firstEntry[k]];
            java.util.stream.IntStream.range(0, k).parallel().forEach(p -> {
                MatrixBuilder b = bs[p];
                int e0 = (int) firstEntry[p];
                int r0 = firstRow[p];
                for (int r = 1; r <= b.rows; r++) {
                    rowStart[r0 + r] = e0 + b.rowStart[r];
                }
                int[] map = idMap[p];
                int inS = inShift[p];
                int auxS = auxShift[p];
                for (int e = 0; e < b.nnz; e++) {
                    int r = b.raw[e]; // input j ≥ 0 (0 = ONE) or aux ~a; the piece's own ones come after the head's
                    col[e0 + e] = r >= 0 ? (r > headIn ? r + inS : r)
                            : 1 + numInputs + (~r >= headAux ? ~r + auxS : ~r);
                    id[e0 + e] = map[b.ids[e]];
                }
                b.raw = null;
                b.ids = null;
            });
            m[w] = new CsrMatrix(rows, cols, rowStart, col, id, table);
        }
        int[] plan = new int[rows];
        String[] names = parts[0].recordNames ? new String[rows] : null;
        java.util.stream.IntStream.range(0, k).parallel().forEach(p -> {
            RecordingConstraintSystem part = parts[p];
            int r0 = firstRow[p];
            for (int i = 0; i < part.numConstraints; i++) {
                int j = part.bSameAsA[i];
                plan[r0 + i] = j < 0 ? -1 : r0 + j;
                if (names != null) {
                    names[r0 + i] = part.names.get(i);
                }
            }
        });
        CsrMatrix a = m[0];
        CsrMatrix b = m[1];
        for (int p = 1; p < k; p++) { // the window reaching back into the parts before: serial order, nearest first
            int r0 = firstRow[p];
            for (int i = r0; i < Math.min(firstRow[p + 1], r0 + ALIAS_WINDOW); i++) {
                if (plan[i] >= 0 || b.rowStart()[i + 1] - b.rowStart()[i] <= 1) {
                    continue;
                }
                for (int j = r0 - 1; j >= Math.max(0, i - ALIAS_WINDOW); j--) {
                    if (CsrMatrix.sameRow(b, i, a, j)) {
                        plan[i] = j;
                        break;
                    }
                }
            }
        }
        return new R1cs(numInputs, numAux, a, b, m[2], names, plan);
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
