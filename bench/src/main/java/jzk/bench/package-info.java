/**
 * The bench module: benchmarks, probes and the device self-test, each a {@code main} class (bench/README.md lists
 * them with their commands), kept out of the product modules' main trees. {@link jzk.bench.BenchConfig} is the one
 * reader of the module's {@code jzk.bench.*} settings. Depends on every product module below cli (field-arith,
 * tornado-kernels and its test jar for the conformance cases, prover, cluster); cli depends on it for
 * {@code jzk bench}. Nothing of the product depends on it. Tests: {@code bench/src/test/java/jzk/bench}.
 */
package jzk.bench;
