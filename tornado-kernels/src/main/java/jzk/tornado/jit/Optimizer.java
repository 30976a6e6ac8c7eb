package jzk.tornado.jit;

import java.util.HashSet;
import java.util.Set;

/**
 * The IR optimisation pipeline between the reader and the writers, so PTX and OpenCL C gain alike:
 * {@link ConstantPropagation} (the field selector and {@code limbs(f)} become constants once inlined), full
 * unrolling of constant-trip loops ({@link LoopUnroller}, inner first, rounds until none qualifies), scalar
 * replacement of private arrays whose indices became constants ({@link ScalarReplacement}), constant
 * propagation again, dead-code removal and block clean-up ({@link Cleanup}).
 *
 * <p>Configuration, read once: {@code -Djzk.jit.opt=false} turns the pipeline off (the IR goes to the writers
 * as read, for comparison); {@code -Djzk.jit.unrollBudget=N} is the most instructions one loop may grow to when
 * unrolled (default {@link #DEFAULT_BUDGET}: a 12-limb Montgomery product unrolls whole, a point-formula
 * program does not). One budget serves both targets: on the H200, NVIDIA's OpenCL compiler gains from the
 * unrolled OpenCL C too (NTT 2^24 14.3 → 12.6 ms), and PoCL's build time of the kernels barely moves
 * (bench-results/h200-jit-2026-12-01/README.md).
 */
final class Optimizer {
    private Optimizer() {
    }

    static final int DEFAULT_BUDGET = 6000;
    static final boolean ENABLED = !"false".equals(System.getProperty("jzk.jit.opt"));
    static final int BUDGET = Integer.getInteger("jzk.jit.unrollBudget", DEFAULT_BUDGET);
    /** Rounds of unrolling: one per loop nesting level. */
    private static final int MAX_ROUNDS = 8;

    /** Optimises {@code fn} in place with the configured settings (the same for every target). */
    static void run(Ir.Function fn) {
        if (ENABLED) {
            run(fn, BUDGET);
        }
    }

    static void run(Ir.Function fn, int budget) {
        Cleanup.blocks(fn);
        ConstantPropagation.run(fn);
        Cleanup.blocks(fn);
        Set<Ir.Block> failed = new HashSet<>();
        for (int round = 0; round < MAX_ROUNDS && budget > 0; round++) {
            if (!LoopUnroller.unrollAll(fn, budget, failed)) {
                break;
            }
            ConstantPropagation.run(fn);
            Cleanup.blocks(fn);
        }
        if (ScalarReplacement.run(fn)) {
            ConstantPropagation.run(fn);
        }
        Cleanup.deadCode(fn);
        Cleanup.blocks(fn);
    }
}
