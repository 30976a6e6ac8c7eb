package jzk.prover.r1cs;

import java.util.Arrays;
import jzk.arith.Fr;

/**
 * A linear combination {@code Σ coeff_i · var_i} over Fr, a mutable builder: the {@code add}/{@code sub} methods
 * append terms and return {@code this}. Terms are kept as two flat arrays (raw variable encodings, see
 * {@link Variable}; coefficients as Fr Montgomery elements, 4 limbs each) so that building one costs no
 * per-term objects.
 *
 * <p>Duplicate variables are allowed while building and merged by {@link #compact()} (which the recording
 * system calls before writing a matrix row); zero coefficients are dropped there too.
 */
public final class LinearCombination {
    private static final int N = Fr.LIMBS;
    /** 1 in Montgomery form. */
    static final long[] ONE = Fr.F.fromLong(1);
    /** −1 = r − 1 in Montgomery form. */
    static final long[] MINUS_ONE = Fr.F.fromLong(-1);

    private int[] vars;
    private long[] coeffs;
    private int size;

    private LinearCombination(int capacity) {
        vars = new int[Math.max(capacity, 1)];
        coeffs = new long[Math.max(capacity, 1) * N];
    }

    public static LinearCombination zero() {
        return new LinearCombination(4);
    }

    public static LinearCombination of(Variable v) {
        return zero().add(v);
    }

    public static LinearCombination of(Variable v, long[] coeff) {
        return zero().add(v, coeff);
    }

    /** The constant {@code c} (times ONE). */
    public static LinearCombination constant(long[] c) {
        return zero().add(Variable.ONE, c);
    }

    /** An independent copy. */
    public LinearCombination copy() {
        LinearCombination r = new LinearCombination(size);
        System.arraycopy(vars, 0, r.vars, 0, size);
        System.arraycopy(coeffs, 0, r.coeffs, 0, size * N);
        r.size = size;
        return r;
    }

    private void grow() {
        if (size == vars.length) {
            vars = Arrays.copyOf(vars, vars.length * 2);
            coeffs = Arrays.copyOf(coeffs, coeffs.length * 2);
        }
    }

    /** Appends {@code coeff · v}; {@code coeff} is Fr Montgomery at {@code coeff[co..co+3]}. */
    public LinearCombination add(Variable v, long[] coeff, int co) {
        return addRaw(v.raw(), coeff, co);
    }

    public LinearCombination add(Variable v, long[] coeff) {
        return addRaw(v.raw(), coeff, 0);
    }

    public LinearCombination add(Variable v) {
        return addRaw(v.raw(), ONE, 0);
    }

    public LinearCombination sub(Variable v) {
        return addRaw(v.raw(), MINUS_ONE, 0);
    }

    /** Appends {@code c · ONE}. */
    public LinearCombination addConstant(long[] c) {
        return addRaw(0, c, 0);
    }

    /** Appends a term by raw variable encoding. */
    public LinearCombination addRaw(int rawVar, long[] coeff, int co) {
        grow();
        vars[size] = rawVar;
        System.arraycopy(coeff, co, coeffs, size * N, N);
        size++;
        return this;
    }

    /** Appends every term of {@code other}. */
    public LinearCombination add(LinearCombination other) {
        for (int i = 0; i < other.size; i++) {
            addRaw(other.vars[i], other.coeffs, i * N);
        }
        return this;
    }

    /** Appends {@code −other}. */
    public LinearCombination sub(LinearCombination other) {
        return addScaled(MINUS_ONE, other);
    }

    /** Appends {@code k · other}. */
    public LinearCombination addScaled(long[] k, LinearCombination other) {
        int n = other.size; // other may be this
        for (int i = 0; i < n; i++) {
            grow();
            vars[size] = other.vars[i];
            Fr.F.mul(coeffs, size * N, other.coeffs, i * N, k, 0);
            size++;
        }
        return this;
    }

    /** Appends {@code k · v}. */
    public LinearCombination addScaled(long[] k, Variable v) {
        return addRaw(v.raw(), k, 0);
    }

    /** Number of terms (duplicates count until {@link #compact()}). */
    public int size() {
        return size;
    }

    /** Raw encoding of term {@code i}'s variable. */
    public int rawVariable(int i) {
        return vars[i];
    }

