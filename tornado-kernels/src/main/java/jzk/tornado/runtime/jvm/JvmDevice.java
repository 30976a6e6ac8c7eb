package jzk.tornado.runtime.jvm;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import jzk.tornado.api.DeviceBuffer;
import jzk.tornado.api.DeviceException;
import jzk.tornado.api.DeviceInfo;
import jzk.tornado.api.DeviceKernel;
import jzk.tornado.api.DeviceKind;
import jzk.tornado.api.KernelParam;
import jzk.tornado.api.KernelSource;
import jzk.tornado.api.OffHeapIntArray;
import jzk.tornado.api.OffHeapLongArray;
import jzk.tornado.runtime.backend.AbstractDevice;
import jzk.tornado.runtime.backend.LaunchArgs;

/**
 * The reference device: runs the kernel method itself, so every GPU result can be compared with it. Faithful
 * rather than fast: a fresh {@link jzk.tornado.api.KernelContext} per work-item, real work-groups with shared
 * local arrays, and, for kernels that reach a barrier, one virtual thread per work-item meeting at a real barrier
 * (see {@link GroupRunner}). Launches run to completion before {@code launch} returns; "device" memory is heap
 * memory ({@link JvmBuffer}).
 */
public final class JvmDevice extends AbstractDevice {
    /** Largest work-group: 1024 as on CUDA, so that any GPU launch shape also runs here. */
    public static final int MAX_WORK_GROUP = 1024;

    private final GroupRunner runner;

    public JvmDevice() {
        super(new DeviceInfo("jvm", DeviceKind.JVM, "Java " + Runtime.version() + " reference device",
                System.getProperty("java.vendor", ""), "", Runtime.getRuntime().maxMemory(),
                Runtime.getRuntime().availableProcessors(), MAX_WORK_GROUP, 48L << 10, "", "", false,
                8L * (Integer.MAX_VALUE - 8)));
        this.runner = new GroupRunner(Runtime.getRuntime().availableProcessors());
    }

    private JvmDevice(JvmDevice root) {
        super(root);
        this.runner = root.runner;
    }

    /** A view sharing memory, kernels and worker threads; launches are synchronous, so there is no stream. */
    @Override
    public JvmDevice openStream() {
        checkOpen();
        return new JvmDevice((JvmDevice) root());
    }

    @Override
    public DeviceBuffer allocate(long bytes) {
        checkAllocation(bytes);
        return track(new JvmBuffer(this, bytes));
    }

    private JvmBuffer buf(DeviceBuffer b, long off, long bytes, String what) {
        return own(b, JvmBuffer.class, off, bytes, what);
    }

    @Override
    public void copyToDevice(long[] src, int srcIndex, DeviceBuffer dst, long dstOffsetBytes, int count) {
        checkArrayRange(src.length, srcIndex, count, "copyToDevice(long[])");
        MemorySegment.copy(src, srcIndex, buf(dst, dstOffsetBytes, count * 8L, "copyToDevice(long[])").segment(),
                ValueLayout.JAVA_LONG_UNALIGNED, dstOffsetBytes, count);
    }

    @Override
    public void copyToDevice(int[] src, int srcIndex, DeviceBuffer dst, long dstOffsetBytes, int count) {
        checkArrayRange(src.length, srcIndex, count, "copyToDevice(int[])");
        MemorySegment.copy(src, srcIndex, buf(dst, dstOffsetBytes, count * 4L, "copyToDevice(int[])").segment(),
                ValueLayout.JAVA_INT_UNALIGNED, dstOffsetBytes, count);
    }

    @Override
    public void copyToDevice(MemorySegment src, DeviceBuffer dst, long dstOffsetBytes) {
        MemorySegment.copy(src, 0, buf(dst, dstOffsetBytes, src.byteSize(), "copyToDevice(segment)").segment(),
                dstOffsetBytes, src.byteSize());
    }

    @Override
    public void copyToHost(DeviceBuffer src, long srcOffsetBytes, long[] dst, int dstIndex, int count) {
        checkArrayRange(dst.length, dstIndex, count, "copyToHost(long[])");
        MemorySegment.copy(buf(src, srcOffsetBytes, count * 8L, "copyToHost(long[])").segment(),
                ValueLayout.JAVA_LONG_UNALIGNED, srcOffsetBytes, dst, dstIndex, count);
    }

    @Override
    public void copyToHost(DeviceBuffer src, long srcOffsetBytes, int[] dst, int dstIndex, int count) {
        checkArrayRange(dst.length, dstIndex, count, "copyToHost(int[])");
        MemorySegment.copy(buf(src, srcOffsetBytes, count * 4L, "copyToHost(int[])").segment(),
                ValueLayout.JAVA_INT_UNALIGNED, srcOffsetBytes, dst, dstIndex, count);
    }

    @Override
    public void copyToHost(DeviceBuffer src, long srcOffsetBytes, MemorySegment dst) {
        MemorySegment.copy(buf(src, srcOffsetBytes, dst.byteSize(), "copyToHost(segment)").segment(), srcOffsetBytes,
                dst, 0, dst.byteSize());
    }

