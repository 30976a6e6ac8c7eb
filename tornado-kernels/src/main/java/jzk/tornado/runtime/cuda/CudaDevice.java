package jzk.tornado.runtime.cuda;

import static java.lang.foreign.ValueLayout.ADDRESS;
import static java.lang.foreign.ValueLayout.JAVA_FLOAT;
import static java.lang.foreign.ValueLayout.JAVA_INT;
import static java.lang.foreign.ValueLayout.JAVA_LONG;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

import jzk.tornado.api.DeviceBuffer;
import jzk.tornado.api.DeviceException;
import jzk.tornado.api.DeviceInfo;
import jzk.tornado.api.DeviceKernel;
import jzk.tornado.api.DeviceKind;
import jzk.tornado.api.KernelParam;
import jzk.tornado.api.KernelSource;
import jzk.tornado.config.RuntimeConfig;
import jzk.tornado.runtime.backend.AbstractBuffer;
import jzk.tornado.runtime.backend.NativeBuffer;
import jzk.tornado.runtime.backend.NativeDevice;

/**
 * One CUDA GPU: its primary context (retained once, made current on every call path because a CUDA context is
 * current per thread) and one non-blocking stream on which every copy and launch is issued, so work runs in issue
 * order. Blocking copies are asynchronous copies followed by a stream synchronisation. Pinned host memory comes
 * from {@code cuMemHostAlloc}; timing uses CUDA events (resolution about 0.5 us).
 */
public final class CudaDevice extends NativeDevice {
    private static final long LOG_BYTES = 16 * 1024;

    private final CudaDriver cu;
    private final int ordinal;
    private final int handle;
    private final MemorySegment context;
    private final MemorySegment stream;
    private final List<CudaKernel> built;
    /** {@code CU_DEVICE_ATTRIBUTE_MAX_PITCH}: row copies with a larger pitch go row by row. */
    private final long maxPitch;

    CudaDevice(CudaDriver cu, int ordinal) {
        super(describe(cu, ordinal));
        this.cu = cu;
        this.ordinal = ordinal;
        this.built = new CopyOnWriteArrayList<>();
        try (Arena a = Arena.ofConfined()) {
            MemorySegment dev = a.allocate(JAVA_INT);
            cu.call("cuDeviceGet(" + ordinal + ")", cu.cuDeviceGet, dev, ordinal);
            this.handle = dev.get(JAVA_INT, 0);
            MemorySegment ctx = a.allocate(ADDRESS);
            cu.call("cuDevicePrimaryCtxRetain(cuda:" + ordinal + ")", cu.cuDevicePrimaryCtxRetain, ctx, handle);
            this.context = ctx.get(ADDRESS, 0);
            this.maxPitch = attribute(cu, a, handle, CudaDriver.CU_DEVICE_ATTRIBUTE_MAX_PITCH) & 0xFFFFFFFFL;
            current();
            MemorySegment s = a.allocate(ADDRESS);
            cu.call("cuStreamCreate", cu.cuStreamCreate, s, CudaDriver.CU_STREAM_NON_BLOCKING);
            this.stream = s.get(ADDRESS, 0);
        }
    }

    /** A stream view of {@code root}: same context, memory and kernels, its own stream. */
    private CudaDevice(CudaDevice root) {
        super(root);
        this.cu = root.cu;
        this.ordinal = root.ordinal;
        this.handle = root.handle;
        this.context = root.context;
        this.built = root.built;
        this.maxPitch = root.maxPitch;
        current();
        try (Arena a = Arena.ofConfined()) {
            MemorySegment s = a.allocate(ADDRESS);
            cu.call("cuStreamCreate", cu.cuStreamCreate, s, CudaDriver.CU_STREAM_NON_BLOCKING);
            this.stream = s.get(ADDRESS, 0);
        }
    }

    @Override
    public CudaDevice openStream() {
        checkOpen();
        return new CudaDevice((CudaDevice) root());
    }

