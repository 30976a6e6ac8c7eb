package jzk.tornado.jit;

import java.util.HashSet;
import java.util.Set;
import jzk.tornado.config.RuntimeConfig;

/**
 * The IR optimisation pipeline between the reader and the writers, so PTX and OpenCL C gain alike:
 * {@link ConstantPropagation} (the field selector and {@code limbs(f)} become constants once inlined), full
 * unrolling of constant-trip loops ({@link LoopUnroller}, inner first, rounds until none qualifies), scalar
 * replacement of private arrays whose indices became constants ({@link ScalarReplacement}), constant
 * propagation again, dead-code removal and block clean-up ({@link Cleanup}); then, under {@code -Djzk.jit.wideAccess},
 * 16-byte vector accesses ({@link WideAccesses}) and dead code again.
 *
 * <p>Configuration, read once: {@code -Djzk.jit.opt=false} turns the pipeline off (the IR goes to the writers
 * as read, for comparison); {@code -Djzk.jit.unrollBudget=N} is the most instructions one loop may grow to when
 * unrolled (default {@link #DEFAULT_BUDGET}: a 12-limb Montgomery product unrolls whole, a point-formula
 * program does not). One budget serves both targets: on the H200, NVIDIA's OpenCL compiler gains from the
 * unrolled OpenCL C too (NTT 2^24 14.3 → 12.6 ms), and PoCL's build time of the kernels barely moves
 * (bench-results/h200-jit-2026-12-01/README.md). A kernel may carry its own budget ({@link jzk.tornado.api.JitLimits},
 * read by {@link KernelCompiler}; overridden for all such kernels by {@code -Djzk.jit.kernelBudget=N}).
 */
final class Optimizer {
    private Optimizer() {
    }

    static final int DEFAULT_BUDGET = RuntimeConfig.DEFAULT_JIT_UNROLL_BUDGET;
    static final boolean ENABLED = RuntimeConfig.get().jitOptimize();
    static final int BUDGET = RuntimeConfig.get().jitUnrollBudget();
    /**
     * {@code -Djzk.jit.kernelBudget=N} replaces every kernel's own {@link jzk.tornado.api.JitLimits} unroll budget (for
     * measuring a kernel with more or less unrolling without editing it); unset (−1), the annotations hold.
     */
    static final int KERNEL_BUDGET = RuntimeConfig.get().jitKernelBudget();
    /** Rounds of unrolling: one per loop nesting level. */
    private static final int MAX_ROUNDS = 8;

    /**
     * Optimises {@code fn} in place with unroll budget {@code budget} and scalar-replacement cap
     * {@code scalarMax} (the same for every target), unless the optimiser is turned off.
     */
    static void run(Ir.Function fn, int budget, int scalarMax) {
        run(fn, budget, scalarMax, WideAccesses.ENABLED);
    }

    /** As {@link #run(Ir.Function, int, int)}, with whether {@link WideAccesses} runs given. */
    static void run(Ir.Function fn, int budget, int scalarMax, boolean wide) {
        run(fn, budget, scalarMax, wide, WideAccesses.FOLD_INDEX);
    }

    /** As {@link #run(Ir.Function, int, int, boolean)}, with where the vector index goes given ({@code fold}). */
    static void run(Ir.Function fn, int budget, int scalarMax, boolean wide, boolean fold) {
        if (ENABLED) {
            optimise(fn, budget, scalarMax, wide, fold);
        }
    }

    /** Optimises {@code fn} in place with the default scalar-replacement cap, whatever {@code jzk.jit.opt} says. */
    static void optimise(Ir.Function fn, int budget) {
        optimise(fn, budget, ScalarReplacement.MAX_ELEMENTS);
    }

    /** Optimises {@code fn} in place with the given limits, whatever {@code jzk.jit.opt} says. */
    static void optimise(Ir.Function fn, int budget, int scalarMax) {
        optimise(fn, budget, scalarMax, WideAccesses.ENABLED);
    }

    /** As {@link #optimise(Ir.Function, int, int)}; {@code wide}: vector accesses last ({@link WideAccesses}). */
    static void optimise(Ir.Function fn, int budget, int scalarMax, boolean wide) {
        optimise(fn, budget, scalarMax, wide, WideAccesses.FOLD_INDEX);
    }

    /**
     * As {@link #optimise(Ir.Function, int, int, boolean)}; {@code fold}: the vector index placed where PTX folds the
     * offset ({@code jzk.jit.foldVectorIndex}, {@link WideAccesses#FOLD_INDEX}).
     */
    static void optimise(Ir.Function fn, int budget, int scalarMax, boolean wide, boolean fold) {
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
        if (ScalarReplacement.run(fn, scalarMax)) {
            ConstantPropagation.run(fn);
        }
        Cleanup.deadCode(fn);
        Cleanup.blocks(fn);
        if (wide && WideAccesses.run(fn, fold)) {
            Cleanup.deadCode(fn);
        }
    }
}
