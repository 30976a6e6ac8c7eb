package jzk.cli;

import jzk.prover.pipeline.MemoryBudget;

/** Human-readable byte counts for command output (binary units), as {@link MemoryBudget#format} writes them. */
final class Sizes {
    private Sizes() {
    }

    static String bytes(long b) {
        return MemoryBudget.format(b);
    }
}
