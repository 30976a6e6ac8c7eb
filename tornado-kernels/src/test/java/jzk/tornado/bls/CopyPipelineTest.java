package jzk.tornado.bls;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Proxy;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.atomic.AtomicInteger;
import jzk.tornado.api.Device;
import jzk.tornado.api.DeviceBuffer;
import jzk.tornado.api.DeviceException;
import jzk.tornado.api.DeviceKind;
import org.junit.jupiter.api.Test;

/**
 * {@link CopyPipeline} and {@link DeviceHost}'s staged copies on every test device (the jvm device; PoCL where
 * installed, whose asynchronous copies and markers are real), with one host thread and with several (each with
 * its own slots, copying and queueing at once): a write then
 * read of random longs at odd offsets gives the source bit for bit, checked against the device's own one-shot
 * copies (not the code under test), for sizes 0, 1, chunk and slot boundaries ± 1 and more chunks than slots; bytes
 * outside the range are untouched. A copy that fails part-way (a device that refuses the third chunk) throws that
 * error, leaves no fence open, and after {@code close} no pinned memory and no live worker thread.
 */
class CopyPipelineTest {
    /** Small chunks so that every boundary and more chunks than slots stay cheap: first chunk 512, slot 4096 longs. */
    private static final int FIRST = 512;
    private static final int SLOT = 4096;
    private static final int[] SIZES = {0, 1, 2, FIRST - 1, FIRST, FIRST + 1, 3 * FIRST - 1, 3 * FIRST, 3 * FIRST + 1,
        SLOT - 1, SLOT, SLOT + 1, 2 * SLOT + 3, 9 * SLOT + 777};
    private final SplittableRandom rnd = new SplittableRandom(41);

    private static List<Device> devices() {
        return DeviceHosts.forTests().stream().map(h -> ((DeviceHost) h).device()).toList();
    }

    @Test
    void chunksRampUpAndDownAndCoverTheCopy() {
        assertEquals(0, CopyPipeline.chunks(0, FIRST, SLOT).length, "no chunk for an empty copy");
        for (int longs : new int[] {1, FIRST, FIRST + 1, SLOT, SLOT + 1, 3 * SLOT + 5, 100 * SLOT + 7,
            Integer.MAX_VALUE}) {
            int[] c = CopyPipeline.chunks(longs, FIRST, SLOT);
            assertEquals(longs, Arrays.stream(c).asLongStream().sum(), longs + ": sizes sum to the copy");
            assertTrue(Arrays.stream(c).allMatch(x -> x > 0 && x <= SLOT), longs + ": 0 < size ≤ a slot");
            assertTrue(c[0] <= FIRST, longs + ": starts small");
            if (longs >= 2 * FIRST) {
                assertTrue(c[c.length - 1] <= FIRST, longs + ": ends small");
            }
        }
        // 512, 1024, 2048 up; 4096 in the middle; 2048, 1024, 512 down
        assertArrayEquals(new int[] {512, 1024, 2048, 4096, 4096, 2048, 1024, 512},
                CopyPipeline.chunks(2 * (512 + 1024 + 2048) + 2 * 4096, FIRST, SLOT));
        assertArrayEquals(new int[] {512, 1024, 100, 1024, 512}, CopyPipeline.chunks(3172, FIRST, SLOT),
                "a short copy: the ramps, the rest between them");
    }

    @Test
    void roundTripsAreBitExact() {
        for (Device d : devices()) {
            for (int threads : new int[] {1, 3}) {
                long pinnedBefore = d.pinnedBytes();
                try (CopyPipeline p = new CopyPipeline(d, threads, SLOT, FIRST)) {
                    for (int longs : SIZES) {
                        roundTrip(d, p, longs, d.name() + " threads " + threads + ", " + longs + " longs");
                    }
                    if (d.info().kind() != DeviceKind.JVM) {
                        assertEquals(pinnedBefore + 8L * CopyPipeline.SLOTS_PER_THREAD * threads * SLOT,
                                d.pinnedBytes(), "two slots per thread");
                    }
                    if (threads > 1) {
                        assertFalse(p.workerThreads().isEmpty(), "the workers ran chunks");
                    }
                    List<Thread> workers = p.workerThreads();
                    p.close();
                    assertTrue(workers.stream().noneMatch(Thread::isAlive), "close ends the workers");
                }
                assertEquals(pinnedBefore, d.pinnedBytes(), d.name() + ": close frees the slots");
            }
        }
    }

    /** Write at src index 3 to byte offset 12 (an odd int), read back at index 2; the neighbours keep their bytes. */
    private void roundTrip(Device d, CopyPipeline p, int longs, String what) {
        long[] src = rnd.longs(longs + 5).toArray();
        long[] guard = rnd.longs(longs + 4).toArray();
        try (DeviceBuffer b = d.allocate(8L * longs + 28)) {
            int[] guardInts = new int[2 * longs + 7];
            for (int i = 0; i < guardInts.length; i++) {
                guardInts[i] = (int) guard[i % guard.length] ^ i;
            }
            d.copyToDevice(guardInts, 0, b, 0, guardInts.length);
            p.write(src, 3, b, 12, longs);
            int[] got = new int[guardInts.length];
            d.copyToHost(b, 0, got, 0, got.length); // the device's own copy, not the pipeline
            int[] want = guardInts.clone();
            Layout.split(src, 3, want, 3, longs);
            assertArrayEquals(want, got, what + ": device bytes after the write");
            long[] back = guard.clone();
            p.read(b, 12, back, 2, longs);
            long[] wantBack = guard.clone();
            System.arraycopy(src, 3, wantBack, 2, longs);
            assertArrayEquals(wantBack, back, what + ": read back");
        }
    }

