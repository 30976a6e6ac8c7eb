/**
 * Real Groth16 work for the batch pipeline ({@code jzk batch}) and the single-proof commands: the built-in
 * PoRep-C2-like circuit proven partition by partition through {@link jzk.prover.pipeline.ProofWorkload}.
 *
 * <ul>
 *   <li>{@link jzk.prover.batch.PorepGroth16} — the {@link jzk.prover.pipeline.WorkloadFactory}: circuit,
 *       cached parameters, inputs (generated per proof index, or vanilla-proof JSON files).</li>
 *   <li>{@link jzk.prover.batch.PorepProofWorkload} — one proof's stages over
 *       {@link jzk.prover.groth16.StagedProver} (G1 phase on the device slot, G2 + assembly on the CPU).</li>
 *   <li>{@link jzk.prover.batch.ParamsCache} — parameters per circuit shape on disk, regenerated when invalid.</li>
 *   <li>{@link jzk.prover.batch.ProverSession} — the one owner of a run's devices: device name →
 *       {@link jzk.prover.groth16.ProverBackend}, the setup engine, resident data; closed at the end of the run.</li>
 *   <li>{@link jzk.prover.batch.PorepProof} — the assembled proof (P Groth16 proofs).</li>
 * </ul>
 *
 * This package sits next to {@code circuits} and {@code groth16} rather than inside {@code pipeline} so that the
 * pipeline stays prover-agnostic (it knows only its SPI).
 */
package jzk.prover.batch;
