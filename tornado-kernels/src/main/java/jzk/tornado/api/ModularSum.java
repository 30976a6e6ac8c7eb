package jzk.tornado.api;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Marks a static method {@code void add(int[] r, int ro, int[] a, int ao, int[] b, int bo)} as the modular sum
 * {@code r = a + b mod m} (or, with {@link #subtract()}, the difference {@code r = a − b mod m}), fully reduced, for
 * inputs fully reduced below m, each operand {@code n = modulus().length} little-endian unsigned 32-bit limbs; r may
 * alias a or b. Kernels still call the method as Java; the kernel JIT may replace each call by its own code (for
 * PTX, {@code add.cc}/{@code sub.cc} carry chains and a selected correction; for OpenCL C, straight-line helpers), which gives the same bits because the
 * reduced result is unique. The jvm device runs the Java body, so the body is the reference (a test compares both).
 *
 * <p>Constraints the JIT checks (else it inlines the body as usual): at least 2 limbs, the top limb nonzero and
 * {@code m < 2^(32n − 1)}, so that {@code a + b < 2m} fits n limbs.
 *
 * <p>{@link #optIn()}: as {@link MontgomeryProduct#optIn()}, replaced only when {@code jzk.jit.optInProducts} is on.
 */
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.METHOD)
public @interface ModularSum {
    /** m in 32-bit limbs, least significant first. */
    int[] modulus();

    /** Whether the method computes {@code a − b} rather than {@code a + b}. */
    boolean subtract() default false;

    /** Whether the JIT replaces the calls only when {@code jzk.jit.optInProducts} is on (else always). */
    boolean optIn() default false;
}
