package jzk.tornado.runtime.backend;

import java.lang.foreign.MemorySegment;
import java.lang.reflect.Method;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;

import jzk.tornado.api.Device;
import jzk.tornado.api.DeviceBuffer;
import jzk.tornado.api.DeviceException;
import jzk.tornado.api.DeviceInfo;
import jzk.tornado.api.DeviceKernel;

/**
 * What every backend shares: the device's properties, the per-method kernel cache, the set of open buffers (freed
 * when the device closes) and the argument checks of copies and launches.
 *
 * <p>A device is either a root (made by its backend) or a stream view of a root ({@link #openStream()}): a view
 * has its own stream / queue but uses the root's kernel cache, buffer set and context. Invariant: buffers and
 * kernels always name the root as their {@link DeviceBuffer#device()}, so any view of the root accepts them.
 */
public abstract class AbstractDevice implements Device {
    private final DeviceInfo info;
    private final AbstractDevice root;
    private final ConcurrentHashMap<Method, DeviceKernel> kernels = new ConcurrentHashMap<>();
    private final Set<AbstractBuffer> openBuffers = ConcurrentHashMap.newKeySet();
    private final Set<AbstractDevice> views = ConcurrentHashMap.newKeySet();
    /** Sum of the open buffers' sizes, and its maximum; on the root only. */
    private final AtomicLong openBytes = new AtomicLong();
    private final AtomicLong peakBytes = new AtomicLong();
    private volatile boolean closed;

    protected AbstractDevice(DeviceInfo info) {
        this.info = info;
        this.root = this;
    }

    /** A stream view of {@code root}. */
    protected AbstractDevice(AbstractDevice root) {
        this.info = root.info;
        this.root = root.root;
        this.root.views.add(this);
    }

    /** The device whose memory, kernels and context this one uses ({@code this} unless a stream view). */
    protected AbstractDevice root() {
        return root;
    }

    protected boolean isView() {
        return root != this;
    }

    @Override
    public DeviceInfo info() {
        return info;
    }

    @Override
    public DeviceKernel kernel(Method kernelMethod) {
        checkOpen();
        DeviceKernel k = kernelMethod == null ? null : root.kernels.get(kernelMethod);
        if (k != null) { // a launch's lookup: checked when it was built (the check reflects, ~µs a launch)
            return k;
        }
        KernelMethods.checkKernelMethod(kernelMethod);
        return root.kernels.computeIfAbsent(kernelMethod, root::buildKernel);
    }

    /** Compiles (or wraps) a kernel method for this device; called once per method. */
    protected abstract DeviceKernel buildKernel(Method kernelMethod);

    /** Registers a new buffer so that {@link #close()} can free it if the user does not. */
    protected <B extends AbstractBuffer> B track(B buffer) {
        root.openBuffers.add(buffer);
        long now = root.openBytes.addAndGet(buffer.byteSize());
        root.peakBytes.accumulateAndGet(now, Math::max);
        return buffer;
    }

    void forget(AbstractBuffer buffer) {
        if (root.openBuffers.remove(buffer)) {
            root.openBytes.addAndGet(-buffer.byteSize());
        }
    }

    @Override
    public long allocatedBytes() {
        return root.openBytes.get();
    }

    @Override
    public long peakAllocatedBytes() {
        return root.peakBytes.get();
    }

    /** Number of buffers allocated (on this device or any of its stream views) and not yet closed. */
    public int openBufferCount() {
        return root.openBuffers.size();
    }

    /** The buffer as this backend's type, checked to be open, owned by this device, and to contain the range. */
    protected <B extends AbstractBuffer> B own(DeviceBuffer buffer, Class<B> type, long offsetBytes, long bytes,
                                               String what) {
        checkOpen();
        if (buffer == null) {
            throw new DeviceException(what + ": buffer is null");
        }
        if (buffer.device() != root || !type.isInstance(buffer)) {
            throw new DeviceException(what + ": buffer belongs to " + buffer.device().name() + ", not " + name());
        }
        B b = type.cast(buffer);
        b.checkRange(offsetBytes, bytes, what);
        return b;
    }

