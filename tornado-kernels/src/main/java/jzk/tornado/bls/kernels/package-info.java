/**
 * BLS12-381 device code: everything the kernel JIT compiles, written as plain Java in the kernel subset of
 * docs/ARCHITECTURE.md (static methods over flat {@code int[]} / {@code long[]} with offsets; no allocation,
 * interfaces, boxing or lambdas). The rule of the split: only what the JIT compiles is here, and nothing here
 * imports the host code of {@link jzk.tornado.bls} (cli's SourceRulesTest checks); the only other imports are
 * {@code jzk.tornado.api}'s kernel built-ins ({@code KernelContext}, {@code Atomics}, {@code JitLimits}) and
 * the JDK for constants computed at class load.
 *
 * <p>Layers, bottom up:
 * <ul>
 *   <li>{@link jzk.tornado.bls.kernels.Mont32}: Montgomery arithmetic on 32-bit limbs for both fields (Fr: 8 limbs, Fp:
 *       12 limbs), one implementation selected by a field index and a constants table; CIOS multiplication.
 *       {@link jzk.tornado.bls.kernels.MontFp}: the Fp product, sum and difference with the limbs in scalar locals
 *       (register-resident on the GPU), used by the point formulas.</li>
 *   <li>{@link jzk.tornado.bls.kernels.CurveField}: the coordinate field of G1 (Fp) or G2 (Fp2) by degree d.</li>
 *   <li>{@link jzk.tornado.bls.kernels.Xyzz}: XYZZ point arithmetic for both groups, formulas as data programs.</li>
 *   <li>Kernels: {@link jzk.tornado.bls.kernels.FieldKernels} (element-wise, tests and throughput),
 *       {@link jzk.tornado.bls.kernels.NttKernels} (local-memory passes of radix-2 butterflies, one or two
 *       stages per local round trip, with the bit reversal fused into the first; geometric scaling),
 *       {@link jzk.tornado.bls.kernels.MsmKernels} (Pippenger bucket accumulation, reduction, tree sum; chunked, for
 *       small inputs), {@link jzk.tornado.bls.kernels.SortedMsmKernels} (Pippenger with points counting-sorted by bucket
 *       through atomics, sliced bucket sums, split bucket reduction; for large inputs),
 *       {@link jzk.tornado.bls.kernels.ScalarKernels} (MSM scalar range check),
 *       {@link jzk.tornado.bls.kernels.SplitMsmKernels} (MSM scalars classified as 0, 1 or other and compacted; the sum of
 *       the ones' bases; the rest packed for the sorted path),
 *       {@link jzk.tornado.bls.kernels.FixedBaseKernels} (batch fixed-base multiplication: one work-item per scalar, 32
 *       mixed additions from a w = 8 table; Groth16 parameter generation),
 *       {@link jzk.tornado.bls.kernels.DecompressKernels} (Zcash-compressed G1/G2 points to affine: square roots in Fp and
 *       Fp2, sign flag; a compressed parameter file expanded on the device).</li>
 * </ul>
 *
 * <p>Every kernel is its own JVM twin: the runtime's jvm device (the one Java executor of kernels, see
 * tornado-kernels/RUNTIME.md) runs the methods themselves with real work-groups and barriers. Tests: {@code
 * tornado-kernels/src/test/java/jzk/tornado/bls} runs them there and on PoCL (CUDA and NVIDIA OpenCL on the GPU
 * host) against a BigInteger oracle and field-arith's {@code MontgomeryField}, {@code FrDomain} and
 * {@code Pippenger}, bit for bit; {@code ../jit} checks their PTX (interpreter, ptxas).
 */
package jzk.tornado.bls.kernels;
