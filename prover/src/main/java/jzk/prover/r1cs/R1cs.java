package jzk.prover.r1cs;

/**
 * A rank-1 constraint system recorded once per circuit shape, immutable: constraint {@code i} says
 * {@code <A_i,z>·<B_i,z> = <C_i,z>} for the assignment {@code z} (see {@link Witness}).
 *
 * <p>Invariants: {@code A}, {@code B}, {@code C} all have {@link #numConstraints()} rows and
 * {@link #numVariables()} = 1 + {@link #numInputs()} + {@link #numAux()} columns; column 0 is ONE, columns
 * {@code 1..numInputs} the public inputs, then the aux variables. Coefficients are Fr Montgomery.
 */
public final class R1cs {
    private final int numInputs;
    private final int numAux;
    private final CsrMatrix a;
    private final CsrMatrix b;
    private final CsrMatrix c;
    /** Full namespace path of each constraint, or null when names were not recorded. */
    private final String[] names;
    /**
     * Evaluation plan: {@code bRowSameAsA[i] = j ≥ 0} when row i of B has exactly the entries of row j of A
     * (j ≤ i), so {@code (B·z)_i = (A·z)_j} is copied instead of recomputed; −1 otherwise. Null: no aliases.
     */
    private final int[] bRowSameAsA;

    public R1cs(int numInputs, int numAux, CsrMatrix a, CsrMatrix b, CsrMatrix c, String[] names) {
        this(numInputs, numAux, a, b, c, names, null);
    }

    /**
     * With an evaluation plan {@code bRowSameAsA} (see the field; validated here entry by entry, so a wrong plan
     * is an exception rather than a wrong {@code B·z}).
     */
    public R1cs(int numInputs, int numAux, CsrMatrix a, CsrMatrix b, CsrMatrix c, String[] names,
            int[] bRowSameAsA) {
        int vars = 1 + numInputs + numAux;
        if (numInputs < 0 || numAux < 0) {
            throw new IllegalArgumentException("negative variable count: inputs " + numInputs + ", aux " + numAux);
        }
        for (CsrMatrix m : new CsrMatrix[] {a, b, c}) {
            if (m.cols() != vars || m.rows() != a.rows()) {
                throw new IllegalArgumentException("matrices must be " + a.rows() + " x " + vars + ", got "
                        + m.rows() + " x " + m.cols());
            }
        }
        if (names != null && names.length != a.rows()) {
            throw new IllegalArgumentException(names.length + " constraint names for " + a.rows() + " constraints");
        }
        this.numInputs = numInputs;
        this.numAux = numAux;
        this.a = a;
        this.b = b;
        this.c = c;
        this.names = names;
        if (bRowSameAsA != null) {
            if (bRowSameAsA.length != a.rows()) {
                throw new IllegalArgumentException(bRowSameAsA.length + " B-row aliases for " + a.rows() + " rows");
            }
            for (int i = 0; i < bRowSameAsA.length; i++) {
                int j = bRowSameAsA[i];
                if (j >= 0 && (j > i || !CsrMatrix.sameRow(b, i, a, j))) {
                    throw new IllegalArgumentException("B row " + i + " is not the same as A row " + j);
                }
            }
        }
        this.bRowSameAsA = bRowSameAsA;
    }

    public int numConstraints() {
        return a.rows();
    }

    /** Public inputs, excluding ONE. */
    public int numInputs() {
        return numInputs;
    }

    public int numAux() {
        return numAux;
    }

    /** {@code 1 + numInputs + numAux}. */
    public int numVariables() {
        return 1 + numInputs + numAux;
    }

    public CsrMatrix a() {
        return a;
    }

    public CsrMatrix b() {
        return b;
    }

    public CsrMatrix c() {
        return c;
    }

    /** True when {@link #constraintName} gives namespace paths rather than row numbers. */
    public boolean hasNames() {
        return names != null;
    }

    /** The constraint's namespace path ({@code a/b/name}), or {@code "#row"} when names were not recorded. */
    public String constraintName(int row) {
        if (row < 0 || row >= numConstraints()) {
            throw new IndexOutOfBoundsException("constraint " + row + " of " + numConstraints());
        }
        return names != null ? names[row] : "#" + row;
    }

    /**
     * The pre-compiled constraint evaluator: {@code aOut = A·z}, {@code bOut = B·z}, {@code cOut = C·z}, each a
     * vector of {@link #numConstraints()} Fr Montgomery elements, computed by the parallel sparse mat-vec.
     */
    public void evaluate(long[] z, long[] aOut, long[] bOut, long[] cOut) {
        if (z.length != numVariables() * 4) {
            throw new IllegalArgumentException("assignment has " + z.length / 4 + " elements, R1CS has "
                    + numVariables() + " variables");
        }
        a.mulVec(z, aOut);
        if (bRowSameAsA == null) {
            b.mulVec(z, bOut);
        } else {
            // A·z is complete, so every alias can be copied: B costs only its non-aliased rows
            b.mulVecReusing(z, bOut, bRowSameAsA, aOut);
        }
        c.mulVec(z, cOut);
    }

    /** The A row whose entries B row {@code i} repeats (its {@code B·z} entry is copied), or −1. */
    public int bRowAlias(int i) {
        return bRowSameAsA == null ? -1 : bRowSameAsA[i];
    }

    /** Bytes held by the matrices, the plan and the names' array (strings not counted; null in production). */
    public long heapBytes() {
        long table = 8L * a.coeffTable().length;
        long shared = (b.coeffTable() == a.coeffTable() ? table : 0) + (c.coeffTable() == a.coeffTable() ? table : 0);
        return a.heapBytes() + b.heapBytes() + c.heapBytes() - shared
                + (bRowSameAsA == null ? 0 : 4L * bRowSameAsA.length) + (names == null ? 0 : 8L * names.length);
    }

    /** Number of B rows evaluated by copying an A row ({@link #evaluate}). */
    public int aliasedBRows() {
        int n = 0;
        if (bRowSameAsA != null) {
            for (int j : bRowSameAsA) {
                n += j >= 0 ? 1 : 0;
            }
        }
        return n;
    }

    @Override
    public String toString() {
        return "R1cs[" + numConstraints() + " constraints, " + numInputs + " inputs, " + numAux + " aux, nnz "
                + a.nnz() + "/" + b.nnz() + "/" + c.nnz() + "]";
    }
}
