/**
 * Circuit building blocks over {@code jzk.prover.r1cs}: allocated numbers, booleans and bit decompositions,
 * 32-bit words and SHA-256, Poseidon (native and in-circuit) and Merkle path checks for binary and octal trees.
 * Depends on {@code jzk.prover.r1cs} and {@code jzk.arith}. Tests: {@code prover/src/test/java/jzk/prover/gadgets}
 * (each gadget against its native computation).
 */
package jzk.prover.gadgets;
