package jzk.tornado.bls;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Future;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import jzk.tornado.api.Device;
import jzk.tornado.api.DeviceBuffer;

/**
 * A {@code long[]} copy between the Java heap and device memory through pinned host memory, striped over
 * {@code threads} host threads that each run a pipeline of their own: a thread takes the next chunk of the copy,
 * fills one of its {@link #SLOTS_PER_THREAD} pinned slots with it (single-threaded: no barrier between threads),
 * queues the slot's copy to the device with a {@link Device.Fence} behind it, and goes on with its next chunk in its
 * other slot; it waits only for the fence of a slot it is about to reuse. A read is the mirror: a thread queues its
 * next chunk's copy into one slot, then waits for and drains its previous chunk from the other. So the copy engine
 * has up to {@code SLOTS_PER_THREAD × threads} chunks queued (no gap for a host wait between two copies) and every
 * thread copies between the heap and pinned memory all the time; the chunks reach the device in about their order.
 *
 * <p>Chunks ({@link #chunks}) ramp up from {@code firstLongs} doubling to {@code chunkLongs}, and down again at the
 * end, so the steps nothing overlaps (the first host pass and the last DMA of a write; the first DMA and the last
 * host pass of a read) move a small chunk.
 *
 * <p>Owns the pinned slots ({@code SLOTS_PER_THREAD × threads × chunkLongs} longs, allocated on first use) and
 * {@code threads − 1} worker threads (the caller is the other; started on first use, stopped after 30 s idle);
 * {@link #close()} frees both and waits for the workers to end. A copy that fails (a closed buffer, a device error)
 * stops every thread, waits for everything it queued before it throws (the slots are never reused or freed under a
 * running DMA), and leaves no fence behind. Copies of one pipeline are serialised.
 */
public final class CopyPipeline implements AutoCloseable {
    /** Pinned slots per thread: one is filled (drained) while the other's copy runs. */
    public static final int SLOTS_PER_THREAD = 2;
    /** Names of the worker threads start with this, then the device name. */
    static final String THREAD_PREFIX = "jzk-copy ";
    private static final ValueLayout.OfLong LE_LONG = ValueLayout.JAVA_LONG.withOrder(ByteOrder.LITTLE_ENDIAN);

    private final Device device;
    private final int threads;
    private final int chunkLongs;
    private final int firstLongs;
    private Device.HostMemory pinned;
    private ThreadPoolExecutor workers;
    /** Worker threads alive (each removes itself when it ends: idle timeout or shutdown). */
    private final Set<Thread> live = ConcurrentHashMap.newKeySet();
    private final AtomicInteger named = new AtomicInteger();
    private boolean closed;

    /**
     * @param threads    host threads per copy (≥ 1; 1: the calling thread alone)
     * @param chunkLongs longs per slot, the largest chunk
     * @param firstLongs longs of the first (and last) chunk, at most {@code chunkLongs}
     */
    public CopyPipeline(Device device, int threads, int chunkLongs, int firstLongs) {
        if (threads < 1 || chunkLongs < 1 || firstLongs < 1) {
            throw new IllegalArgumentException("copy pipeline: threads " + threads + ", chunk " + chunkLongs
                    + " longs, first chunk " + firstLongs + " longs must all be ≥ 1");
        }
        this.device = Objects.requireNonNull(device);
        this.threads = threads;
        this.chunkLongs = chunkLongs;
        this.firstLongs = Math.min(firstLongs, chunkLongs);
    }

    /** Pinned bytes this pipeline holds once used. */
    public long pinnedBytes() {
        return 8L * SLOTS_PER_THREAD * threads * chunkLongs;
    }

    /** {@code dst[dstOffsetBytes, + 8·longs) ← src[srcIndex, + longs)} as little-endian longs; returns when done. */
    public synchronized void write(long[] src, int srcIndex, DeviceBuffer dst, long dstOffsetBytes, int longs) {
        Objects.checkFromIndexSize(srcIndex, longs, src.length);
        if (longs == 0) {
            return;
        }
        Plan plan = new Plan(chunks(longs, firstLongs, chunkLongs));
        MemorySegment slots = slots();
        onEveryThread(plan, thread -> {
            Device.Fence[] queued = new Device.Fence[SLOTS_PER_THREAD];
            try {
                for (int use = 0, c; (c = plan.claim()) >= 0; use = (use + 1) % SLOTS_PER_THREAD) {
                    awaitAndClose(queued, use); // this slot's previous copy
                    MemorySegment slot = slot(slots, thread, use, plan.size(c));
                    MemorySegment.copy(src, srcIndex + (int) plan.start(c), slot, LE_LONG, 0, plan.size(c));
                    device.copyToDeviceAsync(slot, dst, dstOffsetBytes + 8 * plan.start(c));
                    queued[use] = device.fence();
                }
                for (int use = 0; use < SLOTS_PER_THREAD; use++) {
                    awaitAndClose(queued, use);
                }
            } finally {
                closeAll(queued); // after a failure: the caller waits for the device before it returns
            }
        });
    }

