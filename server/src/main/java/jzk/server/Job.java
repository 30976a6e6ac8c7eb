package jzk.server;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;
import jzk.prover.pipeline.ProofHandle;
import jzk.server.api.JobStatus;
import jzk.server.api.Priority;
import jzk.server.api.ProofEvent;
import jzk.server.api.ProofResult;
import jzk.server.api.Stage;

/**
 * One proof request of the daemon: its ids, priority, parameter set, the pipeline handle, per-stage progress
 * counters (moved by {@link ProgressWorkload}) and, once decided, its {@link ProofResult}.
 *
 * <p>Invariants: {@code result} is set once, after the pipeline decided the outcome and the job released every
 * permit, budget byte and buffer count (so a client that sees the result sees the counters already back);
 * every subscriber gets events in order and exactly one final event (the one carrying the result), after which it
 * gets nothing.
 */
final class Job {
    final String id;
    final String requestId;
    final byte[] requestDigest;
    final Priority priority;
    final String paramsId;
    final int partitions;
    final AtomicInteger synthStarted = new AtomicInteger();
    final AtomicInteger synthesized = new AtomicInteger();
    final AtomicInteger gpuStarted = new AtomicInteger();
    final AtomicInteger gpuDone = new AtomicInteger();
    final AtomicInteger finalizeStarted = new AtomicInteger();
    final AtomicInteger finalized = new AtomicInteger();
    volatile ProofHandle handle;
    private volatile ProofResult result;
    private final List<Subscriber> subscribers = new CopyOnWriteArrayList<>();

    Job(String id, String requestId, byte[] requestDigest, Priority priority, String paramsId, int partitions) {
        this.id = id;
        this.requestId = requestId;
        this.requestDigest = requestDigest;
        this.priority = priority;
        this.paramsId = paramsId;
        this.partitions = partitions;
    }

    ProofResult result() {
        return result;
    }

    /** The most advanced stage any partition has reached, or the outcome. */
    Stage stage() {
        ProofResult r = result;
        if (r != null) {
            return r.getStatus();
        }
        if (finalizeStarted.get() > 0) {
            return Stage.FINALIZING;
        }
        if (gpuStarted.get() > 0) {
            return Stage.GPU;
        }
        return synthStarted.get() > 0 ? Stage.SYNTHESIZING : Stage.QUEUED;
    }

    ProofEvent event() {
        ProofEvent.Builder b = ProofEvent.newBuilder().setJobId(id).setStage(stage()).setPartitions(partitions)
                .setSynthesized(synthesized.get()).setGpuDone(gpuDone.get()).setFinalized(finalized.get());
        ProofResult r = result;
        if (r != null) {
            b.setResult(r);
        }
        return b.build();
    }

    JobStatus status() {
        return JobStatus.newBuilder().setJobId(id).setRequestId(requestId).setPriority(priority).setStage(stage())
                .setPartitions(partitions).setSynthesized(synthesized.get()).setGpuDone(gpuDone.get())
                .setFinalized(finalized.get()).setParamsId(paramsId).build();
    }

    /** Sends the current state to {@code listener} now, then every change until (and including) the result. */
    void subscribe(Consumer<ProofEvent> listener) {
        Subscriber s = new Subscriber(listener);
        subscribers.add(s);
        s.send(event());
        if (result != null) {
            subscribers.remove(s);
        }
    }

    void unsubscribe(Consumer<ProofEvent> listener) {
        subscribers.removeIf(s -> s.listener == listener);
    }

    /** A stage counter moved. */
    void changed() {
        if (subscribers.isEmpty()) {
            return;
        }
        ProofEvent e = event();
        for (Subscriber s : subscribers) {
            s.send(e);
        }
    }

    /** Sets the result (once) and sends the final event to every subscriber. */
    void finish(ProofResult r) {
        synchronized (this) {
            if (result != null) {
                return;
            }
            result = r;
        }
        ProofEvent e = event();
        for (Subscriber s : subscribers) {
            s.send(e);
        }
        subscribers.clear();
    }

    /** Serialises the events of one listener and stops after the final one. */
    private static final class Subscriber {
        final Consumer<ProofEvent> listener;
        private boolean done;

        Subscriber(Consumer<ProofEvent> listener) {
            this.listener = listener;
        }

        synchronized void send(ProofEvent e) {
            if (done) {
                return;
            }
            done = e.hasResult();
            listener.accept(e);
        }
    }
}
