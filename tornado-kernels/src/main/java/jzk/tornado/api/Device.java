package jzk.tornado.api;

import java.lang.foreign.MemorySegment;
import java.lang.reflect.Method;

/**
 * One compute device (a CUDA GPU, an OpenCL device, or the jvm reference device), the low-level API that host code
 * of multi-kernel pipelines uses with data kept resident between launches.
 *
 * <p>Ordering: launches and asynchronous copies issued on a device run in issue order on its single in-order
 * stream / queue; the blocking copies to and from Java arrays and {@link MemorySegment}s wait for all earlier
 * work first. {@link #synchronize()} waits for everything issued so far. Offsets and sizes of device memory are
 * in bytes; offsets and counts into Java arrays are in elements.
 *
 * <p>Thread safety: every method may be called from any thread; a CUDA device makes its context current on
 * each call path. Work issued from several threads is serialised onto the one stream in call order.
 */
public interface Device extends AutoCloseable {
    /** The address: {@code cuda:N}, {@code opencl:P:D} or {@code jvm}. */
    default String name() {
        return info().name();
    }

    /** Static properties of the device. */
    DeviceInfo info();

    /** Allocates zero-filled device memory. */
    DeviceBuffer allocate(long bytes);

    /**
     * Bytes of the buffers allocated on this device (and its stream views) and not yet freed: counted at
     * {@link #allocate} and {@link DeviceBuffer#close()}, so it excludes what the driver keeps for itself (CUDA
     * context, modules: a few hundred MiB).
     */
    long allocatedBytes();

    /** The highest {@link #allocatedBytes()} since the device was opened (high-water mark, exact: not sampled). */
    long peakAllocatedBytes();

    /** Copies {@code count} longs from {@code src[srcIndex..]} to {@code dst} at {@code dstOffsetBytes}; blocking. */
    void copyToDevice(long[] src, int srcIndex, DeviceBuffer dst, long dstOffsetBytes, int count);

    /** Copies {@code count} ints from {@code src[srcIndex..]} to {@code dst} at {@code dstOffsetBytes}; blocking. */
    void copyToDevice(int[] src, int srcIndex, DeviceBuffer dst, long dstOffsetBytes, int count);

    /** Copies all of {@code src} (host memory) to {@code dst} at {@code dstOffsetBytes}; blocking. */
    void copyToDevice(MemorySegment src, DeviceBuffer dst, long dstOffsetBytes);

    /** Copies {@code count} longs from {@code src} at {@code srcOffsetBytes} into {@code dst[dstIndex..]}; blocking. */
    void copyToHost(DeviceBuffer src, long srcOffsetBytes, long[] dst, int dstIndex, int count);

    /** Copies {@code count} ints from {@code src} at {@code srcOffsetBytes} into {@code dst[dstIndex..]}; blocking. */
    void copyToHost(DeviceBuffer src, long srcOffsetBytes, int[] dst, int dstIndex, int count);

    /** Fills all of {@code dst} (host memory) from {@code src} at {@code srcOffsetBytes}; blocking. */
    void copyToHost(DeviceBuffer src, long srcOffsetBytes, MemorySegment dst);

    /**
     * Queues a copy of {@code src} to the device without waiting. {@code src} must stay valid and unchanged until
     * the next {@link #synchronize()}; it should be {@link #allocatePinned(long) pinned} memory for a truly
     * asynchronous CUDA copy. Devices without asynchronous copies copy at once.
     */
    default void copyToDeviceAsync(MemorySegment src, DeviceBuffer dst, long dstOffsetBytes) {
        copyToDevice(src, dst, dstOffsetBytes);
    }

    /** Queues a copy into {@code dst} without waiting; {@code dst} is filled only after {@link #synchronize()}. */
    default void copyToHostAsync(DeviceBuffer src, long srcOffsetBytes, MemorySegment dst) {
        copyToHost(src, srcOffsetBytes, dst);
    }

