package jzk.tornado.runtime.cuda;

import jzk.tornado.runtime.AbstractBuffer;

/** A {@code cuMemAlloc} allocation of {@code max(byteSize, 1)} bytes at device address {@link #ptr}, freed once. */
final class CudaBuffer extends AbstractBuffer {
    private final CudaDevice device;
    final long ptr;

    CudaBuffer(CudaDevice device, long byteSize, long ptr) {
        super(device, byteSize);
        this.device = device;
        this.ptr = ptr;
    }

    @Override
    protected void free() {
        device.freeDevice(ptr);
    }
}
