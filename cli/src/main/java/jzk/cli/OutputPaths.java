package jzk.cli;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import jzk.prover.io.AtomicFiles;

/**
 * The commands' output files, through {@link AtomicFiles} (temp in the same directory, fsync, rename: never a
 * truncated or half-written file, a symlink at the target replaced rather than followed). {@link #check} runs before
 * any work: every output of the command named, with its option, and refused when two name the same file (exit 2)
 * or one cannot be written (exit 1).
 */
final class OutputPaths {
    private final List<String> options = new ArrayList<>();
    private final List<Path> files = new ArrayList<>();
    private final List<String> dirOptions = new ArrayList<>();
    private final List<Path> dirs = new ArrayList<>();

    /** Adds output file {@code path} of {@code option} (ignored when null). */
    OutputPaths file(String option, Path path) {
        if (path != null) {
            options.add(option);
            files.add(path);
        }
        return this;
    }

    /** Adds output directory {@code path} of {@code option} (ignored when null): created now if missing. */
    OutputPaths dir(String option, Path path) {
        if (path != null) {
            dirOptions.add(option);
            dirs.add(path);
        }
        return this;
    }

    /** Up-front checks; throws {@link CliException} naming the option and the path. */
    void check() {
        for (int i = 0; i < files.size(); i++) {
            for (int j = 0; j < i; j++) {
                if (same(files.get(i), files.get(j))) {
                    throw new CliException(CliException.USAGE, options.get(j) + " and " + options.get(i)
                            + " name the same file " + files.get(i) + ": give different output paths");
                }
            }
        }
        for (int i = 0; i < files.size(); i++) {
            try {
                AtomicFiles.checkWritable(files.get(i));
            } catch (IOException | IllegalArgumentException e) {
                throw cannotWrite(options.get(i), files.get(i), e);
            }
        }
        for (int i = 0; i < dirs.size(); i++) {
            Path d = dirs.get(i);
            try {
                Files.createDirectories(d);
                AtomicFiles.checkWritable(d.resolve(".jzk-probe"));
            } catch (IOException e) {
                throw cannotWrite(dirOptions.get(i), d, e);
            }
        }
    }

    private static boolean same(Path a, Path b) {
        try {
            AtomicFiles.requireDistinct(List.of(a, b));
            return false;
        } catch (IllegalArgumentException e) {
            return true;
        } catch (IOException e) {
            return false;
        }
    }

    /** Writes {@code path} atomically; an I/O error is a one-line {@link CliException} naming {@code option}. */
    static void write(String option, Path path, AtomicFiles.IoConsumer writer) {
        try {
            AtomicFiles.write(path, writer);
        } catch (IOException e) {
            throw cannotWrite(option, path, e);
        }
    }

    static CliException cannotWrite(String option, Path path, Exception e) {
        String why = e instanceof java.nio.file.FileSystemException f && f.getReason() != null ? f.getReason()
                : e instanceof java.nio.file.AccessDeniedException ? "permission denied"
                : e instanceof java.nio.file.FileAlreadyExistsException ? "a file is in the way"
                : e.getMessage() != null ? e.getMessage() : e.toString();
        return new CliException(CliException.FAILURE, "cannot write " + option + " " + path + ": " + why, e);
    }
}
