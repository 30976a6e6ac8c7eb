package jzk.tornado.bls;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.lang.reflect.Method;
import java.nio.ByteOrder;
import java.util.Objects;
import java.util.stream.IntStream;
import jzk.tornado.api.Device;
import jzk.tornado.api.DeviceBuffer;
import jzk.tornado.api.DeviceKernel;
import jzk.tornado.api.DeviceKind;
import jzk.tornado.config.RuntimeConfig;

/**
 * A {@link KernelHost} over one device of the project runtime ({@code cuda:N}, {@code opencl:P:D}, {@code jvm}):
 * buffers are {@link DeviceBuffer}s, kernels are compiled by the runtime's JIT (cached per device and method).
 * Does not close the device: devices of {@code jzk.tornado.runtime.Devices} are shared for the life of the JVM.
 *
 * <p>Large {@code long[]} writes and reads go through a {@link CopyPipeline} (pinned slots, host threads, both
 * allocated on first use and freed by {@link #close()}): the host pass (≈ memory bandwidth) and the PCIe copy
 * (≈ 50 GB/s pinned on an H200, ≈ 6 GB/s from pageable memory on NVIDIA OpenCL) overlap, and no zero-filled
 * temporary of the full size is made. {@code jzk.copy.threads} sets the host threads, {@code jzk.copy.chunkMiB}
 * the chunk (slot) size; {@code jzk.copy.threads=0} keeps the session-6 copy (two halves of {@link #STAGE_BYTES}, the
 * common pool, whole-stream waits) for the H200 A/B. The {@code long[]} copies of one host are serialised (they
 * share the staging memory). On the jvm device, whose memory is the Java heap, every copy is the device's own
 * one-pass copy (staging would only add a pass).
 *
 * <p>Over the jvm device ({@link DeviceHosts#jvm()}) this host is the reference twin of every GPU run: the
 * kernels run as Java with real work-groups and barriers, barrier-free work-groups one work-item after another.
 */
public final class DeviceHost implements KernelHost {
    /** Session-6 copy ({@code jzk.copy.threads=0}): bytes per staging half, 32 MiB. */
    static final long STAGE_BYTES = 32L << 20;
    /** Writes up to this many longs go through the device's own (unpinned, one-shot) copy. */
    private static final int DIRECT_LONGS = 1 << 17;
    /** Longs of the first chunk of a staged write (the last of a read): 2 MiB, see {@link #chunks}. */
    static final int FIRST_CHUNK_LONGS = 1 << 18;
    /** Longs of the first (and last) chunk of a {@link CopyPipeline} copy: 256 KiB, ≈ 5 µs of PCIe. */
    static final int PIPELINE_FIRST_LONGS = 1 << 15;
    /** Longs per fill task: 1 MiB, so 32 tasks per half keep every core busy. */
    private static final int FILL_LONGS = 1 << 17;
    private static final ValueLayout.OfLong LE_LONG = ValueLayout.JAVA_LONG.withOrder(ByteOrder.LITTLE_ENDIAN);

    private final Device device;
    private final String label;
    /** Whether large {@code long[]} copies go through pinned staging (not on the jvm device). */
    private final boolean staged;
    /** Host threads of a staged copy; 0: the session-6 two-halves copy ({@link #writeHalves}). */
    private final int copyThreads;
    /** Longs per chunk (pinned slot) of the {@link CopyPipeline}. */
    private final int chunkLongs;
    private Device.HostMemory staging;
    private CopyPipeline pipeline;

    /** A host with the copy settings of {@link RuntimeConfig} ({@code jzk.copy.threads}, {@code jzk.copy.chunkMiB}). */
    public DeviceHost(Device device) {
        this(device, RuntimeConfig.get().copyThreads(), RuntimeConfig.get().copyChunkMiB() << 17);
    }

    /**
     * A host whose staged copies use {@code copyThreads} threads (0: the session-6 copy) and chunks of at most
     * {@code chunkLongs} (tests and the copy benchmark, which compare settings in one process).
     */
    public DeviceHost(Device device, int copyThreads, int chunkLongs) {
        this.device = device;
        var info = device.info();
        this.label = info.name() + " (" + info.deviceName().trim() + ")";
        this.staged = info.kind() != DeviceKind.JVM;
        this.copyThreads = copyThreads;
        this.chunkLongs = chunkLongs;
    }

    public Device device() {
        return device;
    }

    private record Buf(DeviceBuffer buffer, long ints) implements Buffer {
        @Override
        public void close() {
            buffer.close();
        }
    }

    @Override
    public String name() {
        return label;
    }

    @Override
    public String toString() {
        return label;
    }

    @Override
    public Buffer allocate(long ints) {
        return new Buf(device.allocate(Math.max(1, ints) * 4), ints);
    }

