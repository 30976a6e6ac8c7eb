package jzk.tornado.runtime.backend;

import java.util.concurrent.atomic.AtomicBoolean;

import jzk.tornado.api.Device;
import jzk.tornado.api.DeviceBuffer;
import jzk.tornado.api.DeviceException;

/**
 * Common part of every backend's buffer: the owner, the size, and the once-only release. Invariant: {@link #free()}
 * runs at most once, whether {@link #close()} is called by the user, by the device on close, or both.
 */
public abstract class AbstractBuffer implements DeviceBuffer {
    private final AbstractDevice device;
    private final long byteSize;
    private final AtomicBoolean closed = new AtomicBoolean();

    /** {@code device} may be a stream view; the buffer belongs to its root. */
    protected AbstractBuffer(AbstractDevice device, long byteSize) {
        this.device = device.root();
        this.byteSize = byteSize;
    }

    @Override
    public Device device() {
        return device;
    }

    @Override
    public long byteSize() {
        return byteSize;
    }

    @Override
    public boolean isClosed() {
        return closed.get();
    }

    @Override
    public void close() {
        if (closed.compareAndSet(false, true)) {
            device.forget(this);
            free();
        }
    }

    /** Releases the native memory; called exactly once. */
    protected abstract void free();

    /** Throws unless this buffer is open and {@code [offset, offset + bytes)} lies inside it. */
    public void checkRange(long offsetBytes, long bytes, String what) {
        if (closed.get()) {
            throw new DeviceException(what + ": buffer of " + byteSize + " bytes on " + device.name() + " is closed");
        }
        if (offsetBytes < 0 || bytes < 0 || offsetBytes > byteSize - bytes) {
            throw new DeviceException(what + ": range [" + offsetBytes + ", " + offsetBytes + " + " + bytes
                    + ") is outside the buffer of " + byteSize + " bytes on " + device.name());
        }
    }

    @Override
    public String toString() {
        return getClass().getSimpleName() + "[" + byteSize + " bytes on " + device.name() + (isClosed() ? ", closed]" : "]");
    }
}
