package jzk.prover.pipeline;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.PriorityBlockingQueue;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicLong;
import jzk.prover.pipeline.BufferTracker.Event;
import jzk.prover.pipeline.ProofOutcome.Status;
import jzk.prover.pipeline.ProofWorkload.DeviceSlot;
import jzk.prover.pipeline.ProofWorkload.GpuResult;
import jzk.prover.pipeline.ProofWorkload.PartialProof;
import jzk.prover.pipeline.ProofWorkload.Proof;
import jzk.prover.pipeline.ProofWorkload.Synthesized;

/**
 * The batch proving pipeline: partition workers → hand-off queue → GPU workers → finalizers → assembler.
 *
 * <pre>
 *  submit ─▶ admission ─[permit, budget]─▶ W partition workers ─▶ scheduler (lookahead) ─▶ G GPU workers/device
 *                                                                          │ a/b/c bytes released
 *                                                   assembler ◀─ finalizers ◀┘ aux bytes released
 * </pre>
 *
 * <h2>Invariants</h2>
 * <ul>
 *   <li>Every queue is ordered by the proof's priority (higher first; 0 unless given to {@link #submit(ProofWorkload, long, int)}),
 *       then oldest job first, then by partition: among proofs of one priority, work of an older proof is never
 *       passed by a newer one at any stage, so they complete roughly in submission order; a partition of a
 *       higher-priority proof passes every queued partition of lower ones (running stages are not preempted).</li>
 *   <li>A partition takes a synthesis permit (of {@code W + L}) and then reserves {@code abc + aux} bytes of the
 *       {@link MemoryBudget} before {@code synthesize}. Under {@link PermitPolicy#HOLD_UNTIL_GPU} the permit is
 *       released when a GPU worker takes the partition, so {@code synthesizing + abcWaiting ≤ W + L}; under
 *       {@link PermitPolicy#RELEASE_AT_SYNTHESIS_END} only the budget bounds the waiting partitions.</li>
 *   <li>a/b/c bytes are released when {@code gpuStage} returns, aux bytes when {@code finalizeStage} returns.</li>
 *   <li>Every partition ends in {@code finish(task)}, exactly once, which returns whatever it still holds
 *       (permit, budget bytes, tracker counts) and closes a {@code Synthesized}/{@code GpuResult} it drops
 *       without handing on. After all submitted proofs are released the budget's reserved bytes and every
 *       tracker count are zero and all W + L permits are free.</li>
 *   <li>No stage waits on a later one while holding something a later stage needs: GPU workers and finalizers
 *       never wait on the budget or on permits, so admission waits always end.</li>
 *   <li>A failure in any stage fails only its own proof (outcome FAILED with the reason); its queued partitions
 *       are removed and released at once, its running stages are interrupted.</li>
 *   <li>Devices: synthesized partitions wait in the {@link DeviceScheduler}, which hands each to an idle GPU
 *       worker of the least-loaded device that holds (or can load) the proof's parameters; see its policy. A
 *       device failure in a GPU stage (a {@code DeviceException} in the cause chain) is the exception to the
 *       rule above: the device leaves the rotation (its workers end, its resident memory stays owned by the
 *       session until it closes), the stage's input is closed and the partition goes back to admission holding
 *       nothing, to be synthesized again and proven on another device; the proof is not failed. When no device is
 *       left every partition that reaches the scheduler fails its proof with a one-line reason naming each device
 *       and its failure, so a batch whose devices all failed ends instead of waiting.</li>
 * </ul>
 */
public final class ProvingPipeline implements AutoCloseable {

    private static final Comparator<ProofJob> JOB_ORDER =
            Comparator.<ProofJob>comparingInt(j -> -j.priority).thenComparingLong(j -> j.id);
    private static final Comparator<PartitionTask> OLDEST_FIRST =
            Comparator.<PartitionTask, ProofJob>comparing(t -> t.job, JOB_ORDER).thenComparingInt(t -> t.partition);

