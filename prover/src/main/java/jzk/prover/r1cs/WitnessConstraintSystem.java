package jzk.prover.r1cs;

import java.util.Arrays;
import java.util.function.Supplier;
import jzk.arith.Fr;

/**
 * Proving mode: computes the assignment {@code z} and builds no matrices. With {@code check} on it is the
 * satisfaction checker: every {@link #enforce} evaluates its three linear combinations on the values known so
 * far and throws {@link UnsatisfiedConstraintException} naming the first failing constraint by its namespace
 * path, before any proving work is done. Use {@link Synthesizer#witness} rather than this class directly.
 *
 * <p>Values are Fr Montgomery, 4 limbs. Unsized (no shape given), inputs (index 0 = ONE) and aux variables are
 * kept in two growable flat arrays and joined by {@link #finish()}. Sized with the recorded shape's variable
 * counts, both live in the final assignment array from the start ({@code inputs == aux == z}, aux {@code j} at
 * {@code auxBase + 4j}): one array of exactly {@code 32·numVariables} bytes, no growth copies, no join copy.
 * A window ({@link #window}) writes one piece of a synthesis split into independent pieces straight into its
 * place in a shared assignment ({@link ParallelWitness}).
 */
public final class WitnessConstraintSystem implements ConstraintSystem {
    private static final int N = Fr.LIMBS;

    private final boolean check;
    private final NamespacePath path = new NamespacePath();
    private long[] inputs;
    private long[] aux;
    /** Offset of aux variable 0 in {@link #aux}: 0 unsized, {@code 4·(1 + numInputs)} sized. */
    private final int auxBase;
    /** Offset added to input slots: input j (1-based) at {@code inputBase + 4j}; 0 except for a window. */
    private final int inputBase;
    /** A window into a shared assignment: never finished, the caller owns the array. */
    private final boolean window;
    /** The shape's counts when sized, else −1. */
    private final int expectInputs;
    private final int expectAux;
    private int numInputs;
    private int numAux;
    private int numConstraints;
    private long[] ta;
    private long[] tb;
    private long[] tc;

    public WitnessConstraintSystem(boolean check) {
        this(check, -1, -1);
    }

    /**
     * Sized by the recorded shape (see the class comment); a circuit that allocates more variables than the shape
     * throws, one that allocates fewer throws at {@link #finish()}. {@code expectInputs < 0}: unsized.
     */
    public WitnessConstraintSystem(boolean check, int expectInputs, int expectAux) {
        this.check = check;
        this.expectInputs = expectInputs;
        this.expectAux = expectAux;
        this.inputBase = 0;
        this.window = false;
        if (expectInputs >= 0) {
            long vars = 1L + expectInputs + expectAux;
            if (expectAux < 0 || vars * N > Integer.MAX_VALUE - 8) {
                throw new IllegalArgumentException("an assignment of " + vars + " variables does not fit a Java array"
                        + " of 4-limb elements (limit " + (Integer.MAX_VALUE - 8) / N + ")");
            }
            inputs = new long[(int) vars * N];
            aux = inputs;
            auxBase = (1 + expectInputs) * N;
        } else {
            inputs = new long[16 * N];
            aux = new long[1024 * N];
            auxBase = 0;
        }
        Fr.F.setOne(inputs, 0);
        if (check) {
            ta = new long[N];
            tb = new long[N];
            tc = new long[N];
        }
    }

    private WitnessConstraintSystem(long[] z, int firstInput, int inputs, int firstAux, int aux) {
        this.check = false;
        this.expectInputs = inputs;
        this.expectAux = aux;
        this.inputs = z;
        this.aux = z;
        this.inputBase = (firstInput - 1) * N;
        this.auxBase = firstAux * N;
        this.window = true;
    }

    /**
     * A system that writes its {@code inputs} inputs to variables {@code firstInput, firstInput + 1, …} and its
     * {@code aux} aux variables to {@code firstAux, …} of the shared assignment {@code z} (variable numbers of z,
     * i.e. ONE is 0), and throws when the piece allocates more than that. No constraint is checked (a piece's
     * linear combinations may name variables of other pieces); windows of disjoint ranges may run in parallel.
     * The caller checks {@link #numInputs()} / {@link #numAux()} afterwards.
     */
    public static WitnessConstraintSystem window(long[] z, int firstInput, int inputs, int firstAux, int aux) {
        if (firstInput < 1 || firstAux < 1 || inputs < 0 || aux < 0
                || ((long) firstInput + inputs) * N > z.length || ((long) firstAux + aux) * N > z.length) {
            throw new IllegalArgumentException("window of " + inputs + " inputs at " + firstInput + " and " + aux
                    + " aux at " + firstAux + " outside an assignment of " + z.length / N + " variables");
        }
        return new WitnessConstraintSystem(z, firstInput, inputs, firstAux, aux);
    }

    /** Inputs allocated so far. */
    public int numInputs() {
        return numInputs;
    }

    /** Aux variables allocated so far. */
    public int numAux() {
        return numAux;
    }

    @Override
    public Variable one() {
        return Variable.ONE;
    }

