package jzk.tornado.runtime.jvm;

import java.lang.foreign.MemorySegment;

import jzk.tornado.api.DeviceException;
import jzk.tornado.runtime.backend.AbstractBuffer;

/**
 * "Device" memory of the jvm device: one heap array, a {@code long[]} of {@code ceil(byteSize / 8)} or an
 * {@code int[]} of {@code byteSize / 4} elements, viewed as a byte segment for copies.
 *
 * <p>A kernel's {@code long[]} or {@code int[]} parameter receives the array itself, so a launch costs no copy:
 * when a kernel asks for the other element type, the contents move once into an array of that type ({@link #longs}
 * / {@link #ints}), which then backs the buffer until a kernel asks for the first type again. Buffers are mostly
 * used with one element type (int limbs for the BLS kernels, long words for the conformance kernels), so the move
 * happens at most once per buffer. The bytes never change by a move (both arrays are native-order views of the
 * same bytes).
 *
 * <p>Invariant: {@link #segment()} always covers the current array's first {@code byteSize} bytes. A move
 * replaces the array, so a launch that takes a buffer as one array type must not run at the same time as work on
 * another thread that takes it as the other type or copies into it; on a GPU such overlapping use of one buffer
 * is a data race too.
 */
final class JvmBuffer extends AbstractBuffer {
    private Object data;
    private MemorySegment segment;

    JvmBuffer(JvmDevice device, long byteSize) {
        super(device, byteSize);
        long n = (byteSize + 7) / 8;
        if (n > Integer.MAX_VALUE - 8) {
            throw new DeviceException("jvm device: buffer of " + byteSize + " bytes exceeds the largest Java array");
        }
        set(new long[(int) n]);
    }

    private void set(Object array) {
        data = array;
        segment = (array instanceof long[] l ? MemorySegment.ofArray(l) : MemorySegment.ofArray((int[]) array))
                .asSlice(0, byteSize());
    }

    /** The contents as a {@code long[]} of {@code ceil(byteSize / 8)} elements (moved there if needed). */
    synchronized long[] longs() {
        if (!(data instanceof long[])) {
            long[] l = new long[(int) ((byteSize() + 7) / 8)];
            MemorySegment.copy(segment, 0, MemorySegment.ofArray(l), 0, byteSize());
            set(l);
        }
        return (long[]) data;
    }

    /**
     * The contents as an {@code int[]} of {@code byteSize / 4} elements (moved there if needed); {@code byteSize}
     * must be a multiple of 4 (the launch checks it).
     */
    synchronized int[] ints() {
        if (!(data instanceof int[])) {
            long n = byteSize() / 4;
            if (byteSize() % 4 != 0 || n > Integer.MAX_VALUE - 8) {
                throw new DeviceException("jvm device: buffer of " + byteSize() + " bytes cannot be an int[] kernel "
                        + "argument (not a whole number of ints, or more than a Java array holds)");
            }
            int[] i = new int[(int) n];
            MemorySegment.copy(segment, 0, MemorySegment.ofArray(i), 0, byteSize());
            set(i);
        }
        return (int[]) data;
    }

    synchronized MemorySegment segment() {
        return segment;
    }

    @Override
    protected synchronized void free() {
        data = null;
        segment = null;
    }
}
