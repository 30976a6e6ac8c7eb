package jzk.tornado.runtime.backend;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;

import jzk.tornado.api.Device;
import jzk.tornado.api.DeviceBuffer;
import jzk.tornado.api.DeviceException;
import jzk.tornado.api.DeviceInfo;
import jzk.tornado.api.DeviceKernel;
import jzk.tornado.api.KernelParam;
import jzk.tornado.api.KernelSource;
import jzk.tornado.api.OffHeapIntArray;
import jzk.tornado.api.OffHeapLongArray;
import jzk.tornado.progress.Progress;
import jzk.tornado.progress.Timings;

/**
 * Base of the CUDA and OpenCL devices: turns launch arguments into device values following the kernel's
 * {@link KernelParam} list (Java arrays are staged through temporary buffers and copied back), and implements
 * array copies through native staging memory, so a backend provides only segment copies and a raw launch.
 */
public abstract class NativeDevice extends AbstractDevice {
    /** Pinned host memory handed out and not yet closed; shared by the root and its stream views. */
    private final List<HostMemory> pinned;

    protected NativeDevice(DeviceInfo info) {
        super(info);
        this.pinned = new CopyOnWriteArrayList<>();
    }

    /** A stream view of {@code root}. */
    protected NativeDevice(NativeDevice root) {
        super(root);
        this.pinned = root.pinned;
    }

    /** The source language this device loads. */
    protected abstract KernelSource.Language language();

    /** Throws unless this device is open and {@code source} is in its {@link #language()}. */
    protected void checkLoadable(KernelSource source) {
        checkOpen();
        if (source.language() != language()) {
            String loads = language() == KernelSource.Language.PTX ? "PTX" : "OpenCL C";
            throw new DeviceException(name() + " loads " + loads + ", not " + source.language() + " (kernel "
                    + source.entryName() + ")");
        }
    }

    /**
     * Hands out {@code segment} (already zeroed) as pinned host memory: {@code free} runs exactly once, when the
     * holder is closed by its user or by {@link #closePinned()} at device close, whichever comes first.
     */
    protected HostMemory trackPinned(MemorySegment segment, Runnable free) {
        AtomicBoolean freed = new AtomicBoolean();
        HostMemory holder = new HostMemory() {
            @Override
            public MemorySegment segment() {
                return segment;
            }

            @Override
            public void close() {
                if (freed.compareAndSet(false, true)) {
                    free.run();
                    pinned.remove(this);
                }
            }
        };
        pinned.add(holder);
        return holder;
    }

    @Override
    public long pinnedBytes() {
        return pinned.stream().mapToLong(h -> h.segment().byteSize()).sum();
    }

    /** Closes every pinned host memory still open (for the root's {@link #release()}). */
    protected void closePinned() {
        for (HostMemory h : pinned) {
            h.close();
        }
    }

    /**
     * JIT translation, then the driver's build, shown as one {@link Progress} task per kernel
     * ({@code compiling kernel #3 NttKernels.pass for opencl:0:0, 4 s}: a first PoCL build can take many seconds).
     */
    @Override
    protected DeviceKernel buildKernel(Method kernelMethod) {
        String what = "compiling kernel #" + buildCount.incrementAndGet() + " " + kernelMethod.getDeclaringClass()
                .getSimpleName() + "." + kernelMethod.getName() + " for " + name();
        try (Progress.Task progress = Progress.installed().start(what, 0, null)) {
            KernelSource src = JitBridge.compile(kernelMethod, this);
            try (Timings.Phase t = Timings.phase("kernel driver build (" + language() + " → device code)")) {
                return kernelFromSource(src);
            }
        }
    }

    /** Kernels this device has built (numbers the progress lines). */
    private final AtomicInteger buildCount = new AtomicInteger();

    // ---- segment copies the backends implement (range checks done here) ----

    protected abstract void write(AbstractBuffer dst, long dstOffsetBytes, MemorySegment src, boolean async);

    protected abstract void read(AbstractBuffer src, long srcOffsetBytes, MemorySegment dst, boolean async);

    protected abstract void copyOnDevice(AbstractBuffer src, long srcOffsetBytes, AbstractBuffer dst,
                                         long dstOffsetBytes, long bytes);

