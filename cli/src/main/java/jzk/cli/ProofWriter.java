package jzk.cli;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import jzk.prover.batch.PorepProof;
import jzk.prover.pipeline.BatchRunner;
import jzk.prover.pipeline.ProofOutcome;

/**
 * {@code jzk batch --out DIR}: a {@link BatchRunner.Listener} that writes every completed Groth16 proof as
 * {@code DIR/proof-<i>.json} and {@code DIR/public-<i>.json} ({@link ProofFiles}, i = the 1-based batch index)
 * and passes every call on to the report printer. Runs on the batch driver's thread (the listener contract), so
 * the files of proof i exist when its line is printed. Each pair is written atomically ({@link ProofFiles#write}):
 * a symlink at {@code DIR/proof-<i>.json} is replaced, never followed.
 */
final class ProofWriter implements BatchRunner.Listener {
    private final BatchRunner.Listener next;
    private final Path dir;

    ProofWriter(BatchRunner.Listener next, Path dir) {
        this.next = next;
        this.dir = dir;
    }

    @Override
    public void proofDone(int index, int count, ProofOutcome outcome) {
        if (outcome.completed() && outcome.proof() instanceof PorepProof p) {
            Path proof = dir.resolve("proof-" + index + ".json");
            try {
                ProofFiles.write(p, proof, dir.resolve("public-" + index + ".json"));
            } catch (IOException e) {
                throw new UncheckedIOException("cannot write " + proof + ": " + e.getMessage(), e);
            }
        }
        next.proofDone(index, count, outcome);
    }

    @Override
    public void progress(BatchRunner.Progress p) {
        next.progress(p);
    }
}
