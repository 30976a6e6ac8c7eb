package jzk.tornado.runtime.opencl;

import static java.lang.foreign.ValueLayout.ADDRESS;
import static java.lang.foreign.ValueLayout.JAVA_BYTE;
import static java.lang.foreign.ValueLayout.JAVA_INT;
import static java.lang.foreign.ValueLayout.JAVA_LONG;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.invoke.MethodHandle;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

import jzk.tornado.api.DeviceException;
import jzk.tornado.api.DeviceInfo;
import jzk.tornado.api.DeviceKernel;
import jzk.tornado.api.KernelParam;
import jzk.tornado.api.KernelSource;
import jzk.tornado.config.RuntimeConfig;
import jzk.tornado.runtime.backend.AbstractBuffer;
import jzk.tornado.runtime.backend.NativeBuffer;
import jzk.tornado.runtime.backend.NativeDevice;

/**
 * One OpenCL device with its own context and a single in-order command queue created with profiling enabled, so
 * that every launch can be timed by its event. The OpenCL API is thread-safe except {@code clSetKernelArg}, which
 * {@link #enqueue} guards per kernel.
 */
public final class OpenClDevice extends NativeDevice {
    private final OpenCl cl;
    private final MemorySegment device;
    private final MemorySegment context;
    private final MemorySegment queue;
    private final List<OpenClKernel> built;

    OpenClDevice(OpenCl cl, MemorySegment device, DeviceInfo info) {
        super(info);
        this.cl = cl;
        this.device = device;
        this.built = new CopyOnWriteArrayList<>();
        try (Arena a = Arena.ofConfined()) {
            MemorySegment devs = a.allocate(ADDRESS);
            devs.set(ADDRESS, 0, device);
            this.context = OpenCl.create("clCreateContext", cl.clCreateContext, a, MemorySegment.NULL, 1, devs,
                    MemorySegment.NULL, MemorySegment.NULL);
            this.queue = OpenCl.create("clCreateCommandQueue", cl.clCreateCommandQueue, a, context, device,
                    OpenCl.CL_QUEUE_PROFILING_ENABLE);
        }
    }

    /** A queue view of {@code root}: same context, memory and kernels, its own in-order queue. */
    private OpenClDevice(OpenClDevice root) {
        super(root);
        this.cl = root.cl;
        this.device = root.device;
        this.context = root.context;
        this.built = root.built;
        try (Arena a = Arena.ofConfined()) {
            this.queue = OpenCl.create("clCreateCommandQueue", cl.clCreateCommandQueue, a, context, device,
                    OpenCl.CL_QUEUE_PROFILING_ENABLE);
        }
    }

    @Override
    public OpenClDevice openStream() {
        checkOpen();
        return new OpenClDevice((OpenClDevice) root());
    }

    @Override
    protected KernelSource.Language language() {
        return KernelSource.Language.OPENCL_C;
    }

    @Override
    public jzk.tornado.api.DeviceBuffer allocate(long bytes) {
        checkAllocation(bytes);
        try (Arena a = Arena.ofConfined()) {
            long size = Math.max(bytes, 1);
            MemorySegment mem = OpenCl.create("clCreateBuffer(" + bytes + " bytes) on " + name(), cl.clCreateBuffer, a,
                    context, OpenCl.CL_MEM_READ_WRITE, size, MemorySegment.NULL);
            NativeBuffer b = track(new NativeBuffer(root(), bytes, mem, ((OpenClDevice) root())::releaseMem));
            int patternBytes = size % 4 == 0 ? 4 : 1;
            MemorySegment zero = a.allocate(4);
            OpenCl.call("clEnqueueFillBuffer", cl.clEnqueueFillBuffer, queue, mem, zero, (long) patternBytes, 0L, size,
                    0, MemorySegment.NULL, MemorySegment.NULL);
            // other queues of the device (openStream) may use the buffer next: let the zero fill finish first
            OpenCl.call("clFinish", cl.clFinish, queue);
            return b;
        }
    }

    void releaseMem(MemorySegment mem) {
        OpenCl.call("clReleaseMemObject", cl.clReleaseMemObject, mem);
    }

    @Override
    protected void write(AbstractBuffer dst, long dstOffsetBytes, MemorySegment src, boolean async) {
        if (src.byteSize() == 0) {
            return;
        }
        OpenCl.call("clEnqueueWriteBuffer", cl.clEnqueueWriteBuffer, queue, ((NativeBuffer) dst).handle(),
                async ? OpenCl.CL_FALSE : OpenCl.CL_TRUE, dstOffsetBytes, src.byteSize(), src, 0, MemorySegment.NULL,
                MemorySegment.NULL);
    }

