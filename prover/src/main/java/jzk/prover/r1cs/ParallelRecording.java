package jzk.prover.r1cs;

import java.util.function.Function;
import java.util.stream.IntStream;

/**
 * The R1CS of a circuit made of a head and {@code k} independent pieces (a PoRep partition's challenges: each names
 * its own variables and the head's, never another piece's), the pieces recorded in parallel: the same matrices,
 * coefficient table, B-row plan and names as {@link Synthesizer#record} running the head, then piece 0, 1, … on one
 * recorder (RecordingConcatTest), so the parameters, whose shape id hashes the matrices, do not change.
 *
 * <p>How: the head runs first; then every piece runs on a recorder of its own ({@link
 * RecordingConstraintSystem#continuing} where the head ended), all at once on the common fork-join pool, and
 * {@link RecordingConstraintSystem#concat} joins them in order, renumbering each piece's variables after the
 * pieces before it. Serial recording runs about a second a million StackedDRG constraints on one core (build
 * machine): a 2^27 partition's recording took minutes before its first proof; in pieces it takes about
 * {@code ⌈k / cores⌉} pieces' time plus the concatenation (a parallel copy).
 */
public final class ParallelRecording {
    /** {@code -Djzk.setup.timing=true}: one line on stderr per recording (pieces, concatenation). */
    private static final boolean TIMING = jzk.prover.config.ProverConfig.get().setupTiming();

    private ParallelRecording() {
    }

    /** A circuit that records its matrices this way (e.g. {@code head} + {@code pieces} calls, in parallel). */
    public interface Recordable extends Circuit {
        /** Its R1CS, as {@link Synthesizer#record(Circuit, boolean)} records it serially. */
        R1cs recordInPieces(boolean recordNames);
    }

    /** The R1CS of {@code head} then {@code pieces} pieces (see the class comment). */
    public static <H> R1cs of(Function<ConstraintSystem, H> head, int pieces, ParallelWitness.Piece<H> piece,
                              boolean recordNames) {
        long t0 = System.nanoTime();
        RecordingConstraintSystem h0 = new RecordingConstraintSystem(recordNames);
        H h = head.apply(h0);
        RecordingConstraintSystem[] parts = new RecordingConstraintSystem[1 + pieces];
        parts[0] = h0;
        IntStream.range(0, pieces).parallel().forEach(c -> {
            RecordingConstraintSystem r = RecordingConstraintSystem.continuing(recordNames, h0.ownInputs(),
                    h0.ownAux());
            piece.synthesize(r, c, h);
            parts[1 + c] = r;
        });
        long t1 = System.nanoTime();
        R1cs r = RecordingConstraintSystem.concat(parts);
        if (TIMING) {
            System.err.printf(java.util.Locale.ROOT, "r1cs: %d constraints recorded in %d pieces on %d cores: "
                    + "head + pieces %.3f s, concatenation %.3f s%n", r.numConstraints(), pieces,
                    Runtime.getRuntime().availableProcessors(), (t1 - t0) / 1e9,
                    (System.nanoTime() - t1) / 1e9);
        }
        return r;
    }
}