    private long[] valueOf(String name, Supplier<long[]> value) {
        long[] v = value == null ? null : value.get();
        if (v == null || v.length < N) {
            throw new IllegalStateException("no value for variable '" + path.path(name)
                    + "' while computing the witness");
        }
        return v;
    }

    @Override
    public Variable allocInput(String name, Supplier<long[]> value) {
        long[] v = valueOf(name, value);
        numInputs++;
        if (expectInputs >= 0) {
            if (numInputs > expectInputs) {
                throw new IllegalStateException("input '" + path.path(name) + "' is beyond the " + expectInputs
                        + " inputs of the recorded shape");
            }
        } else if ((numInputs + 1) * N > inputs.length) {
            inputs = Arrays.copyOf(inputs, inputs.length * 2);
        }
        System.arraycopy(v, 0, inputs, inputBase + numInputs * N, N);
        return Variable.input(numInputs);
    }

    @Override
    public Variable alloc(String name, Supplier<long[]> value) {
        long[] v = valueOf(name, value);
        if (expectInputs >= 0) {
            if (numAux >= expectAux) {
                throw new IllegalStateException("variable '" + path.path(name) + "' is beyond the " + expectAux
                        + " aux variables of the recorded shape");
            }
        } else if ((numAux + 1) * N > aux.length) {
            aux = Arrays.copyOf(aux, (int) Math.min(2L * aux.length, (Integer.MAX_VALUE - 8) / N * N));
            if ((numAux + 1) * N > aux.length) {
                throw new IllegalStateException("more than " + aux.length / N + " aux variables: use a sized witness");
            }
        }
        System.arraycopy(v, 0, aux, auxBase + numAux * N, N);
        return Variable.aux(numAux++);
    }

    /** The current value of {@code v} (a copy), for gadgets that need it back. */
    public long[] value(Variable v) {
        int io = v.index() == 0 ? 0 : inputBase + v.index() * N; // ONE is z[0] in every mode
        return v.isInput() ? Arrays.copyOfRange(inputs, io, io + N)
                : Arrays.copyOfRange(aux, auxBase + v.index() * N, auxBase + v.index() * N + N);
    }

    @Override
    public void enforce(String name, LinearCombination a, LinearCombination b, LinearCombination c) {
        if (check) {
            a.evaluate(inputs, aux, auxBase, ta, 0);
            b.evaluate(inputs, aux, auxBase, tb, 0);
            c.evaluate(inputs, aux, auxBase, tc, 0);
            long[] ab = new long[N];
            Fr.F.mul(ab, 0, ta, 0, tb, 0);
            if (!Fr.F.equal(ab, 0, tc, 0)) {
                throw new UnsatisfiedConstraintException(path.path(name), numConstraints,
                        Fr.F.toBigInteger(ta, 0), Fr.F.toBigInteger(tb, 0), Fr.F.toBigInteger(tc, 0));
            }
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
        return true;
    }

    @Override
    public boolean enforcesConstraints() {
        return check;
    }

    public int numConstraints() {
        return numConstraints;
    }

    /** The assignment {@code z = (1, inputs…, aux…)}. */
    public Witness finish() {
        if (window) {
            throw new IllegalStateException("a window writes into its caller's assignment; it is not finished");
        }
        if (expectInputs >= 0) {
            if (path.depth() != 0) {
                throw new IllegalStateException("synthesis ended inside unclosed namespace(s): " + path.path(""));
            }
            if (numInputs != expectInputs || numAux != expectAux) {
                throw new IllegalStateException("the circuit allocated " + numInputs + " inputs / " + numAux
                        + " aux variables, its recorded shape has " + expectInputs + " / " + expectAux);
            }
            long[] z = inputs;
            inputs = null; // the Witness owns it now
            aux = null;
            return new Witness(numInputs, z);
        }
        return concat(this);
    }

    /**
     * The assignment of one synthesis split into consecutive pieces, each run into its own system (e.g. one per
     * challenge, in parallel): the inputs of all pieces in order, then their aux in order, i.e. exactly the
     * {@code z} one system would have numbered had it run the pieces one after the other. Pieces must not
     * check constraints (a piece's linear combinations could name another piece's variables).
     */
    public static Witness concat(WitnessConstraintSystem... pieces) {
        int inputs = 0;
        int aux = 0;
        for (WitnessConstraintSystem w : pieces) {
            if (w.path.depth() != 0) {
                throw new IllegalStateException("synthesis ended inside unclosed namespace(s): " + w.path.path(""));
            }
            if (w.check && pieces.length > 1) {
                throw new IllegalArgumentException("checking systems cannot be concatenated");
            }
            inputs += w.numInputs;
            aux += w.numAux;
        }
        long[] z = new long[(1 + inputs + aux) * N];
        Fr.F.setOne(z, 0);
        int in = 1;
        int ax = 1 + inputs;
        for (WitnessConstraintSystem w : pieces) {
            System.arraycopy(w.inputs, N, z, in * N, w.numInputs * N);
            System.arraycopy(w.aux, w.auxBase, z, ax * N, w.numAux * N);
            in += w.numInputs;
            ax += w.numAux;
        }
        return new Witness(inputs, z);
    }
}
