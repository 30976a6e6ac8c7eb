package jzk.tornado.bls;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.lang.reflect.Method;
import java.nio.ByteOrder;
import jzk.tornado.api.Device;

/**
 * The few device operations the BLS12-381 host code needs: allocate int buffers, copy to and from them, launch
 * a kernel (a {@code public static void} method, see docs/ARCHITECTURE.md, named by method reference:
 * {@code jzk.tornado.api.Kernels.of(FieldKernels::frMulSub)}) on a 1-D grid. Implemented by
 * {@link DeviceHost}, an adapter over any device of the project runtime: CUDA, OpenCL, or the jvm device
 * ({@link DeviceHosts#jvm()}), which runs the kernels as Java with real work-groups and barriers and is the
 * reference every GPU result is compared with.
 *
 * <p>Invariants: launches and copies on one host run in submission order; {@link #read} returns only after
 * every earlier launch finished; the {@code write}s return once the source array may be changed again. Kernel
 * arguments are {@link Integer}, {@link Long} or {@link Buffer} (passed to the kernel as its {@code int[]}
 * parameter).
 */
public interface KernelHost extends AutoCloseable {

    /** A device buffer of {@code ints} 32-bit words. */
    interface Buffer extends AutoCloseable {
        long ints();

        @Override
        void close();
    }

    /** A short name for tables ("jvm", "cuda:0", "opencl:pocl"...). */
    String name();

    Buffer allocate(long ints);

    /** Copies {@code src[0..len)} into the buffer at int offset {@code dstOffset}. */
    void write(Buffer dst, long dstOffset, int[] src, int len);

    /**
     * Copies {@code longs} 64-bit words {@code src[srcIndex…]} into the buffer at int offset {@code dstOffset} as
     * {@code 2·longs} ints, low half first ({@link Layout#split}). Little-endian 64-bit limbs and little-endian
     * 32-bit limbs are the same bytes, so a device host can copy the array as it is, without an {@code int[]}
     * (scalars and bases go to the device in one pass). This default converts in chunks of 2^20 longs through
     * {@link #write(Buffer, long, int[], int)}.
     */
    default void write(Buffer dst, long dstOffset, long[] src, int srcIndex, int longs) {
        java.util.Objects.checkFromIndexSize(srcIndex, longs, src.length);
        int chunk = 1 << 20;
        int[] tmp = new int[2 * Math.min(chunk, longs)];
        for (int done = 0; done < longs; done += chunk) {
            int k = Math.min(chunk, longs - done);
            Layout.split(src, srcIndex + done, tmp, 0, k);
            write(dst, dstOffset + 2L * done, tmp, 2 * k);
        }
    }

    /** Copies {@code len} ints from the buffer at {@code srcOffset} into {@code dst[0..len)}. */
    void read(Buffer src, long srcOffset, int[] dst, int len);

    /**
     * The inverse of {@link #write(Buffer, long, long[], int, int)}: {@code 2·longs} ints from int offset
     * {@code srcOffset} into {@code dst[dstIndex…]} as {@code longs} 64-bit words ({@link Layout#join}). This
     * default converts in chunks of 2^20 longs through {@link #read(Buffer, long, int[], int)}.
     */
    default void read(Buffer src, long srcOffset, long[] dst, int dstIndex, int longs) {
        java.util.Objects.checkFromIndexSize(dstIndex, longs, dst.length);
        int chunk = 1 << 20;
        int[] tmp = new int[2 * Math.min(chunk, longs)];
        for (int done = 0; done < longs; done += chunk) {
            int k = Math.min(chunk, longs - done);
            read(src, srcOffset + 2L * done, tmp, 2 * k);
            Layout.join(tmp, 0, dst, dstIndex + done, k);
        }
    }

    /** Launches {@code kernel} on {@code globalSize} work-items in groups of {@code localSize}. */
    void launch(Method kernel, int globalSize, int localSize, Object... args);

    /**
     * The largest work-group size {@code kernel} can be launched with on this host: the device maximum, or less
     * where the compiled kernel's register or local-memory use lowers it (NVIDIA OpenCL reports 256 for the NTT
     * pass kernel). Default: no limit.
     */
    default int maxLocalSize(Method kernel) {
        return Integer.MAX_VALUE;
    }

    /** Waits for every launch submitted so far. */
    void finish();

