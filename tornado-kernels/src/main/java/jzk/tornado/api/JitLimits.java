package jzk.tornado.api;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * A kernel's own limits for the kernel JIT's optimiser, in place of the global defaults
 * ({@code -Djzk.jit.unrollBudget}, {@code -Djzk.jit.scalarMax}). For kernels whose code size has to be held down,
 * so the device compiler (ptxas, the driver's JIT at first launch, PoCL) stays in seconds, and whose private
 * arrays should still all live in registers: e.g. a point formula written as straight-line code over registers
 * whose field products keep their outer limb loop rolled ({@link jzk.tornado.bls.kernels.MontFp#mul}) while the small
 * copy and compare loops still unroll.
 *
 * <p>Invariant: only code size and speed depend on them, never results (unrolling, scalar replacement and register
 * caps preserve semantics); the jvm device ignores them. {@code -Djzk.jit.opt=false} still turns the whole optimiser
 * off, and {@code -Djzk.jit.kernelBudget=N} replaces every such kernel's unroll budget (for measurements).
 */
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.METHOD)
public @interface JitLimits {
    /** Most instructions one loop may grow to when unrolled; 0 unrolls nothing; negative keeps the global setting. */
    int unrollBudget() default -1;

    /** Largest private array (elements) replaced by registers; negative keeps the global setting. */
    int scalarMax() default -1;

    /**
     * PTX only: at most this many registers per thread ({@code .maxnreg}), so that more work-groups fit a
     * multiprocessor (65 536 registers each); 0 leaves it to ptxas. {@code -Djzk.jit.maxnreg=N} replaces every
     * such cap ({@code 0}: none), for measurements.
     */
    int maxRegisters() default 0;
}
