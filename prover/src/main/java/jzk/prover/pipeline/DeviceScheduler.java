package jzk.prover.pipeline;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.BiConsumer;
import java.util.stream.Collectors;
import jzk.prover.pipeline.DeviceInventory.Residency;

/**
 * The hand-off between the synthesis pool and the GPU workers of N devices: synthesized partitions wait here,
 * and each GPU worker takes the one the policy gives its device.
 *
 * <h2>Policy</h2>
 * Partitions are matched to idle GPU workers in queue order (priority, then oldest proof, then partition; the
 * pipeline's order). For each partition in turn, among the devices in rotation that have an idle worker not yet
 * matched to an earlier partition and can use the partition's parameters ({@link DeviceInventory.Residency} not
 * {@code NO}), the partition goes to the device that is
 * <ol>
 *   <li>least loaded: fewest busy workers / workers (a GPU stage running, or matched in this pass);</li>
 *   <li>then holding the parameters ({@code RESIDENT} before {@code LOADABLE}: a load is a one-time upload, so
 *       an idle device loads rather than wait for a busy one that holds them);</li>
 *   <li>then with fewer partitions proven so far (spreads a light load evenly), then first in {@code --device}
 *       order.</li>
 * </ol>
 * A worker waits while no partition is matched to its device. The matching is recomputed whenever a partition
 * arrives, a worker becomes idle or a device leaves the rotation, so a partition never waits while a device
 * that may take it has an idle worker.
 *
 * <h2>Invariants</h2>
 * <ul>
 *   <li>Every partition added is handed to exactly one worker, or given back through {@link #remove}, or
 *       rejected (the {@code reject} callback, outside the lock) — never dropped and never handed twice.</li>
 *   <li>A device out of rotation ({@link #deviceFailed}) is never handed another partition; its workers'
 *       {@link #take} returns null and they end. A partition none of the devices in rotation can take (its
 *       parameters are {@code NO} everywhere, or every device failed) is rejected at once with a one-line reason
 *       naming the devices and why they cannot take it: nothing waits for a device that will not come.</li>
 *   <li>Per device {@code 0 ≤ idle ≤ workers} and {@code 0 ≤ running ≤ workers}; every {@link #take} that
 *       returns a partition is matched by one {@link #release}; all state is guarded by one lock.</li>
 * </ul>
 */
final class DeviceScheduler {

    /** One device of the pipeline, its GPU workers and what the report says about it. */
    static final class DeviceState {
        final String name;
        final int index;
        final int workers;
        final StageMetrics.DeviceBusy busy;
        /** Guarded by the scheduler's lock. */
        private int idle;
        private int running;
        private long partitions;
        private long stageNanos;
        private long rerun;
        private String failure;
        private long failedAtNanos;

        DeviceState(String name, int index, int workers, StageMetrics.DeviceBusy busy) {
            this.name = name;
            this.index = index;
            this.workers = workers;
            this.busy = busy;
        }

        @Override
        public String toString() {
            return name;
        }
    }

    /** A snapshot of one device for the report. */
    record DeviceSnapshot(String name, int workers, long partitions, long stageNanos, long rerun, String failure,
                          long failedAtNanos) {
    }

    private final ReentrantLock lock = new ReentrantLock();
    private final Condition changed = lock.newCondition();
    private final TreeSet<PartitionTask> queue;
    private final List<DeviceState> devices = new ArrayList<>();
    private final DeviceInventory inventory;
    private final BiConsumer<PartitionTask, String> reject;

    /**
     * @param order  the queue order (the pipeline's; must be a total order of distinct tasks)
     * @param reject receives a partition no device can take, with the reason; called without the lock held
     */
    DeviceScheduler(List<String> names, int workersPerDevice, StageMetrics metrics, DeviceInventory inventory,
                    Comparator<PartitionTask> order, BiConsumer<PartitionTask, String> reject) {
        for (int i = 0; i < names.size(); i++) {
            devices.add(new DeviceState(names.get(i), i, workersPerDevice, metrics.device(i)));
        }
        this.queue = new TreeSet<>(order);
        this.inventory = inventory;
        this.reject = reject;
    }