    @Override
    protected void read(AbstractBuffer src, long srcOffsetBytes, MemorySegment dst, boolean async) {
        if (dst.byteSize() == 0) {
            return;
        }
        OpenCl.call("clEnqueueReadBuffer", cl.clEnqueueReadBuffer, queue, ((NativeBuffer) src).handle(),
                async ? OpenCl.CL_FALSE : OpenCl.CL_TRUE, srcOffsetBytes, dst.byteSize(), dst, 0, MemorySegment.NULL,
                MemorySegment.NULL);
    }

    /**
     * One non-blocking {@code clEnqueueWriteBufferRect} (like the non-blocking {@link #write}: {@code src} is read
     * when the queue reaches the copy): origin {@code (dstOffsetBytes, 0, 0)} and row pitch {@code dstPitchBytes} in
     * the buffer, {@code (srcOffsetBytes, 0, 0)} and {@code srcPitchBytes} in {@code src}, region
     * {@code (widthBytes, rows, 1)}.
     */
    @Override
    protected boolean writeRows(AbstractBuffer dst, long dstOffsetBytes, long dstPitchBytes, MemorySegment src,
                                long srcOffsetBytes, long srcPitchBytes, long widthBytes, long rows) {
        copyRows("clEnqueueWriteBufferRect", cl.clEnqueueWriteBufferRect, dst, dstOffsetBytes, dstPitchBytes, src,
                srcOffsetBytes, srcPitchBytes, widthBytes, rows);
        return true;
    }

    /** One non-blocking {@code clEnqueueReadBufferRect}, the reverse of {@link #writeRows}. */
    @Override
    protected boolean readRows(AbstractBuffer src, long srcOffsetBytes, long srcPitchBytes, MemorySegment dst,
                               long dstOffsetBytes, long dstPitchBytes, long widthBytes, long rows) {
        copyRows("clEnqueueReadBufferRect", cl.clEnqueueReadBufferRect, src, srcOffsetBytes, srcPitchBytes, dst,
                dstOffsetBytes, dstPitchBytes, widthBytes, rows);
        return true;
    }

    /** Queues a rect copy through {@code call} (write or read: same arguments); origins and region are read now. */
    private void copyRows(String name, MethodHandle call, AbstractBuffer buffer, long bufferOffsetBytes,
                          long bufferPitchBytes, MemorySegment host, long hostOffsetBytes, long hostPitchBytes,
                          long widthBytes, long rows) {
        try (Arena a = Arena.ofConfined()) {
            MemorySegment bufferOrigin = a.allocateFrom(JAVA_LONG, bufferOffsetBytes, 0, 0);
            MemorySegment hostOrigin = a.allocateFrom(JAVA_LONG, hostOffsetBytes, 0, 0);
            MemorySegment region = a.allocateFrom(JAVA_LONG, widthBytes, rows, 1);
            OpenCl.call(name + "(" + rows + " rows × " + widthBytes + " bytes, buffer pitch " + bufferPitchBytes
                    + ", host pitch " + hostPitchBytes + ") on " + name(), call, queue,
                    ((NativeBuffer) buffer).handle(), OpenCl.CL_FALSE, bufferOrigin, hostOrigin, region,
                    bufferPitchBytes, 0L, hostPitchBytes, 0L, host, 0, MemorySegment.NULL, MemorySegment.NULL);
        }
    }

    @Override
    protected void copyOnDevice(AbstractBuffer src, long srcOffsetBytes, AbstractBuffer dst, long dstOffsetBytes,
                                long bytes) {
        OpenCl.call("clEnqueueCopyBuffer", cl.clEnqueueCopyBuffer, queue, ((NativeBuffer) src).handle(),
                ((NativeBuffer) dst).handle(), srcOffsetBytes, dstOffsetBytes, bytes, 0, MemorySegment.NULL,
                MemorySegment.NULL);
    }