    private final PipelineConfig config;
    private final long startNanos = System.nanoTime();
    private final MemoryBudget budget;
    private final BufferTracker tracker;
    private final Timeline timeline;
    private final StageMetrics metrics;
    private final Semaphore permits;
    private final PriorityBlockingQueue<PartitionTask> admission = new PriorityBlockingQueue<>(64, OLDEST_FIRST);
    private final DeviceScheduler scheduler;
    private final DeviceInventory inventory;
    private final PriorityBlockingQueue<PartitionTask> finalizeQueue = new PriorityBlockingQueue<>(64, OLDEST_FIRST);
    private final PriorityBlockingQueue<ProofJob> assembly =
            new PriorityBlockingQueue<>(16, JOB_ORDER);
    private final List<Thread> threads = new ArrayList<>();
    /** Proof ids are 1-based, like the batch's {@code [1/3]} lines and {@code proof-1.json} files. */
    private final AtomicLong nextJobId = new AtomicLong(1);
    private final Set<ProofJob> liveJobs = ConcurrentHashMap.newKeySet();
    private volatile boolean closed;
    private volatile long closedNanos;

    /** A pipeline whose devices hold everything ({@link DeviceInventory#NONE}): synthetic loads, tests. */
    public ProvingPipeline(PipelineConfig config) {
        this(config, DeviceInventory.NONE);
    }

    /** A pipeline on {@code config}'s devices, placing partitions by what {@code inventory} says they hold. */
    public ProvingPipeline(PipelineConfig config, DeviceInventory inventory) {
        this.config = config;
        this.inventory = inventory;
        this.budget = new MemoryBudget(config.memoryBudgetBytes());
        this.timeline = new Timeline(config.timelineFile(), startNanos);
        this.tracker = new BufferTracker(config.bufferLog(), budget::reservedBytes,
                timeline.picture() != null ? timeline::buffers : null);
        this.metrics = new StageMetrics(config.devices());
        this.scheduler = new DeviceScheduler(config.devices(), config.gpuWorkersPerDevice(), metrics, inventory,
                OLDEST_FIRST, this::reject);
        this.permits = new Semaphore(config.partitionWorkers() + config.lookahead(), true);
        for (int i = 0; i < config.partitionWorkers(); i++) {
            threads.add(Thread.ofPlatform().name("jzk-synth-" + i).unstarted(this::partitionWorkerLoop));
        }
        for (int d = 0; d < config.devices().size(); d++) {
            for (int g = 0; g < config.gpuWorkersPerDevice(); g++) {
                DeviceSlot slot = new DeviceSlot(config.devices().get(d), d, g);
                threads.add(Thread.ofPlatform().name("jzk-gpu-" + slot).unstarted(() -> gpuWorkerLoop(slot)));
            }
        }
        for (int i = 0; i < config.finalizerThreads(); i++) {
            threads.add(Thread.ofPlatform().name("jzk-final-" + i).unstarted(this::finalizerLoop));
        }
        threads.add(Thread.ofPlatform().name("jzk-assembler").unstarted(this::assemblerLoop));
        threads.forEach(t -> {
            t.setDaemon(true);
            t.start();
        });
    }

    public PipelineConfig config() {
        return config;
    }

    public MemoryBudget budget() {
        return budget;
    }

    public BufferTracker tracker() {
        return tracker;
    }

    public StageMetrics metrics() {
        return metrics;
    }

    public Timeline timeline() {
        return timeline;
    }

    /**
     * One line per device, in {@code --device} order: its workers, partitions proven, busy fraction, GPU stage
     * time, bytes resident now, and when it failed: the reason and how many partitions were re-run elsewhere.
     */
    public List<BatchReport.DeviceLine> deviceLines() {
        long wall = wallNanos();
        Map<String, Double> busy = metrics.gpuBusyFractions(wall);
        List<BatchReport.DeviceLine> lines = new ArrayList<>();
        for (DeviceScheduler.DeviceSnapshot d : scheduler.snapshot()) {
            lines.add(new BatchReport.DeviceLine(d.name(), d.workers(), d.partitions(), busy.get(d.name()),
                    d.stageNanos() / 1e9, inventory.residentBytes(d.name()),
                    d.failure() == null ? null : d.failure(),
                    d.failure() == null ? 0 : (d.failedAtNanos() - startNanos) / 1e9, d.rerun()));
        }
        return lines;
    }

