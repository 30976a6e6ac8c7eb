/**
 * Host code of the BLS12-381 device computations: the drivers that allocate, upload, launch the kernels of
 * {@link jzk.tornado.bls.kernels} and read back. The rule of the split: the JIT compiles only
 * {@code jzk.tornado.bls.kernels}; this package is ordinary Java (allocation, collections, the runtime), and the
 * kernels never import it (cli's SourceRulesTest checks).
 *
 * <ul>
 *   <li>{@link jzk.tornado.bls.KernelHost} (allocate / copy, also straight from {@code long[]} /
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
 *       assignment; its kernels: {@code R1csKernels});
 *       {@link jzk.tornado.bls.BlsGpu} is the prover-facing facade in the project-wide 64-bit-limb layout
 *       ({@link jzk.tornado.bls.Layout} converts).</li>
 * </ul>
 *
 * <p>Depends on {@code jzk.tornado.bls.kernels}, {@code jzk.tornado.api}, {@code jzk.tornado.runtime},
 * {@code jzk.tornado.config} and field-arith. Tests: {@code tornado-kernels/src/test/java/jzk/tornado/bls} (the
 * kernels' tests too, beside the shared BigInteger {@code Oracle} and test hosts), on the jvm device and PoCL
 * (CUDA and NVIDIA OpenCL on the GPU host), bit for bit against field-arith.
 */
package jzk.tornado.bls;
