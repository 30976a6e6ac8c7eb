/**
 * The {@code jzk} command line (picocli): one {@code *Command} class per subcommand under
 * {@link jzk.cli.JzkCommand}, shared options ({@code ShapeOptions}, {@code ClientOptions}, {@code DbOptions}),
 * output formatting, and {@link jzk.cli.CliException} for one-line errors with an exit code. The top module: it
 * may depend on every other module (prover, server, cluster, tornado-kernels, field-arith) and nothing depends on
 * it. Tests: {@code cli/src/test/java/jzk/cli}.
 */
package jzk.cli;
