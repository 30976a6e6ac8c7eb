package jzk.tornado.runtime;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import jzk.tornado.api.Device;
import jzk.tornado.api.DeviceBuffer;
import jzk.tornado.api.DeviceException;
import jzk.tornado.api.DeviceKernel;
import jzk.tornado.api.DeviceKind;

/**
 * Row (2D) copies ({@link Device#copyRowsToDeviceAsync}, {@link Device#copyRowsToHostAsync}) and the device-side
 * wait of one stream for another's fence ({@link Device#waitFor}), on every device found. The expected bytes come
 * from {@link System#arraycopy} of each row between Java arrays: exactly the rectangle changes, byte for byte.
 */
class RowCopyTest {
    /** Bytes of the host memory and of the buffer in the rectangle cases. */
    private static final int SIZE = 64 * 1024;

    /** One rectangle: row r is [offset + r·pitch, + width) on both sides. */
    private record Rect(long offset, long pitch, long width, long rows) {
        @Override
        public String toString() {
            return rows + " rows × " + width + " bytes, pitch " + pitch + ", offset " + offset;
        }
    }

    private static final List<Rect> RECTS = List.of(
            new Rect(0, 256, 32, 200),
            new Rect(96, 256, 64, 255),
            new Rect(192, 256, 64, 256), // the last row ends at the last byte, short of a full pitch
            new Rect(1000, 16, 5000, 1), // one row: wider than the pitch
            new Rect(4096, 512, 512, 64), // width = pitch: one contiguous range
            new Rect(3, 1000, 7, 65), // odd, unaligned numbers
            new Rect(8, 32768, 32, 2));

    static List<Device> devices() {
        return TestDevices.all();
    }

    /** Host memory of the three kinds a caller may pass: pinned, other native memory, a Java heap array. */
    private enum HostKind { PINNED, NATIVE, HEAP }

    private static MemorySegment host(Device d, HostKind kind, Arena arena, List<AutoCloseable> close, long bytes) {
        return switch (kind) {
            case PINNED -> {
                Device.HostMemory m = d.allocatePinned(bytes);
                close.add(m);
                yield m.segment();
            }
            case NATIVE -> arena.allocate(bytes, 8);
            case HEAP -> MemorySegment.ofArray(new byte[(int) bytes]);
        };
    }

    private static byte[] randomBytes(int n, long seed) {
        byte[] b = new byte[n];
        new SplittableRandom(seed).nextBytes(b);
        return b;
    }

    /** {@code into} with rectangle {@code r} taken from {@code from} (the reference of a row copy). */
    private static byte[] withRect(byte[] into, byte[] from, Rect r) {
        byte[] out = into.clone();
        for (int row = 0; row < r.rows(); row++) {
            int o = (int) (r.offset() + row * r.pitch());
            System.arraycopy(from, o, out, o, (int) r.width());
        }
        return out;
    }

    private static byte[] whole(Device d, DeviceBuffer b) {
        byte[] out = new byte[(int) b.byteSize()];
        d.copyToHost(b, 0, MemorySegment.ofArray(out));
        return out;
    }

    @ParameterizedTest(name = "{0}", autoCloseArguments = false)
    @MethodSource("devices")
    void rowsToDeviceChangeExactlyTheRectangle(Device d) throws Exception {
        byte[] data = randomBytes(SIZE, 11);
        for (HostKind kind : HostKind.values()) {
            List<AutoCloseable> close = new ArrayList<>();
            try (Arena arena = Arena.ofConfined()) {
                MemorySegment src = host(d, kind, arena, close, SIZE);
                MemorySegment.copy(MemorySegment.ofArray(data), 0, src, 0, SIZE);
                for (Rect r : RECTS) {
                    try (DeviceBuffer b = d.allocate(SIZE)) {
                        d.copyRowsToDeviceAsync(src, b, r.offset(), r.pitch(), r.width(), r.rows());
                        d.synchronize();
                        assertArrayEquals(withRect(new byte[SIZE], data, r), whole(d, b), d + ", " + kind + ", " + r);
                    }
                }
            } finally {
                for (AutoCloseable c : close) {
                    c.close();
                }
            }
        }
    }