    /**
     * Queues a 2D copy of {@code rows} rows of {@code widthBytes} from native host memory {@code src} to {@code dst}
     * without waiting: row r of {@code src} at {@code srcOffsetBytes + r·srcPitchBytes} to {@code dstOffsetBytes +
     * r·dstPitchBytes} of {@code dst} ({@code rows > 1}, {@code widthBytes} at most either pitch, both ranges
     * checked); returns false, having queued nothing, if the backend's 2D copy cannot take these numbers (then the
     * rows are copied one by one).
     */
    protected abstract boolean writeRows(AbstractBuffer dst, long dstOffsetBytes, long dstPitchBytes,
                                         MemorySegment src, long srcOffsetBytes, long srcPitchBytes, long widthBytes,
                                         long rows);

    /** The reverse of {@link #writeRows}: rows of {@code src} into native host memory {@code dst}. */
    protected abstract boolean readRows(AbstractBuffer src, long srcOffsetBytes, long srcPitchBytes,
                                        MemorySegment dst, long dstOffsetBytes, long dstPitchBytes, long widthBytes,
                                        long rows);

    /**
     * Queues the kernel; {@code values[i]} is an {@link Integer}, {@link Long} or {@link AbstractBuffer} for param
     * i ({@code null} for CONTEXT). Returns elapsed device nanos if {@code timed} (then it waits), else -1.
     */
    protected abstract long enqueue(DeviceKernel kernel, long globalSize, int localSize, Object[] values, boolean timed);

    @Override
    public void copyToDevice(long[] src, int srcIndex, DeviceBuffer dst, long dstOffsetBytes, int count) {
        checkArrayRange(src.length, srcIndex, count, "copyToDevice(long[])");
        AbstractBuffer b = own(dst, AbstractBuffer.class, dstOffsetBytes, count * 8L, "copyToDevice(long[])");
        try (Arena a = Arena.ofConfined()) {
            MemorySegment s = a.allocate(ValueLayout.JAVA_LONG, Math.max(1, count));
            MemorySegment.copy(src, srcIndex, s, ValueLayout.JAVA_LONG, 0, count);
            write(b, dstOffsetBytes, s.asSlice(0, count * 8L), false);
        }
    }

    @Override
    public void copyToDevice(int[] src, int srcIndex, DeviceBuffer dst, long dstOffsetBytes, int count) {
        checkArrayRange(src.length, srcIndex, count, "copyToDevice(int[])");
        AbstractBuffer b = own(dst, AbstractBuffer.class, dstOffsetBytes, count * 4L, "copyToDevice(int[])");
        try (Arena a = Arena.ofConfined()) {
            MemorySegment s = a.allocate(ValueLayout.JAVA_INT, Math.max(1, count));
            MemorySegment.copy(src, srcIndex, s, ValueLayout.JAVA_INT, 0, count);
            write(b, dstOffsetBytes, s.asSlice(0, count * 4L), false);
        }
    }

    @Override
    public void copyToDevice(MemorySegment src, DeviceBuffer dst, long dstOffsetBytes) {
        AbstractBuffer b = own(dst, AbstractBuffer.class, dstOffsetBytes, src.byteSize(), "copyToDevice(segment)");
        if (src.isNative()) {
            write(b, dstOffsetBytes, src, false);
        } else {
            try (Arena a = Arena.ofConfined()) {
                MemorySegment s = a.allocate(Math.max(1, src.byteSize()), 8);
                MemorySegment.copy(src, 0, s, 0, src.byteSize());
                write(b, dstOffsetBytes, s.asSlice(0, src.byteSize()), false);
            }
        }
    }

    @Override
    public void copyToDeviceAsync(MemorySegment src, DeviceBuffer dst, long dstOffsetBytes) {
        if (!src.isNative()) {
            copyToDevice(src, dst, dstOffsetBytes);
            return;
        }
        write(own(dst, AbstractBuffer.class, dstOffsetBytes, src.byteSize(), "copyToDeviceAsync"), dstOffsetBytes,
                src, true);
    }

    @Override
    public void copyToHost(DeviceBuffer src, long srcOffsetBytes, long[] dst, int dstIndex, int count) {
        checkArrayRange(dst.length, dstIndex, count, "copyToHost(long[])");
        AbstractBuffer b = own(src, AbstractBuffer.class, srcOffsetBytes, count * 8L, "copyToHost(long[])");
        try (Arena a = Arena.ofConfined()) {
            MemorySegment s = a.allocate(ValueLayout.JAVA_LONG, Math.max(1, count));
            read(b, srcOffsetBytes, s.asSlice(0, count * 8L), false);
            MemorySegment.copy(s, ValueLayout.JAVA_LONG, 0, dst, dstIndex, count);
        }
    }

