package jzk.tornado.api;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * A kernel's own unrolling budget for the kernel JIT: the most instructions one loop may grow to when the JIT
 * unrolls it, in place of the global default ({@code -Djzk.jit.unrollBudget}). For kernels whose code size has
 * to be held down, so the device compiler (ptxas, the driver's JIT at first launch) stays in seconds: e.g. a
 * point formula written as straight-line code over registers whose field products keep their outer limb loop
 * rolled ({@link jzk.tornado.bls.MontFp#mul}) while the small copy and compare loops still unroll.
 *
 * <p>Invariant: only code size and speed depend on it, never results (unrolling preserves semantics); the jvm
 * device ignores it. {@code -Djzk.jit.opt=false} still turns the whole optimiser off.
 */
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.METHOD)
public @interface Unroll {
    /** Most instructions one loop may grow to when unrolled; 0 unrolls nothing. */
    int budget();
}