    /**
     * Queues a copy of {@code rows} rows of {@code widthBytes} bytes from host memory to the device without waiting: row
     * r is {@code src[offsetBytes + r·pitchBytes, + widthBytes)} and lands at the same offset of {@code dst}, so host and
     * device hold one layout (a column block of a row-major matrix of {@code pitchBytes}-byte rows). {@code src} must
     * stay valid and unchanged until the copy is done ({@link #synchronize()} or a {@link #fence()} after it); pinned
     * memory ({@link #allocatePinned}) for a truly asynchronous copy. The default copies row by row through
     * {@link #copyToDeviceAsync(MemorySegment, DeviceBuffer, long)}; CUDA: one {@code cuMemcpy2DAsync}, OpenCL: one
     * {@code clEnqueueWriteBufferRect}.
     */
    default void copyRowsToDeviceAsync(MemorySegment src, DeviceBuffer dst, long offsetBytes, long pitchBytes,
                                       long widthBytes, long rows) {
        checkRows(src.byteSize(), dst.byteSize(), offsetBytes, pitchBytes, widthBytes, rows);
        for (long r = 0; r < rows; r++) {
            long o = offsetBytes + r * pitchBytes;
            copyToDeviceAsync(src.asSlice(o, widthBytes), dst, o);
        }
    }

    /**
     * The reverse of {@link #copyRowsToDeviceAsync}: rows of {@code src} at {@code offsetBytes + r·pitchBytes} into
     * the same offsets of host memory {@code dst}, queued; {@code dst} holds them only once the copy is done.
     */
    default void copyRowsToHostAsync(DeviceBuffer src, MemorySegment dst, long offsetBytes, long pitchBytes,
                                     long widthBytes, long rows) {
        checkRows(dst.byteSize(), src.byteSize(), offsetBytes, pitchBytes, widthBytes, rows);
        for (long r = 0; r < rows; r++) {
            long o = offsetBytes + r * pitchBytes;
            copyToHostAsync(src, o, dst.asSlice(o, widthBytes));
        }
    }

    /**
     * Checks a row copy's rectangle against both sides: {@code 0 ≤ offset}, {@code 0 < width ≤ pitch} (one row: any
     * width), and the last row's end within both (an end beyond 2^63 - 1 does not fit). Throws
     * {@link IllegalArgumentException} naming the numbers.
     */
    static void checkRows(long hostBytes, long deviceBytes, long offsetBytes, long pitchBytes, long widthBytes,
                          long rows) {
        long end;
        try {
            end = rows <= 0 ? 0 : Math.addExact(offsetBytes, Math.addExact(Math.multiplyExact(rows - 1, pitchBytes),
                    widthBytes));
        } catch (ArithmeticException overflow) {
            end = Long.MAX_VALUE;
        }
        if (offsetBytes < 0 || widthBytes <= 0 || rows <= 0 || (rows > 1 && widthBytes > pitchBytes)
                || end > hostBytes || end > deviceBytes) {
            throw new IllegalArgumentException("row copy of " + rows + " rows × " + widthBytes + " bytes, pitch "
                    + pitchBytes + ", at offset " + offsetBytes + " does not fit host memory of " + hostBytes
                    + " bytes and a device buffer of " + deviceBytes);
        }
    }

    /**
     * Makes the work issued on this stream from now on wait, on the device, for the work marked by {@code fence}
     * (a fence of another stream of the same device: CUDA {@code cuStreamWaitEvent}, OpenCL a barrier with the
     * marker in its wait list); the calling thread does not wait. The fence may be closed right after. The default
     * waits on the host ({@link Fence#await()}): the same order, without the overlap of this stream's earlier work.
     * CUDA and OpenCL devices take only fences of their own streams ({@link IllegalArgumentException} otherwise) and
     * throw {@link DeviceException} for a closed fence.
     */
    default void waitFor(Fence fence) {
        fence.await();
    }

