/**
 * The device self-test {@link jzk.bench.runtime.SelfTest} (hand-written and JIT kernels, the JIT conformance cases,
 * concurrent launches, each against the jvm device) and its throughput bench {@link jzk.bench.runtime.Bench}; run on
 * a GPU host from the bundle (scripts/gpu-bundle.sh). Depends on the product modules (as the bench module's
 * package-info says) and {@link jzk.bench.BenchConfig}; nothing depends on it. Tests: the cases themselves are tests
 * of tornado-kernels ({@code DeviceConformanceTest}, {@code NativeKernelTest}).
 */
package jzk.bench.runtime;