    @Override
    public void copy(DeviceBuffer src, long srcOffsetBytes, DeviceBuffer dst, long dstOffsetBytes, long bytes) {
        MemorySegment.copy(buf(src, srcOffsetBytes, bytes, "copy (source)").segment(), srcOffsetBytes,
                buf(dst, dstOffsetBytes, bytes, "copy (destination)").segment(), dstOffsetBytes, bytes);
    }

    @Override
    public HostMemory allocatePinned(long bytes) {
        Arena arena = Arena.ofShared();
        MemorySegment seg = arena.allocate(Math.max(1, bytes), 64).asSlice(0, bytes);
        return new HostMemory() {
            @Override
            public MemorySegment segment() {
                return seg;
            }

            @Override
            public void close() {
                if (arena.scope().isAlive()) {
                    arena.close();
                }
            }
        };
    }

    @Override
    protected DeviceKernel buildKernel(Method kernelMethod) {
        return new JvmKernel(this, kernelMethod);
    }

    @Override
    public DeviceKernel kernelFromSource(KernelSource source) {
        throw new DeviceException("the jvm device runs Java kernel methods only; " + source.language()
                + " source of " + source.entryName() + " needs a cuda or opencl device");
    }

    @Override
    public void launch(DeviceKernel kernel, long globalSize, int localSize, Object... args) {
        launchTimed(kernel, globalSize, localSize, args);
    }

    @Override
    public long launchTimed(DeviceKernel kernel, long globalSize, int localSize, Object... args) {
        checkGrid(kernel, globalSize, localSize);
        JvmKernel k = (JvmKernel) kernel;
        List<KernelParam> params = k.params();
        Object[] values = new Object[params.size()];
        List<Bound> buffers = new ArrayList<>();
        LaunchArgs.bind(k.name(), params, args, (i, p, arg) -> {
            if (arg instanceof DeviceBuffer db) {
                buffers.add(new Bound(i, p, buf(db, 0, 0, "argument " + p.name())));
            } else {
                values[i] = arg;
            }
            return values[i];
        }, values);
        List<Runnable> after = new ArrayList<>();
        bindBuffers(buffers, values, after);
        long t0 = System.nanoTime();
        runner.run(k, (int) globalSize, localSize, values);
        long elapsed = System.nanoTime() - t0;
        after.forEach(Runnable::run);
        return elapsed;
    }

    /** A buffer argument of a launch: parameter index, parameter, buffer. */
    private record Bound(int index, KernelParam param, JvmBuffer buffer) {
    }

    /**
     * The Java values buffer parameters receive. A buffer that the launch passes only as {@code long[]} or only
     * as {@code int[]} parameters gets its array itself (moved to that element type if needed, see
     * {@link JvmBuffer}); a buffer passed with different types in one launch gets per-launch copies, written back
     * after the launch (in parameter order), because one Java array cannot be both types at once.
     */
    private static void bindBuffers(List<Bound> buffers, Object[] values, List<Runnable> after) {
        Map<JvmBuffer, KernelParam.Kind> kinds = new IdentityHashMap<>();
        Set<JvmBuffer> mixed = Collections.newSetFromMap(new IdentityHashMap<>());
        for (Bound b : buffers) {
            KernelParam.Kind prev = kinds.putIfAbsent(b.buffer, b.param.kind());
            if (prev != null && prev != b.param.kind()) {
                mixed.add(b.buffer);
            }
        }
        for (Bound bound : buffers) {
            JvmBuffer b = bound.buffer;
            boolean direct = !mixed.contains(b);
            values[bound.index] = switch (bound.param.kind()) {
                case LONG_ARRAY -> direct ? b.longs() : longCopy(b, after);
                case INT_ARRAY -> direct ? b.ints() : intCopy(b, after);
                case OFFHEAP_LONGS -> new OffHeapLongArray(b.segment());
                case OFFHEAP_INTS -> new OffHeapIntArray(b.segment());
                default -> throw new IllegalStateException("buffer for scalar parameter " + bound.param.name());
            };
        }
    }

    private static long[] longCopy(JvmBuffer b, List<Runnable> after) {
        MemorySegment seg = b.segment();
        long[] view = new long[Math.toIntExact(b.byteSize() / 8)];
        MemorySegment.copy(seg, ValueLayout.JAVA_LONG_UNALIGNED, 0, view, 0, view.length);
        after.add(() -> MemorySegment.copy(view, 0, seg, ValueLayout.JAVA_LONG_UNALIGNED, 0, view.length));
        return view;
    }

    private static int[] intCopy(JvmBuffer b, List<Runnable> after) {
        MemorySegment seg = b.segment();
        int[] view = new int[Math.toIntExact(b.byteSize() / 4)];
        MemorySegment.copy(seg, ValueLayout.JAVA_INT_UNALIGNED, 0, view, 0, view.length);
        after.add(() -> MemorySegment.copy(view, 0, seg, ValueLayout.JAVA_INT_UNALIGNED, 0, view.length));
        return view;
    }

    @Override
    public void synchronize() {
        checkOpen();
    }

    @Override
    public Span startSpan() {
        long t0 = System.nanoTime();
        return () -> System.nanoTime() - t0;
    }

    @Override
    protected void release() {
        if (!isView()) {
            runner.close();
        }
    }

    /** Buffers of this device still open (for leak tests). */
    public int liveBuffers() {
        return openBufferCount();
    }
}