    List<DeviceState> devices() {
        return devices;
    }

    /** Queues a synthesized partition (or rejects it at once when no device in rotation can take it). */
    void add(PartitionTask t) {
        String why;
        lock.lock();
        try {
            why = whyNowhere(t);
            if (why == null) {
                queue.add(t);
                changed.signalAll();
            }
        } finally {
            lock.unlock();
        }
        if (why != null) {
            reject.accept(t, why);
        }
    }

    /** Removes a queued partition (its proof was decided); false when it is not queued. */
    boolean remove(PartitionTask t) {
        lock.lock();
        try {
            boolean removed = queue.remove(t);
            if (removed) {
                changed.signalAll();
            }
            return removed;
        } finally {
            lock.unlock();
        }
    }

    /**
     * The next partition for a worker of {@code d}; waits until one is matched to {@code d}. Returns null when
     * {@code d} is out of rotation (the worker ends). The caller reports the end with {@link #release}.
     */
    PartitionTask take(DeviceState d) throws InterruptedException {
        while (true) {
            List<PartitionTask> rejected = new ArrayList<>();
            List<String> reasons = new ArrayList<>();
            lock.lock();
            d.idle++;
            boolean idle = true;
            try {
                while (rejected.isEmpty()) {
                    if (d.failure != null) {
                        return null;
                    }
                    PartitionTask t = match(d, rejected, reasons);
                    if (t != null) {
                        queue.remove(t);
                        d.idle--;
                        idle = false;
                        d.running++;
                        changed.signalAll(); // the matching of the others changes
                        return t;
                    }
                    if (rejected.isEmpty()) {
                        // signalled on every change; the timeout asks the inventory again (loads finish silently)
                        changed.await(1, TimeUnit.SECONDS);
                    }
                }
                changed.signalAll();
            } finally {
                if (idle) {
                    d.idle--;
                }
                lock.unlock();
            }
            for (int i = 0; i < rejected.size(); i++) { // outside the lock, then match again
                reject.accept(rejected.get(i), reasons.get(i));
            }
        }
    }

    /** A worker of {@code d} is done with the partition {@link #take} gave it (every take is matched by one call). */
    void release(DeviceState d) {
        lock.lock();
        try {
            d.running--;
            changed.signalAll();
        } finally {
            lock.unlock();
        }
    }

    /** A GPU stage on {@code d} took {@code nanos}; {@code proven}: it returned the partition's result. */
    void recordStage(DeviceState d, long nanos, boolean proven) {
        lock.lock();
        try {
            d.stageNanos += nanos;
            if (proven) {
                d.partitions++;
            }
        } finally {
            lock.unlock();
        }
    }

    /**
     * Takes {@code d} out of rotation for {@code reason} (first failure wins) and counts {@code t} as a partition
     * to re-run elsewhere. Returns null when another device is still in rotation, else the one-line reason that
     * every device failed; queued partitions that no device can take any more are rejected.
     */
    String deviceFailed(DeviceState d, String reason) {
        List<PartitionTask> stranded = new ArrayList<>();
        List<String> reasons = new ArrayList<>();
        String none;
        lock.lock();
        try {
            if (d.failure == null) {
                d.failure = reason;
                d.failedAtNanos = System.nanoTime();
            }
            d.rerun++;
            none = devices.stream().anyMatch(x -> x.failure == null) ? null : everyDeviceFailed();
            for (PartitionTask t : List.copyOf(queue)) {
                String why = whyNowhere(t);
                if (why != null) {
                    queue.remove(t);
                    stranded.add(t);
                    reasons.add(why);
                }
            }
            changed.signalAll();
        } finally {
            lock.unlock();
        }
        for (int i = 0; i < stranded.size(); i++) {
            reject.accept(stranded.get(i), reasons.get(i));
        }
        return none;
    }

