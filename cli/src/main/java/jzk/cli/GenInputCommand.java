package jzk.cli;

import java.nio.file.Path;
import java.util.concurrent.Callable;
import jzk.prover.circuits.PorepInput;
import jzk.prover.circuits.PorepInputGenerator;
import jzk.prover.circuits.PorepJson;
import jzk.prover.circuits.PorepShape;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code jzk gen-input}: a vanilla-proof JSON ({@link PorepJson}) for a built-in circuit shape, generated
 * deterministically from {@code --seed} by {@link PorepInputGenerator} (the same data {@code jzk batch}
 * generates for proof i with seed S + i).
 */
@Command(name = "gen-input", mixinStandardHelpOptions = true, sortOptions = false,
        description = "Generate a vanilla-proof input JSON for the built-in circuit.")
public final class GenInputCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Mixin
    ShapeOptions shape = new ShapeOptions();

    @Option(names = "--seed", paramLabel = "S", description = "Generator seed (default ${DEFAULT-VALUE}).")
    long seed = 1;

    @Option(names = {"-o", "--output"}, paramLabel = "FILE",
            description = "Output file (default ${DEFAULT-VALUE}).")
    Path output = Path.of("vanilla.json");

    @Option(names = "--verbose", description = "Stack traces on errors.")
    boolean verbose;

    @Override
    public Integer call() {
        new OutputPaths().file("--output", output).check();
        PorepShape s = shape.shape();
        PorepInput in = PorepInputGenerator.generate(s, shape.partitions, seed);
        OutputPaths.write("--output", output, tmp -> PorepJson.write(in, tmp));
        spec.commandLine().getOut().println("wrote " + output + ": " + shape.partitions + " partition(s) of "
                + s.challenges() + " challenges, depth " + s.depth() + ", " + s.leafHash().name().toLowerCase(
                java.util.Locale.ROOT) + " leaves (seed " + seed + ")");
        spec.commandLine().getOut().flush();
        return 0;
    }
}
