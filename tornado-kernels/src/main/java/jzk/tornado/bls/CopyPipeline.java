package jzk.tornado.bls;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.ByteOrder;
import java.util.ArrayDeque;
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
 * A {@code long[]} copy between the Java heap and device memory through {@link #SLOTS} slots of pinned host memory,
 * pipelined: chunk k is filled into slot k mod {@link #SLOTS} by {@code threads} host threads and queued to the
 * device, with a {@link Device.Fence} behind it, while the copies of the chunks before it still run; a slot is
 * refilled only after the fence of the chunk that used it last. A read is the mirror: {@link #SLOTS} chunks are
 * queued at once, and chunk k is drained into the array while chunks k+1… arrive. So the DMA engine always has
 * queued work (no gap for a host wait between two copies), and the host pass runs on several cores at once.
 *
 * <p>Chunks ({@link #chunks}) ramp up from {@code firstLongs} doubling to a slot, and down again at the end, so the
 * two steps nothing overlaps (the first host pass, the last DMA of a write; the first DMA, the last host pass of a
 * read) move a small chunk.
 *
 * <p>Owns the pinned slots (allocated on first use) and {@code threads − 1} worker threads (the caller is the
 * other; started on first use, stopped after 30 s idle); {@link #close()} frees both and waits for the workers to
 * end. A copy that fails (a closed buffer, a device error) waits for what it queued before it throws, so the slots
 * are never freed under a running DMA; it leaves no fence behind. Copies of one pipeline are serialised.
 */
public final class CopyPipeline implements AutoCloseable {
    /** Pinned slots in flight: enough that the copy engine always has a queued chunk while one slot is refilled. */
    public static final int SLOTS = 4;
    /** Host pieces are multiples of this many longs (4 KiB: a page). */
    private static final int PIECE_ALIGN = 512;
    /** Names of the worker threads start with this, then the device name (leak checks look for it). */
    static final String THREAD_PREFIX = "jzk-copy ";
    private static final ValueLayout.OfLong LE_LONG = ValueLayout.JAVA_LONG.withOrder(ByteOrder.LITTLE_ENDIAN);

    private final Device device;
    private final int threads;
    private final int slotLongs;
    private final int firstLongs;
    private Device.HostMemory pinned;
    private ThreadPoolExecutor workers;
    /** Worker threads alive (each removes itself when it ends: idle timeout or shutdown). */
    private final Set<Thread> live = ConcurrentHashMap.newKeySet();
    private final AtomicInteger named = new AtomicInteger();
    private boolean closed;

    /**
     * @param threads    host threads per heap ↔ pinned pass (≥ 1; 1: the calling thread alone)
     * @param slotLongs  longs per slot, the largest chunk
     * @param firstLongs longs of the first (and last) chunk, at most a slot
     */
    public CopyPipeline(Device device, int threads, int slotLongs, int firstLongs) {
        if (threads < 1 || slotLongs < 1 || firstLongs < 1) {
            throw new IllegalArgumentException("copy pipeline: threads " + threads + ", slot " + slotLongs
                    + " longs, first chunk " + firstLongs + " longs must all be ≥ 1");
        }
        this.device = Objects.requireNonNull(device);
        this.threads = threads;
        this.slotLongs = slotLongs;
        this.firstLongs = Math.min(firstLongs, slotLongs);
    }

    /** {@code dst[dstOffsetBytes, + 8·longs) ← src[srcIndex, + longs)} as little-endian longs; returns when done. */
    public synchronized void write(long[] src, int srcIndex, DeviceBuffer dst, long dstOffsetBytes, int longs) {
        Objects.checkFromIndexSize(srcIndex, longs, src.length);
        int[] sizes = chunks(longs, firstLongs, slotLongs);
        MemorySegment slots = slots();
        ArrayDeque<Device.Fence> queued = new ArrayDeque<>();
        try {
            long done = 0;
            for (int k = 0; k < sizes.length; done += sizes[k], k++) {
                if (k >= SLOTS) {
                    awaitOldest(queued); // chunk k − SLOTS, the last user of this slot
                }
                MemorySegment slot = slots.asSlice((long) (k % SLOTS) * slotLongs * 8, sizes[k] * 8L);
                fill(slot, src, srcIndex + (int) done, sizes[k]);
                device.copyToDeviceAsync(slot, dst, dstOffsetBytes + 8 * done);
                queued.add(device.fence());
            }
            while (!queued.isEmpty()) {
                awaitOldest(queued);
            }
        } catch (RuntimeException | Error e) {
            abandon(queued, e);
            throw e;
        }
    }

    /** {@code dst[dstIndex, + longs) ← src[srcOffsetBytes, + 8·longs)} read as little-endian longs. */
    public synchronized void read(DeviceBuffer src, long srcOffsetBytes, long[] dst, int dstIndex, int longs) {
        Objects.checkFromIndexSize(dstIndex, longs, dst.length);
        int[] sizes = chunks(longs, firstLongs, slotLongs);
        long[] starts = new long[sizes.length + 1];
        for (int k = 0; k < sizes.length; k++) {
            starts[k + 1] = starts[k] + sizes[k];
        }
        MemorySegment slots = slots();
        ArrayDeque<Device.Fence> queued = new ArrayDeque<>();
        try {
            for (int k = 0; k < Math.min(SLOTS, sizes.length); k++) {
                queueRead(slots, src, srcOffsetBytes, sizes, starts, k, queued);
            }
            for (int k = 0; k < sizes.length; k++) {
                awaitOldest(queued); // chunk k is in its slot
                MemorySegment slot = slots.asSlice((long) (k % SLOTS) * slotLongs * 8, sizes[k] * 8L);
                drain(slot, dst, dstIndex + (int) starts[k], sizes[k]);
                if (k + SLOTS < sizes.length) {
                    queueRead(slots, src, srcOffsetBytes, sizes, starts, k + SLOTS, queued);
                }
            }
        } catch (RuntimeException | Error e) {
            abandon(queued, e);
            throw e;
        }
    }

    private void queueRead(MemorySegment slots, DeviceBuffer src, long srcOffsetBytes, int[] sizes, long[] starts,
                           int k, ArrayDeque<Device.Fence> queued) {
        MemorySegment slot = slots.asSlice((long) (k % SLOTS) * slotLongs * 8, sizes[k] * 8L);
        device.copyToHostAsync(src, srcOffsetBytes + 8 * starts[k], slot);
        queued.add(device.fence());
    }

    private static void awaitOldest(ArrayDeque<Device.Fence> queued) {
        Device.Fence f = queued.poll();
        try {
            f.await();
        } finally {
            f.close();
        }
    }

    /**
     * After a failure: waits for everything queued (the slots must not be reused or freed under a DMA) and
     * releases the fences; errors on the way are attached to {@code cause}.
     */
    private void abandon(ArrayDeque<Device.Fence> queued, Throwable cause) {
        try {
            device.synchronize();
        } catch (RuntimeException e) {
            cause.addSuppressed(e);
        }
        for (Device.Fence f : queued) {
            try {
                f.close();
            } catch (RuntimeException e) {
                cause.addSuppressed(e);
            }
        }
        queued.clear();
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

    /** {@code dst ← src[from, from + count)} as little-endian longs, split over the pipeline's threads. */
    public void fill(MemorySegment dst, long[] src, int from, int count) {
        inPieces(count, (lo, len) -> MemorySegment.copy(src, from + lo, dst, LE_LONG, lo * 8L, len));
    }

    /** {@code dst[from, from + count) ← src} as little-endian longs, split over the pipeline's threads. */
    public void drain(MemorySegment src, long[] dst, int from, int count) {
        inPieces(count, (lo, len) -> MemorySegment.copy(src, LE_LONG, lo * 8L, dst, from + lo, len));
    }

    private interface Piece {
        void run(int lo, int len);
    }

    /**
     * Runs {@code piece} over [0, count) in up to {@code threads} aligned pieces, the first on the calling thread;
     * returns after every piece has ended (also when one throws: no piece still writes after the return).
     */
    private void inPieces(int count, Piece piece) {
        int size = (int) Math.min(count, (long) Math.ceilDiv(Math.ceilDiv(count, threads), PIECE_ALIGN) * PIECE_ALIGN);
        if (threads == 1 || size >= count) {
            piece.run(0, count);
            return;
        }
        ThreadPoolExecutor pool = workers();
        List<Future<?>> others = new ArrayList<>();
        RuntimeException failure = null;
        try {
            for (int lo = size; lo < count; lo += size) {
                int l = lo;
                int len = Math.min(size, count - lo);
                others.add(pool.submit(() -> piece.run(l, len)));
            }
            piece.run(0, size);
        } catch (RuntimeException e) {
            failure = e;
        }
        for (Future<?> f : others) {
            try {
                f.get();
            } catch (ExecutionException e) {
                RuntimeException r = e.getCause() instanceof RuntimeException re ? re
                        : new IllegalStateException("copy piece failed", e.getCause());
                if (failure == null) {
                    failure = r;
                } else {
                    failure.addSuppressed(r);
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                f.cancel(true);
                if (failure == null) {
                    failure = new IllegalStateException("interrupted during a staged copy on " + device.name());
                }
            }
        }
        if (failure != null) {
            throw failure;
        }
    }

    private MemorySegment slots() {
        if (closed) {
            throw new IllegalStateException("copy pipeline of " + device.name() + " is closed");
        }
        if (pinned == null) {
            pinned = device.allocatePinned((long) SLOTS * slotLongs * 8);
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
