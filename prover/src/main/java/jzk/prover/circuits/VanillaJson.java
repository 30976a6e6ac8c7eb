package jzk.prover.circuits;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;

/** Reads a vanilla-proof JSON of any built-in shape, by its {@code $.format}; writes one by its shape. */
public final class VanillaJson {
    private VanillaJson() {
    }

    /** Reads and validates {@code file}: {@link PorepJson} or {@link StackedDrgJson} by {@code $.format}. */
    public static VanillaProof read(Path file) throws IOException {
        String source = file.toString();
        JsonNode root;
        try (InputStream is = Files.newInputStream(file)) {
            root = JsonFieldReader.parse(is, source);
        }
        JsonNode f = root == null ? null : root.get("format");
        String fmt = f == null ? null : f.asText();
        if (StackedDrgJson.FORMAT.equals(fmt)) {
            return StackedDrgJson.read(root, source);
        }
        if (PorepJson.FORMAT.equals(fmt)) {
            return PorepJson.read(root, source);
        }
        throw new PorepInputException(source + ": $.format: expected '" + PorepJson.FORMAT + "' or '"
                + StackedDrgJson.FORMAT + "', found " + (f == null ? "nothing" : "'" + fmt + "'"));
    }

    /** Writes {@code in} in its shape's format. */
    public static void write(VanillaProof in, Path file) throws IOException {
        switch (in) {
            case PorepInput p -> PorepJson.write(p, file);
            case StackedDrgInput s -> StackedDrgJson.write(s, file);
            default -> throw new IllegalArgumentException("no JSON format for " + in.shape().describe());
        }
    }
}
