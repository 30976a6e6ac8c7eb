package jzk.prover.pipeline;

import java.util.List;

/**
 * The contract between the proving pipeline and a prover (Groth16 or a synthetic load): one proof request,
 * split into {@link #partitions()} independent partitions that go through three per-partition stages and one
 * per-proof assembly.
 *
 * <pre>
 *   synthesize(p)      CPU, partition workers     witness + a/b/c evaluations (the big buffers)
 *   gpuStage(s, slot)  GPU worker of one device   NTT → H, MSMs for A, B-in-G1, C; consumes a/b/c
 *   finalizeStage(g)   CPU, finalizer pool        B in G2, assembly of the partition's proof; drops aux/witness
 *   assemble(parts)    assembler, once per proof  partial proofs in partition order → the proof
 *   verify(proof)      assembler, optional
 * </pre>
 *
 * <h2>Invariants the pipeline relies on</h2>
 * <ul>
 *   <li><b>Footprint is an upper bound.</b> {@link #footprint(int)} is known before synthesis starts (it comes
 *       from the circuit shape, not from the data) and bounds what the partition keeps alive:
 *       {@code abcBytes} from the end of {@code synthesize} until {@code gpuStage} returns, {@code auxBytes}
 *       from the end of {@code synthesize} until {@code finalizeStage} returns. The pipeline reserves
 *       {@code abcBytes + auxBytes} of the memory budget before calling {@code synthesize}, releases
 *       {@code abcBytes} when {@code gpuStage} returns and {@code auxBytes} when {@code finalizeStage}
 *       returns. An estimate that is too low lets the process exceed its budget; it never breaks correctness.</li>
 *   <li><b>Ownership moves forward.</b> {@code gpuStage} takes ownership of the {@link Synthesized} and must not
 *       let its a/b/c buffers escape into the {@link GpuResult} (the pipeline drops its reference when
 *       {@code gpuStage} returns, which is what makes the early a/b/c release true). The {@code GpuResult} may
 *       carry the aux/witness needed by {@code finalizeStage}.</li>
 *   <li><b>Discarded buffers are closed.</b> {@link Synthesized} and {@link GpuResult} are {@link AutoCloseable}
 *       with an idempotent {@code close()}: the pipeline calls it on an object it drops without handing it to
 *       the next stage (the proof failed or was cancelled) and on the input of a stage that threw. A workload
 *       holding off-heap or device memory frees it there; one holding only Java arrays can keep the default
 *       no-op. {@code close()} is never called on an object a stage returned normally and passed on: the
 *       consuming stage owns it.</li>
 *   <li><b>Thread safety.</b> Stages of different partitions of the same workload run concurrently on
 *       different threads; the workload's shared state (parameters, inputs) must be read-only or
 *       synchronised. Stages of one partition run strictly in order and are published safely between
 *       threads by the pipeline's queues.</li>
 *   <li><b>Failures.</b> Any exception from a stage fails only this proof; its message becomes the reason
 *       shown to the user, so it should name the partition and what went wrong. The one exception: a device
 *       failure in {@code gpuStage} (see there) re-runs the partition on another device. A stage may be interrupted
 *       when the proof is cancelled; it should then throw (e.g. {@link InterruptedException}) promptly.</li>
 *   <li><b>Ordering.</b> {@code assemble} receives the partial proofs indexed by partition:
 *       {@code parts.get(i).partition() == i}.</li>
 * </ul>
 */
public interface ProofWorkload {

    /** A short label for logs and reports, e.g. "groth16 sha256-2^20" or "synthetic". */
    String label();

    /** Number of partitions of this proof, at least 1. */
    int partitions();

    /** Upper bounds of the bytes partition {@code partition} keeps alive; see the class invariants. */
    Footprint footprint(int partition);

    /**
     * The parameters the GPU stage needs resident on its device (e.g. the proving key), as a key the pipeline's
     * {@link DeviceInventory} understands, or {@code null} when the stage needs none (any device will do). The
     * scheduler prefers a device that holds them and never sends a partition to a device that
     * {@link DeviceInventory.Residency#NO cannot hold them}. Same object for every call.
     */
    default Object paramsKey() {
        return null;
    }

    /** CPU: computes the witness and the a/b/c evaluations of one partition. */
    Synthesized synthesize(int partition) throws Exception;

    /**
     * GPU: NTTs and G1 MSMs of one partition on the given device slot; consumes {@code s}'s a/b/c buffers. A
     * {@code jzk.tornado.api.DeviceException} (anywhere in the cause chain) says the device failed: the pipeline
     * takes the device out of rotation, closes {@code s} and proves the partition again from synthesis on another
     * device, so the stage must free what it allocated on the device before it throws.
     */
    GpuResult gpuStage(Synthesized s, DeviceSlot slot) throws Exception;

    /** CPU: the rest of the partition's proof (B in G2, assembly); after it returns aux/witness are dropped. */
    PartialProof finalizeStage(GpuResult r) throws Exception;

    /** Combines the partial proofs, indexed by partition, into the proof. */
    Proof assemble(List<PartialProof> parts) throws Exception;

    /** Checks a finished proof (Groth16: the pairing equation against the verifying key). */
    boolean verify(Proof proof) throws Exception;

    /**
     * Bytes a partition holds between stages.
     *
     * @param abcBytes the a/b/c evaluation buffers, alive from synthesis end until the GPU stage returns
     * @param auxBytes witness/aux data alive from synthesis end until finalize returns
     */
    record Footprint(long abcBytes, long auxBytes) {
        public Footprint {
            if (abcBytes < 0 || auxBytes < 0) {
                throw new IllegalArgumentException("negative footprint: abc=" + abcBytes + " aux=" + auxBytes);
            }
        }

        public long totalBytes() {
            return abcBytes + auxBytes;
        }
    }

    /**
     * One GPU worker's seat on a device: {@code device} is the device name as the CLI shows it
     * (e.g. "cuda:0"), {@code deviceIndex} its position in the pipeline's device list and {@code worker} the
     * worker number on that device (0 ≤ worker &lt; gpu workers per device).
     */
    record DeviceSlot(String device, int deviceIndex, int worker) {
        @Override
        public String toString() {
            return device + "#" + worker;
        }
    }

    /** Output of {@link #synthesize}; owns the a/b/c buffers until {@link #gpuStage} consumes it. */
    interface Synthesized extends AutoCloseable {
        int partition();

        /** Frees the buffers of a discarded partition; idempotent; must not throw. */
        @Override
        default void close() {
        }
    }

    /** Output of {@link #gpuStage}; small (group elements) plus whatever aux finalize needs. */
    interface GpuResult extends AutoCloseable {
        int partition();

        /** Frees the buffers of a discarded partition; idempotent; must not throw. */
        @Override
        default void close() {
        }
    }

    /** Output of {@link #finalizeStage}: the partition's share of the proof. */
    interface PartialProof {
        int partition();
    }

    /** A finished proof. */
    interface Proof {
        /** The proof's canonical encoding (for output files and reports). */
        byte[] toBytes();
    }
}
