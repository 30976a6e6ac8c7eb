/**
 * The kernel JIT (tornado-kernels/JIT.md): reads a static kernel method's bytecode, builds an SSA IR
 * ({@link jzk.tornado.jit.Ir}), optimises it (folding, constant propagation, unrolling, scalar replacement) and
 * writes PTX ({@link jzk.tornado.jit.PtxWriter}) or OpenCL C ({@link jzk.tornado.jit.OpenClWriter}); what it wrote is
 * kept across processes by {@link jzk.tornado.jit.KernelCache}. Depends on
 * {@code jzk.tornado.api}, its settings in {@code jzk.tornado.config} and the JDK only; it knows no device. Tests: {@code tornado-kernels/src/test/java/jzk/tornado/jit}
 * (golden sources in {@code src/test/resources/jzk/tornado/jit/golden}, ptxas checks where ptxas is present)
 * and {@code ../conformance}.
 */
package jzk.tornado.jit;
