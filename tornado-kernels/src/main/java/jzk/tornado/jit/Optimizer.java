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
 * unrolled for PTX (default {@link #DEFAULT_BUDGET}: a 12-limb Montgomery product unrolls whole, a point formula
 * program does not), {@code -Djzk.jit.unrollBudget.opencl=N} the same for OpenCL C (default
 * {@link #DEFAULT_OPENCL_BUDGET}: single limb loops unroll, whole products do not). Why two: ptxas does not fully
 * unroll or fold on its own (the JIT's Fr product ran at 0.56× of NVVM's before this pass), while OpenCL
 * compilers are LLVM-based and do; and PoCL's compile time grows several-fold on the fully unrolled point
 * kernels (SortedMsmTest 19 → 135 s on the build machine) for no device gain.
 */
final class Optimizer {
    private Optimizer() {
    }

    static final int DEFAULT_BUDGET = 6000;
    static final int DEFAULT_OPENCL_BUDGET = 1000;
    static final boolean ENABLED = !"false".equals(System.getProperty("jzk.jit.opt"));
    static final int BUDGET = Integer.getInteger("jzk.jit.unrollBudget", DEFAULT_BUDGET);
    static final int OPENCL_BUDGET = Integer.getInteger("jzk.jit.unrollBudget.opencl", DEFAULT_OPENCL_BUDGET);
    /** Rounds of unrolling: one per loop nesting level. */
    private static final int MAX_ROUNDS = 8;

    /** Optimises {@code fn} in place with the configured settings for {@code target}. */
    static void run(Ir.Function fn, Target target) {
        if (ENABLED) {
            run(fn, target.kind() == TargetKind.PTX ? BUDGET : OPENCL_BUDGET);
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
