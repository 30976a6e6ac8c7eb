package jzk.prover.r1cs;

import java.util.function.Function;
import java.util.stream.IntStream;
import jzk.arith.Fr;

/**
 * The witness of a circuit made of a head and {@code k} independent pieces of one shape (a PoRep partition's
 * challenges), the pieces synthesised in parallel straight into the final assignment: one array of
 * {@code 32·numVariables} bytes, no per-piece copies and no join copy. The variable numbering is exactly that of one
 * system running the head, then piece 0, 1, … in order (inputs of all parts first, then their aux), so the result is
 * the sequential {@code z} (tested against {@link Synthesizer#witness}).
 *
 * <p>How: the head and piece 0 run first, each into its own growable system, which gives the per-piece counts;
 * every piece must allocate that many (the recorded shape says so: head + k·piece = its counts, checked), so
 * piece c's window in z is known in advance and pieces 1 … k−1 run in parallel on the common fork-join pool (one
 * piece a task; the pool bounds the threads of all partitions synthesised at once to the cores). No constraint is
 * checked (the prover checks a∘b = c on the evaluations).
 */
public final class ParallelWitness {
    private static final int N = Fr.LIMBS;

    private ParallelWitness() {
    }

    /** Synthesises piece {@code index} of the circuit given the head's result. */
    @FunctionalInterface
    public interface Piece<H> {
        void synthesize(ConstraintSystem cs, int index, H head);
    }

    /**
     * The assignment of {@code head} then {@code pieces} pieces, for the recorded R1CS {@code shape}.
     *
     * @throws IllegalStateException when the parts do not add up to the shape's variable counts, or a piece
     *                               allocates more or fewer than piece 0
     */
    public static <H> Witness of(R1cs shape, Function<ConstraintSystem, H> head, int pieces, Piece<H> piece) {
        WitnessConstraintSystem h0 = new WitnessConstraintSystem(false);
        H h = head.apply(h0);
        int headIn = h0.numInputs();
        int headAux = h0.numAux();
        if (pieces == 0) {
            if (headIn != shape.numInputs() || headAux != shape.numAux()) {
                throw new IllegalStateException("head (" + headIn + " inputs, " + headAux + " aux) does not make the "
                        + "shape's " + shape.numInputs() + " / " + shape.numAux());
            }
            return place(shape, h0, null, 0, 0);
        }
        WitnessConstraintSystem p0 = new WitnessConstraintSystem(false);
        piece.synthesize(p0, 0, h);
        int in = p0.numInputs();
        int aux = p0.numAux();
        if (headIn + (long) pieces * in != shape.numInputs() || headAux + (long) pieces * aux != shape.numAux()) {
            throw new IllegalStateException("head (" + headIn + " inputs, " + headAux + " aux) + " + pieces
                    + " pieces of " + in + " / " + aux + " do not make the shape's " + shape.numInputs() + " / "
                    + shape.numAux());
        }
        Witness w = place(shape, h0, p0, in, aux);
        long[] z = w.z();
        int firstAux = 1 + shape.numInputs();
        IntStream.range(1, pieces).parallel().forEach(c -> {
            WitnessConstraintSystem win = WitnessConstraintSystem.window(z, 1 + headIn + c * in, in,
                    firstAux + headAux + c * aux, aux);
            piece.synthesize(win, c, h);
            if (win.numInputs() != in || win.numAux() != aux) {
                throw new IllegalStateException("piece " + c + " allocated " + win.numInputs() + " inputs / "
                        + win.numAux() + " aux, piece 0 " + in + " / " + aux);
            }
        });
        return w;
    }

    /** The sized assignment with the head's and piece 0's values in place. */
    private static Witness place(R1cs shape, WitnessConstraintSystem head, WitnessConstraintSystem p0, int in,
                                 int aux) {
        long vars = shape.numVariables();
        if (vars * N > Integer.MAX_VALUE - 8) {
            throw new IllegalArgumentException("an assignment of " + vars + " variables does not fit a Java array");
        }
        long[] z = new long[(int) vars * N];
        Witness hw = head.finish();
        long[] hz = hw.z();
        int headIn = hw.numInputs();
        int headAux = hw.numAux();
        int firstAux = 1 + shape.numInputs();
        System.arraycopy(hz, 0, z, 0, (1 + headIn) * N);
        System.arraycopy(hz, (1 + headIn) * N, z, firstAux * N, headAux * N);
        if (p0 != null) {
            long[] pz = p0.finish().z();
            System.arraycopy(pz, N, z, (1 + headIn) * N, in * N);
            System.arraycopy(pz, (1 + in) * N, z, (firstAux + headAux) * N, aux * N);
        }
        return new Witness(shape.numInputs(), z);
    }
}
