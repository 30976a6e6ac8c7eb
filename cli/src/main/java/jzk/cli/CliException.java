package jzk.cli;

/**
 * A user-facing error: its message is printed as one line ({@code jzk: <message>}) and the command exits with
 * {@link #exitCode()}; the stack trace is shown only with {@code --verbose}.
 */
public final class CliException extends RuntimeException {

    /** Exit code for an input or usage problem the user can fix. */
    public static final int USAGE = 2;
    /** Exit code for a feature missing from this build, or a named device this machine does not have. */
    public static final int NOT_AVAILABLE = 3;
    /** Exit code for a run that went wrong (I/O, failed proofs). */
    public static final int FAILURE = 1;

    private final int exitCode;

    public CliException(int exitCode, String message) {
        super(message);
        this.exitCode = exitCode;
    }

    public CliException(int exitCode, String message, Throwable cause) {
        super(message, cause);
        this.exitCode = exitCode;
    }

    public int exitCode() {
        return exitCode;
    }

    /** "&lt;command&gt;: not available in this build (&lt;why&gt;)", printed as "jzk: &lt;command&gt;: …". */
    public static CliException notAvailable(String command, String why) {
        return new CliException(NOT_AVAILABLE, command + ": not available in this build (" + why + ")");
    }
}