    @Override
    public void write(Buffer dst, long dstOffset, int[] src, int len) {
        device.copyToDevice(src, 0, ((Buf) dst).buffer, dstOffset * 4, len);
    }

    @Override
    public synchronized void write(Buffer dst, long dstOffset, long[] src, int srcIndex, int longs) {
        Objects.checkFromIndexSize(srcIndex, longs, src.length);
        Buf b = checkRange((Buf) dst, dstOffset, longs, "write");
        if (longs <= DIRECT_LONGS || !staged) {
            device.copyToDevice(src, srcIndex, b.buffer, dstOffset * 4, longs);
        } else if (copyThreads > 0) {
            pipeline().write(src, srcIndex, b.buffer, dstOffset * 4, longs);
        } else {
            writeHalves(b, dstOffset, src, srcIndex, longs);
        }
    }

    /** The session-6 write (kept for the H200 A/B, {@code jzk.copy.threads=0}): two halves, whole-stream waits. */
    private void writeHalves(Buf b, long dstOffset, long[] src, int srcIndex, int longs) {
        MemorySegment all = staging();
        int[] sizes = chunks(longs, false);
        for (int k = 0, done = 0; k < sizes.length; done += sizes[k], k++) {
            int count = sizes[k];
            MemorySegment half = all.asSlice((k & 1) * STAGE_BYTES, count * 8L);
            // half k−2's copy finished at the synchronize before copy k−1; copy k−1 (other half) may still run
            fill(half, src, srcIndex + done, count);
            if (k > 0) {
                device.synchronize();
            }
            device.copyToDeviceAsync(half, b.buffer, (dstOffset + 2L * done) * 4);
        }
        device.synchronize(); // the next copy refills the halves
    }

    /**
     * The mirror of {@link #write(Buffer, long, long[], int, int)}: chunks of the read are copied out of pinned
     * memory into {@code dst} while the next ones arrive.
     */
    @Override
    public synchronized void read(Buffer src, long srcOffset, long[] dst, int dstIndex, int longs) {
        Objects.checkFromIndexSize(dstIndex, longs, dst.length);
        Buf b = checkRange((Buf) src, srcOffset, longs, "read");
        if (longs <= DIRECT_LONGS || !staged) {
            device.copyToHost(b.buffer, srcOffset * 4, dst, dstIndex, longs);
        } else if (copyThreads > 0) {
            pipeline().read(b.buffer, srcOffset * 4, dst, dstIndex, longs);
        } else {
            readHalves(b, srcOffset, dst, dstIndex, longs);
        }
    }

    /** The session-6 read ({@code jzk.copy.threads=0}), the mirror of {@link #writeHalves}. */
    private void readHalves(Buf b, long srcOffset, long[] dst, int dstIndex, int longs) {
        MemorySegment all = staging();
        int[] sizes = chunks(longs, true);
        device.copyToHostAsync(b.buffer, srcOffset * 4, all.asSlice(0, sizes[0] * 8L));
        for (int k = 0, done = 0; k < sizes.length; done += sizes[k], k++) {
            device.synchronize(); // chunk k has arrived
            if (k + 1 < sizes.length) {
                // into the other half, which was drained in iteration k − 1
                int next = done + sizes[k];
                device.copyToHostAsync(b.buffer, (srcOffset + 2L * next) * 4,
                        all.asSlice(((k + 1) & 1) * STAGE_BYTES, sizes[k + 1] * 8L));
            }
            drain(all.asSlice((k & 1) * STAGE_BYTES, sizes[k] * 8L), dst, dstIndex + done, sizes[k]);
        }
    }

    /**
     * Chunk sizes (longs) of a session-6 staged copy of {@code longs}: doubling from {@link #FIRST_CHUNK_LONGS} up to a
     * staging half, so that the one step of a pipelined copy that nothing overlaps (the first fill of a write, the
     * last drain of a read) handles 2 MiB, not a whole 32 MiB half (≈ 2–3 ms of a host memory copy against 0.15);
     * {@code descending}: the same sizes in reverse order, small chunks last (a read). Sum = {@code longs}.
     */
    static int[] chunks(int longs, boolean descending) {
        int perHalf = (int) (STAGE_BYTES / 8);
        java.util.List<Integer> sizes = new java.util.ArrayList<>();
        for (int done = 0, size = FIRST_CHUNK_LONGS; done < longs; size = Math.min(perHalf, 2 * size)) {
            int c = Math.min(size, longs - done);
            sizes.add(c);
            done += c;
        }
        if (descending) {
            java.util.Collections.reverse(sizes);
        }
        return sizes.stream().mapToInt(Integer::intValue).toArray();
    }