    private static DeviceInfo describe(CudaDriver cu, int ordinal) {
        try (Arena a = Arena.ofConfined()) {
            MemorySegment dev = a.allocate(JAVA_INT);
            cu.call("cuDeviceGet(" + ordinal + ")", cu.cuDeviceGet, dev, ordinal);
            int d = dev.get(JAVA_INT, 0);
            MemorySegment name = a.allocate(256);
            cu.call("cuDeviceGetName", cu.cuDeviceGetName, name, 256, d);
            MemorySegment mem = a.allocate(JAVA_LONG);
            cu.call("cuDeviceTotalMem_v2", cu.cuDeviceTotalMem, mem, d);
            MemorySegment ver = a.allocate(JAVA_INT);
            cu.call("cuDriverGetVersion", cu.cuDriverGetVersion, ver);
            int v = ver.get(JAVA_INT, 0);
            int major = attribute(cu, a, d, CudaDriver.CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR);
            int minor = attribute(cu, a, d, CudaDriver.CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR);
            return new DeviceInfo("cuda:" + ordinal, DeviceKind.CUDA, name.getString(0), "NVIDIA",
                    "CUDA driver API " + v / 1000 + "." + (v % 1000) / 10, mem.get(JAVA_LONG, 0),
                    attribute(cu, a, d, CudaDriver.CU_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT),
                    attribute(cu, a, d, CudaDriver.CU_DEVICE_ATTRIBUTE_MAX_THREADS_PER_BLOCK),
                    attribute(cu, a, d, CudaDriver.CU_DEVICE_ATTRIBUTE_MAX_SHARED_MEMORY_PER_BLOCK),
                    major + "." + minor, "", true, mem.get(JAVA_LONG, 0));
        }
    }

    private static int attribute(CudaDriver cu, Arena a, int dev, int attr) {
        MemorySegment v = a.allocate(JAVA_INT);
        cu.call("cuDeviceGetAttribute(" + attr + ")", cu.cuDeviceGetAttribute, v, attr, dev);
        return v.get(JAVA_INT, 0);
    }

    /** Makes this device's primary context current on the calling thread. */
    private void current() {
        int rc = cu.ctxSetCurrent(context);
        if (rc != 0) {
            cu.check(rc, "cuCtxSetCurrent(cuda:" + ordinal + ")");
        }
    }

    /** PTX target of this device: 10 * major + minor of the compute capability. */
    public int smVersion() {
        String[] mm = info().computeCapability().split("\\.");
        return Integer.parseInt(mm[0]) * 10 + Integer.parseInt(mm[1]);
    }

    @Override
    protected KernelSource.Language language() {
        return KernelSource.Language.PTX;
    }

    @Override
    public DeviceBuffer allocate(long bytes) {
        checkAllocation(bytes);
        current();
        long size = Math.max(bytes, 1);
        try (Arena a = Arena.ofConfined()) {
            MemorySegment p = a.allocate(JAVA_LONG);
            cu.call("cuMemAlloc_v2(" + bytes + " bytes) on " + name(), cu.cuMemAlloc, p, size);
            long ptr = p.get(JAVA_LONG, 0);
            CudaDevice owner = (CudaDevice) root();
            NativeBuffer b = track(new NativeBuffer(owner, bytes, MemorySegment.ofAddress(ptr),
                    h -> owner.freeDevice(h.address())));
            cu.call("cuMemsetD8Async", cu.cuMemsetD8Async, ptr, (byte) 0, size, stream);
            // other streams of the device may use the buffer next: let the zero fill finish first
            syncStream();
            return b;
        }
    }

    void freeDevice(long ptr) {
        current();
        // any stream of the context may still use the memory: cuMemFree synchronises the device implicitly
        // (CUDA programming guide, "Implicit Synchronization": device memory deallocation)
        cu.call("cuMemFree_v2", cu.cuMemFree, ptr);
    }