    @ParameterizedTest(name = "{0}", autoCloseArguments = false)
    @MethodSource("devices")
    void rowsToHostChangeExactlyTheRectangle(Device d) throws Exception {
        byte[] device = randomBytes(SIZE, 12);
        byte[] pattern = new byte[SIZE];
        for (int i = 0; i < SIZE; i++) {
            pattern[i] = (byte) (0xA5 ^ i * 7);
        }
        try (DeviceBuffer b = d.allocate(SIZE)) {
            d.copyToDevice(MemorySegment.ofArray(device), b, 0);
            for (HostKind kind : HostKind.values()) {
                List<AutoCloseable> close = new ArrayList<>();
                try (Arena arena = Arena.ofConfined()) {
                    MemorySegment dst = host(d, kind, arena, close, SIZE);
                    for (Rect r : RECTS) {
                        MemorySegment.copy(MemorySegment.ofArray(pattern), 0, dst, 0, SIZE);
                        d.copyRowsToHostAsync(b, dst, r.offset(), r.pitch(), r.width(), r.rows());
                        d.synchronize();
                        assertArrayEquals(withRect(pattern, device, r), dst.toArray(ValueLayout.JAVA_BYTE),
                                d + ", " + kind + ", " + r);
                    }
                } finally {
                    for (AutoCloseable c : close) {
                        c.close();
                    }
                }
            }
        }
    }

    /** Host memory and buffer of different sizes: a rectangle must fit the smaller side. */
    @ParameterizedTest(name = "{0}", autoCloseArguments = false)
    @MethodSource("devices")
    void rowsBetweenSidesOfDifferentSizes(Device d) {
        byte[] data = randomBytes(2 * SIZE, 13);
        Rect r = new Rect(40, 1024, 100, SIZE / 1024);
        try (Device.HostMemory big = d.allocatePinned(2 * SIZE); DeviceBuffer b = d.allocate(SIZE + 60)) {
            MemorySegment.copy(MemorySegment.ofArray(data), 0, big.segment(), 0, 2 * SIZE);
            d.copyRowsToDeviceAsync(big.segment(), b, r.offset(), r.pitch(), r.width(), r.rows());
            d.synchronize();
            byte[] expected = withRect(new byte[SIZE + 60], Arrays.copyOf(data, SIZE + 60), r);
            assertArrayEquals(expected, whole(d, b), d.name());
        }
    }