    /** Nanoseconds since the pipeline was created (frozen at {@link #close()}). */
    public long wallNanos() {
        return (closed ? closedNanos : System.nanoTime()) - startNanos;
    }

    /** GPU workers holding a partition from the scheduler now (0 once idle: every take is released). */
    int gpuStagesHeld() {
        return scheduler.taken();
    }

    /** Synthesis permits free now: W + L when no partition is in synthesis or waiting for a GPU worker. */
    public int availablePermits() {
        return permits.availablePermits();
    }

    // ---------------------------------------------------------------- submission and cancellation

    /** Queues one proof with the next id at priority 0. Never blocks; a workload that cannot fit the budget fails at once. */
    public synchronized ProofHandle submit(ProofWorkload workload) {
        return submit(workload, nextJobId.get(), 0);
    }

    /** Queues one proof with the next id at {@code priority} (see {@link #submit(ProofWorkload, long, int)}). */
    public synchronized ProofHandle submitWithPriority(ProofWorkload workload, int priority) {
        return submit(workload, nextJobId.get(), priority);
    }

    /** Queues one proof with id {@code id} at priority 0 (see {@link #submit(ProofWorkload, long, int)}). */
    public synchronized ProofHandle submit(ProofWorkload workload, long id) {
        return submit(workload, id, 0);
    }

    /**
     * Queues one proof with id {@code id} (≥ the last id used + 1; a batch passes its 1-based index so ids match
     * its lines and files even where a workload could not be created). Its partitions wait in front of every
     * queued partition of a lower {@code priority}; among equal priorities ids order the queues, oldest first
     * (see the class invariants). Never blocks; a workload that cannot fit the budget fails at once.
     */
    public synchronized ProofHandle submit(ProofWorkload workload, long id, int priority) {
        if (closed) {
            throw new IllegalStateException("pipeline is closed");
        }
        if (id < nextJobId.get()) {
            throw new IllegalArgumentException("proof id " + id + " already used (next free: " + nextJobId + ")");
        }
        nextJobId.set(id + 1);
        ProofJob job = new ProofJob(this, id, workload, System.nanoTime(), priority);
        liveJobs.add(job);
        job.released.whenComplete((v, e) -> job.outcome.whenComplete((o, e2) -> liveJobs.remove(job)));
        timeline.event("proof", "submit", job.id, -1, "-");
        String invalid = job.prepare(budget.capacityBytes());
        if (invalid != null) {
            failJob(job, Status.FAILED, invalid);
            job.released.complete(null);
            return job;
        }
        admission.addAll(job.tasks);
        return job;
    }

    /** Cancels every proof not yet decided. */
    public void cancelAll() {
        for (ProofJob j : liveJobs) {
            j.cancel();
        }
    }

    /** Waits until every submitted proof has its outcome and has released everything. */
    public void awaitIdle(Duration timeout) throws InterruptedException, TimeoutException {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (!liveJobs.isEmpty()) {
            for (ProofJob j : List.copyOf(liveJobs)) {
                long left = deadline - System.nanoTime();
                if (left <= 0) {
                    throw new TimeoutException(liveJobs.size() + " proofs still in the pipeline after " + timeout);
                }
                try {
                    CompletableFuture.allOf(j.outcome, j.released).get(left, TimeUnit.NANOSECONDS);
                } catch (java.util.concurrent.ExecutionException e) {
                    throw new IllegalStateException("pipeline future failed", e);
                }
            }
            Thread.sleep(1); // the liveJobs removal runs in a completion callback
        }
    }

