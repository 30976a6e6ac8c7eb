package jzk.cli;

import java.io.PrintWriter;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/** {@code jzk version}: the same lines as {@code jzk --version} ({@link VersionProvider}). */
@Command(name = "version", mixinStandardHelpOptions = true,
        description = "Print the jzk version, git commit, JDK and the backends found.")
public final class VersionCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        for (String line : new VersionProvider().getVersion()) {
            out.println(line);
        }
        out.flush();
        return 0;
    }
}
