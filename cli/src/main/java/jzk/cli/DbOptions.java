package jzk.cli;

import java.sql.SQLException;
import jzk.cluster.Db;
import picocli.CommandLine.Option;

/** {@code --db URL} of the cluster commands ({@code worker}, {@code submit}, {@code jobs}, {@code fetch}). */
final class DbOptions {
    @Option(names = "--db", paramLabel = "URL", description = "Job database: postgresql://[user[:password]@]host"
            + "[:port]/database (default: $JZK_DB).")
    String url;

    Db db() {
        try {
            return Db.of(url != null ? url : CliConfig.get().dbUrl());
        } catch (IllegalArgumentException e) {
            throw new CliException(CliException.USAGE, "--db: " + e.getMessage());
        }
    }

    /** One line for a database error. */
    static CliException failure(Db db, SQLException e) {
        String m = e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage().lines().findFirst()
                .orElse("");
        return new CliException(CliException.FAILURE, "database " + db + ": " + m, e);
    }
}