    /** The backing coefficient array; term {@code i} is at offset {@code 4i}. Read only. */
    long[] coeffArray() {
        return coeffs;
    }

    /** Copies term {@code i}'s coefficient into {@code out[oo..oo+3]}. */
    public void coefficient(int i, long[] out, int oo) {
        System.arraycopy(coeffs, i * N, out, oo, N);
    }

    /**
     * Merges terms of the same variable (adding coefficients) and drops zero coefficients, in place. Short
     * combinations keep their first-occurrence order; long ones end up sorted by raw encoding.
     */
    public LinearCombination compact() {
        if (size <= 1) {
            if (size == 1 && Fr.F.isZero(coeffs, 0)) {
                size = 0;
            }
            return this;
        }
        if (size <= SMALL) {
            compactSmall();
            return this;
        }
        // Sort (raw, position) pairs packed in a long: the signed high half orders by raw.
        long[] keys = new long[size];
        for (int i = 0; i < size; i++) {
            keys[i] = ((long) vars[i] << 32) | i;
        }
        Arrays.sort(keys);
        int[] nv = new int[size];
        long[] nc = new long[size * N];
        int out = 0;
        for (int k = 0; k < size; k++) {
            int raw = (int) (keys[k] >> 32);
            int pos = (int) keys[k];
            if (out > 0 && nv[out - 1] == raw) {
                Fr.F.add(nc, (out - 1) * N, nc, (out - 1) * N, coeffs, pos * N);
            } else {
                if (out > 0 && Fr.F.isZero(nc, (out - 1) * N)) {
                    out--;
                }
                nv[out] = raw;
                System.arraycopy(coeffs, pos * N, nc, out * N, N);
                out++;
            }
        }
        if (out > 0 && Fr.F.isZero(nc, (out - 1) * N)) {
            out--;
        }
        vars = nv;
        coeffs = nc;
        size = out;
        return this;
    }

    /** Below this many terms {@link #compact()} merges in place by pairwise search: no allocation. */
    private static final int SMALL = 16;

    /** Quadratic in-place merge for short combinations (most rows): keeps first-occurrence order. */
    private void compactSmall() {
        int out = 0;
        for (int i = 0; i < size; i++) {
            int raw = vars[i];
            int j = 0;
            while (j < out && vars[j] != raw) {
                j++;
            }
            if (j < out) {
                Fr.F.add(coeffs, j * N, coeffs, j * N, coeffs, i * N);
            } else {
                vars[out] = raw;
                System.arraycopy(coeffs, i * N, coeffs, out * N, N);
                out++;
            }
        }
        int kept = 0;
        for (int i = 0; i < out; i++) {
            if (!FrOps.isZero(coeffs, i * N)) {
                vars[kept] = vars[i];
                System.arraycopy(coeffs, i * N, coeffs, kept * N, N);
                kept++;
            }
        }
        size = kept;
    }

    /**
     * {@code out[oo..] = Σ coeff_i · value(var_i)} where input {@code j}'s value is at {@code inputs[4j..]} and aux
     * {@code j}'s at {@code aux[4j..]} (Montgomery).
     */
    public void evaluate(long[] inputs, long[] aux, long[] out, int oo) {
        evaluate(inputs, aux, 0, out, oo);
    }

    /** {@link #evaluate(long[], long[], long[], int)} with aux {@code j} at {@code aux[auxBase + 4j..]}. */
    public void evaluate(long[] inputs, long[] aux, int auxBase, long[] out, int oo) {
        long[] acc = new long[N];
        long[] t = new long[N];
        for (int i = 0; i < size; i++) {
            int raw = vars[i];
            if (raw >= 0) {
                Fr.F.mul(t, 0, coeffs, i * N, inputs, raw * N);
            } else {
                Fr.F.mul(t, 0, coeffs, i * N, aux, auxBase + (~raw) * N);
            }
            Fr.F.add(acc, 0, acc, 0, t, 0);
        }
        System.arraycopy(acc, 0, out, oo, N);
    }

    @Override
    public String toString() {
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < size; i++) {
            if (i > 0) {
                sb.append(" + ");
            }
            sb.append(Fr.F.toBigInteger(coeffs, i * N)).append('*').append(Variable.ofRaw(vars[i]));
        }
        return size == 0 ? "0" : sb.toString();
    }
}
