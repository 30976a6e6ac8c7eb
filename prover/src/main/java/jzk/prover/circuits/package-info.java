/**
 * The built-in circuits (prover/CIRCUITS.md): the PoRep-C2-like circuit and the stacked-DRG circuit, their
 * shapes, partitions, inputs (vanilla-proof JSON readers with errors naming the file and field, and generators for
 * synthetic inputs) and the R1CS footprint estimate. Depends on {@code jzk.prover.gadgets},
 * {@code jzk.prover.r1cs} and {@code jzk.arith}. Tests: {@code prover/src/test/java/jzk/prover/circuits}.
 */
package jzk.prover.circuits;