    /**
     * Waits for all submitted proofs to finish, then stops the worker threads. If the calling thread is
     * interrupted while waiting, every undecided proof is cancelled, the threads are stopped without further
     * waiting and the interrupt status is kept.
     */
    @Override
    public void close() {
        if (closed) {
            return;
        }
        boolean interrupted = false;
        try {
            awaitIdle(Duration.ofDays(365));
        } catch (InterruptedException e) {
            interrupted = true;
            cancelAll();
        } catch (TimeoutException e) {
            throw new IllegalStateException(e);
        }
        closedNanos = System.nanoTime();
        closed = true;
        threads.forEach(Thread::interrupt);
        for (Thread t : threads) {
            try {
                t.join(5_000);
            } catch (InterruptedException e) {
                interrupted = true;
            }
        }
        timeline.close();
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
    }

    // ---------------------------------------------------------------- stages

    private void partitionWorkerLoop() {
        while (!closed) {
            PartitionTask t;
            try {
                t = admission.take();
            } catch (InterruptedException e) {
                return;
            }
            // Oldest task first, then its permit: an idle pipeline holds no permits, and a cancelled proof's
            // task stops waiting within one poll.
            boolean acquired = false;
            try {
                while (!(acquired = permits.tryAcquire(20, TimeUnit.MILLISECONDS)) && !t.job.isDecided()) {
                    // keep waiting for a permit
                }
            } catch (InterruptedException e) {
                finish(t);
                return;
            }
            if (!acquired) {
                finish(t); // the proof was decided (failed or cancelled) while this partition waited
                continue;
            }
            synchronized (t) {
                t.permitHeld = true;
            }
            synthesize(t);
        }
    }

    private void synthesize(PartitionTask t) {
        ProofJob job = t.job;
        try {
            if (job.isDecided() || !budget.reserve(t.footprint.totalBytes(), job::isDecided)) {
                finish(t);
                return;
            }
            synchronized (t) {
                t.reservedBytes = t.footprint.totalBytes();
            }
            long t0 = System.nanoTime();
            job.markStarted(t0);
            tracker.apply(Event.SYNTH_START, job.id, t.partition, t.classes, t.footprint);
            timeline.event("synthesis", "start", job.id, t.partition, threadName());
            Synthesized s = runStage(t, () -> job.workload.synthesize(t.partition));
            if (s == null || s.partition() != t.partition) {
                closeQuietly(s);
                throw new IllegalStateException("synthesize(" + t.partition + ") returned "
                        + (s == null ? "null" : "partition " + s.partition()));
            }
            long t1 = System.nanoTime();
            metrics.record(StageMetrics.Stage.SYNTHESIS, t1 - t0);
            t.synthesized = s;
            t.synthesisEndNanos = t1;
            tracker.apply(Event.SYNTH_END, job.id, t.partition, t.classes, t.footprint);
            timeline.event("synthesis", "end", job.id, t.partition, threadName());
            if (config.permitPolicy() == PermitPolicy.RELEASE_AT_SYNTHESIS_END) {
                releasePermit(t);
            }
            if (job.isDecided()) {
                finish(t);
                return;
            }
            scheduler.add(t);
        } catch (Throwable e) {
            fail(t, "synthesis", e);
        }
    }

    private void gpuWorkerLoop(DeviceSlot slot) {
        DeviceScheduler.DeviceState device = scheduler.devices().get(slot.deviceIndex());
        while (!closed) {
            PartitionTask t;
            try {
                t = scheduler.take(device);
            } catch (InterruptedException e) {
                return;
            }
            if (t == null) {
                return; // the device is out of rotation
            }
            try {
                gpu(t, slot, device);
            } finally {
                scheduler.release(device);
            }
        }
    }

