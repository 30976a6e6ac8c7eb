package jzk.tornado.api;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;

/**
 * A int array in native memory, indexed by {@code long}: for buffers past 2^31 elements and for host memory
 * that a device copies from directly. Kernels may take it as a parameter; the JIT lowers {@link #get} and
 * {@link #set} to global loads and stores, and {@link #size} to a value passed with the pointer.
 *
 * <p>Invariant: {@code segment.byteSize() == size() * 4}; elements are in native byte order.
 */
public final class OffHeapIntArray implements AutoCloseable {
    private static final ValueLayout.OfInt LAYOUT = ValueLayout.JAVA_INT;

    private final MemorySegment segment;
    private final Arena arena;
    private final long size;

    /** Allocates {@code size} zeroed elements in a new shared arena, released by {@link #close()}. */
    public OffHeapIntArray(long size) {
        this.arena = Arena.ofShared();
        this.segment = arena.allocate(LAYOUT, size);
        this.size = size;
    }

    /** Wraps memory the caller owns (pinned host memory, a mapped file); {@link #close()} does not free it. */
    public OffHeapIntArray(MemorySegment segment) {
        if (segment.byteSize() % 4 != 0) {
            throw new IllegalArgumentException("segment size " + segment.byteSize() + " is not a multiple of 4");
        }
        this.arena = null;
        this.segment = segment;
        this.size = segment.byteSize() / 4;
    }

    public int get(long index) {
        return segment.getAtIndex(LAYOUT, index);
    }

    public void set(long index, int value) {
        segment.setAtIndex(LAYOUT, index, value);
    }

    public long size() {
        return size;
    }

    public MemorySegment segment() {
        return segment;
    }

    @Override
    public void close() {
        if (arena != null) {
            arena.close();
        }
    }
}
