package jzk.tornado.runtime;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

import org.junit.jupiter.api.Test;

import jzk.tornado.api.Device;
import jzk.tornado.api.DeviceBuffer;
import jzk.tornado.api.DeviceException;
import jzk.tornado.api.DeviceKernel;
import jzk.tornado.config.RuntimeConfig;
import jzk.tornado.runtime.backend.AbstractDevice;

/** Stream views ({@link Device#openStream()}): shared memory and kernels, own ordering, close semantics. */
class StreamTest {

    private static long[] expected(long[] a, long[] b) {
        long[] r = new long[a.length];
        for (int i = 0; i < a.length; i++) {
            r[i] = a[i] * b[i] + Math.unsignedMultiplyHigh(a[i], b[i]);
        }
        return r;
    }

    @Test
    void streamsShareMemoryAndKernelsAndRunFromSeveralThreads() throws Exception {
        try (DeviceRegistry reg = DeviceRegistry.scan(RuntimeConfig.fromEnvironment())) {
            for (Device d : reg.devices()) {
                int n = 1024;
                long[] a = TestDevices.randomLongs(n, 41);
                long[] b = TestDevices.randomLongs(n, 42);
                DeviceKernel k = d.kernel(TestDevices.method("mulAddHi"));
                DeviceBuffer da = d.allocate(8L * n);
                DeviceBuffer db = d.allocate(8L * n);
                d.copyToDevice(a, 0, da, 0, n);
                d.copyToDevice(b, 0, db, 0, n);
                ExecutorService pool = Executors.newFixedThreadPool(3);
                List<Device> streams = new ArrayList<>();
                try {
                    List<Future<long[]>> fs = new ArrayList<>();
                    for (int t = 0; t < 3; t++) {
                        Device s = d.openStream();
                        streams.add(s);
                        assertSame(k, s.kernel(TestDevices.method("mulAddHi")), "kernels are shared");
                        fs.add(pool.submit(() -> {
                            long[] r = new long[n];
                            try (DeviceBuffer dr = s.allocate(8L * n)) {
                                assertSame(d, dr.device(), "a stream's buffers belong to its device");
                                for (int round = 0; round < 4; round++) {
                                    s.launch(k, n, 64, da, db, dr);
                                }
                                s.copyToHost(dr, 0, r, 0, n);
                            }
                            return r;
                        }));
                    }
                    long[] want = expected(a, b);
                    for (Future<long[]> f : fs) {
                        assertArrayEquals(want, f.get(), d.name());
                    }
                } finally {
                    pool.shutdownNow();
                }
                Device first = streams.getFirst();
                first.close();
                assertFalse(da.isClosed(), "closing a stream leaves the device's buffers alone");
                DeviceException closed = assertThrows(DeviceException.class, () -> first.allocate(8));
                assertTrue(closed.getMessage().contains("closed"), closed.getMessage());
                DeviceBuffer viaStream = streams.get(1).allocate(64);
                d.close();
                assertTrue(viaStream.isClosed() && da.isClosed(), "closing the device frees buffers of its streams");
                assertThrows(DeviceException.class, () -> streams.get(2).allocate(8), "streams close with the device");
                assertEquals(0, ((AbstractDevice) d).openBufferCount());
            }
        }
    }
}