    @Override
    public void copyToHost(DeviceBuffer src, long srcOffsetBytes, int[] dst, int dstIndex, int count) {
        checkArrayRange(dst.length, dstIndex, count, "copyToHost(int[])");
        AbstractBuffer b = own(src, AbstractBuffer.class, srcOffsetBytes, count * 4L, "copyToHost(int[])");
        try (Arena a = Arena.ofConfined()) {
            MemorySegment s = a.allocate(ValueLayout.JAVA_INT, Math.max(1, count));
            read(b, srcOffsetBytes, s.asSlice(0, count * 4L), false);
            MemorySegment.copy(s, ValueLayout.JAVA_INT, 0, dst, dstIndex, count);
        }
    }

    @Override
    public void copyToHost(DeviceBuffer src, long srcOffsetBytes, MemorySegment dst) {
        AbstractBuffer b = own(src, AbstractBuffer.class, srcOffsetBytes, dst.byteSize(), "copyToHost(segment)");
        if (dst.isNative()) {
            read(b, srcOffsetBytes, dst, false);
        } else {
            try (Arena a = Arena.ofConfined()) {
                MemorySegment s = a.allocate(Math.max(1, dst.byteSize()), 8);
                read(b, srcOffsetBytes, s.asSlice(0, dst.byteSize()), false);
                MemorySegment.copy(s, 0, dst, 0, dst.byteSize());
            }
        }
    }

    @Override
    public void copyToHostAsync(DeviceBuffer src, long srcOffsetBytes, MemorySegment dst) {
        if (!dst.isNative()) {
            copyToHost(src, srcOffsetBytes, dst);
            return;
        }
        read(own(src, AbstractBuffer.class, srcOffsetBytes, dst.byteSize(), "copyToHostAsync"), srcOffsetBytes, dst,
                true);
    }

    /**
     * One native 2D copy ({@link #writeRows}) when there is more than one row. Rows in Java heap memory are first
     * gathered back to back into native memory (then the host pitch of the copy is the width), and the call waits
     * for the copy, as {@link #copyToDevice(MemorySegment, DeviceBuffer, long)} does. A single row, or numbers the
     * backend refuses, go row by row.
     */
    @Override
    public void copyRowsToDeviceAsync(MemorySegment src, DeviceBuffer dst, long offsetBytes, long pitchBytes,
                                      long widthBytes, long rows) {
        AbstractBuffer b = own(dst, AbstractBuffer.class, 0, 0, "copyRowsToDeviceAsync");
        Device.checkRows(src.byteSize(), b.byteSize(), offsetBytes, pitchBytes, widthBytes, rows);
        if (rows > 1 && src.isNative()) {
            if (writeRows(b, offsetBytes, pitchBytes, src, offsetBytes, pitchBytes, widthBytes, rows)) {
                return;
            }
        } else if (rows > 1) {
            try (Arena a = Arena.ofConfined()) {
                MemorySegment packed = a.allocate(rows * widthBytes, 8);
                for (long r = 0; r < rows; r++) {
                    MemorySegment.copy(src, offsetBytes + r * pitchBytes, packed, r * widthBytes, widthBytes);
                }
                if (writeRows(b, offsetBytes, pitchBytes, packed, 0, widthBytes, widthBytes, rows)) {
                    synchronize();
                    return;
                }
            }
        }
        copyRowsOneByOneToDevice(src, dst, offsetBytes, pitchBytes, widthBytes, rows);
    }

