package jzk.cli;

import java.nio.file.Path;
import jzk.prover.batch.ParamsCache;
import jzk.prover.circuits.PorepShape;
import jzk.prover.gadgets.MerkleHash;
import picocli.CommandLine.Option;

/**
 * Shape options of the built-in PoRep-like circuit, shared by {@code batch}, {@code setup}, {@code gen-input}
 * and {@code prove}: K challenges of depth D per partition (constraint formula in {@link PorepShape}), P
 * partitions per proof, and the parameter cache directory. The defaults (K = 3, D = 4, P = 2: a partition of
 * about 2^12 constraints, a 2^12 domain) keep a bare {@code jzk batch} well under a minute on two cores.
 */
final class ShapeOptions {
    @Option(names = "--challenges", paramLabel = "K",
            description = "Built-in circuit: Merkle openings per partition, 1..2^20 and at most 2^28 constraints "
                    + "per partition (default ${DEFAULT-VALUE}).")
    int challenges = 3;

    @Option(names = "--depth", paramLabel = "D", description = "Built-in circuit: tree depth (default ${DEFAULT-VALUE}).")
    int depth = 4;

    @Option(names = "--partitions", paramLabel = "P",
            description = "Built-in circuit: partitions per proof, 1..4096 (default ${DEFAULT-VALUE}).")
    int partitions = 2;

    @Option(names = "--leaf-hash", paramLabel = "H",
            description = "Built-in circuit: leaf hash, poseidon or sha256 (default ${DEFAULT-VALUE}).")
    String leafHash = "poseidon";

    @Option(names = "--cache", paramLabel = "DIR",
            description = "Parameter cache directory (default: $JZK_CACHE, else ~/.cache/jzk).")
    Path cacheDir;

    PorepShape shape() {
        MerkleHash leaf = switch (leafHash.toLowerCase(java.util.Locale.ROOT)) {
            case "poseidon" -> MerkleHash.POSEIDON;
            case "sha256" -> MerkleHash.SHA256;
            default -> throw new CliException(CliException.USAGE,
                    "--leaf-hash must be poseidon or sha256, got '" + leafHash + "'");
        };
        if (partitions < 1) {
            throw new CliException(CliException.USAGE, "--partitions must be ≥ 1, got " + partitions);
        }
        Limits.range("--partitions", partitions, 1, Limits.MAX_PARTITIONS);
        PorepShape s;
        try {
            s = new PorepShape(challenges, depth, leaf);
        } catch (IllegalArgumentException e) {
            throw new CliException(CliException.USAGE, "bad circuit shape: " + e.getMessage());
        }
        Limits.shape(s);
        return s;
    }

    ParamsCache cache() {
        return ParamsCache.of(cacheDir);
    }
}
