package jzk.tornado.api;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Marks a static method {@code void mul(int[] r, int ro, int[] a, int ao, int[] b, int bo)} as the Montgomery
 * product modulo {@link #modulus()}: {@code r = a·b·2^(−32n) mod m}, fully reduced, for inputs fully reduced below
 * m, each operand {@code n = modulus().length} little-endian unsigned 32-bit limbs; r may alias a or b. Kernels
 * still call the method as Java; the kernel JIT may replace each call by its own code for the product (for PTX,
 * carry chains: {@code mad.lo.cc}/{@code madc.hi.cc}; for OpenCL C, straight-line helpers), which gives the same bits because the reduced product is
 * unique. The jvm device runs the Java body, so the body is the reference (a test compares both).
 *
 * <p>Constraints the JIT checks (else it inlines the body as usual): m odd, its top limb nonzero and
 * {@code m < 2^(32n − 1)} (so the CIOS accumulator fits n + 1 limbs), {@code negInv·m ≡ −1 (mod 2^32)}.
 *
 * <p>With {@link #optIn()} the JIT replaces the calls only when {@code -Djzk.jit.optInProducts=true}: for a product
 * whose replacement has not yet been measured a win, so that it can be compared with the body in one build.
 */
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.METHOD)
public @interface MontgomeryProduct {
    /** m in 32-bit limbs, least significant first. */
    int[] modulus();

    /** {@code −m⁻¹ mod 2^32}. */
    int negInv();

    /** Whether the JIT replaces the calls only when {@code jzk.jit.optInProducts} is on (else always). */
    boolean optIn() default false;
}