    private void gpu(PartitionTask t, DeviceSlot slot, DeviceScheduler.DeviceState device) {
        StageMetrics.DeviceBusy busy = device.busy;
        long stageStart = 0;
        boolean running = false;
        ProofJob job = t.job;
        try {
            if (job.isDecided()) {
                finish(t);
                return;
            }
            long t0 = System.nanoTime();
            metrics.record(StageMetrics.Stage.HANDOFF_WAIT, t0 - t.synthesisEndNanos);
            tracker.apply(Event.GPU_START, job.id, t.partition, t.classes, t.footprint);
            if (config.permitPolicy() == PermitPolicy.HOLD_UNTIL_GPU) {
                // Handed to the GPU stage: only now may another partition start synthesis. Released after the
                // tracker moved it out of abcWaiting, so synthesizing + abcWaiting ≤ W + L holds in every line.
                releasePermit(t);
            }
            timeline.event("gpu", "start", job.id, t.partition, slot.toString());
            Synthesized s = t.synthesized;
            t.synthesized = null; // gpuStage owns a/b/c now; nothing else may keep them reachable
            GpuResult r;
            busy.start();
            stageStart = System.nanoTime();
            running = true;
            try {
                r = runStage(t, () -> job.workload.gpuStage(s, slot));
            } catch (Throwable e) {
                closeQuietly(s);
                throw e;
            } finally {
                busy.end();
            }
            if (r == null || r.partition() != t.partition) {
                closeQuietly(r);
                throw new IllegalStateException("gpuStage(partition " + t.partition + ") returned "
                        + (r == null ? "null" : "partition " + r.partition()));
            }
            running = false;
            scheduler.recordStage(device, System.nanoTime() - stageStart, true);
            metrics.record(StageMetrics.Stage.GPU, System.nanoTime() - t0);
            releaseBytes(t, t.footprint.abcBytes());
            tracker.apply(Event.GPU_END, job.id, t.partition, t.classes, t.footprint);
            timeline.event("gpu", "end", job.id, t.partition, slot.toString());
            t.gpuResult = r;
            if (job.isDecided()) {
                finish(t);
                return;
            }
            finalizeQueue.add(t);
        } catch (Throwable e) {
            if (running) {
                scheduler.recordStage(device, System.nanoTime() - stageStart, false);
            }
            String fault = deviceFault(e);
            if (fault != null && !job.isDecided()) {
                rerunElsewhere(t, device, slot.device() + ": " + fault);
            } else {
                fail(t, "GPU stage on " + slot.device(), e);
            }
        }
    }

    /**
     * The message of the {@code DeviceException} in {@code e}'s cause chain (a kernel, launch, copy or allocation
     * failed on the device), or null when the failure is not the device's.
     */
    static String deviceFault(Throwable e) {
        for (Throwable c = e; c != null; c = c.getCause()) {
            if (c instanceof jzk.tornado.api.DeviceException) {
                String m = c.getMessage();
                return m == null || m.isBlank() ? c.getClass().getSimpleName() : m.lines().findFirst().orElse(m);
            }
            if (c.getCause() == c) {
                break;
            }
        }
        return null;
    }

    /**
     * Takes {@code device} out of rotation and sends partition {@code t} (whose a/b/c the failed stage may have
     * consumed: its input was closed) back to synthesis with nothing held, to be proven on another device. When
     * no device is left the proof fails with the reason naming every device.
     */
    private void rerunElsewhere(PartitionTask t, DeviceScheduler.DeviceState device, String reason) {
        ProofJob job = t.job;
        timeline.event("gpu", "fail", job.id, t.partition, device.name); // a failed bar; the re-run draws anew
        String none = scheduler.deviceFailed(device, reason);
        if (none != null) {
            reject(t, none);
            return;
        }
        // back to the state of a partition never synthesized: no permit, no bytes, no tracker classes
        releasePermit(t);
        releaseBytes(t, Long.MAX_VALUE);
        if (!t.classes.isEmpty()) {
            tracker.apply(Event.DISCARD, job.id, t.partition, t.classes, t.footprint);
        }
        admission.add(t); // a proof decided meanwhile: the partition worker finishes it (see partitionWorkerLoop)
        if (job.isDecided() && admission.remove(t)) {
            finish(t);
        }
    }