    /** The staged path of {@link DeviceHost} (above its direct-copy size), session-6 copy (0 threads) included. */
    @Test
    void deviceHostStagedCopiesAreBitExact() {
        int longs = (1 << 17) + 3 * 8192 + 4099; // staged; more chunks than the slots of 3 threads
        long[] src = rnd.longs(longs + 3).toArray();
        for (Device d : devices()) {
            for (int threads : new int[] {0, 1, 3}) {
                long pinnedBefore = d.pinnedBytes();
                try (DeviceHost h = new DeviceHost(d, threads, 8192); KernelHost.Buffer b = h.allocate(2L * longs + 7)) {
                    h.write(b, 5, src, 3, longs);
                    int[] got = new int[2 * longs + 7];
                    h.read(b, 0, got, got.length);
                    int[] want = new int[got.length];
                    Layout.split(src, 3, want, 5, longs);
                    assertArrayEquals(want, got, d.name() + " threads " + threads + ": device ints");
                    long[] back = new long[longs + 2];
                    h.read(b, 5, back, 1, longs);
                    assertArrayEquals(Arrays.copyOfRange(src, 3, 3 + longs), Arrays.copyOfRange(back, 1, longs + 1),
                            d.name() + " threads " + threads + ": read back");
                    assertEquals(0, back[0] | back[longs + 1], "the read writes only its range");
                    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                            () -> h.write(b, 8, src, 0, longs));
                    assertTrue(e.getMessage().contains("overruns a buffer of"), e.getMessage());
                }
                assertEquals(pinnedBefore, d.pinnedBytes(), d.name() + " threads " + threads + ": pinned freed");
            }
        }
    }

    @Test
    void aClosedBufferIsNamedAndLeavesNothingBehind() {
        for (Device d : devices()) {
            long pinnedBefore = d.pinnedBytes();
            CopyPipeline p = new CopyPipeline(d, 3, SLOT, FIRST);
            DeviceBuffer b = d.allocate(8L * 3 * SLOT);
            b.close();
            long[] data = rnd.longs(3 * SLOT).toArray();
            DeviceException w = assertThrows(DeviceException.class, () -> p.write(data, 0, b, 0, data.length));
            assertTrue(w.getMessage().contains("is closed"), w.getMessage());
            DeviceException r = assertThrows(DeviceException.class, () -> p.read(b, 0, data, 0, data.length));
            assertTrue(r.getMessage().contains("is closed"), r.getMessage());
            List<Thread> workers = p.workerThreads();
            p.close();
            assertTrue(workers.stream().noneMatch(Thread::isAlive), d.name() + ": no worker left");
            assertEquals(pinnedBefore, d.pinnedBytes(), d.name() + ": no pinned memory left");
            assertThrows(IllegalStateException.class, () -> p.write(data, 0, b, 0, 1), "closed pipeline");
        }
    }

    /**
     * A device that refuses the third chunk of a copy, with other chunks queued: the copy throws that error, every
     * fence it took is released, and the pipeline still copies correctly afterwards.
     */
    @Test
    void aCopyFailingPartWayReleasesItsFences() {
        for (Device real : devices()) {
            AtomicInteger asyncCopies = new AtomicInteger();
            AtomicInteger openFences = new AtomicInteger();
            Device failing = failingThirdCopy(real, asyncCopies, openFences);
            long pinnedBefore = real.pinnedBytes();
            int longs = 9 * SLOT + 777;
            long[] data = rnd.longs(longs).toArray();
            try (CopyPipeline p = new CopyPipeline(failing, 2, SLOT, FIRST); DeviceBuffer b = real.allocate(8L * longs)) {
                DeviceException w = assertThrows(DeviceException.class, () -> p.write(data, 0, b, 0, longs));
                assertEquals("refused chunk 3", w.getMessage());
                assertEquals(0, openFences.get(), real.name() + ": write left no fence");
                asyncCopies.set(-1_000_000); // no more failures
                p.write(data, 0, b, 0, longs);
                asyncCopies.set(0);
                long[] back = new long[longs];
                DeviceException r = assertThrows(DeviceException.class, () -> p.read(b, 0, back, 0, longs));
                assertEquals("refused chunk 3", r.getMessage());
                assertEquals(0, openFences.get(), real.name() + ": read left no fence");
                asyncCopies.set(-1_000_000);
                p.read(b, 0, back, 0, longs);
                assertArrayEquals(data, back, real.name() + ": copies after a failure");
            }
            assertEquals(0, openFences.get());
            assertEquals(pinnedBefore, real.pinnedBytes(), real.name() + ": no pinned memory left");
        }
    }

    /** {@code real}, except that its third asynchronous copy (either way) throws; counts fences not yet closed. */
    private static Device failingThirdCopy(Device real, AtomicInteger asyncCopies, AtomicInteger openFences) {
        return (Device) Proxy.newProxyInstance(Device.class.getClassLoader(), new Class<?>[] {Device.class},
                (proxy, m, args) -> {
                    if (m.getName().startsWith("copyTo") && m.getName().endsWith("Async")
                            && asyncCopies.incrementAndGet() == 3) {
                        throw new DeviceException("refused chunk 3");
                    }
                    Object out;
                    try {
                        out = m.invoke(real, args);
                    } catch (InvocationTargetException e) {
                        throw e.getCause();
                    }
                    if (out instanceof Device.Fence f) {
                        openFences.incrementAndGet();
                        return new Device.Fence() {
                            private boolean closed;

                            @Override
                            public void await() {
                                f.await();
                            }

                            @Override
                            public void close() {
                                if (!closed) {
                                    closed = true;
                                    openFences.decrementAndGet();
                                    f.close();
                                }
                            }
                        };
                    }
                    return out;
                });
    }
}
