package jzk.cli;

import java.nio.file.Path;
import jzk.prover.batch.ParamsCache;
import jzk.prover.circuits.PartitionShape;
import jzk.prover.circuits.PorepShape;
import jzk.prover.circuits.StackedDrgShape;
import jzk.prover.gadgets.MerkleHash;
import picocli.CommandLine.Option;

/**
 * Shape options of the built-in circuits, shared by {@code batch}, {@code setup}, {@code gen-input} and
 * {@code prove}: the family ({@code --shape porep}, the default, or {@code stacked-drg}), K challenges per
 * partition, the tree depth D, P partitions per proof, and the parameter cache directory. For {@code porep}
 * (constraint formula in {@link PorepShape}) the defaults K = 3, D = 4, P = 2 (a partition of about 2^12
 * constraints) keep a bare {@code jzk batch} well under a minute on two cores. For {@code stacked-drg}
 * ({@link StackedDrgShape}) the defaults are Filecoin's 32 GiB sector: D = 30, 11 layers, 37 label parents, about
 * 7.29 M constraints per challenge (K = 18: 2^27).
 */
final class ShapeOptions {
    @Option(names = "--shape", paramLabel = "S",
            description = "Built-in circuit: porep (PoRep-like, default) or stacked-drg (StackedDRG-shaped).")
    String family = "porep";

    @Option(names = "--challenges", paramLabel = "K",
            description = "Built-in circuit: Merkle openings per partition, 1..2^20 and at most 2^28 constraints "
                    + "per partition (default ${DEFAULT-VALUE}).")
    int challenges = 3;

    @Option(names = "--depth", paramLabel = "D",
            description = "Built-in circuit: tree depth (default 4; stacked-drg: 30, a 32 GiB sector).")
    Integer depth;

    @Option(names = "--layers", paramLabel = "L",
            description = "stacked-drg: layers (default ${DEFAULT-VALUE}).")
    int layers = StackedDrgShape.REAL_LAYERS;

    @Option(names = "--label-parents", paramLabel = "N",
            description = "stacked-drg: parent labels hashed per label (default ${DEFAULT-VALUE}).")
    int labelParents = StackedDrgShape.REAL_LABEL_PARENTS;

    @Option(names = "--partitions", paramLabel = "P",
            description = "Built-in circuit: partitions per proof, 1..4096 (default ${DEFAULT-VALUE}).")
    int partitions = 2;

    @Option(names = "--leaf-hash", paramLabel = "H",
            description = "Built-in circuit: leaf hash, poseidon or sha256 (default ${DEFAULT-VALUE}).")
    String leafHash = "poseidon";

    @Option(names = "--cache", paramLabel = "DIR",
            description = "Parameter cache directory (default: $JZK_CACHE, else ~/.cache/jzk).")
    Path cacheDir;

    PartitionShape shape() {
        Limits.range("--partitions", partitions, 1, Limits.MAX_PARTITIONS);
        PartitionShape s;
        try {
            s = switch (family.toLowerCase(java.util.Locale.ROOT)) {
                case "porep" -> porep();
                case "stacked-drg" -> new StackedDrgShape(challenges, layers,
                        depth == null ? StackedDrgShape.REAL_DEPTH : depth, labelParents);
                default -> throw new CliException(CliException.USAGE,
                        "--shape must be porep or stacked-drg, got '" + family + "'");
            };
        } catch (IllegalArgumentException e) {
            throw new CliException(CliException.USAGE, "bad circuit shape: " + e.getMessage());
        }
        Limits.shape(s, challenges);
        return s;
    }

    private PorepShape porep() {
        MerkleHash leaf = switch (leafHash.toLowerCase(java.util.Locale.ROOT)) {
            case "poseidon" -> MerkleHash.POSEIDON;
            case "sha256" -> MerkleHash.SHA256;
            default -> throw new CliException(CliException.USAGE,
                    "--leaf-hash must be poseidon or sha256, got '" + leafHash + "'");
        };
        return new PorepShape(challenges, depth == null ? 4 : depth, leaf);
    }

    ParamsCache cache() {
        return ParamsCache.of(cacheDir);
    }
}
