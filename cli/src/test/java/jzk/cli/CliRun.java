package jzk.cli;

import java.io.PrintWriter;
import java.io.StringWriter;

/** One in-process run of {@code jzk}: exit code and captured stdout/stderr. */
record CliRun(int exitCode, String out, String err) {

    static CliRun of(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int code = Main.execute(args, new PrintWriter(out), new PrintWriter(err), false);
        return new CliRun(code, out.toString(), err.toString());
    }

    /** Non-empty lines of stderr. */
    long errLines() {
        return err.lines().filter(l -> !l.isBlank()).count();
    }
}
