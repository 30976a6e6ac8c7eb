/**
 * Groth16 over BLS12-381: setup and parameter files (prover/PARAMS-FORMAT.md, compressed and expanded), the
 * proving and verifying keys, the prover in stages ({@link jzk.prover.groth16.StagedProver}) over a
 * {@link jzk.prover.groth16.ProverBackend} — the CPU one or the device one on {@code jzk.tornado.bls} — and the
 * verifier. Depends on {@code jzk.prover.r1cs}, {@code jzk.prover.circuits}, {@code jzk.prover.gadgets},
 * {@code jzk.prover.io}, {@code jzk.prover.config}, {@code jzk.prover.pipeline} (its RSS sampler, in a bench), {@code jzk.arith} and tornado-kernels
 * ({@code bls}, {@code runtime}, {@code api}, {@code progress}: setup progress). Tests: {@code prover/src/test/java/jzk/prover/groth16} (proofs
 * checked by the pairing verifier, device results against the CPU backend).
 */
package jzk.prover.groth16;