    /** A partition no device can take ({@link DeviceScheduler}): fails its proof with {@code why}. */
    private void reject(PartitionTask t, String why) {
        if (!t.job.isDecided()) {
            timeline.event("gpu", "fail", t.job.id, t.partition, threadName());
            failJob(t.job, Status.FAILED, "partition " + t.partition + " has no device: " + why);
        }
        finish(t);
    }

    private void finalizerLoop() {
        while (!closed) {
            PartitionTask t;
            try {
                t = finalizeQueue.take();
            } catch (InterruptedException e) {
                return;
            }
            finalizePartition(t);
        }
    }

    private void finalizePartition(PartitionTask t) {
        ProofJob job = t.job;
        try {
            if (job.isDecided()) {
                finish(t);
                return;
            }
            long t0 = System.nanoTime();
            tracker.apply(Event.FINALIZE_START, job.id, t.partition, t.classes, t.footprint);
            timeline.event("finalize", "start", job.id, t.partition, threadName());
            GpuResult r = t.gpuResult;
            t.gpuResult = null;
            PartialProof p;
            try {
                p = runStage(t, () -> job.workload.finalizeStage(r));
            } catch (Throwable e) {
                closeQuietly(r);
                throw e;
            }
            if (p == null || p.partition() != t.partition) {
                throw new IllegalStateException("finalizeStage(partition " + t.partition + ") returned "
                        + (p == null ? "null" : "partition " + p.partition()));
            }
            metrics.record(StageMetrics.Stage.FINALIZE, System.nanoTime() - t0);
            releaseBytes(t, t.footprint.auxBytes());
            tracker.apply(Event.FINALIZE_END, job.id, t.partition, t.classes, t.footprint);
            timeline.event("finalize", "end", job.id, t.partition, threadName());
            job.parts[t.partition] = p;
            finish(t);
            if (job.partsLeft.decrementAndGet() == 0) {
                assembly.add(job);
            }
        } catch (Throwable e) {
            fail(t, "finalize", e);
        }
    }

    private void assemblerLoop() {
        while (!closed) {
            ProofJob job;
            try {
                job = assembly.take();
            } catch (InterruptedException e) {
                return;
            }
            if (job.isDecided()) {
                continue;
            }
            long t0 = System.nanoTime();
            timeline.event("assemble", "start", job.id, -1, threadName());
            try {
                Proof proof = job.workload.assemble(Arrays.asList(job.parts));
                if (proof == null) {
                    throw new IllegalStateException("assemble returned null");
                }
                Boolean verified = null;
                if (config.verify()) {
                    verified = job.workload.verify(proof);
                    if (!verified) {
                        failJob(job, Status.FAILED, "proof " + job.id + " failed verification");
                        continue;
                    }
                }
                metrics.record(StageMetrics.Stage.ASSEMBLE, System.nanoTime() - t0);
                timeline.event("assemble", "end", job.id, -1, threadName());
                decide(job, Status.COMPLETED, null, proof, verified);
            } catch (Throwable e) {
                timeline.event("assemble", "fail", job.id, -1, threadName());
                failJob(job, Status.FAILED, "assembly failed: " + describe(e));
            } finally {
                Thread.interrupted(); // a cancel racing with assembly must not leak into the next job
            }
        }
    }

    // ---------------------------------------------------------------- resources and failures

    /** Runs a workload stage with the current thread registered for cancellation interrupts. */
    private <T> T runStage(PartitionTask t, java.util.concurrent.Callable<T> stage) throws Exception {
        synchronized (t) {
            if (t.job.isDecided()) {
                throw new java.util.concurrent.CancellationException("proof already decided");
            }
            t.runningThread = Thread.currentThread();
        }
        try {
            return stage.call();
        } finally {
            synchronized (t) {
                t.runningThread = null;
                Thread.interrupted(); // an interrupt meant for this task stays with this task
            }
        }
    }

    private void releasePermit(PartitionTask t) {
        synchronized (t) {
            if (t.permitHeld) {
                t.permitHeld = false;
                permits.release();
            }
        }
    }

