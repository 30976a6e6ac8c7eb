/**
 * Rank-1 constraint systems: the {@link jzk.prover.r1cs.ConstraintSystem} interface circuits are written
 * against, its implementations (counting, recording the matrices, computing the witness), the compact matrix form
 * ({@link jzk.prover.r1cs.CsrMatrix}, {@link jzk.prover.r1cs.R1cs}, its on-disk cache) and the satisfaction check
 * that names the first failing constraint. Depends on {@code jzk.arith} and {@code jzk.prover.config} only. Tests:
 * {@code prover/src/test/java/jzk/prover/r1cs}.
 */
package jzk.prover.r1cs;