    private Buf checkRange(Buf b, long offset, int longs, String what) {
        if (offset < 0 || offset + 2L * longs > Math.max(1, b.ints)) {
            throw new IllegalArgumentException(what + " of " + longs + " longs at int offset " + offset
                    + " overruns a buffer of " + b.ints + " ints on " + label);
        }
        return b;
    }

    private CopyPipeline pipeline() {
        if (pipeline == null) {
            pipeline = new CopyPipeline(device, copyThreads, chunkLongs, PIPELINE_FIRST_LONGS);
        }
        return pipeline;
    }

    private MemorySegment staging() {
        if (staging == null) {
            staging = device.allocatePinned(2 * STAGE_BYTES);
        }
        return staging.segment();
    }

    /** {@code dst ← src[from, from + count)} as little-endian longs, in parallel pieces. */
    private static void fill(MemorySegment dst, long[] src, int from, int count) {
        int pieces = (count + FILL_LONGS - 1) / FILL_LONGS;
        IntStream.range(0, pieces).parallel().forEach(p -> {
            int lo = p * FILL_LONGS;
            int len = Math.min(FILL_LONGS, count - lo);
            MemorySegment.copy(src, from + lo, dst, LE_LONG, lo * 8L, len);
        });
    }

    /** {@code dst[from, from + count) ← src} as little-endian longs, in parallel pieces. */
    private static void drain(MemorySegment src, long[] dst, int from, int count) {
        int pieces = (count + FILL_LONGS - 1) / FILL_LONGS;
        IntStream.range(0, pieces).parallel().forEach(p -> {
            int lo = p * FILL_LONGS;
            int len = Math.min(FILL_LONGS, count - lo);
            MemorySegment.copy(src, LE_LONG, lo * 8L, dst, from + lo, len);
        });
    }

    @Override
    public void read(Buffer src, long srcOffset, int[] dst, int len) {
        device.copyToHost(((Buf) src).buffer, srcOffset * 4, dst, 0, len);
    }

    @Override
    public void launch(Method kernel, int globalSize, int localSize, Object... args) {
        DeviceKernel k = device.kernel(kernel);
        Object[] a = new Object[args.length];
        for (int i = 0; i < args.length; i++) {
            a[i] = args[i] instanceof Buf b ? b.buffer : args[i];
        }
        if (KernelProfile.ENABLED) {
            device.synchronize();
            long t0 = System.nanoTime();
            device.launch(k, globalSize, localSize, a);
            device.synchronize();
            KernelProfile.record(kernel, args, System.nanoTime() - t0);
            return;
        }
        device.launch(k, globalSize, localSize, a);
    }

    /** Pinned memory of the device ({@link Device#allocatePinned}). */
    @Override
    public Device.HostMemory allocateHost(long bytes) {
        return device.allocatePinned(bytes);
    }

    /**
     * Copies on a stream of their own ({@link Device#openStream()}), row copies as one
     * {@link Device#copyRowsToDeviceAsync} / {@link Device#copyRowsToHostAsync} each, ordered against the launches by
     * fences the other stream waits for on the device ({@link Device#waitFor}). On the jvm device every copy is done at
     * once (its streams are views).
     */
    @Override
    public CopyQueue copyQueue() {
        Device stream = device.openStream();
        return new CopyQueue() {
            @Override
            public void writeRows(Buffer dst, MemorySegment src, long offset, long pitch, long width, long rows) {
                stream.copyRowsToDeviceAsync(src, ((Buf) dst).buffer, offset, pitch, width, rows);
            }

            @Override
            public void readRows(Buffer src, MemorySegment dst, long offset, long pitch, long width, long rows) {
                stream.copyRowsToHostAsync(((Buf) src).buffer, dst, offset, pitch, width, rows);
            }

            @Override
            public void afterLaunches() {
                order(device, stream);
            }

            @Override
            public void beforeLaunches() {
                order(stream, device);
            }

            @Override
            public void finish() {
                stream.synchronize();
            }

            @Override
            public void close() {
                stream.close();
            }
        };
    }

    /** Work issued on {@code later} from now on waits, on the device, for what {@code earlier} has issued so far. */
    private static void order(Device earlier, Device later) {
        try (Device.Fence f = earlier.fence()) {
            later.waitFor(f);
        }
    }

    @Override
    public int maxLocalSize(Method kernel) {
        return device.kernel(kernel).maxWorkGroupSize();
    }

    @Override
    public void finish() {
        device.synchronize();
    }

    /** Frees the staging memory and copy threads (not the device, which is shared). */
    @Override
    public synchronized void close() {
        if (pipeline != null) {
            pipeline.close();
            pipeline = null;
        }
        if (staging != null) {
            staging.close();
            staging = null;
        }
    }
}
