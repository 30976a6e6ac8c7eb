/**
 * Proving across machines through one PostgreSQL job table: submission, claiming with leases, results
 * ({@link jzk.cluster.JobStore}, schema migrations under {@code jzk/cluster/db}), the {@code jzk worker} loop
 * ({@link jzk.cluster.Worker}) and {@link jzk.cluster.ProverAdapter}, its one call into the prover. Depends on the
 * prover module ({@code batch}, {@code circuits}, {@code gadgets}, {@code snarkjs}, {@code groth16},
 * {@code pipeline}) and field-arith; never on cli
 * or server. Tests: {@code cluster/src/test/java/jzk/cluster} (on a throw-away {@link jzk.cluster.LocalPostgres}
 * where {@code initdb} is installed).
 */
package jzk.cluster;
