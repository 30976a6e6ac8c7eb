package jzk.cluster;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.Statement;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Assumptions;

/**
 * One throw-away PostgreSQL server ({@link LocalPostgres}, under {@code target/}) per test JVM, and a fresh empty
 * database on it per call of {@link #fresh}. Skips (with the reason printed) only where the server binaries are not
 * installed; CI installs them ({@code .ci/run}).
 */
final class TestDatabases {
    private static LocalPostgres server;
    private static final AtomicInteger NEXT = new AtomicInteger();

    private TestDatabases() {
    }

    static synchronized LocalPostgres server() throws Exception {
        if (LocalPostgres.binaries() == null) {
            String why = "PostgreSQL server not installed (apt-get install postgresql): cluster tests skipped";
            System.out.println(why);
            Assumptions.abort(why);
        }
        if (server == null) {
            server = LocalPostgres.start(Path.of("target", "pg"), false);
        }
        return server;
    }

    /** A new, empty database on the shared server. */
    static Db fresh() throws Exception {
        LocalPostgres s = server();
        String name = "t" + NEXT.incrementAndGet();
        try (Connection c = Db.of(s.url()).connect(); Statement st = c.createStatement()) {
            st.execute("CREATE DATABASE " + name);
        }
        return Db.of(s.url().replace("/postgres", "/" + name));
    }
}