    @ParameterizedTest(name = "{0}", autoCloseArguments = false)
    @MethodSource("devices")
    void badRectanglesAreRejectedBeforeAnyCopy(Device d) {
        try (Device.HostMemory pinned = d.allocatePinned(SIZE); DeviceBuffer b = d.allocate(SIZE);
             Device.HostMemory small = d.allocatePinned(1024)) {
            MemorySegment host = pinned.segment();
            host.fill((byte) 1);
            long[][] bad = {
                {0, 64, 65, 2}, // width > pitch
                {SIZE - 64, 256, 64, 2}, // the second row ends beyond both sides
                {SIZE - 63, 256, 64, 1}, // one row, one byte too far
                {-8, 256, 64, 2}, // negative offset
                {0, 256, 0, 2}, // empty rows
                {0, 256, -4, 2}, // negative width
                {0, 256, 64, 0}, // no rows
                {0, 256, 64, -1}, // negative rows
                {0, -256, 64, 2}, // negative pitch
                {8, 1L << 40, 64, 1L << 40}, // the end overflows a long
            };
            for (long[] x : bad) {
                IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                        () -> d.copyRowsToDeviceAsync(host, b, x[0], x[1], x[2], x[3]), d + " " + List.of(x));
                assertTrue(e.getMessage().contains("does not fit"), e.getMessage());
                assertThrows(IllegalArgumentException.class,
                        () -> d.copyRowsToHostAsync(b, host, x[0], x[1], x[2], x[3]), d + " " + List.of(x));
            }
            // fits the buffer but not the smaller host memory, in both directions
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                    () -> d.copyRowsToDeviceAsync(small.segment(), b, 0, 512, 64, 3));
            assertTrue(e.getMessage().contains("host memory of 1024 bytes"), e.getMessage());
            assertThrows(IllegalArgumentException.class,
                    () -> d.copyRowsToHostAsync(b, small.segment(), 0, 512, 64, 3));
            d.synchronize();
            assertArrayEquals(new byte[SIZE], whole(d, b), "a rejected copy writes nothing");
            b.close();
            DeviceException closed = assertThrows(DeviceException.class,
                    () -> d.copyRowsToDeviceAsync(host, b, 0, 256, 64, 2));
            assertTrue(closed.getMessage().contains("closed"), closed.getMessage());
        }
    }

    /**
     * Stream A uploads {@code a} as eight column blocks of rows (the NTT's upload pattern) and {@code b} whole, runs a
     * long arithmetic kernel over them, downloads its output as column blocks into host memory {@code mid}, and marks
     * that with a fence; stream B waits for the fence on the device (the fence is closed at once), uploads {@code mid}
     * and copies it back out. The only link between the streams is host memory, which no driver tracks (PoCL orders
     * commands on one buffer across queues by itself): without the wait B would upload {@code mid} while A still
     * computes. The reference is the kernel's formula in a host loop. A native device also refuses a closed fence
     * and a fence of another device.
     */
    @ParameterizedTest(name = "{0}", autoCloseArguments = false)
    @MethodSource("devices")
    void aStreamWaitsForAnotherStreamsFence(Device d) {
        int n = 1 << 16;
        int rounds = 1000;
        int pitch = 4096;
        long[] a = TestDevices.randomLongs(n, 14);
        long[] b = TestDevices.randomLongs(n, 15);
        long[] want = new long[n];
        for (int i = 0; i < n; i++) {
            long x = a[i];
            for (int k = 0; k < rounds; k++) {
                x = x * b[i] + Math.unsignedMultiplyHigh(x, b[i]);
            }
            want[i] = x;
        }
        DeviceKernel chain = d.kernel(TestDevices.method("mulAddHiChain"));
        try (Device sa = d.openStream(); Device sb = d.openStream(); Device.HostMemory src = d.allocatePinned(8L * n);
             Device.HostMemory mid = d.allocatePinned(8L * n); Device.HostMemory out = d.allocatePinned(8L * n);
             DeviceBuffer da = d.allocate(8L * n); DeviceBuffer db = d.allocate(8L * n);
             DeviceBuffer dr = d.allocate(8L * n); DeviceBuffer dy = d.allocate(8L * n)) {
            MemorySegment.copy(a, 0, src.segment(), ValueLayout.JAVA_LONG, 0, n);
            int block = pitch / 8;
            long rows = 8L * n / pitch;
            for (int c = 0; c < 8; c++) {
                sa.copyRowsToDeviceAsync(src.segment(), da, (long) c * block, pitch, block, rows);
            }
            sa.copyToDevice(b, 0, db, 0, n);
            sa.launch(chain, n, 64, da, db, dr, rounds);
            for (int c = 0; c < 8; c++) {
                sa.copyRowsToHostAsync(dr, mid.segment(), (long) c * block, pitch, block, rows);
            }
            Device.Fence f = sa.fence();
            sb.waitFor(f);
            f.close();
            sb.copyToDeviceAsync(mid.segment(), dy, 0);
            sb.copyToHostAsync(dy, 0, out.segment());
            sb.synchronize();
            assertArrayEquals(want, out.segment().toArray(ValueLayout.JAVA_LONG), d.name());
            sa.synchronize();

            if (d.info().kind() != DeviceKind.JVM) {
                Device.Fence closedFence = sa.fence();
                closedFence.close();
                DeviceException closed = assertThrows(DeviceException.class, () -> sb.waitFor(closedFence));
                assertTrue(closed.getMessage().contains("closed"), closed.getMessage());
                try (Device.Fence foreign = TestDevices.jvm().fence()) {
                    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                            () -> sb.waitFor(foreign));
                    assertTrue(e.getMessage().contains("not one of this device's"), e.getMessage());
                }
            }
        }
    }
}