    private void releaseBytes(PartitionTask t, long bytes) {
        synchronized (t) {
            long n = Math.min(bytes, t.reservedBytes);
            t.reservedBytes -= n;
            budget.release(n);
        }
    }

    /** The single exit of every partition: returns what it still holds. Idempotent. */
    private void finish(PartitionTask t) {
        Synthesized s;
        GpuResult r;
        synchronized (t) {
            if (t.finished) {
                return;
            }
            t.finished = true;
            s = t.synthesized;
            r = t.gpuResult;
            t.synthesized = null;
            t.gpuResult = null;
        }
        closeQuietly(s); // dropped without being handed on: the workload frees its buffers
        closeQuietly(r);
        releasePermit(t);
        releaseBytes(t, Long.MAX_VALUE);
        if (!t.classes.isEmpty()) {
            tracker.apply(Event.DISCARD, t.job.id, t.partition, t.classes, t.footprint);
        }
        if (t.job.tasksLeft.decrementAndGet() == 0) {
            t.job.released.complete(null);
        }
    }

    private void fail(PartitionTask t, String stage, Throwable e) {
        ProofJob job = t.job;
        if (!job.isDecided()) {
            timeline.event(stage.startsWith("GPU") ? "gpu" : stage, "fail", job.id, t.partition, threadName());
            failJob(job, Status.FAILED, "partition " + t.partition + " " + stage + " failed: " + describe(e));
        }
        finish(t);
    }

    private void failJob(ProofJob job, Status status, String reason) {
        if (!decide(job, status, reason, null, null)) {
            return;
        }
        timeline.event("proof", status == Status.CANCELLED ? "cancel" : "fail", job.id, -1, threadName());
        assembly.remove(job);
        for (PartitionTask t : job.tasks) {
            if (admission.remove(t) || scheduler.remove(t) || finalizeQueue.remove(t)) {
                finish(t);
            }
            synchronized (t) {
                if (t.runningThread != null) {
                    t.runningThread.interrupt();
                }
            }
        }
    }

    /** Decides the outcome once; returns false if it was already decided. */
    private boolean decide(ProofJob job, Status status, String reason, Proof proof, Boolean verified) {
        if (!job.state.compareAndSet(null, status)) {
            return false;
        }
        long end = System.nanoTime();
        ProofOutcome o = new ProofOutcome(job.id, job.label, status, reason, proof, verified, job.submitNanos,
                job.startNanos.get(), end);
        if (status == Status.COMPLETED) {
            metrics.record(StageMetrics.Stage.TOTAL, end - job.submitNanos);
            metrics.record(StageMetrics.Stage.QUEUE, job.startNanos.get() - job.submitNanos);
            metrics.record(StageMetrics.Stage.PROVE, end - job.startNanos.get());
            timeline.event("proof", "complete", job.id, -1, threadName());
        }
        job.outcome.complete(o);
        return true;
    }

    private static void closeQuietly(AutoCloseable c) {
        if (c == null) {
            return;
        }
        try {
            c.close();
        } catch (Throwable ignored) {
            // close() must not throw; a faulty one must not take a pipeline thread down with it
        }
    }

    /** A one-line reason: the message for our own and plain exceptions, "Type: message" for the rest. */
    static String describe(Throwable e) {
        if (e instanceof java.util.concurrent.CompletionException && e.getCause() != null) {
            e = e.getCause();
        }
        if (e instanceof InterruptedException) {
            return "interrupted";
        }
        String m = e.getMessage();
        if (m == null || m.isBlank()) {
            return e.getClass().getSimpleName();
        }
        boolean plain = e.getClass() == Exception.class || e instanceof IllegalStateException
                || e instanceof IllegalArgumentException || e instanceof MemoryBudget.BudgetExceededException;
        return plain ? m : e.getClass().getSimpleName() + ": " + m;
    }

    private static String threadName() {
        return Thread.currentThread().getName();
    }

    /** Called by {@link ProofJob#cancel()}. */
    void cancel(ProofJob job) {
        failJob(job, Status.CANCELLED, "cancelled");
    }
}
