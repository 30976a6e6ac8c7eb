package jzk.tornado.runtime.jvm;

import java.lang.foreign.MemorySegment;

import jzk.tornado.runtime.AbstractBuffer;

/**
 * "Device" memory of the jvm device: a heap {@code long[]} of {@code ceil(byteSize / 8)} elements, viewed as a
 * byte segment for copies. A {@code long[]} kernel parameter receives the array itself (no copy); other views
 * (int[], off-heap arrays) are made per launch.
 */
final class JvmBuffer extends AbstractBuffer {
    private long[] longs;
    private final MemorySegment segment;

    JvmBuffer(JvmDevice device, long byteSize) {
        super(device, byteSize);
        long n = (byteSize + 7) / 8;
        if (n > Integer.MAX_VALUE - 8) {
            throw new jzk.tornado.api.DeviceException("jvm device: buffer of " + byteSize
                    + " bytes exceeds the largest Java array");
        }
        this.longs = new long[(int) n];
        this.segment = MemorySegment.ofArray(longs).asSlice(0, byteSize);
    }

    long[] longs() {
        return longs;
    }

    MemorySegment segment() {
        return segment;
    }

    @Override
    protected void free() {
        longs = null;
    }
}
