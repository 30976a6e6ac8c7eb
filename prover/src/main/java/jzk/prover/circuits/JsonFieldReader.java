package jzk.prover.circuits;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.InputStream;
import java.math.BigInteger;
import jzk.arith.Fr;

/**
 * Field-by-field reader of a vanilla-proof JSON tree that knows the JSON path of what it reads: every error is a
 * {@link PorepInputException} {@code "SOURCE: $.path.to.field: what is wrong"}.
 */
class JsonFieldReader {
    private static final int N = Fr.LIMBS;
    static final ObjectMapper MAPPER = new ObjectMapper();

    final String source;

    JsonFieldReader(String source) {
        this.source = source;
    }

    /** Parses JSON; malformed input is one line with the line and column. */
    static JsonNode parse(InputStream is, String source) throws IOException {
        try {
            return MAPPER.readTree(is);
        } catch (JsonProcessingException e) {
            throw new PorepInputException(source + ": not valid JSON: " + e.getOriginalMessage()
                    + (e.getLocation() == null ? "" // e.g. the nesting-depth limit: no location
                    : " at line " + e.getLocation().getLineNr() + ", column " + e.getLocation().getColumnNr()), e);
        }
    }

    /** {@code $.format} and {@code $.version}: the format must be {@code format}, the version 1. */
    void header(JsonNode root, String format) {
        String fmt = field(root, "$", "format").asText();
        if (!format.equals(fmt)) {
            throw err("$.format", "expected '" + format + "', found '" + fmt + "'");
        }
        integer(root, "$", "version", 1, 1);
    }

    PorepInputException err(String path, String what) {
        return new PorepInputException(source + ": " + path + ": " + what);
    }

    JsonNode field(JsonNode obj, String path, String name) {
        if (obj == null || !obj.isObject()) {
            throw err(path, "expected an object");
        }
        JsonNode v = obj.get(name);
        if (v == null || v.isNull()) {
            throw err(path + "." + name, "missing");
        }
        return v;
    }

    long integer(JsonNode obj, String path, String name, long min, long max) {
        JsonNode v = field(obj, path, name);
        if (!v.isIntegralNumber() || !v.canConvertToLong()) {
            throw err(path + "." + name, "expected an integer, found " + v);
        }
        long x = v.asLong();
        if (x < min || x > max) {
            throw err(path + "." + name, x + " is outside [" + min + ", " + max + "]");
        }
        return x;
    }

    void element(JsonNode v, String path, long[] out, int i) {
        if (v == null || !v.isTextual()) {
            throw err(path, "expected a decimal string field element, found " + v);
        }
        BigInteger x;
        try {
            x = new BigInteger(v.asText());
        } catch (NumberFormatException e) {
            throw err(path, "'" + v.asText() + "' is not a decimal integer");
        }
        if (x.signum() < 0 || x.compareTo(Fr.R) >= 0) {
            throw err(path, x + " is not a field element (must be in [0, r))");
        }
        Fr.F.fromBigInteger(out, i * N, x);
    }

    JsonNode array(JsonNode obj, String path, String name, int size) {
        JsonNode v = field(obj, path, name);
        if (!v.isArray()) {
            throw err(path + "." + name, "expected an array");
        }
        if (size >= 0 && v.size() != size) {
            throw err(path + "." + name, "expected " + size + " entries, found " + v.size());
        }
        return v;
    }
}
