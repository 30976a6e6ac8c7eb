package jzk.cli;

import java.nio.file.Path;
import java.util.concurrent.Callable;
import jzk.prover.circuits.PartitionShape;
import jzk.prover.circuits.PorepJson;
import jzk.prover.circuits.VanillaJson;
import jzk.prover.circuits.VanillaProof;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code jzk gen-input}: a vanilla-proof JSON ({@link PorepJson}, or {@link jzk.prover.circuits.StackedDrgJson} for
 * {@code --shape stacked-drg}) for a built-in circuit shape, generated deterministically from {@code --seed} by the
 * shape's generator (the same data {@code jzk batch} generates for proof i with seed S + i).
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

    /** {@code --out} as in {@code batch --out}; {@code -o/--output} kept for existing scripts. */
    @Option(names = {"-o", "--out", "--output"}, paramLabel = "FILE",
            description = "Output file (default ${DEFAULT-VALUE}).")
    Path output = Path.of("vanilla.json");

    @Option(names = "--verbose", description = "Stack traces on errors.")
    boolean verbose;

    @Override
    public Integer call() {
        new OutputPaths().file("--output", output).check();
        PartitionShape s = shape.shape();
        VanillaProof in = s.generate(shape.partitions, seed);
        OutputPaths.write("--output", output, tmp -> VanillaJson.write(in, tmp));
        spec.commandLine().getOut().println("wrote " + output + ": " + shape.partitions + " partition(s) of "
                + s.describe() + " (seed " + seed + ")");
        spec.commandLine().getOut().flush();
        return 0;
    }
}
