package jzk.cli;

import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.Locale;
import jzk.prover.circuits.PartitionShape;

/**
 * Every bound the command line enforces before any work, in one place (the options' help texts quote them). A value
 * out of range, an input that is not a regular file (missing, a directory, a FIFO or device) or a JSON input larger
 * than its bound is one line and exit 2.
 *
 * <p>Why these numbers: thread counts are bounded well below what the JVM can start (≈ 32 k threads ended in an
 * OutOfMemoryError); {@code --lookahead} and {@code --concurrency} bound semaphore permit sums (2^31 − 1 overflowed
 * into a hang); a partition is at most 2^28 constraints because a parameter file's domain is at most 2^28
 * ({@code prover/PARAMS-FORMAT.md}); JSON files are parsed into trees of ~100 bytes per input byte, so their size is
 * capped (a 48 MB public.json took 4.5 GB), and Jackson caps nesting at 500 levels.
 */
final class Limits {
    static final int MAX_COUNT = 1_000_000;
    static final int MAX_CONCURRENCY = 10_000;
    static final int MAX_THREADS = 1024;
    static final int MAX_LOOKAHEAD = 4096;
    static final int MAX_GPU_WORKERS = 64;
    static final int MAX_PARTITIONS = 4096;
    static final int MAX_CHALLENGES = 1 << 20;
    static final long MAX_CONSTRAINTS = 1L << 28;
    static final long MAX_SYNTHETIC_MS = 3_600_000;
    static final int MAX_REPS = 100_000;
    /** proof.json, public.json, verification_key.json. */
    static final long MAX_SNARKJS_JSON_BYTES = 16L << 20;
    /** vanilla-proof JSON (--input) and synthetic shape JSON. */
    static final long MAX_INPUT_JSON_BYTES = 256L << 20;

    private Limits() {
    }

    /** {@code value} in {@code [min, max]}, else a usage error naming the option. */
    static void range(String option, long value, long min, long max) {
        if (value < min || value > max) {
            throw new CliException(CliException.USAGE, option + " must be in " + min + ".." + max + ", got " + value);
        }
    }

    /** A shape's constraints per partition within {@link #MAX_CONSTRAINTS}. */
    static void shape(PartitionShape s, int challenges) {
        range("--challenges", challenges, 1, MAX_CHALLENGES);
        if (s.constraintCount() > MAX_CONSTRAINTS) {
            throw new CliException(CliException.USAGE, String.format(Locale.ROOT, "shape %s has %,d constraints per "
                    + "partition, more than the 2^28 a parameter file can hold: lower --challenges or --depth",
                    s.shapeId(), s.constraintCount()));
        }
    }

    /**
     * {@code path} is an existing regular file of at most {@code maxBytes} (≤ 0: no size bound); otherwise a usage
     * error saying what it is instead.
     */
    static void inputFile(String option, Path path, long maxBytes) {
        if (!Files.exists(path)) {
            throw new CliException(CliException.USAGE, path + ": no such file"
                    + (Files.exists(path, LinkOption.NOFOLLOW_LINKS) ? " (a dangling symlink)" : ""));
        }
        if (Files.isDirectory(path)) {
            throw new CliException(CliException.USAGE, path + ": is a directory; " + option + " needs a file");
        }
        if (!Files.isRegularFile(path)) {
            throw new CliException(CliException.USAGE, path + ": is not a regular file (a FIFO, socket or device?); "
                    + option + " needs a file");
        }
        if (!Files.isReadable(path)) {
            throw new CliException(CliException.USAGE, path + ": permission denied");
        }
        try {
            long size = Files.size(path);
            if (maxBytes > 0 && size > maxBytes) {
                throw new CliException(CliException.USAGE, String.format(Locale.ROOT, "%s: %,d bytes, more than the "
                        + "%,d-byte limit for %s", path, size, maxBytes, option));
            }
        } catch (java.io.IOException e) {
            throw new CliException(CliException.USAGE, path + ": cannot read (" + e.getMessage() + ")", e);
        }
    }
}