    /** Queues a copy of {@code bytes} bytes between two buffers of this device. */
    void copy(DeviceBuffer src, long srcOffsetBytes, DeviceBuffer dst, long dstOffsetBytes, long bytes);

    /**
     * Host memory the device can copy from and to at full speed (CUDA page-locked memory); plain native memory
     * elsewhere. Zero-filled; released by closing the returned holder.
     */
    HostMemory allocatePinned(long bytes);

    /**
     * Bytes of {@link #allocatePinned(long)} memory handed out by this device (and its stream views) and not yet
     * closed, for leak checks; 0 on a device that does not track it.
     */
    default long pinnedBytes() {
        return 0;
    }

    /** The kernel compiled from a Java kernel method for this device; cached per device and method. */
    DeviceKernel kernel(Method kernelMethod);

    /** A kernel from hand-written or JIT-produced source; throws {@link DeviceException} with the build log. */
    DeviceKernel kernelFromSource(KernelSource source);

    /**
     * Queues one 1-D launch of {@code globalSize} work-items in groups of {@code localSize}; {@code globalSize}
     * must be a multiple of {@code localSize}. Arguments follow the kernel's non-hidden, non-context
     * {@link DeviceKernel#params() params}: {@link Integer}, {@link Long}, {@link DeviceBuffer}, or a Java
     * {@code int[]}/{@code long[]}/{@link OffHeapIntArray}/{@link OffHeapLongArray}, which are copied in, and
     * copied back after the launch (the call then waits for the launch).
     */
    void launch(DeviceKernel kernel, long globalSize, int localSize, Object... args);

    /** Like {@link #launch} but waits for it and returns the device-measured time of the kernel in nanoseconds. */
    long launchTimed(DeviceKernel kernel, long globalSize, int localSize, Object... args);

    /** Waits until all work issued on this device has finished. */
    void synchronize();

    /**
     * Marks the work issued on this device's stream so far: {@link Fence#await()} waits for that work only, not
     * for what is issued after the mark (CUDA event / OpenCL marker), so a host can wait for one of several queued
     * copies while the later ones run. The default waits for everything ({@link #synchronize()}): correct, but
     * without the overlap.
     */
    default Fence fence() {
        return new Fence() {
            @Override
            public void await() {
                synchronize();
            }

            @Override
            public void close() {
            }
        };
    }

    /**
     * Starts a timed span on the device's stream (CUDA event / OpenCL marker); {@link Span#stopNanos()} waits for
     * the work issued in between and returns its device-measured duration.
     */
    Span startSpan();

    /**
     * Another in-order stream (CUDA) / command queue (OpenCL) on this device, for a thread that should not wait
     * for the work of others: the returned device shares this one's memory (buffers of either work with both),
     * kernels and context, but its copies and launches are ordered only among themselves and may overlap with work
     * on other streams; order across streams only by {@link #synchronize()} on each. Its {@link #close()} releases
     * just the stream. On the jvm device (synchronous anyway) it is a view without a stream of its own.
     */
    Device openStream();

    /**
     * Releases kernels, streams and contexts. Buffers still open are freed too, and streams opened from this
     * device are closed. For a device from {@link #openStream()} only its stream is released.
     */
    @Override
    void close();

    /** A timed span of device work. */
    interface Span {
        /** Marks the end, waits for it and returns the elapsed nanoseconds; call once. */
        long stopNanos();
    }

    /**
     * A mark on a device's stream from {@link #fence()}: {@link #await()} waits until the work issued before the
     * mark has finished (and reports its errors); {@link #close()} releases the mark (awaited or not), once.
     */
    interface Fence extends AutoCloseable {
        void await();

        @Override
        void close();
    }

    /** Host memory from {@link #allocatePinned(long)}; {@link #close()} frees it once. */
    interface HostMemory extends AutoCloseable {
        MemorySegment segment();

        @Override
        void close();
    }
}
