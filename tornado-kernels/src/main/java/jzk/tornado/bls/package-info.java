/**
 * BLS12-381 GPU kernels written as plain Java (the kernel subset of docs/ARCHITECTURE.md) and their host API.
 *
 * <p>Layers, bottom up:
 * <ul>
 *   <li>{@link jzk.tornado.bls.Mont32}: Montgomery arithmetic on 32-bit limbs for both fields (Fr: 8 limbs, Fp:
 *       12 limbs), one implementation selected by a field index and a constants table; CIOS multiplication.
 *       {@link jzk.tornado.bls.MontFp}: the Fp product, sum and difference with the limbs in scalar locals
 *       (register-resident on the GPU), used by the point formulas.</li>
 *   <li>{@link jzk.tornado.bls.CurveField}: the coordinate field of G1 (Fp) or G2 (Fp2) by degree d.</li>
 *   <li>{@link jzk.tornado.bls.Xyzz}: XYZZ point arithmetic for both groups, formulas as data programs.</li>
 *   <li>Kernels: {@link jzk.tornado.bls.FieldKernels} (element-wise, tests and throughput),
 *       {@link jzk.tornado.bls.NttKernels} (local-memory radix-2 passes with the bit reversal fused into the
 *       first, geometric scaling),
 *       {@link jzk.tornado.bls.MsmKernels} (Pippenger bucket accumulation, reduction, tree sum; chunked, for
 *       small inputs), {@link jzk.tornado.bls.SortedMsmKernels} (Pippenger with points counting-sorted by bucket
 *       through atomics, sliced bucket sums, split bucket reduction; for large inputs),
 *       {@link jzk.tornado.bls.ScalarKernels} (MSM scalar range check),
 *       {@link jzk.tornado.bls.SplitMsmKernels} (MSM scalars classified as 0, 1 or other and compacted; the sum of
 *       the ones' bases; the rest packed for the sorted path),
 *       {@link jzk.tornado.bls.FixedBaseKernels} (batch fixed-base multiplication: one work-item per scalar, 32
 *       mixed additions from a w = 8 table; Groth16 parameter generation),
 *       {@link jzk.tornado.bls.DecompressKernels} (Zcash-compressed G1/G2 points to affine: square roots in Fp and
 *       Fp2, sign flag; a compressed parameter file expanded on the device),
 *       {@link jzk.tornado.bls.R1csKernels} (the Groth16 a/b/c: sparse CSR mat-vec of a resident R1CS, the
 *       satisfaction count, Montgomery → canonical scalars).</li>
 *   <li>Host: {@link jzk.tornado.bls.KernelHost} (allocate / copy, also straight from {@code long[]} /
 *       launch) implemented by {@link jzk.tornado.bls.DeviceHost} over any device of the runtime (CUDA, OpenCL,
 *       and the jvm device, {@link jzk.tornado.bls.DeviceHosts#jvm()}; pinned staging for large copies to native
 *       devices); {@link jzk.tornado.bls.Ntt} (plan with resident
 *       twiddles), {@link jzk.tornado.bls.Msm} (which splits segments with many 0/1 scalars by class,
 *       {@link jzk.tornado.bls.SplitMsm}, and hands other segments of 2^17 points or more to
 *       {@link jzk.tornado.bls.SortedMsm}; {@link jzk.tornado.bls.MsmOps} counts their operations), {@link jzk.tornado.bls.ResidentBases} (with the
 *       {@link jzk.tornado.bls.MsmScratch} buffers its MSMs reuse) and {@link jzk.tornado.bls.DeviceScalars}
 *       (scalars on the device, range-checked there); {@link jzk.tornado.bls.FixedBaseGpu} (table resident,
 *       scalars streamed in batches, affine normalisation on the host overlapping the next batch);
 *       {@link jzk.tornado.bls.CompressedUpload} (compressed points chunk by chunk into {@code ResidentBases});
 *       {@link jzk.tornado.bls.DeviceMatrix} (one R1CS matrix resident in CSR form, evaluated against a device
 *       assignment);
 *       {@link jzk.tornado.bls.BlsGpu} is the prover-facing facade in the project-wide 64-bit-limb layout
 *       ({@link jzk.tornado.bls.Layout} converts).</li>
 *   <li>{@link jzk.bench.kernels.BlsBench}: the benchmark table (op × size × backend).</li>
 * </ul>
 *
 * <p>Every kernel is its own JVM twin: the runtime's jvm device (the one Java executor of kernels, see
 * tornado-kernels/RUNTIME.md) runs the methods themselves with real work-groups and barriers. The tests run them
 * there and on PoCL (CUDA and NVIDIA OpenCL on the GPU host), against a BigInteger oracle, field-arith's CPU
 * {@code MontgomeryField}, {@code FrDomain} and {@code Pippenger}, bit for bit.
 */
package jzk.tornado.bls;