    /** Whether some device is still in rotation. */
    boolean anyInRotation() {
        lock.lock();
        try {
            return devices.stream().anyMatch(x -> x.failure == null);
        } finally {
            lock.unlock();
        }
    }

    /** Partitions taken and not yet released, over all devices (0 when the pipeline is idle). */
    int taken() {
        lock.lock();
        try {
            return devices.stream().mapToInt(d -> d.running).sum();
        } finally {
            lock.unlock();
        }
    }

    List<DeviceSnapshot> snapshot() {
        lock.lock();
        try {
            return devices.stream().map(d -> new DeviceSnapshot(d.name, d.workers, d.partitions, d.stageNanos,
                    d.rerun, d.failure, d.failedAtNanos)).toList();
        } finally {
            lock.unlock();
        }
    }

    // ---------------------------------------------------------------- matching (lock held)

    /**
     * The greedy matching of the class comment, run until a partition is matched to {@code d} (returned) or the
     * queue ends (null). Partitions that no device in rotation can take go to {@code rejected} (removed).
     */
    private PartitionTask match(DeviceState d, List<PartitionTask> rejected, List<String> reasons) {
        int[] idle = new int[devices.size()];
        int[] busy = new int[devices.size()];
        for (DeviceState x : devices) {
            idle[x.index] = x.failure == null ? x.idle : 0;
            busy[x.index] = x.running;
        }
        for (PartitionTask t : List.copyOf(queue)) {
            Object key = t.job.workload.paramsKey();
            DeviceState best = null;
            Residency bestRes = null;
            boolean anyCould = false;
            for (DeviceState x : devices) {
                if (x.failure != null) {
                    continue;
                }
                Residency r = key == null ? Residency.RESIDENT : inventory.residency(x.name, key);
                if (r == Residency.NO) {
                    continue;
                }
                anyCould = true;
                if (idle[x.index] == 0) {
                    continue;
                }
                if (best == null || better(x, r, best, bestRes, busy)) {
                    best = x;
                    bestRes = r;
                }
            }
            if (!anyCould) {
                queue.remove(t);
                rejected.add(t);
                reasons.add(whyNowhere(t));
                continue;
            }
            if (best == null) {
                continue; // every device that can take it is busy: it waits, later partitions may still match
            }
            if (best == d) {
                return t;
            }
            idle[best.index]--;
            busy[best.index]++;
        }
        return null;
    }

    /** Whether {@code x} (residency {@code rx}) beats {@code y} (residency {@code ry}) for the next partition. */
    private static boolean better(DeviceState x, Residency rx, DeviceState y, Residency ry, int[] busy) {
        // load = busy / workers, compared without division: busy_x · workers_y vs busy_y · workers_x
        long lx = (long) busy[x.index] * y.workers;
        long ly = (long) busy[y.index] * x.workers;
        if (lx != ly) {
            return lx < ly;
        }
        if (rx != ry) {
            return rx == Residency.RESIDENT;
        }
        if (x.partitions != y.partitions) {
            return x.partitions < y.partitions;
        }
        return x.index < y.index;
    }

    /** Null when some device in rotation may take {@code t}, else why none can (one line). */
    private String whyNowhere(PartitionTask t) {
        if (devices.stream().noneMatch(x -> x.failure == null)) {
            return everyDeviceFailed();
        }
        Object key = t.job.workload.paramsKey();
        if (key == null) {
            return null;
        }
        for (DeviceState x : devices) {
            if (x.failure == null && inventory.residency(x.name, key) != Residency.NO) {
                return null;
            }
        }
        return "no device in rotation can hold the parameters of partition " + t.partition + ": " + devices.stream()
                .map(x -> x.name + (x.failure != null ? " failed (" + x.failure + ")" : " cannot load them"))
                .collect(Collectors.joining("; "));
    }

    private String everyDeviceFailed() {
        return "every device failed: " + devices.stream().map(x -> x.name + " (" + x.failure + ")")
                .collect(Collectors.joining("; "));
    }
}