    /**
     * A buffer created with {@code CL_MEM_ALLOC_HOST_PTR} and mapped for the life of the holder: the usual way to
     * get page-locked host memory from an OpenCL driver (NVIDIA's among them), so copies from it run at DMA speed.
     */
    @Override
    @SuppressWarnings("restricted") // the mapped pointer comes from the driver with a known size
    public HostMemory allocatePinned(long bytes) {
        checkOpen();
        long size = Math.max(bytes, 1);
        MemorySegment mem;
        MemorySegment mapped;
        try (Arena a = Arena.ofConfined()) {
            mem = OpenCl.create("clCreateBuffer(CL_MEM_ALLOC_HOST_PTR, " + bytes + " bytes)", cl.clCreateBuffer, a,
                    context, OpenCl.CL_MEM_READ_WRITE | OpenCl.CL_MEM_ALLOC_HOST_PTR, size, MemorySegment.NULL);
            try {
                mapped = OpenCl.create("clEnqueueMapBuffer", cl.clEnqueueMapBuffer, a, queue, mem, OpenCl.CL_TRUE,
                        OpenCl.CL_MAP_READ | OpenCl.CL_MAP_WRITE, 0L, size, 0, MemorySegment.NULL, MemorySegment.NULL);
            } catch (DeviceException e) {
                releaseMem(mem);
                throw e;
            }
        }
        MemorySegment seg = mapped.reinterpret(bytes);
        seg.fill((byte) 0);
        return trackPinned(seg, () -> {
            OpenCl.call("clEnqueueUnmapMemObject", cl.clEnqueueUnmapMemObject, queue, mem, mapped, 0,
                    MemorySegment.NULL, MemorySegment.NULL);
            OpenCl.call("clFinish", cl.clFinish, queue);
            releaseMem(mem);
        });
    }

    @Override
    public DeviceKernel kernelFromSource(KernelSource source) {
        checkLoadable(source);
        try (Arena a = Arena.ofConfined()) {
            MemorySegment text = a.allocateFrom(source.source());
            MemorySegment strings = a.allocate(ADDRESS);
            strings.set(ADDRESS, 0, text);
            MemorySegment lengths = a.allocate(JAVA_LONG);
            lengths.set(JAVA_LONG, 0, text.byteSize() - 1);
            MemorySegment program = OpenCl.create("clCreateProgramWithSource", cl.clCreateProgramWithSource, a,
                    context, 1, strings, lengths);
            MemorySegment devs = a.allocate(ADDRESS);
            devs.set(ADDRESS, 0, device);
            int rc = (int) OpenClBackend.invoke(cl.clBuildProgram, program, 1, devs, a.allocateFrom(""),
                    MemorySegment.NULL, MemorySegment.NULL);
            if (rc != 0) {
                String log = buildLog(program);
                OpenCl.call("clReleaseProgram", cl.clReleaseProgram, program);
                throw new DeviceException("OpenCL build of kernel " + source.entryName() + " failed on " + name()
                        + ": clBuildProgram returned " + OpenCl.errorName(rc) + " (" + rc + "); build log:\n" + log);
            }
            dumpBinary(program, source.entryName());
            MemorySegment kernel;
            try {
                kernel = OpenCl.create("clCreateKernel(" + source.entryName() + ")", cl.clCreateKernel, a, program,
                        a.allocateFrom(source.entryName()));
            } catch (DeviceException e) {
                OpenCl.call("clReleaseProgram", cl.clReleaseProgram, program);
                throw e;
            }
            MemorySegment wg = a.allocate(JAVA_LONG);
            OpenCl.call("clGetKernelWorkGroupInfo(CL_KERNEL_WORK_GROUP_SIZE)", cl.clGetKernelWorkGroupInfo, kernel,
                    device, OpenCl.CL_KERNEL_WORK_GROUP_SIZE, 8L, wg, MemorySegment.NULL);
            OpenClKernel k = new OpenClKernel((OpenClDevice) root(), source, program, kernel,
                    (int) Math.min(wg.get(JAVA_LONG, 0), Integer.MAX_VALUE));
            built.add(k);
            return k;
        }
    }

    /**
     * With {@code -Djzk.opencl.dump=DIR}, writes the program binary the driver built to
     * {@code DIR/<entry>.<device>.bin}: NVIDIA's is PTX text (what its compiler made of our OpenCL C, to set beside
     * the JIT's own PTX), PoCL's an archive. A failure to dump is reported on stderr and does not fail the build.
     */
    private void dumpBinary(MemorySegment program, String entry) {
        String dir = RuntimeConfig.get().openClDumpDir();
        if (dir == null) {
            return;
        }
        Path file = Path.of(dir, entry + "." + name().replaceAll("[^A-Za-z0-9_.-]", "_") + ".bin");
        try (Arena a = Arena.ofConfined()) {
            MemorySegment size = a.allocate(JAVA_LONG);
            OpenCl.call("clGetProgramInfo(CL_PROGRAM_BINARY_SIZES)", cl.clGetProgramInfo, program,
                    OpenCl.CL_PROGRAM_BINARY_SIZES, 8L, size, MemorySegment.NULL);
            MemorySegment bin = a.allocate(Math.max(1, size.get(JAVA_LONG, 0)));
            MemorySegment pointers = a.allocate(ADDRESS);
            pointers.set(ADDRESS, 0, bin);
            OpenCl.call("clGetProgramInfo(CL_PROGRAM_BINARIES)", cl.clGetProgramInfo, program,
                    OpenCl.CL_PROGRAM_BINARIES, ADDRESS.byteSize(), pointers, MemorySegment.NULL);
            Files.createDirectories(file.getParent());
            Files.write(file, bin.asSlice(0, size.get(JAVA_LONG, 0)).toArray(JAVA_BYTE));
        } catch (DeviceException | IOException e) {
            System.err.println("jzk: cannot dump the OpenCL binary of " + entry + " to " + file + ": " + e.getMessage());
        }
    }

