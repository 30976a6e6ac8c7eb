package jzk.cli;

import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import jzk.server.ProverClient;
import jzk.server.ServerConfig;
import picocli.CommandLine.Option;

/**
 * Options of the commands that talk to {@code jzk serve}: where it is and the shared secret. A gRPC failure
 * becomes one line naming the server ({@link #failure}).
 */
final class ClientOptions {
    @Option(names = "--server", paramLabel = "HOST:PORT",
            description = "The jzk serve to talk to (default ${DEFAULT-VALUE}).")
    String server = "127.0.0.1:" + ServerConfig.DEFAULT_PORT;

    @Option(names = "--token-file", paramLabel = "FILE",
            description = "File holding the server's shared secret (first line), when it was started with one.")
    Path tokenFile;

    ProverClient connect() {
        if (!server.matches("[^\\s:]+:\\d{1,5}|\\[[0-9a-fA-F:]+\\]:\\d{1,5}")) {
            throw new CliException(CliException.USAGE, "--server must be HOST:PORT, got '" + server + "'");
        }
        return new ProverClient(server, token(tokenFile));
    }

    /** The first line of {@code file} (null for no file); a missing or empty file is a usage error. */
    static String token(Path file) {
        if (file == null) {
            return null;
        }
        try {
            Limits.inputFile("--token-file", file, 4096);
            String t = Files.readString(file, StandardCharsets.UTF_8).lines().findFirst().orElse("").strip();
            if (t.isEmpty()) {
                throw new CliException(CliException.USAGE, "--token-file " + file + " is empty");
            }
            return t;
        } catch (IOException e) {
            throw new CliException(CliException.USAGE, "--token-file " + file + ": " + e.getMessage());
        }
    }

    /** One line for a failed call: the status and its description; exit 2 for a refused request, else 1. */
    CliException failure(StatusRuntimeException e) {
        Status s = e.getStatus();
        String d = s.getDescription() == null ? "" : s.getDescription();
        return switch (s.getCode()) {
            case UNAVAILABLE -> new CliException(CliException.FAILURE, "cannot reach jzk serve at " + server + ": "
                    + (d.isEmpty() && s.getCause() != null ? s.getCause().getMessage() : d));
            case INVALID_ARGUMENT, NOT_FOUND, ALREADY_EXISTS, FAILED_PRECONDITION, RESOURCE_EXHAUSTED,
                 UNAUTHENTICATED -> new CliException(CliException.USAGE, "server " + server + ": " + s.getCode()
                    + ": " + d);
            default -> new CliException(CliException.FAILURE, "server " + server + ": " + s.getCode() + ": " + d);
        };
    }
}