    @Override
    protected void write(AbstractBuffer dst, long dstOffsetBytes, MemorySegment src, boolean async) {
        if (src.byteSize() == 0) {
            return;
        }
        current();
        cu.call("cuMemcpyHtoDAsync_v2(" + src.byteSize() + " bytes)", cu.cuMemcpyHtoDAsync,
                ((NativeBuffer) dst).address() + dstOffsetBytes, src, src.byteSize(), stream);
        if (!async) {
            syncStream();
        }
    }

    /** Waits for the stream; an error here is usually a fault of an earlier kernel (sticky in CUDA). */
    private void syncStream() {
        int rc = cu.streamSynchronize(stream);
        if (rc != 0) {
            cu.check(rc, "cuStreamSynchronize on " + name() + " (reports errors of earlier launches too)");
        }
    }

    @Override
    protected void read(AbstractBuffer src, long srcOffsetBytes, MemorySegment dst, boolean async) {
        if (dst.byteSize() == 0) {
            return;
        }
        current();
        cu.call("cuMemcpyDtoHAsync_v2(" + dst.byteSize() + " bytes)", cu.cuMemcpyDtoHAsync, dst,
                ((NativeBuffer) src).address() + srcOffsetBytes, dst.byteSize(), stream);
        if (!async) {
            syncStream();
        }
    }

    /** One {@code cuMemcpy2DAsync}, host to device; false for a pitch above {@code CU_DEVICE_ATTRIBUTE_MAX_PITCH}. */
    @Override
    protected boolean writeRows(AbstractBuffer dst, long dstOffsetBytes, long dstPitchBytes, MemorySegment src,
                                long srcOffsetBytes, long srcPitchBytes, long widthBytes, long rows) {
        return copyRows(CudaDriver.CU_MEMORYTYPE_HOST, src.address() + srcOffsetBytes, srcPitchBytes,
                CudaDriver.CU_MEMORYTYPE_DEVICE, ((NativeBuffer) dst).address() + dstOffsetBytes, dstPitchBytes,
                widthBytes, rows);
    }

    /** One {@code cuMemcpy2DAsync}, device to host; false for a pitch above {@code CU_DEVICE_ATTRIBUTE_MAX_PITCH}. */
    @Override
    protected boolean readRows(AbstractBuffer src, long srcOffsetBytes, long srcPitchBytes, MemorySegment dst,
                               long dstOffsetBytes, long dstPitchBytes, long widthBytes, long rows) {
        return copyRows(CudaDriver.CU_MEMORYTYPE_DEVICE, ((NativeBuffer) src).address() + srcOffsetBytes,
                srcPitchBytes, CudaDriver.CU_MEMORYTYPE_HOST, dst.address() + dstOffsetBytes, dstPitchBytes,
                widthBytes, rows);
    }

    /**
     * Queues {@code rows} rows of {@code widthBytes} from {@code src} to {@code dst} (each the address of its row 0,
     * with its own pitch) on this stream; the driver takes its copy of the descriptor during the call.
     */
    private boolean copyRows(int srcType, long src, long srcPitch, int dstType, long dst, long dstPitch,
                             long widthBytes, long rows) {
        if (srcPitch > maxPitch || dstPitch > maxPitch) {
            return false;
        }
        current();
        try (Arena a = Arena.ofConfined()) {
            cu.call("cuMemcpy2DAsync_v2(" + rows + " rows × " + widthBytes + " bytes, pitches " + srcPitch + " → "
                    + dstPitch + ") on " + name(), cu.cuMemcpy2DAsync,
                    CudaDriver.memcpy2D(a, srcType, src, srcPitch, dstType, dst, dstPitch, widthBytes, rows), stream);
        }
        return true;
    }

    @Override
    protected void copyOnDevice(AbstractBuffer src, long srcOffsetBytes, AbstractBuffer dst, long dstOffsetBytes,
                                long bytes) {
        current();
        cu.call("cuMemcpyDtoDAsync_v2", cu.cuMemcpyDtoDAsync, ((NativeBuffer) dst).address() + dstOffsetBytes,
                ((NativeBuffer) src).address() + srcOffsetBytes, bytes, stream);
    }