    private String buildLog(MemorySegment program) {
        try (Arena a = Arena.ofConfined()) {
            MemorySegment size = a.allocate(JAVA_LONG);
            OpenCl.call("clGetProgramBuildInfo", cl.clGetProgramBuildInfo, program, device,
                    OpenCl.CL_PROGRAM_BUILD_LOG, 0L, MemorySegment.NULL, size);
            MemorySegment buf = a.allocate(size.get(JAVA_LONG, 0) + 1);
            OpenCl.call("clGetProgramBuildInfo", cl.clGetProgramBuildInfo, program, device,
                    OpenCl.CL_PROGRAM_BUILD_LOG, buf.byteSize(), buf, MemorySegment.NULL);
            return buf.getString(0).strip();
        } catch (DeviceException e) {
            return "(build log unavailable: " + e.getMessage() + ")";
        }
    }

    @Override
    protected long enqueue(DeviceKernel kernel, long globalSize, int localSize, Object[] values, boolean timed) {
        OpenClKernel k = (OpenClKernel) kernel;
        List<KernelParam> params = k.params();
        try (Arena a = Arena.ofConfined()) {
            MemorySegment event = timed ? a.allocate(ADDRESS) : MemorySegment.NULL;
            MemorySegment global = a.allocate(JAVA_LONG);
            global.set(JAVA_LONG, 0, globalSize);
            MemorySegment local = a.allocate(JAVA_LONG);
            local.set(JAVA_LONG, 0, localSize);
            synchronized (k) {
                int index = 0;
                for (int i = 0; i < params.size(); i++) {
                    KernelParam p = params.get(i);
                    if (p.kind() == KernelParam.Kind.CONTEXT) {
                        continue;
                    }
                    MemorySegment v;
                    switch (values[i]) {
                        case Integer x -> v = a.allocateFrom(JAVA_INT, x);
                        case Long x -> v = a.allocateFrom(JAVA_LONG, x);
                        case NativeBuffer b -> {
                            v = a.allocate(ADDRESS);
                            v.set(ADDRESS, 0, b.handle());
                        }
                        default -> throw new IllegalStateException("unbound parameter " + p.name());
                    }
                    int rc = cl.setKernelArg(k.kernel, index, v.byteSize(), v);
                    if (rc != 0) {
                        OpenCl.check(rc, "clSetKernelArg(" + k.name() + ", " + index + " = " + p.name() + ")");
                    }
                    index++;
                }
                int rc = cl.enqueueNDRange(queue, k.kernel, global, local, event);
                if (rc != 0) {
                    OpenCl.check(rc, "clEnqueueNDRangeKernel(" + k.name() + ", global " + globalSize + ", local "
                            + localSize + ") on " + name());
                }
            }
            if (!timed) {
                return -1;
            }
            MemorySegment ev = event.get(ADDRESS, 0);
            try {
                OpenCl.call("clWaitForEvents(" + k.name() + ")", cl.clWaitForEvents, 1, event);
                return profile(ev, OpenCl.CL_PROFILING_COMMAND_END) - profile(ev, OpenCl.CL_PROFILING_COMMAND_START);
            } finally {
                OpenCl.call("clReleaseEvent", cl.clReleaseEvent, ev);
            }
        }
    }

    private long profile(MemorySegment event, int what) {
        try (Arena a = Arena.ofConfined()) {
            MemorySegment v = a.allocate(JAVA_LONG);
            OpenCl.call("clGetEventProfilingInfo", cl.clGetEventProfilingInfo, event, what, 8L, v, MemorySegment.NULL);
            return v.get(JAVA_LONG, 0);
        }
    }

    @Override
    public void synchronize() {
        checkOpen();
        OpenCl.call("clFinish on " + name(), cl.clFinish, queue);
    }

