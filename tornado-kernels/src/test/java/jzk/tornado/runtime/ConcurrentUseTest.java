package jzk.tornado.runtime;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import jzk.tornado.api.Device;
import jzk.tornado.api.DeviceBuffer;
import jzk.tornado.api.DeviceKernel;

/** Several threads using one device at once (own buffers, shared kernel), results checked per thread. */
class ConcurrentUseTest {
    static List<Device> devices() {
        return TestDevices.all();
    }

    @ParameterizedTest(name = "{0}", autoCloseArguments = false)
    @MethodSource("devices")
    void fourThreadsShareOneDeviceAndKernel(Device d) throws Exception {
        int n = 2048;
        DeviceKernel k = d.kernel(TestDevices.method("mulAddHi"));
        ExecutorService pool = Executors.newFixedThreadPool(4);
        try {
            List<Future<?>> fs = new ArrayList<>();
            for (int t = 0; t < 4; t++) {
                long seed = 100 + t;
                fs.add(pool.submit(() -> {
                    for (int round = 0; round < 5; round++) {
                        long[] a = TestDevices.randomLongs(n, seed * 31 + round);
                        long[] b = TestDevices.randomLongs(n, seed * 37 + round);
                        long[] expected = new long[n];
                        for (int i = 0; i < n; i++) {
                            expected[i] = a[i] * b[i] + Math.unsignedMultiplyHigh(a[i], b[i]);
                        }
                        try (DeviceBuffer da = d.allocate(8L * n); DeviceBuffer db = d.allocate(8L * n);
                             DeviceBuffer dr = d.allocate(8L * n)) {
                            d.copyToDevice(a, 0, da, 0, n);
                            d.copyToDevice(b, 0, db, 0, n);
                            d.launch(k, n, 128, da, db, dr);
                            long[] r = new long[n];
                            d.copyToHost(dr, 0, r, 0, n);
                            assertArrayEquals(expected, r, "thread seed " + seed + " round " + round);
                        }
                    }
                    return null;
                }));
            }
            for (Future<?> f : fs) {
                f.get();
            }
        } finally {
            pool.shutdownNow();
        }
    }
}