    /**
     * One native 2D copy ({@link #readRows}) when there is more than one row. Rows for Java heap memory land back to
     * back in native memory first, the call waits, and then each row is copied to its place in {@code dst} (its bytes
     * between the rows stay as they were). A single row, or numbers the backend refuses, go row by row.
     */
    @Override
    public void copyRowsToHostAsync(DeviceBuffer src, MemorySegment dst, long offsetBytes, long pitchBytes,
                                    long widthBytes, long rows) {
        AbstractBuffer b = own(src, AbstractBuffer.class, 0, 0, "copyRowsToHostAsync");
        Device.checkRows(dst.byteSize(), b.byteSize(), offsetBytes, pitchBytes, widthBytes, rows);
        if (rows > 1 && dst.isNative()) {
            if (readRows(b, offsetBytes, pitchBytes, dst, offsetBytes, pitchBytes, widthBytes, rows)) {
                return;
            }
        } else if (rows > 1) {
            try (Arena a = Arena.ofConfined()) {
                MemorySegment packed = a.allocate(rows * widthBytes, 8);
                if (readRows(b, offsetBytes, pitchBytes, packed, 0, widthBytes, widthBytes, rows)) {
                    synchronize();
                    for (long r = 0; r < rows; r++) {
                        MemorySegment.copy(packed, r * widthBytes, dst, offsetBytes + r * pitchBytes, widthBytes);
                    }
                    return;
                }
            }
        }
        copyRowsOneByOneToHost(src, dst, offsetBytes, pitchBytes, widthBytes, rows);
    }

    @Override
    public void copy(DeviceBuffer src, long srcOffsetBytes, DeviceBuffer dst, long dstOffsetBytes, long bytes) {
        AbstractBuffer s = own(src, AbstractBuffer.class, srcOffsetBytes, bytes, "copy (source)");
        AbstractBuffer d = own(dst, AbstractBuffer.class, dstOffsetBytes, bytes, "copy (destination)");
        if (bytes > 0) {
            copyOnDevice(s, srcOffsetBytes, d, dstOffsetBytes, bytes);
        }
    }

    @Override
    public void launch(DeviceKernel kernel, long globalSize, int localSize, Object... args) {
        run(kernel, globalSize, localSize, args, false);
    }

    @Override
    public long launchTimed(DeviceKernel kernel, long globalSize, int localSize, Object... args) {
        return run(kernel, globalSize, localSize, args, true);
    }

    private long run(DeviceKernel kernel, long globalSize, int localSize, Object[] args, boolean timed) {
        checkGrid(kernel, globalSize, localSize);
        if (localSize > kernel.maxWorkGroupSize()) {
            throw new DeviceException("launch of " + kernel.name() + ": local size " + localSize + " exceeds this "
                    + "kernel's limit of " + kernel.maxWorkGroupSize() + " on " + name()
                    + " (register or local-memory use lowers it below the device maximum)");
        }
        List<KernelParam> params = kernel.params();
        Object[] values = new Object[params.size()];
        List<Runnable> copyBack = new ArrayList<>();
        List<DeviceBuffer> temps = new ArrayList<>();
        try {
            LaunchArgs.bind(kernel.name(), params, args, (i, p, arg) -> values[i] = toDeviceValue(p, arg, temps, copyBack),
                    values);
            long nanos = enqueue(kernel, globalSize, localSize, values, timed);
            if (!copyBack.isEmpty()) {
                synchronize();
                copyBack.forEach(Runnable::run);
            }
            return nanos;
        } finally {
            temps.forEach(DeviceBuffer::close);
        }
    }

    private Object toDeviceValue(KernelParam p, Object arg, List<DeviceBuffer> temps, List<Runnable> copyBack) {
        if (arg instanceof DeviceBuffer b) {
            return own(b, AbstractBuffer.class, 0, 0, "argument " + p.name());
        }
        if (!p.kind().isArray()) {
            return arg;
        }
        switch (arg) {
            case long[] a -> {
                DeviceBuffer b = allocate(a.length * 8L);
                temps.add(b);
                copyToDevice(a, 0, b, 0, a.length);
                copyBack.add(() -> copyToHost(b, 0, a, 0, a.length));
                return b;
            }
            case int[] a -> {
                DeviceBuffer b = allocate(a.length * 4L);
                temps.add(b);
                copyToDevice(a, 0, b, 0, a.length);
                copyBack.add(() -> copyToHost(b, 0, a, 0, a.length));
                return b;
            }
            case OffHeapLongArray a -> {
                return stage(a.segment(), temps, copyBack);
            }
            case OffHeapIntArray a -> {
                return stage(a.segment(), temps, copyBack);
            }
            default -> throw new IllegalStateException("unchecked argument " + arg);
        }
    }

    private DeviceBuffer stage(MemorySegment seg, List<DeviceBuffer> temps, List<Runnable> copyBack) {
        DeviceBuffer b = allocate(seg.byteSize());
        temps.add(b);
        copyToDevice(seg, b, 0);
        copyBack.add(() -> copyToHost(b, 0, seg));
        return b;
    }
}