    /** {@code dst[dstIndex, + longs) ← src[srcOffsetBytes, + 8·longs)} read as little-endian longs. */
    public synchronized void read(DeviceBuffer src, long srcOffsetBytes, long[] dst, int dstIndex, int longs) {
        Objects.checkFromIndexSize(dstIndex, longs, dst.length);
        if (longs == 0) {
            return;
        }
        Plan plan = new Plan(chunks(longs, firstLongs, chunkLongs));
        MemorySegment slots = slots();
        onEveryThread(plan, thread -> {
            Device.Fence[] queued = new Device.Fence[SLOTS_PER_THREAD];
            int[] chunkIn = new int[SLOTS_PER_THREAD];
            try {
                int use = 0;
                for (int c; (c = plan.claim()) >= 0; use = (use + 1) % SLOTS_PER_THREAD) {
                    // this slot was drained when this thread last claimed a chunk
                    device.copyToHostAsync(src, srcOffsetBytes + 8 * plan.start(c),
                            slot(slots, thread, use, plan.size(c)));
                    queued[use] = device.fence();
                    chunkIn[use] = c;
                    drain(plan, slots, thread, (use + SLOTS_PER_THREAD - 1) % SLOTS_PER_THREAD, queued, chunkIn, dst,
                            dstIndex);
                }
                for (int i = 0; i < SLOTS_PER_THREAD; i++, use = (use + 1) % SLOTS_PER_THREAD) {
                    drain(plan, slots, thread, use, queued, chunkIn, dst, dstIndex);
                }
            } finally {
                closeAll(queued);
            }
        });
    }

    /** If slot {@code use} of {@code thread} holds a queued chunk: waits for it and copies it into {@code dst}. */
    private void drain(Plan plan, MemorySegment slots, int thread, int use, Device.Fence[] queued, int[] chunkIn,
                       long[] dst, int dstIndex) {
        if (queued[use] == null) {
            return;
        }
        awaitAndClose(queued, use);
        int c = chunkIn[use];
        MemorySegment.copy(slot(slots, thread, use, plan.size(c)), LE_LONG, 0, dst, dstIndex + (int) plan.start(c),
                plan.size(c));
    }

    private MemorySegment slot(MemorySegment slots, int thread, int use, int longs) {
        return slots.asSlice(8L * chunkLongs * (thread * SLOTS_PER_THREAD + use), 8L * longs);
    }

    private static void awaitAndClose(Device.Fence[] queued, int use) {
        Device.Fence f = queued[use];
        if (f != null) {
            queued[use] = null;
            try {
                f.await();
            } finally {
                f.close();
            }
        }
    }

    private static void closeAll(Device.Fence[] queued) {
        for (int i = 0; i < queued.length; i++) {
            if (queued[i] != null) {
                Device.Fence f = queued[i];
                queued[i] = null;
                f.close();
            }
        }
    }

    /** The chunks of one copy, handed out in order to whichever thread asks next; stops after a failure. */
    private static final class Plan {
        private final int[] sizes;
        private final long[] starts;
        private final AtomicInteger next = new AtomicInteger();
        private volatile boolean failed;

        Plan(int[] sizes) {
            this.sizes = sizes;
            this.starts = new long[sizes.length];
            for (int k = 1; k < sizes.length; k++) {
                starts[k] = starts[k - 1] + sizes[k - 1];
            }
        }

        /** The next chunk, or −1 when all are taken or a thread has failed. */
        int claim() {
            if (failed) {
                return -1;
            }
            int c = next.getAndIncrement();
            return c < sizes.length ? c : -1;
        }

        int size(int c) {
            return sizes[c];
        }

        long start(int c) {
            return starts[c];
        }
    }

    private interface PerThread {
        void run(int thread);
    }

