package jzk.tornado.runtime.backend;

import java.lang.foreign.MemorySegment;
import java.util.function.Consumer;

/**
 * A native backend's buffer: {@code max(byteSize, 1)} bytes of device memory (native APIs reject empty
 * allocations) named by one opaque handle — a {@code CUdeviceptr} for CUDA (its {@link #address()}), a
 * {@code cl_mem} for OpenCL — and released once through the owning device's release call.
 */
public final class NativeBuffer extends AbstractBuffer {
    private final MemorySegment handle;
    private final Consumer<MemorySegment> release;

    public NativeBuffer(AbstractDevice device, long byteSize, MemorySegment handle, Consumer<MemorySegment> release) {
        super(device, byteSize);
        this.handle = handle;
        this.release = release;
    }

    /** The native handle as a pointer-sized value ({@code cl_mem}, or the device address as a segment). */
    public MemorySegment handle() {
        return handle;
    }

    /** The handle as a raw address ({@code CUdeviceptr}). */
    public long address() {
        return handle.address();
    }

    @Override
    protected void free() {
        release.accept(handle);
    }
}