    /**
     * {@link Device}'s row-by-row {@link Device#copyRowsToDeviceAsync} (one copy per row), for a backend whose own 2D
     * copy cannot take a request (rows in Java heap memory, a pitch beyond the driver's limit).
     */
    protected final void copyRowsOneByOneToDevice(MemorySegment src, DeviceBuffer dst, long offsetBytes,
                                                  long pitchBytes, long widthBytes, long rows) {
        Device.super.copyRowsToDeviceAsync(src, dst, offsetBytes, pitchBytes, widthBytes, rows);
    }

    /** {@link Device}'s row-by-row {@link Device#copyRowsToHostAsync}, the fallback of a backend's 2D copy. */
    protected final void copyRowsOneByOneToHost(DeviceBuffer src, MemorySegment dst, long offsetBytes,
                                                long pitchBytes, long widthBytes, long rows) {
        Device.super.copyRowsToHostAsync(src, dst, offsetBytes, pitchBytes, widthBytes, rows);
    }

    /** Throws unless {@code bytes} is a size this device can allocate in one buffer. */
    protected void checkAllocation(long bytes) {
        checkOpen();
        if (bytes < 0) {
            throw new DeviceException("allocate: negative size " + bytes + " on " + name());
        }
        if (bytes > info.maxAllocationBytes()) {
            throw new DeviceException("allocate: " + bytes + " bytes exceed the largest single buffer of "
                    + info.maxAllocationBytes() + " bytes on " + name());
        }
    }

    protected static void checkArrayRange(int arrayLength, int index, int count, String what) {
        if (index < 0 || count < 0 || index > arrayLength - count) {
            throw new DeviceException(what + ": elements [" + index + ", " + index + " + " + count
                    + ") are outside the array of length " + arrayLength);
        }
    }

    protected void checkOpen() {
        if (closed || root.closed) {
            throw new DeviceException("device " + name() + " is closed");
        }
    }

    /** Checks launch sizes against the {@code KernelContext} invariants and this device's limits. */
    protected void checkGrid(DeviceKernel kernel, long globalSize, int localSize) {
        checkOpen();
        if (kernel.device() != root) {
            throw new DeviceException("kernel " + kernel.name() + " was built for " + kernel.device().name()
                    + ", not " + name());
        }
        if (localSize <= 0 || globalSize <= 0) {
            throw new DeviceException("launch of " + kernel.name() + ": global size " + globalSize
                    + " and local size " + localSize + " must be positive");
        }
        if (globalSize % localSize != 0) {
            throw new DeviceException("launch of " + kernel.name() + ": global size " + globalSize
                    + " is not a multiple of the local size " + localSize);
        }
        if (globalSize > Integer.MAX_VALUE) {
            throw new DeviceException("launch of " + kernel.name() + ": global size " + globalSize
                    + " exceeds 2^31-1 (KernelContext.globalIdx is an int)");
        }
        if (localSize > info().maxWorkGroupSize()) {
            throw new DeviceException("launch of " + kernel.name() + ": local size " + localSize
                    + " exceeds the maximum work-group size " + info().maxWorkGroupSize() + " of " + name());
        }
    }

    @Override
    public void close() {
        if (closed) {
            return;
        }
        closed = true;
        if (isView()) {
            root.views.remove(this);
            release();
            return;
        }
        for (AbstractDevice v : List.copyOf(views)) {
            v.close();
        }
        for (AbstractBuffer b : List.copyOf(openBuffers)) {
            b.close();
        }
        kernels.clear();
        release();
    }

    protected boolean isClosed() {
        return closed;
    }

    /**
     * A root releases kernels, contexts, queues and streams (its buffers and views are already closed); a view
     * releases only its own stream or queue.
     */
    protected abstract void release();

    @Override
    public String toString() {
        return name();
    }
}
