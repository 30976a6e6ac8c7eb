package jzk.cli;

/**
 * Every setting of the cli module that comes from outside the command line: its {@code JZK_*} environment
 * variables, read here and nowhere else (cli/README.md has the table; {@code JZK_CACHE} and the device settings
 * belong to the prover's and tornado-kernels' configuration records, {@code JZK_JAVA_OPTS} to the {@code jzk}
 * launcher script). Read once, on first use.
 *
 * @param dbUrl    the cluster job database ({@code JZK_DB}) when {@code --db} is not given, or null
 * @param progress the progress display ({@code JZK_PROGRESS}: see {@code Progress.forCli}), or null for the default
 */
record CliConfig(String dbUrl, String progress) {
    private static final class Holder {
        static final CliConfig CURRENT = fromEnvironment();
    }

    static CliConfig get() {
        return Holder.CURRENT;
    }

    static CliConfig fromEnvironment() {
        String db = System.getenv("JZK_DB");
        String progress = System.getenv("JZK_PROGRESS");
        return new CliConfig(db == null || db.isBlank() ? null : db.trim(),
                progress == null || progress.isBlank() ? null : progress.trim());
    }
}
