/**
 * {@code jzk serve}, the proving daemon: {@link jzk.server.ProvingService} (jobs, priorities, resident parameter
 * sets under the memory budget, one {@code ProverSession} for the process) behind gRPC
 * ({@link jzk.server.GrpcProverService}, generated stubs in {@code jzk.server.api}) and HTTP status / Prometheus
 * metrics, plus its client and load runner. Depends on the prover module ({@code batch}, {@code pipeline},
 * {@code circuits}, {@code gadgets}, {@code snarkjs}, {@code groth16}) and field-arith; never on cli or cluster. Tests:
 * {@code server/src/test/java/jzk/server}.
 */
package jzk.server;
