/**
 * snarkjs / circom interoperability: the binary formats {@code .r1cs}, {@code .wtns} and {@code .zkey} read and
 * written, proofs and public inputs as snarkjs JSON, and the prover and verifier for a zkey circuit. Depends on
 * {@code jzk.prover.groth16}, {@code jzk.prover.r1cs} and {@code jzk.arith}. Tests:
 * {@code prover/src/test/java/jzk/prover/snarkjs} (fixtures made with snarkjs under
 * {@code prover/src/test/resources/snarkjs}).
 */
package jzk.prover.snarkjs;
