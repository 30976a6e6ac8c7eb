/**
 * The batch proving pipeline: many proofs, each split into partitions, flowing through
 * synthesis workers → a bounded hand-off (lookahead) → GPU workers per device → finalizers → an assembler,
 * with admission by a memory budget and every large buffer class counted in flight.
 *
 * <h2>Pieces</h2>
 * <ul>
 *   <li>{@link jzk.prover.pipeline.ProofWorkload} — the SPI a prover implements (one proof = P partitions;
 *       synthesize / gpuStage / finalizeStage / assemble / verify) with the ownership and footprint invariants.
 *       {@link jzk.prover.pipeline.WorkloadFactory} makes one per proof of a batch.</li>
 *   <li>{@link jzk.prover.pipeline.ProvingPipeline} — the engine: {@code submit(workload)} (or
 *       {@code submitWithPriority(workload, priority)}: higher priorities pass queued partitions of lower ones, as
 *       {@code jzk serve} uses it) returns a {@link jzk.prover.pipeline.ProofHandle} (outcome future, released
 *       future, cancel).</li>
 *   <li>{@link jzk.prover.pipeline.PipelineConfig} and {@link jzk.prover.pipeline.PermitPolicy} — W, L, G,
 *       devices, finalizers, budget, permit policy, verification, TIMELINE file, buffer log.</li>
 *   <li>{@link jzk.prover.pipeline.DeviceScheduler} — the hand-off to the GPU workers of N devices: least-loaded
 *       device that holds (or can load) the proof's parameters, as a {@link jzk.prover.pipeline.DeviceInventory}
 *       (the run's {@code ProverSession}) says; a device failure takes the device out of rotation and re-runs the
 *       partition elsewhere.</li>
 *   <li>{@link jzk.prover.pipeline.MemoryBudget} (admission), {@link jzk.prover.pipeline.BufferTracker} and
 *       {@link jzk.prover.pipeline.BufferClass} (counts, peaks, a log line per transition),
 *       {@link jzk.prover.pipeline.Timeline} (CSV of stage start/end; {@link jzk.prover.pipeline.TimelineChart} draws it), {@link jzk.prover.pipeline.StageMetrics}
 *       (HdrHistogram per stage, GPU busy fraction), {@link jzk.prover.pipeline.RssSampler} (peak RSS).</li>
 *   <li>{@link jzk.prover.pipeline.BatchRunner} → {@link jzk.prover.pipeline.BatchReport} — a whole batch with a
 *       concurrency limit, as {@code jzk batch} runs it.</li>
 *   <li>{@link jzk.prover.pipeline.SyntheticWorkload} — a workload that proves nothing, for tests and
 *       {@code jzk batch --synthetic} only.</li>
 * </ul>
 *
 * <h2>Plugging in a prover</h2>
 * Implement {@code ProofWorkload} (footprints from the circuit shape; a/b/c must not escape into the
 * {@code GpuResult}; {@code close()} frees off-heap/device buffers of discarded partitions) and a
 * {@code WorkloadFactory}, then return the factory from {@code jzk.cli.WorkloadHooks.groth16}; the device names
 * come from the command's {@code jzk.prover.batch.ProverSession} ({@code jzk.cli.WorkloadHooks.session}).
 */
package jzk.prover.pipeline;
