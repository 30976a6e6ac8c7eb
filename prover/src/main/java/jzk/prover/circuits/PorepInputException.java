package jzk.prover.circuits;

/** A vanilla-proof input that is missing, malformed or inconsistent; the message names the source and JSON path. */
public final class PorepInputException extends IllegalArgumentException {
    private static final long serialVersionUID = 1L;

    public PorepInputException(String message) {
        super(message);
    }

    public PorepInputException(String message, Throwable cause) {
        super(message, cause);
    }
}
