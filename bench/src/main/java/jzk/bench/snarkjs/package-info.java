/**
 * jzk against snarkjs on the same key and witness: {@link jzk.bench.snarkjs.SnarkjsBenchInputs} makes the inputs,
 * {@link jzk.bench.snarkjs.SnarkjsBench} alternates the two provers (scripts/bench-groth16-vs-snarkjs.sh runs both).
 * Depends on the product modules (as the bench module's package-info says) and {@link jzk.bench.BenchConfig};
 * nothing depends on it. Tests: none (measurements; results in bench-results/).
 */
package jzk.bench.snarkjs;