    /**
     * Runs {@code body(t)} on min(threads, chunks) threads, t = 0 on the caller; returns after every one has ended.
     * If one throws, the plan stops the others, the device is waited for (what they queued may still be running),
     * and the first error is thrown with the later ones suppressed.
     */
    private void onEveryThread(Plan plan, PerThread body) {
        int n = Math.min(threads, plan.sizes.length);
        List<Future<?>> others = new ArrayList<>();
        Throwable failure = null;
        try {
            for (int t = 1; t < n; t++) {
                int thread = t;
                others.add(workers().submit(() -> {
                    try {
                        body.run(thread);
                    } catch (RuntimeException | Error e) {
                        plan.failed = true;
                        throw e;
                    }
                }));
            }
            body.run(0);
        } catch (RuntimeException | Error e) {
            plan.failed = true;
            failure = e;
        }
        boolean interrupted = false;
        for (Future<?> f : others) {
            while (true) { // the workers must have ended before the slots are reused: wait through interrupts
                try {
                    f.get();
                    break;
                } catch (ExecutionException e) {
                    failure = first(failure, e.getCause());
                    break;
                } catch (InterruptedException e) {
                    interrupted = true;
                    plan.failed = true;
                }
            }
        }
        if (interrupted) {
            Thread.currentThread().interrupt();
            failure = first(failure, new IllegalStateException("interrupted during a staged copy on "
                    + device.name()));
        }
        if (failure != null) {
            try {
                device.synchronize();
            } catch (RuntimeException e) {
                failure.addSuppressed(e);
            }
            if (failure instanceof RuntimeException r) {
                throw r;
            }
            if (failure instanceof Error err) {
                throw err;
            }
            throw new IllegalStateException("staged copy on " + device.name() + " failed", failure);
        }
    }

    private static Throwable first(Throwable failure, Throwable next) {
        if (failure == null) {
            return next;
        }
        if (failure != next) {
            failure.addSuppressed(next);
        }
        return failure;
    }

    /**
     * Chunk sizes (longs) of a copy of {@code longs}: {@code first}, 2·first, 4·first… up to {@code max} from the
     * front, the same ramp mirrored at the back, {@code max}-sized chunks between; every size in (0, max], the sum
     * is {@code longs} (no chunk for 0).
     */
    static int[] chunks(int longs, int first, int max) {
        List<Integer> head = new ArrayList<>();
        List<Integer> tail = new ArrayList<>();
        int left = longs;
        for (int size = Math.min(first, max); size < max && left > 0; size = Math.min(max, 2 * size)) {
            int h = Math.min(size, left);
            head.add(h);
            left -= h;
            if (left > 0) {
                int t = Math.min(size, left);
                tail.add(t);
                left -= t;
            }
        }
        while (left > 0) {
            int c = Math.min(max, left);
            head.add(c);
            left -= c;
        }
        for (int i = tail.size() - 1; i >= 0; i--) {
            head.add(tail.get(i));
        }
        return head.stream().mapToInt(Integer::intValue).toArray();
    }

    private MemorySegment slots() {
        if (closed) {
            throw new IllegalStateException("copy pipeline of " + device.name() + " is closed");
        }
        if (pinned == null) {
            pinned = device.allocatePinned(pinnedBytes());
        }
        return pinned.segment();
    }

    private synchronized ThreadPoolExecutor workers() {
        if (workers == null) {
            String prefix = THREAD_PREFIX + device.name() + " #";
            // the factory also runs on a worker that replaces itself, hence the concurrent set
            workers = new ThreadPoolExecutor(threads - 1, threads - 1, 30, TimeUnit.SECONDS,
                    new LinkedBlockingQueue<>(), r -> {
                        Thread t = new Thread(() -> {
                            try {
                                r.run();
                            } finally {
                                live.remove(Thread.currentThread());
                            }
                        }, prefix + named.incrementAndGet());
                        t.setDaemon(true);
                        live.add(t);
                        return t;
                    });
            workers.allowCoreThreadTimeOut(true);
        }
        return workers;
    }

    /** The worker threads alive now (leak checks). */
    List<Thread> workerThreads() {
        return List.copyOf(live);
    }

    /** Frees the pinned slots and ends the worker threads (waits for them); idempotent. */
    @Override
    public synchronized void close() {
        closed = true;
        try {
            if (workers != null) {
                workers.shutdownNow();
                for (Thread t : List.copyOf(live)) {
                    try {
                        t.join();
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                        break;
                    }
                }
                workers = null;
            }
        } finally {
            if (pinned != null) {
                pinned.close();
                pinned = null;
            }
        }
    }
}