    @Override
    @SuppressWarnings("restricted") // FFM native access is this class's purpose
    public HostMemory allocatePinned(long bytes) {
        checkOpen();
        current();
        MemorySegment seg;
        try (Arena a = Arena.ofConfined()) {
            MemorySegment p = a.allocate(ADDRESS);
            cu.call("cuMemHostAlloc(" + bytes + " bytes)", cu.cuMemHostAlloc, p, Math.max(1, bytes), 0);
            seg = p.get(ADDRESS, 0).reinterpret(bytes);
        }
        seg.fill((byte) 0);
        MemorySegment memory = seg;
        return trackPinned(memory, () -> {
            current();
            cu.call("cuMemFreeHost", cu.cuMemFreeHost, memory);
        });
    }

    @Override
    public DeviceKernel kernelFromSource(KernelSource source) {
        checkLoadable(source);
        current();
        try (Arena a = Arena.ofConfined()) {
            MemorySegment errorLog = a.allocate(LOG_BYTES);
            MemorySegment infoLog = a.allocate(LOG_BYTES);
            MemorySegment options = a.allocateFrom(JAVA_INT, CudaDriver.CU_JIT_ERROR_LOG_BUFFER,
                    CudaDriver.CU_JIT_ERROR_LOG_BUFFER_SIZE_BYTES, CudaDriver.CU_JIT_INFO_LOG_BUFFER,
                    CudaDriver.CU_JIT_INFO_LOG_BUFFER_SIZE_BYTES);
            MemorySegment values = a.allocate(ADDRESS, 4);
            values.setAtIndex(ADDRESS, 0, errorLog);
            values.setAtIndex(ADDRESS, 1, MemorySegment.ofAddress(LOG_BYTES));
            values.setAtIndex(ADDRESS, 2, infoLog);
            values.setAtIndex(ADDRESS, 3, MemorySegment.ofAddress(LOG_BYTES));
            MemorySegment module = a.allocate(ADDRESS);
            int rc = cu.raw(cu.cuModuleLoadDataEx, module, a.allocateFrom(source.source()), 4, options, values);
            if (rc != 0) {
                throw new DeviceException("PTX load of kernel " + source.entryName() + " failed on " + name()
                        + ": cuModuleLoadDataEx returned " + cu.errorName(rc) + " (" + rc + "); JIT log:\n"
                        + errorLog.getString(0).strip());
            }
            MemorySegment mod = module.get(ADDRESS, 0);
            MemorySegment fn = a.allocate(ADDRESS);
            rc = cu.raw(cu.cuModuleGetFunction, fn, mod, a.allocateFrom(source.entryName()));
            if (rc != 0) {
                cu.raw(cu.cuModuleUnload, mod);
                cu.check(rc, "cuModuleGetFunction(" + source.entryName() + ")");
            }
            preferCarveout(a, fn.get(ADDRESS, 0));
            MemorySegment max = a.allocate(JAVA_INT);
            cu.call("cuFuncGetAttribute(MAX_THREADS_PER_BLOCK)", cu.cuFuncGetAttribute, max,
                    CudaDriver.CU_FUNC_ATTRIBUTE_MAX_THREADS_PER_BLOCK, fn.get(ADDRESS, 0));
            CudaKernel k = new CudaKernel((CudaDevice) root(), source, mod, fn.get(ADDRESS, 0), max.get(JAVA_INT, 0));
            built.add(k);
            return k;
        }
    }

