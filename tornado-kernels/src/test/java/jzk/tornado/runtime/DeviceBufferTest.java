package jzk.tornado.runtime;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.List;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import jzk.tornado.api.Device;
import jzk.tornado.api.DeviceBuffer;
import jzk.tornado.api.DeviceException;
import jzk.tornado.runtime.backend.AbstractDevice;

/** Buffer round trips, offsets, device-to-device copies, zero fill and release, on every device found. */
class DeviceBufferTest {
    static List<Device> devices() {
        return TestDevices.all();
    }

    @ParameterizedTest(name = "{0}", autoCloseArguments = false)
    @MethodSource("devices")
    void longAndIntRoundTripsWithOffsets(Device d) {
        long[] src = TestDevices.randomLongs(1000, 5);
        try (DeviceBuffer b = d.allocate(8 * 1000)) {
            long[] zeros = new long[1000];
            d.copyToHost(b, 0, zeros, 0, 1000);
            assertArrayEquals(new long[1000], zeros, "fresh buffers are zero-filled");
            d.copyToDevice(src, 100, b, 8 * 10, 500);
            long[] back = new long[520];
            d.copyToHost(b, 0, back, 20, 500);
            for (int i = 0; i < 490; i++) {
                assertEquals(i < 10 ? 0 : src[100 + i - 10], back[20 + i], "element " + i);
            }
        }
        int[] ints = {1, -2, 3, Integer.MIN_VALUE, Integer.MAX_VALUE, 6, 7};
        try (DeviceBuffer b = d.allocate(4 * 7)) {
            d.copyToDevice(ints, 0, b, 0, 7);
            int[] back = new int[7];
            d.copyToHost(b, 0, back, 0, 7);
            assertArrayEquals(ints, back);
            long[] asLongs = new long[3];
            d.copyToHost(b, 0, asLongs, 0, 3);
            assertEquals((ints[0] & 0xFFFFFFFFL) | ((long) ints[1] << 32), asLongs[0], "native byte order (little)");
        }
    }

    @ParameterizedTest(name = "{0}", autoCloseArguments = false)
    @MethodSource("devices")
    void segmentsPinnedMemoryAndDeviceCopies(Device d) {
        int n = 4096;
        try (Device.HostMemory pinned = d.allocatePinned(8L * n); DeviceBuffer a = d.allocate(8L * n);
             DeviceBuffer b = d.allocate(8L * n); Arena arena = Arena.ofConfined()) {
            MemorySegment host = pinned.segment();
            for (int i = 0; i < n; i++) {
                host.setAtIndex(ValueLayout.JAVA_LONG, i, i * 0x9E3779B97F4A7C15L);
            }
            d.copyToDeviceAsync(host, a, 0);
            d.copy(a, 8 * 100, b, 0, 8L * (n - 100));
            MemorySegment out = arena.allocate(8L * n);
            d.copyToHostAsync(b, 0, out);
            d.synchronize();
            for (int i = 0; i < n - 100; i++) {
                assertEquals((i + 100) * 0x9E3779B97F4A7C15L, out.getAtIndex(ValueLayout.JAVA_LONG, i), "element " + i);
            }
            long[] heap = new long[16];
            d.copyToHost(b, 0, MemorySegment.ofArray(heap));
            assertEquals(100 * 0x9E3779B97F4A7C15L, heap[0], "copy into a heap segment");
        }
    }

    @ParameterizedTest(name = "{0}", autoCloseArguments = false)
    @MethodSource("devices")
    void closedAndForeignBuffersAreRejectedAndReleasedOnce(Device d) {
        DeviceBuffer b = d.allocate(64);
        b.close();
        b.close();
        assertTrue(b.isClosed());
        DeviceException e = assertThrows(DeviceException.class, () -> d.copyToDevice(new long[8], 0, b, 0, 8));
        assertTrue(e.getMessage().contains("closed"), e.getMessage());
        try (DeviceBuffer small = d.allocate(16)) {
            DeviceException range = assertThrows(DeviceException.class,
                    () -> d.copyToDevice(new long[8], 0, small, 8, 2));
            assertTrue(range.getMessage().contains("outside the buffer of 16 bytes"), range.getMessage());
        }
        if (d.info().maxAllocationBytes() < Long.MAX_VALUE / 2) {
            long tooBig = d.info().maxAllocationBytes() + 1;
            DeviceException big = assertThrows(DeviceException.class, () -> d.allocate(tooBig));
            assertTrue(big.getMessage().contains(String.valueOf(tooBig)), big.getMessage());
        }
        if (d instanceof AbstractDevice ad) {
            int before = ad.openBufferCount();
            DeviceBuffer x = d.allocate(1024);
            assertEquals(before + 1, ad.openBufferCount());
            x.close();
            assertEquals(before, ad.openBufferCount());
        }
    }

    @ParameterizedTest(name = "{0}", autoCloseArguments = false)
    @MethodSource("devices")
    void manyAllocationsDoNotLeak(Device d) {
        for (int i = 0; i < 200; i++) {
            try (DeviceBuffer b = d.allocate(1 << 20)) {
                d.copyToDevice(new int[] {i}, 0, b, 0, 1);
            }
        }
        assertEquals(0, ((AbstractDevice) d).openBufferCount());
    }
}
