/**
 * Circuit measurements: {@link jzk.bench.circuits.SynthesisBench} (witness synthesis throughput) and {@link
 * jzk.bench.circuits.R1csFootprint} (what a recorded R1CS holds). Depends on the product modules (as the bench
 * module's package-info says) and {@link jzk.bench.BenchConfig}; nothing depends on it. Tests: none (measurements;
 * results in bench-results/).
 */
package jzk.bench.circuits;
