package jzk.cluster;

import java.io.IOException;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * A throw-away PostgreSQL cluster for tests and benchmarks: {@code initdb} into a fresh directory, then
 * {@code pg_ctl start} on 127.0.0.1 at a free port, no Unix socket, trust authentication for user {@code jzk}
 * (loopback only). Uses Debian's server binaries ({@code /usr/lib/postgresql/<newest>/bin}); as root (initdb
 * refuses root) every server command runs as the {@code postgres} user through {@code runuser}, and the data
 * directory is given to that user (under the system temp directory when {@code parent} is not reachable by that
 * user). {@link #close} stops the server and removes the directory; a JVM shutdown
 * hook does the same if the caller did not.
 */
public final class LocalPostgres implements AutoCloseable {
    private final Path bin;
    private final Path dir;
    private final int port;
    private final boolean asPostgres;
    private final List<String> settings;
    private final Thread hook;

    private LocalPostgres(Path bin, Path dir, int port, boolean asPostgres, List<String> settings) {
        this.bin = bin;
        this.dir = dir;
        this.port = port;
        this.asPostgres = asPostgres;
        this.settings = settings;
        this.hook = new Thread(this::stopQuietly, "jzk-local-postgres-stop");
    }

    /** The server binaries' directory, or null when PostgreSQL's server is not installed. */
    public static Path binaries() {
        Path root = Path.of("/usr/lib/postgresql");
        if (!Files.isDirectory(root)) {
            return null;
        }
        try (Stream<Path> s = Files.list(root)) {
            return s.map(p -> p.resolve("bin")).filter(p -> Files.isExecutable(p.resolve("initdb")))
                    .max(Comparator.comparingInt(p -> versionOf(p.getParent()))).orElse(null);
        } catch (IOException e) {
            return null;
        }
    }

    private static int versionOf(Path p) {
        try {
            return Integer.parseInt(p.getFileName().toString());
        } catch (NumberFormatException e) {
            return 0;
        }
    }

    /**
     * Creates and starts a cluster under {@code parent} (a new subdirectory).
     *
     * @param durable false: {@code fsync=off} and {@code synchronous_commit=off} (tests); true: the defaults
     *                (commits reach the disk; what a real deployment measures)
     */
    public static LocalPostgres start(Path parent, boolean durable) throws IOException, InterruptedException {
        Path bin = binaries();
        if (bin == null) {
            throw new IOException("PostgreSQL server binaries not found under /usr/lib/postgresql "
                    + "(apt-get install postgresql)");
        }
        boolean root = "root".equals(System.getProperty("user.name"));
        Files.createDirectories(parent);
        Path dir = Files.createTempDirectory(parent.toAbsolutePath(), "pg");
        if (root) {
            run(List.of("chown", "postgres", dir.toString()), 10);
            if (!reachableByPostgres(dir)) { // e.g. a checkout under /root (mode 700): use the temp directory
                Files.delete(dir);
                dir = Files.createTempDirectory("jzk-pg");
                run(List.of("chown", "postgres", dir.toString()), 10);
            }
        }
        int port;
        try (ServerSocket s = new ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
            port = s.getLocalPort();
        }
        List<String> settings = new ArrayList<>(List.of("-c", "listen_addresses=127.0.0.1", "-p",
                Integer.toString(port), "-c", "unix_socket_directories=", "-c", "max_connections=50"));
        if (!durable) {
            settings.addAll(List.of("-c", "fsync=off", "-c", "synchronous_commit=off", "-c", "full_page_writes=off"));
        }
        LocalPostgres pg = new LocalPostgres(bin, dir, port, root, settings);
        pg.server(List.of(bin.resolve("initdb").toString(), "-D", dir.resolve("data").toString(), "-U", "jzk",
                "--auth=trust", "-E", "UTF8", "--no-sync", "--no-instructions"), 60);
        Runtime.getRuntime().addShutdownHook(pg.hook);
        pg.startServer();
        return pg;
    }

    private static boolean reachableByPostgres(Path dir) throws InterruptedException {
        try {
            run(List.of("runuser", "-u", "postgres", "--", "test", "-w", dir.toString()), 10);
            return true;
        } catch (IOException e) {
            return false;
        }
    }

    /** The database URL of {@code jzk worker --db}. */
    public String url() {
        return "postgresql://jzk@127.0.0.1:" + port + "/postgres";
    }

    public int port() {
        return port;
    }

    /** Starts the (stopped) server again on the same port and data. */
    public void startServer() throws IOException, InterruptedException {
        List<String> cmd = new ArrayList<>(List.of(bin.resolve("pg_ctl").toString(), "-D",
                dir.resolve("data").toString(), "-l", dir.resolve("server.log").toString(), "-w", "-t", "30",
                "-o", String.join(" ", settings.stream().map(LocalPostgres::quoteOpt).toList()), "start"));
        server(cmd, 40);
    }

    /** Stops the server ({@code -m fast}: open connections are closed, as in a restart or a crash of a host). */
    public void stopServer() throws IOException, InterruptedException {
        server(List.of(bin.resolve("pg_ctl").toString(), "-D", dir.resolve("data").toString(), "-m", "fast", "-w",
                "-t", "30", "stop"), 40);
    }

    private static String quoteOpt(String s) {
        return s.endsWith("=") ? s + "''" : s;
    }

    private void server(List<String> cmd, int timeoutS) throws IOException, InterruptedException {
        List<String> full = new ArrayList<>();
        if (asPostgres) {
            full.addAll(List.of("runuser", "-u", "postgres", "--"));
        }
        full.addAll(cmd);
        run(full, timeoutS);
    }

    private static void run(List<String> cmd, int timeoutS) throws IOException, InterruptedException {
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
        p.getOutputStream().close();
        byte[] out = p.getInputStream().readAllBytes();
        if (!p.waitFor(timeoutS, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            throw new IOException(String.join(" ", cmd) + ": no answer in " + timeoutS + " s");
        }
        if (p.exitValue() != 0) {
            throw new IOException(String.join(" ", cmd) + " exited " + p.exitValue() + ": "
                    + new String(out).strip());
        }
    }

    private void stopQuietly() {
        try {
            if (Files.exists(dir.resolve("data/postmaster.pid"))) {
                stopServer();
            }
        } catch (IOException | InterruptedException e) {
            // best effort at exit
        }
        try (Stream<Path> s = Files.walk(dir)) {
            s.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        } catch (IOException e) {
            // best effort at exit
        }
    }

    @Override
    public void close() {
        stopQuietly();
        try {
            Runtime.getRuntime().removeShutdownHook(hook);
        } catch (IllegalStateException e) {
            // already shutting down
        }
    }
}