    /**
     * A marker on this queue, released by {@code close}, once. The queue is flushed so that another queue may wait
     * for the marker ({@link #waitFor}): OpenCL requires the queue of an event waited for by another queue to be
     * flushed, or the wait may never end.
     */
    @Override
    public Fence fence() {
        checkOpen();
        MemorySegment ev = marker();
        try {
            OpenCl.call("clFlush(fence) on " + name(), cl.clFlush, queue);
        } catch (DeviceException e) {
            OpenCl.call("clReleaseEvent", cl.clReleaseEvent, ev);
            throw e;
        }
        return new MarkerFence(ev);
    }

    /**
     * {@code clEnqueueBarrierWithWaitList} with the fence's marker: this queue's later commands wait for it on the
     * device. Only fences of this device (any of its queues: one context) are accepted; a fence of another device
     * throws {@link IllegalArgumentException}, a closed one {@link DeviceException}.
     */
    @Override
    public void waitFor(Fence fence) {
        checkOpen();
        if (!(fence instanceof MarkerFence f) || f.device().root() != root()) {
            throw new IllegalArgumentException("waitFor on " + name() + ": the fence is not one of this device's"
                    + " streams' fences; wait for another device's fence with Fence.await()");
        }
        synchronized (f) {
            if (f.released) {
                throw new DeviceException("waitFor on " + name() + ": the fence is closed");
            }
            try (Arena a = Arena.ofConfined()) {
                OpenCl.call("clEnqueueBarrierWithWaitList on " + name(), cl.clEnqueueBarrierWithWaitList, queue, 1,
                        f.list(a), MemorySegment.NULL);
            }
        }
    }

    /** A {@link #fence()}: a marker event on the queue of the device that made it. */
    private final class MarkerFence implements Fence {
        private final MemorySegment event;
        /** Guarded by this: the event is released (waitFor must not use it). */
        private boolean released;

        MarkerFence(MemorySegment event) {
            this.event = event;
        }

        OpenClDevice device() {
            return OpenClDevice.this;
        }

        /** The one-event wait list, in {@code a}. */
        MemorySegment list(Arena a) {
            MemorySegment list = a.allocate(ADDRESS);
            list.set(ADDRESS, 0, event);
            return list;
        }

        @Override
        public void await() {
            try (Arena a = Arena.ofConfined()) {
                OpenCl.call("clWaitForEvents(fence) on " + name(), cl.clWaitForEvents, 1, list(a));
            }
        }

        @Override
        public synchronized void close() {
            if (!released) {
                released = true;
                OpenCl.call("clReleaseEvent", cl.clReleaseEvent, event);
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
        MemorySegment start = marker();
        long wallStart = System.nanoTime();
        return () -> {
            MemorySegment end = marker();
            try (Arena a = Arena.ofConfined()) {
                MemorySegment list = a.allocate(ADDRESS);
                list.set(ADDRESS, 0, end);
                OpenCl.call("clWaitForEvents(span)", cl.clWaitForEvents, 1, list);
                try {
                    return profile(end, OpenCl.CL_PROFILING_COMMAND_END) - profile(start, OpenCl.CL_PROFILING_COMMAND_END);
                } catch (DeviceException e) {
                    // some drivers keep no profiling data for markers: fall back to the host clock
                    return System.nanoTime() - wallStart;
                }
            } finally {
                OpenCl.call("clReleaseEvent", cl.clReleaseEvent, start);
                OpenCl.call("clReleaseEvent", cl.clReleaseEvent, end);
            }
        };
    }

    private MemorySegment marker() {
        try (Arena a = Arena.ofConfined()) {
            MemorySegment ev = a.allocate(ADDRESS);
            OpenCl.call("clEnqueueMarkerWithWaitList", cl.clEnqueueMarkerWithWaitList, queue, 0, MemorySegment.NULL, ev);
            return ev.get(ADDRESS, 0);
        }
    }

    @Override
    protected void release() {
        if (isView()) {
            try {
                OpenCl.call("clFinish", cl.clFinish, queue);
            } finally {
                OpenCl.call("clReleaseCommandQueue", cl.clReleaseCommandQueue, queue);
            }
            return;
        }
        try {
            OpenCl.call("clFinish", cl.clFinish, queue);
        } finally {
            closePinned();
            for (OpenClKernel k : built) {
                OpenCl.call("clReleaseKernel", cl.clReleaseKernel, k.kernel);
                OpenCl.call("clReleaseProgram", cl.clReleaseProgram, k.program);
            }
            built.clear();
            OpenCl.call("clReleaseCommandQueue", cl.clReleaseCommandQueue, queue);
            OpenCl.call("clReleaseContext", cl.clReleaseContext, context);
        }
    }
}
