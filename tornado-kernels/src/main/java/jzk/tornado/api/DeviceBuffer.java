package jzk.tornado.api;

/**
 * A block of device memory owned by one {@link Device}. Made by {@link Device#allocate(long)}, zero-filled, and
 * freed exactly once by {@link #close()} (later calls do nothing). Using a closed buffer throws
 * {@link DeviceException}.
 */
public interface DeviceBuffer extends AutoCloseable {
    /** The device that owns this memory. */
    Device device();

    /** Size in bytes, fixed at allocation. */
    long byteSize();

    /** Whether {@link #close()} has run. */
    boolean isClosed();

    /** Frees the device memory; idempotent. */
    @Override
    void close();
}