    /**
     * Host memory that this host's device copies from and to at full speed ({@link Device#allocatePinned}: CUDA
     * page-locked memory), zero-filled, freed by closing the holder. This default: plain native memory.
     */
    default Device.HostMemory allocateHost(long bytes) {
        Arena arena = Arena.ofShared();
        MemorySegment m = arena.allocate(Math.max(1, bytes), 16);
        return new Device.HostMemory() {
            @Override
            public MemorySegment segment() {
                return m.asSlice(0, bytes);
            }

            @Override
            public void close() {
                arena.close();
            }
        };
    }

    /**
     * A queue of copies between host memory and this host's buffers that runs beside its launches (a second CUDA
     * stream or OpenCL queue): its copies are ordered among themselves, and against the launches only where
     * {@link CopyQueue#afterLaunches()} / {@link CopyQueue#beforeLaunches()} say so. This default copies at once,
     * through {@link #write(Buffer, long, int[], int)} and {@link #read(Buffer, long, int[], int)} (whose order with
     * launches is submission order): correct, without the overlap.
     */
    default CopyQueue copyQueue() {
        return new SerialCopies(this);
    }

    /**
     * Copies between host memory and buffers, queued beside a host's launches ({@link #copyQueue()}). Host and buffer
     * share one layout: a row copy moves bytes {@code [offset + r·pitch, + width)} for r < rows between the same
     * offsets of both (a column block of a row-major matrix of {@code pitch}-byte rows). Offsets, pitch and width are
     * multiples of 4 (whole ints). Host memory must stay valid and unchanged (written: unread) until {@link #finish()}.
     */
    interface CopyQueue extends AutoCloseable {
        /** Queues host → buffer copies of {@code rows} rows of {@code width} bytes. */
        void writeRows(Buffer dst, MemorySegment src, long offset, long pitch, long width, long rows);

        /** Queues buffer → host copies of {@code rows} rows of {@code width} bytes. */
        void readRows(Buffer src, MemorySegment dst, long offset, long pitch, long width, long rows);

        /** Copies queued from now on start after every launch submitted to the host so far. */
        void afterLaunches();

        /** Launches submitted to the host from now on start after every copy queued here so far. */
        void beforeLaunches();

        /** Waits until every copy queued so far has finished (and reports their errors). */
        void finish();

        /** Waits for the queued copies and releases the queue. */
        @Override
        void close();
    }

    /** {@link #copyQueue()}'s default: each row copied at once through the host's {@code int[]} copies. */
    final class SerialCopies implements CopyQueue {
        private static final ValueLayout.OfInt LE_INT = ValueLayout.JAVA_INT_UNALIGNED.withOrder(ByteOrder.LITTLE_ENDIAN);
        private final KernelHost host;

        SerialCopies(KernelHost host) {
            this.host = host;
        }

        @Override
        public void writeRows(Buffer dst, MemorySegment src, long offset, long pitch, long width, long rows) {
            check(dst, src, offset, pitch, width, rows);
            int[] row = new int[(int) (width / 4)];
            for (long r = 0; r < rows; r++) {
                long o = offset + r * pitch;
                MemorySegment.copy(src, LE_INT, o, row, 0, row.length);
                host.write(dst, o / 4, row, row.length);
            }
        }

        @Override
        public void readRows(Buffer src, MemorySegment dst, long offset, long pitch, long width, long rows) {
            check(src, dst, offset, pitch, width, rows);
            int[] row = new int[(int) (width / 4)];
            for (long r = 0; r < rows; r++) {
                long o = offset + r * pitch;
                host.read(src, o / 4, row, row.length);
                MemorySegment.copy(row, 0, dst, LE_INT, o, row.length);
            }
        }

        private static void check(Buffer b, MemorySegment m, long offset, long pitch, long width, long rows) {
            if (((offset | pitch | width) & 3) != 0 || width > Integer.MAX_VALUE) {
                throw new IllegalArgumentException("row copy offset " + offset + ", pitch " + pitch + ", width "
                        + width + ": not whole ints");
            }
            Device.checkRows(m.byteSize(), 4 * b.ints(), offset, pitch, width, rows);
        }

        @Override
        public void afterLaunches() {
        }

        @Override
        public void beforeLaunches() {
        }

        @Override
        public void finish() {
        }

        @Override
        public void close() {
        }
    }

    @Override
    void close();
}
