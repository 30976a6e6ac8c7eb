package jzk.cluster;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;

/**
 * Versioned schema migrations: the SQL files {@code jzk/cluster/db/V<n>__<name>.sql} listed, in order, in
 * {@code jzk/cluster/db/migrations.txt}. {@link #apply} runs the ones the database has not recorded in
 * {@code schema_migrations}, in one transaction under a transaction-level advisory lock, so N workers starting
 * at once apply each file exactly once and none sees half a schema. A database whose schema is newer than this
 * build is refused (an older jzk must not write into a table layout it does not know).
 */
public final class Migrations {
    /** Advisory lock key held while migrating (any constant shared by all jzk versions). */
    private static final long LOCK_KEY = 0x6A7A6B_0D13L;
    private static final String DIR = "/jzk/cluster/db/";

    private Migrations() {
    }

    /** A migration file: its version (the n of {@code V<n>__}), name and SQL text. */
    record Migration(int version, String name, String sql) {
    }

    /** The migrations this build knows, in version order. */
    static List<Migration> known() {
        List<Migration> out = new ArrayList<>();
        for (String line : resource("migrations.txt").split("\n")) {
            String name = line.strip();
            if (name.isEmpty() || name.startsWith("#")) {
                continue;
            }
            if (!name.matches("V[0-9]+__[A-Za-z0-9_]+\\.sql")) {
                throw new IllegalStateException("migrations.txt: bad file name '" + name + "'");
            }
            int v = Integer.parseInt(name.substring(1, name.indexOf("__")));
            if (!out.isEmpty() && v != out.getLast().version() + 1) {
                throw new IllegalStateException("migrations.txt: " + name + " does not follow V"
                        + out.getLast().version());
            }
            out.add(new Migration(v, name, resource(name)));
        }
        return out;
    }

    /** Brings the schema to the newest known version; returns the versions applied now (empty if up to date). */
    public static List<Integer> apply(Connection c) throws SQLException {
        List<Migration> known = known();
        List<Integer> applied = new ArrayList<>();
        boolean auto = c.getAutoCommit();
        c.setAutoCommit(false);
        try (Statement s = c.createStatement()) {
            s.execute("SELECT pg_advisory_xact_lock(" + LOCK_KEY + ")");
            s.execute("CREATE TABLE IF NOT EXISTS schema_migrations (version integer PRIMARY KEY, "
                    + "name text NOT NULL, applied_at timestamptz NOT NULL DEFAULT now())");
            int current = 0;
            try (ResultSet rs = s.executeQuery("SELECT coalesce(max(version), 0) FROM schema_migrations")) {
                rs.next();
                current = rs.getInt(1);
            }
            int newest = known.getLast().version();
            if (current > newest) {
                throw new SQLException("the database's schema is version " + current + ", newer than this jzk's "
                        + newest + ": upgrade jzk", "JZK01");
            }
            for (Migration m : known) {
                if (m.version() <= current) {
                    continue;
                }
                s.execute(m.sql());
                try (PreparedStatement p = c.prepareStatement(
                        "INSERT INTO schema_migrations (version, name) VALUES (?, ?)")) {
                    p.setInt(1, m.version());
                    p.setString(2, m.name());
                    p.executeUpdate();
                }
                applied.add(m.version());
            }
            c.commit();
        } catch (SQLException | RuntimeException e) {
            c.rollback();
            throw e;
        } finally {
            c.setAutoCommit(auto);
        }
        return applied;
    }

    private static String resource(String name) {
        try (InputStream in = Migrations.class.getResourceAsStream(DIR + name)) {
            if (in == null) {
                throw new IllegalStateException("missing resource " + DIR + name);
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new IllegalStateException("cannot read " + DIR + name + ": " + e.getMessage(), e);
        }
    }
}
