/**
 * BLS12-381 kernel benchmarks: {@link jzk.bench.kernels.BlsBench} (op × size × device table of NTT, MSM and Fr
 * multiplication, the engine of {@code jzk bench}), {@link jzk.bench.kernels.MulProbe} (a CUDA GPU's
 * integer-multiply ceiling against the JIT's Fr multiplication), {@link jzk.bench.kernels.MsmLayoutReplay} (the
 * sorted MSM's bucket layout over a real witness, replayed without a GPU) and {@link jzk.bench.kernels.CopyBench}
 * (the staged heap ↔ device {@code long[]} copies, per thread count and slot size). Depends on the product modules (as the bench
 * module's package-info says) and {@link jzk.bench.BenchConfig}; nothing depends on it but {@code jzk bench}. Tests:
 * {@code bench/src/test/java/jzk/bench/kernels}, {@code cli/src/test/java/jzk/cli/BenchCommandTest}.
 */
package jzk.bench.kernels;
