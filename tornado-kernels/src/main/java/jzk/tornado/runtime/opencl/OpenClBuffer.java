package jzk.tornado.runtime.opencl;

import java.lang.foreign.MemorySegment;

import jzk.tornado.runtime.AbstractBuffer;

/** A {@code cl_mem} of {@code max(byteSize, 1)} bytes (OpenCL rejects empty buffers), released once. */
final class OpenClBuffer extends AbstractBuffer {
    private final OpenClDevice device;
    final MemorySegment mem;

    OpenClBuffer(OpenClDevice device, long byteSize, MemorySegment mem) {
        super(device, byteSize);
        this.device = device;
        this.mem = mem;
    }

    @Override
    protected void free() {
        device.releaseMem(mem);
    }
}
