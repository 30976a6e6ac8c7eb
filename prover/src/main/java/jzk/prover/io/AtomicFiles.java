package jzk.prover.io;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.AccessDeniedException;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Every file jzk writes goes through here: a group of target files is written to temporary files in the targets'
 * own directories ({@code .<name>.<random>.tmp}), then {@link #commit} fsyncs every temp, renames every temp onto
 * its target (atomic move) and fsyncs the directories. So a failed write (disk full, size limit, an exception,
 * SIGINT) leaves every old target intact and no partial file; the members of a group (proof + public signals) are
 * renamed one after the other only once all are complete. A symlink at a target is replaced, never followed.
 *
 * <p>Uncommitted temps are deleted by {@link #close} and, should the JVM exit first (SIGINT, System.exit), by a
 * shutdown hook.
 *
 * <p>Usage: {@code try (AtomicFiles g = AtomicFiles.of(proof, pub)) { write(g.temp(proof)); write(g.temp(pub));
 * g.commit(); }}
 */
public final class AtomicFiles implements AutoCloseable {
    private static final Set<Path> LIVE_TEMPS = ConcurrentHashMap.newKeySet();
    private static final java.security.SecureRandom RANDOM = new java.security.SecureRandom();

    static {
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            for (Path p : LIVE_TEMPS) {
                try {
                    Files.deleteIfExists(p);
                } catch (IOException ignored) {
                    // best effort at exit
                }
            }
        }, "jzk-temp-cleanup"));
    }

    private final Map<Path, Path> temps = new LinkedHashMap<>();
    private boolean committed;

    private AtomicFiles(List<Path> targets) throws IOException {
        requireDistinct(targets);
        try {
            for (Path t : targets) {
                Path dir = parent(t);
                Files.createDirectories(dir);
                Path tmp = newTemp(dir, t.getFileName() + "", ".tmp");
                LIVE_TEMPS.add(tmp);
                temps.put(t, tmp);
            }
        } catch (IOException | RuntimeException e) {
            close();
            throw e;
        }
    }

    /** A group of targets; their temps are created now (so an unwritable directory fails here). */
    public static AtomicFiles of(Path... targets) throws IOException {
        return new AtomicFiles(List.of(targets));
    }

    /** The temporary file to write {@code target}'s content into. */
    public Path temp(Path target) {
        Path t = temps.get(target);
        if (t == null) {
            throw new IllegalArgumentException(target + " is not in this group");
        }
        return t;
    }

    /** fsync every temp, then rename each onto its target, then fsync the directories. */
    public void commit() throws IOException {
        for (Path tmp : temps.values()) {
            try (FileChannel ch = FileChannel.open(tmp, StandardOpenOption.WRITE)) {
                ch.force(true);
            }
        }
        for (Map.Entry<Path, Path> e : temps.entrySet()) {
            try {
                Files.move(e.getValue(), e.getKey(), StandardCopyOption.ATOMIC_MOVE,
                        StandardCopyOption.REPLACE_EXISTING);
            } catch (AtomicMoveNotSupportedException x) {
                Files.move(e.getValue(), e.getKey(), StandardCopyOption.REPLACE_EXISTING);
            }
            LIVE_TEMPS.remove(e.getValue());
        }
        committed = true;
        for (Path dir : temps.keySet().stream().map(AtomicFiles::parent).distinct().toList()) {
            try (FileChannel ch = FileChannel.open(dir, StandardOpenOption.READ)) {
                ch.force(true);
            } catch (IOException ignored) {
                // some file systems cannot fsync a directory; the rename itself is done
            }
        }
    }

    /** Deletes the temps unless committed. */
    @Override
    public void close() {
        if (committed) {
            return;
        }
        for (Path tmp : temps.values()) {
            try {
                Files.deleteIfExists(tmp);
            } catch (IOException ignored) {
                // the shutdown hook tries again
                continue;
            }
            LIVE_TEMPS.remove(tmp);
        }
    }

    /** Writes one file atomically: {@code writer} fills the temp, then it is committed. */
    public static void write(Path target, IoConsumer writer) throws IOException {
        try (AtomicFiles g = of(target)) {
            writer.accept(g.temp(target));
            g.commit();
        }
    }

    /** Fills a temporary file. */
    @FunctionalInterface
    public interface IoConsumer {
        void accept(Path tmp) throws IOException;
    }

    /**
     * Checks up front, before any work, that every target can be written: no two name the same file, none is a
     * directory (a symlink at a target is fine: it is replaced), and each directory exists or can be created and
     * accepts a new file (probed by creating and deleting a temp). Throws {@link IOException} naming the path.
     */
    public static void checkWritable(Path... targets) throws IOException {
        requireDistinct(List.of(targets));
        for (Path t : targets) {
            if (Files.isDirectory(t, LinkOption.NOFOLLOW_LINKS)) {
                throw new FileAlreadyExistsException(t + ": is a directory, not a file");
            }
            Path dir = parent(t);
            if (Files.exists(dir) && !Files.isDirectory(dir)) {
                throw new IOException(t + ": " + dir + " is not a directory");
            }
            try {
                Files.createDirectories(dir);
                Files.delete(newTemp(dir, t.getFileName() + "", ".probe"));
            } catch (AccessDeniedException e) {
                throw new AccessDeniedException(t.toString(), null, "cannot create files in " + dir);
            }
        }
    }

    /** Throws {@link IllegalArgumentException} when two targets are the same file. */
    public static void requireDistinct(List<Path> targets) throws IOException {
        List<Path> norm = new ArrayList<>();
        for (Path t : targets) {
            Path n = t.toAbsolutePath().normalize();
            for (int i = 0; i < norm.size(); i++) {
                if (norm.get(i).equals(n) || (Files.exists(n) && Files.exists(norm.get(i))
                        && Files.isSameFile(n, norm.get(i)))) {
                    throw new IllegalArgumentException(targets.get(i) + " and " + t
                            + " are the same file: give different output paths");
                }
            }
            norm.add(n);
        }
    }

    /**
     * {@code dir/.<name>.<random><suffix>}, created empty with the default permissions (0666 less the umask, as any
     * file the user writes; {@code Files.createTempFile} would make it 0600 and so the renamed output too).
     */
    private static Path newTemp(Path dir, String name, String suffix) throws IOException {
        for (int attempt = 0; ; attempt++) {
            Path p = dir.resolve("." + name + "." + Long.toUnsignedString(RANDOM.nextLong(), 36) + suffix);
            try {
                return Files.createFile(p);
            } catch (FileAlreadyExistsException e) {
                if (attempt > 100) {
                    throw e;
                }
            }
        }
    }

    private static Path parent(Path t) {
        Path p = t.toAbsolutePath().getParent();
        return p == null ? t.toAbsolutePath().getRoot() : p;
    }
}
