package jzk.tornado.runtime;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;

import jzk.tornado.api.Device;
import jzk.tornado.api.DeviceBuffer;
import jzk.tornado.api.DeviceException;
import jzk.tornado.api.DeviceKernel;
import jzk.tornado.api.DeviceKind;

/**
 * Checks of row (2D) copies ({@link Device#copyRowsToDeviceAsync}, {@link Device#copyRowsToHostAsync}) and of the
 * device-side wait of one stream for another's fence ({@link Device#waitFor}) on one device, throwing
 * {@link AssertionError} on a mismatch: run by {@code RowCopyTest} on the test devices and by the bench self-test on
 * the GPU host (no JUnit there). The expected bytes come from {@link System#arraycopy} of each row between Java
 * arrays: exactly the rectangle changes, byte for byte.
 */
public final class RowCopyChecks {
    private RowCopyChecks() {
    }

    /** Bytes of the host memory and of the buffer in the rectangle checks. */
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

    /** Host memory of the three kinds a caller may pass: pinned, other native memory, a Java heap array. */
    private enum HostKind { PINNED, NATIVE, HEAP }

    private static MemorySegment host(Device d, HostKind kind, Arena arena, List<Device.HostMemory> close, long bytes) {
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

    private static void expectEqual(byte[] want, byte[] got, String what) {
        int i = Arrays.mismatch(want, got);
        if (i >= 0) {
            throw new AssertionError(what + ": byte " + i + " is " + (i < got.length ? got[i] : "missing")
                    + ", expected " + (i < want.length ? want[i] : "nothing"));
        }
    }

    private static void expectEqual(long[] want, long[] got, String what) {
        int i = Arrays.mismatch(want, got);
        if (i >= 0) {
            throw new AssertionError(what + ": element " + i + " is " + (i < got.length ? got[i] : "missing")
                    + ", expected " + (i < want.length ? want[i] : "nothing"));
        }
    }

    /** Runs {@code call}, which must throw a {@code type} whose message contains {@code text}. */
    private static void expectThrows(Class<? extends RuntimeException> type, String text, Runnable call, String what) {
        try {
            call.run();
        } catch (RuntimeException e) {
            if (!type.isInstance(e) || !String.valueOf(e.getMessage()).contains(text)) {
                throw new AssertionError(what + ": expected " + type.getSimpleName() + " with \"" + text + "\", got "
                        + e, e);
            }
            return;
        }
        throw new AssertionError(what + ": expected " + type.getSimpleName() + ", nothing was thrown");
    }

    private static void closeAll(List<Device.HostMemory> memory) {
        memory.forEach(Device.HostMemory::close);
    }

    /** Every rectangle from each kind of host memory into a zero-filled buffer: exactly the rectangle changes. */
    public static void rowsToDevice(Device d) {
        byte[] data = randomBytes(SIZE, 11);
        for (HostKind kind : HostKind.values()) {
            List<Device.HostMemory> close = new ArrayList<>();
            try (Arena arena = Arena.ofConfined()) {
                MemorySegment src = host(d, kind, arena, close, SIZE);
                MemorySegment.copy(MemorySegment.ofArray(data), 0, src, 0, SIZE);
                for (Rect r : RECTS) {
                    try (DeviceBuffer b = d.allocate(SIZE)) {
                        d.copyRowsToDeviceAsync(src, b, r.offset(), r.pitch(), r.width(), r.rows());
                        d.synchronize();
                        expectEqual(withRect(new byte[SIZE], data, r), whole(d, b), d + ", " + kind + ", " + r);
                    }
                }
            } finally {
                closeAll(close);
            }
        }
    }

    /** Every rectangle of a random buffer into each kind of host memory holding a pattern: only the rectangle. */
    public static void rowsToHost(Device d) {
        byte[] device = randomBytes(SIZE, 12);
        byte[] pattern = new byte[SIZE];
        for (int i = 0; i < SIZE; i++) {
            pattern[i] = (byte) (0xA5 ^ i * 7);
        }
        try (DeviceBuffer b = d.allocate(SIZE)) {
            d.copyToDevice(MemorySegment.ofArray(device), b, 0);
            for (HostKind kind : HostKind.values()) {
                List<Device.HostMemory> close = new ArrayList<>();
                try (Arena arena = Arena.ofConfined()) {
                    MemorySegment dst = host(d, kind, arena, close, SIZE);
                    for (Rect r : RECTS) {
                        MemorySegment.copy(MemorySegment.ofArray(pattern), 0, dst, 0, SIZE);
                        d.copyRowsToHostAsync(b, dst, r.offset(), r.pitch(), r.width(), r.rows());
                        d.synchronize();
                        expectEqual(withRect(pattern, device, r), dst.toArray(ValueLayout.JAVA_BYTE),
                                d + ", " + kind + ", " + r);
                    }
                } finally {
                    closeAll(close);
                }
            }
        }
    }

    /** Host memory and buffer of different sizes: a rectangle that fits the smaller side. */
    public static void sidesOfDifferentSizes(Device d) {
        byte[] data = randomBytes(2 * SIZE, 13);
        Rect r = new Rect(40, 1024, 100, SIZE / 1024);
        try (Device.HostMemory big = d.allocatePinned(2 * SIZE); DeviceBuffer b = d.allocate(SIZE + 60)) {
            MemorySegment.copy(MemorySegment.ofArray(data), 0, big.segment(), 0, 2 * SIZE);
            d.copyRowsToDeviceAsync(big.segment(), b, r.offset(), r.pitch(), r.width(), r.rows());
            d.synchronize();
            expectEqual(withRect(new byte[SIZE + 60], Arrays.copyOf(data, SIZE + 60), r), whole(d, b), d + ", " + r);
        }
    }

    /**
     * Rectangles that do not fit (width above pitch, beyond either side, negative numbers, an end that overflows a
     * long) throw {@link IllegalArgumentException} in both directions and copy nothing; a closed buffer throws
     * {@link DeviceException}.
     */
    public static void badRectangles(Device d) {
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
                String what = d + " " + Arrays.toString(x);
                expectThrows(IllegalArgumentException.class, "does not fit",
                        () -> d.copyRowsToDeviceAsync(host, b, x[0], x[1], x[2], x[3]), what);
                expectThrows(IllegalArgumentException.class, "does not fit",
                        () -> d.copyRowsToHostAsync(b, host, x[0], x[1], x[2], x[3]), what);
            }
            expectThrows(IllegalArgumentException.class, "host memory of 1024 bytes",
                    () -> d.copyRowsToDeviceAsync(small.segment(), b, 0, 512, 64, 3), d + ": smaller host memory");
            expectThrows(IllegalArgumentException.class, "host memory of 1024 bytes",
                    () -> d.copyRowsToHostAsync(b, small.segment(), 0, 512, 64, 3), d + ": smaller host memory");
            d.synchronize();
            expectEqual(new byte[SIZE], whole(d, b), d + ": a rejected copy writes nothing");
            b.close();
            expectThrows(DeviceException.class, "closed", () -> d.copyRowsToDeviceAsync(host, b, 0, 256, 64, 2),
                    d + ": closed buffer");
        }
    }

    /**
     * Stream A uploads {@code a} as eight column blocks of rows (the NTT's upload pattern) and {@code b} whole, runs a
     * long arithmetic kernel over them, downloads its output as column blocks into host memory {@code mid}, and marks
     * that with a fence; stream B waits for the fence on the device (the fence is closed at once), uploads {@code mid}
     * and copies it back out. The only link between the streams is host memory, which no driver tracks (PoCL orders
     * commands on one buffer across queues by itself): without the wait B would upload {@code mid} while A still
     * computes. The reference is the kernel's formula in a host loop. A native device also refuses a closed fence
     * and a fence of {@code other}, another device.
     */
    public static void crossStreamWait(Device d, Device other) {
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
            expectEqual(want, out.segment().toArray(ValueLayout.JAVA_LONG), d + ": stream B after waitFor");
            sa.synchronize();

            if (d.info().kind() != DeviceKind.JVM) {
                Device.Fence closedFence = sa.fence();
                closedFence.close();
                expectThrows(DeviceException.class, "closed", () -> sb.waitFor(closedFence), d + ": closed fence");
                try (Device.Fence foreign = other.fence()) {
                    expectThrows(IllegalArgumentException.class, "not one of this device's",
                            () -> sb.waitFor(foreign), d + ": fence of " + other);
                }
            }
        }
    }
}
