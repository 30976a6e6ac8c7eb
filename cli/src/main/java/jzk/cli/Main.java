package jzk.cli;

import java.io.PrintWriter;
import jzk.tornado.progress.Progress;
import jzk.tornado.progress.Timings;
import picocli.CommandLine;
import picocli.CommandLine.ParseResult;

/**
 * Entry point of the {@code jzk} command. Errors are one line on stderr ({@code jzk: <what went wrong>}) with a
 * non-zero exit code; the stack trace follows only with {@code --verbose}. Exit codes: 0 success, 1 a failed
 * run (I/O, failed proofs, unexpected error), 2 bad usage or input, 3 not available (a
 * feature missing from this build, or a named device this machine lacks).
 */
public final class Main {

    private Main() {
    }

    public static void main(String[] args) {
        Timings.mainEntered();
        PrintWriter out = new PrintWriter(System.out, true);
        PrintWriter err = new PrintWriter(System.err, true);
        var console = System.console();
        System.exit(execute(args, out, err, console != null && console.isTerminal()));
    }

    /**
     * Runs {@code jzk args} with the given streams. Progress of long phases goes to {@code err}: a bar redrawn in
     * place when {@code terminal}, plain lines every 2 s otherwise; {@code JZK_PROGRESS=lines|terminal|off}
     * (read here, once per command) overrides ({@link Progress#forCli}).
     */
    public static int execute(String[] args, PrintWriter out, PrintWriter err, boolean terminal) {
        try {
            Progress.install(Progress.forCli(err, terminal, CliConfig.get().progress()));
        } catch (IllegalArgumentException e) {
            err.println("jzk: " + e.getMessage());
            err.flush();
            return CliException.USAGE;
        }
        return run(commandLine(out, err, terminal), args, out, err);
    }

    /** Executes {@code cl}; every failure, an {@link Error} included, is one line on {@code err}. */
    static int run(CommandLine cl, String[] args, PrintWriter out, PrintWriter err) {
        int code;
        try {
            code = cl.execute(args);
        } catch (Error e) { // picocli hands only Exceptions to the handler; an Error would be a raw trace
            err.println("jzk: " + errorLine(e));
            if (java.util.Arrays.asList(args).contains("--verbose")) {
                e.printStackTrace(err);
            }
            code = CliException.FAILURE;
        }
        if (Timings.enabled()) {
            Timings.report().forEach(err::println);
        }
        out.flush();
        err.flush();
        return code;
    }

    /** One line for a {@link java.lang.Error}, saying what to change. */
    static String errorLine(Throwable e) {
        String what = e.getMessage() == null ? "" : " (" + e.getMessage() + ")";
        if (e instanceof OutOfMemoryError) {
            return "out of memory" + what + ": give the JVM more (JZK_JAVA_OPTS=-Xmx…), lower --memory-budget or "
                    + "--concurrency, or use a smaller shape (--challenges, --depth, --partitions)";
        }
        if (e instanceof StackOverflowError) {
            return "stack overflow: the input is nested too deeply (or give more stack: JZK_JAVA_OPTS=-Xss…)";
        }
        return "internal error: " + e.getClass().getSimpleName() + what + " (rerun with --verbose for the trace)";
    }

    static CommandLine commandLine(PrintWriter out, PrintWriter err, boolean terminal) {
        CommandLine cl = new CommandLine(new JzkCommand());
        cl.setOut(out);
        cl.setErr(err);
        cl.setParameterExceptionHandler((ex, args) -> {
            String where = ex.getCommandLine().getCommandSpec().qualifiedName();
            err.println("jzk: " + ex.getMessage() + " (see: " + where + " --help)");
            err.flush();
            return CliException.USAGE;
        });
        cl.setExecutionExceptionHandler((ex, cmd, parseResult) -> {
            int code = CliException.FAILURE;
            String message;
            if (ex instanceof CliException c) {
                code = c.exitCode();
                message = c.getMessage();
            } else if (ex instanceof java.io.IOException || ex instanceof java.io.UncheckedIOException) {
                message = "I/O error: " + ex.getMessage();
            } else if (ex.getCause() instanceof Error e) {
                message = errorLine(e);
            } else {
                message = ex.getClass().getSimpleName() + (ex.getMessage() == null ? "" : ": " + ex.getMessage());
            }
            err.println("jzk: " + message);
            if (verbose(parseResult)) {
                ex.printStackTrace(err);
            }
            err.flush();
            return code;
        });
        return cl;
    }

    private static boolean verbose(ParseResult pr) {
        for (ParseResult p = pr; p != null; p = p.subcommand()) {
            if (p.hasMatchedOption("--verbose")) {
                return true;
            }
        }
        return false;
    }
}
