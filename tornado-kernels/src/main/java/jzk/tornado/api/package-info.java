/**
 * The device API that host code programs against: {@link jzk.tornado.api.Device}, its buffers and kernels,
 * {@link jzk.tornado.api.Kernels} (kernels named by method reference), and what kernel code itself may call
 * ({@link jzk.tornado.api.KernelContext}, {@link jzk.tornado.api.Atomics}, the off-heap arrays). Depends on the JDK
 * only; the runtime and the JIT implement it, never the other way round. Tests:
 * {@code tornado-kernels/src/test/java/jzk/tornado/api}, and through every device test in {@code ../runtime}.
 */
package jzk.tornado.api;