    /**
     * The L1 / shared-memory split the kernel prefers ({@code -Djzk.cuda.carveout}): {@code auto} asks for the
     * largest shared-memory carveout when the kernel declares static shared memory (more resident blocks) and for
     * the largest L1 otherwise (local-memory traffic is cached there); {@code default} (the default) leaves the
     * driver's choice; a number 0–100 sets that percentage for every kernel. A hint: the driver may still choose
     * another split.
     */
    private void preferCarveout(Arena a, MemorySegment fn) {
        String mode = RuntimeConfig.get().cudaCarveout();
        if (mode.equals("default")) {
            return;
        }
        int percent;
        if (mode.equals("auto")) {
            MemorySegment shared = a.allocate(JAVA_INT);
            cu.call("cuFuncGetAttribute(SHARED_SIZE_BYTES)", cu.cuFuncGetAttribute, shared,
                    CudaDriver.CU_FUNC_ATTRIBUTE_SHARED_SIZE_BYTES, fn);
            percent = shared.get(JAVA_INT, 0) > 0 ? 100 : 0;
        } else {
            try {
                percent = Integer.parseInt(mode);
            } catch (NumberFormatException e) {
                throw new DeviceException("-Djzk.cuda.carveout=" + mode + ": expected default, auto or 0-100");
            }
        }
        cu.call("cuFuncSetAttribute(PREFERRED_SHARED_MEMORY_CARVEOUT)", cu.cuFuncSetAttribute, fn,
                CudaDriver.CU_FUNC_ATTRIBUTE_PREFERRED_SHARED_MEMORY_CARVEOUT, percent);
    }

    @Override
    protected long enqueue(DeviceKernel kernel, long globalSize, int localSize, Object[] values, boolean timed) {
        CudaKernel k = (CudaKernel) kernel;
        List<KernelParam> params = k.params();
        current();
        try (Arena a = Arena.ofConfined()) {
            int passed = (int) params.stream().filter(p -> p.kind() != KernelParam.Kind.CONTEXT).count();
            MemorySegment pointers = a.allocate(ADDRESS, Math.max(1, passed));
            int index = 0;
            for (int i = 0; i < params.size(); i++) {
                KernelParam p = params.get(i);
                if (p.kind() == KernelParam.Kind.CONTEXT) {
                    continue;
                }
                MemorySegment v = switch (values[i]) {
                    case Integer x -> a.allocateFrom(JAVA_INT, x);
                    case Long x -> a.allocateFrom(JAVA_LONG, x);
                    case NativeBuffer b -> a.allocateFrom(JAVA_LONG, b.address());
                    default -> throw new IllegalStateException("unbound parameter " + p.name());
                };
                pointers.setAtIndex(ADDRESS, index++, v);
            }
            int blocks = (int) (globalSize / localSize);
            MemorySegment start = timed ? event(a) : null;
            MemorySegment end = timed ? event(a) : null;
            if (timed) {
                cu.call("cuEventRecord", cu.cuEventRecord, start, stream);
            }
            int rc = cu.launchKernel(k.function, blocks, localSize, stream, pointers);
            if (rc != 0) {
                cu.check(rc, "cuLaunchKernel(" + k.name() + ", grid " + blocks + ", block " + localSize + ") on "
                        + name());
            }
            if (!timed) {
                return -1;
            }
            try {
                cu.call("cuEventRecord", cu.cuEventRecord, end, stream);
                cu.call("cuEventSynchronize(" + k.name() + ")", cu.cuEventSynchronize, end);
                return elapsedNanos(start, end);
            } finally {
                cu.call("cuEventDestroy_v2", cu.cuEventDestroy, start);
                cu.call("cuEventDestroy_v2", cu.cuEventDestroy, end);
            }
        }
    }

    private MemorySegment event(Arena a) {
        MemorySegment e = a.allocate(ADDRESS);
        cu.call("cuEventCreate", cu.cuEventCreate, e, 0);
        return e.get(ADDRESS, 0);
    }

    private long elapsedNanos(MemorySegment start, MemorySegment end) {
        try (Arena a = Arena.ofConfined()) {
            MemorySegment ms = a.allocate(JAVA_FLOAT);
            cu.call("cuEventElapsedTime", cu.cuEventElapsedTime, ms, start, end);
            return Math.round(ms.get(JAVA_FLOAT, 0) * 1e6);
        }
    }

