package jzk.prover.snarkjs;

/**
 * A snarkjs-path proof that failed its own check ({@link SnarkjsProver#proveChecked}) and must not be written. The
 * {@link Culprit} says which input is to blame, as far as the available files can tell.
 */
public final class ProofRejectedException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    /** Who is at fault. */
    public enum Culprit {
        /** The witness does not satisfy the circuit's constraints (checked against the .r1cs). */
        INPUT,
        /** The witness satisfies the constraints but the proof does not verify: the zkey is damaged or foreign. */
        KEY,
        /** The proof does not verify and no .r1cs was given to tell the witness from the key. */
        INPUT_OR_KEY
    }

    private final Culprit culprit;

    public ProofRejectedException(Culprit culprit, String message) {
        super(message);
        this.culprit = culprit;
    }

    public ProofRejectedException(Culprit culprit, String message, Throwable cause) {
        super(message, cause);
        this.culprit = culprit;
    }

    public Culprit culprit() {
        return culprit;
    }
}
