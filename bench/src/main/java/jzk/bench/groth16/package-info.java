/**
 * Groth16 benchmarks: {@link jzk.bench.groth16.Groth16Bench} (CPU setup and proof), {@link
 * jzk.bench.groth16.SetupBench} (parameter generation, CPU against device) and {@link
 * jzk.bench.groth16.ResidentParamsBench} (a compressed key resident on the device). Depends on the product modules
 * (as the bench module's package-info says) and {@link jzk.bench.BenchConfig}; nothing depends on it. Tests: none
 * (measurements; results in bench-results/).
 */
package jzk.bench.groth16;