    @Override
    public void synchronize() {
        checkOpen();
        current();
        syncStream();
    }

    /** An event without timing recorded on this stream; destroyed by {@code close}, once. */
    @Override
    public Fence fence() {
        checkOpen();
        current();
        MemorySegment e;
        try (Arena a = Arena.ofConfined()) {
            MemorySegment p = a.allocate(ADDRESS);
            cu.call("cuEventCreate", cu.cuEventCreate, p, CudaDriver.CU_EVENT_DISABLE_TIMING);
            e = p.get(ADDRESS, 0);
        }
        try {
            cu.call("cuEventRecord", cu.cuEventRecord, e, stream);
        } catch (RuntimeException ex) {
            cu.call("cuEventDestroy_v2", cu.cuEventDestroy, e);
            throw ex;
        }
        return new EventFence(e);
    }

    /**
     * {@code cuStreamWaitEvent}: this stream's later work waits on the GPU for the fence's event. Only fences of this
     * device (any of its streams) are accepted; a fence of another device throws {@link IllegalArgumentException}, a
     * closed one {@link DeviceException}.
     */
    @Override
    public void waitFor(Fence fence) {
        checkOpen();
        if (!(fence instanceof EventFence f) || f.device().root() != root()) {
            throw new IllegalArgumentException("waitFor on " + name() + ": the fence is not one of this device's"
                    + " streams' fences; wait for another device's fence with Fence.await()");
        }
        current();
        synchronized (f) {
            if (f.released) {
                throw new DeviceException("waitFor on " + name() + ": the fence is closed");
            }
            cu.call("cuStreamWaitEvent on " + name(), cu.cuStreamWaitEvent, stream, f.event, 0);
        }
    }

    /** A {@link #fence()}: a CUDA event recorded on the stream of the device that made it. */
    private final class EventFence implements Fence {
        private final MemorySegment event;
        /** Guarded by this: the event is destroyed (waitFor must not use it). */
        private boolean released;

        EventFence(MemorySegment event) {
            this.event = event;
        }

        CudaDevice device() {
            return CudaDevice.this;
        }

        @Override
        public void await() {
            current();
            cu.call("cuEventSynchronize on " + name() + " (reports errors of earlier work too)",
                    cu.cuEventSynchronize, event);
        }

        @Override
        public synchronized void close() {
            if (!released) {
                released = true;
                current();
                cu.call("cuEventDestroy_v2", cu.cuEventDestroy, event);
            }
        }

        @Override
        public String toString() {
            return "fence of " + name();
        }
    }

    @Override
    public Span startSpan() {
        checkOpen();
        current();
        MemorySegment start;
        try (Arena a = Arena.ofConfined()) {
            start = event(a);
        }
        cu.call("cuEventRecord", cu.cuEventRecord, start, stream);
        return () -> {
            current();
            MemorySegment end;
            try (Arena a = Arena.ofConfined()) {
                end = event(a);
            }
            try {
                cu.call("cuEventRecord", cu.cuEventRecord, end, stream);
                cu.call("cuEventSynchronize", cu.cuEventSynchronize, end);
                return elapsedNanos(start, end);
            } finally {
                cu.call("cuEventDestroy_v2", cu.cuEventDestroy, start);
                cu.call("cuEventDestroy_v2", cu.cuEventDestroy, end);
            }
        };
    }

    @Override
    protected void release() {
        current();
        if (isView()) {
            try {
                syncStream();
            } finally {
                cu.call("cuStreamDestroy_v2", cu.cuStreamDestroy, stream);
            }
            return;
        }
        try {
            syncStream();
        } finally {
            closePinned();
            for (CudaKernel k : built) {
                cu.call("cuModuleUnload", cu.cuModuleUnload, k.module);
            }
            built.clear();
            cu.call("cuStreamDestroy_v2", cu.cuStreamDestroy, stream);
            cu.call("cuDevicePrimaryCtxRelease_v2", cu.cuDevicePrimaryCtxRelease, handle);
        }
    }
}
