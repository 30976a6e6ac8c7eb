package jzk.cli;

import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.HelpCommand;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** The {@code jzk} root command: only dispatches to subcommands; alone it prints the usage and exits 2. */
@Command(name = "jzk", mixinStandardHelpOptions = true, versionProvider = VersionProvider.class,
        description = "Groth16 prover for BLS12-381 in pure Java, with GPU kernels JIT-compiled from Java.",
        subcommands = {
            DevicesCommand.class,
            SetupCommand.class,
            GenInputCommand.class,
            ProveCommand.class,
            VerifyCommand.class,
            BatchCommand.class,
            ServeCommand.class,
            BenchCommand.class,
            VersionCommand.class,
            HelpCommand.class,
            WorkerCommand.class,
            SubmitCommand.class,
            JobsCommand.class,
            FetchCommand.class})
public final class JzkCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Option(names = "--verbose", description = "Show stack traces on errors.")
    boolean verbose;

    @Override
    public Integer call() {
        spec.commandLine().usage(spec.commandLine().getErr());
        return CliException.USAGE;
    }
}
