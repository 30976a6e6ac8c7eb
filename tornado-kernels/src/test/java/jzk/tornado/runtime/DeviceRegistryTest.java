package jzk.tornado.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

import jzk.tornado.api.BackendStatus;
import jzk.tornado.api.DeviceException;
import jzk.tornado.api.DeviceInfo;
import jzk.tornado.api.DeviceKind;
import jzk.tornado.config.RuntimeConfig;
import jzk.tornado.runtime.backend.SignalCheck;

/** Device listing, names, the automatic choice and what happens when a backend's library is missing. */
class DeviceRegistryTest {

    @Test
    void listingHasJvmAndEveryBackendStatus() {
        DeviceRegistry r = TestDevices.registry();
        assertEquals(3, r.backends().size(), r.describe());
        assertTrue(r.has("jvm"));
        for (DeviceInfo i : r.list()) {
            assertTrue(i.name().matches("cuda:\\d+|opencl:\\d+:\\d+|jvm"), i.name());
            assertTrue(i.maxWorkGroupSize() > 0 && i.computeUnits() > 0 && i.globalMemoryBytes() > 0, i.describe());
            assertTrue(i.maxAllocationBytes() > 0, i.describe());
            if (i.kind() == DeviceKind.CUDA) {
                assertTrue(i.computeCapability().matches("\\d+\\.\\d+"), i.describe());
            }
            if (i.kind() == DeviceKind.OPENCL) {
                assertTrue(i.openClVersion().startsWith("OpenCL"), i.describe());
            }
        }
        assertTrue(r.describe().contains("jvm"));
    }

    @Test
    void bestPrefersGpuBackendsThenJvm() {
        DeviceRegistry r = TestDevices.registry();
        DeviceKind best = r.best().info().kind();
        if (!r.devices(DeviceKind.CUDA).isEmpty()) {
            assertEquals(DeviceKind.CUDA, best);
        } else if (!r.devices(DeviceKind.OPENCL).isEmpty()) {
            assertEquals(DeviceKind.OPENCL, best);
        } else {
            assertEquals(DeviceKind.JVM, best);
        }
    }

    @Test
    void missingLibrariesAreReportedAndJvmStillWorks() {
        RuntimeConfig cfg = RuntimeConfig.get().withLibraries("libjzk-no-such-cuda.so.1", "libjzk-no-such-opencl.so.1", null);
        try (DeviceRegistry r = DeviceRegistry.scan(cfg)) {
            assertEquals(1, r.devices().size());
            BackendStatus cuda = r.backends().get(0);
            assertEquals("cuda", cuda.backend());
            assertTrue(cuda.problem().contains("cannot load libjzk-no-such-cuda.so.1"), cuda.problem());
            assertTrue(r.backends().get(1).problem().contains("libjzk-no-such-opencl.so.1"));
            assertEquals(DeviceKind.JVM, r.best().info().kind());
            DeviceException e = assertThrows(DeviceException.class, () -> r.get("cuda:0"));
            assertTrue(e.getMessage().contains("cannot load libjzk-no-such-cuda.so.1"), e.getMessage());
            long[] out = new long[4];
            r.get("jvm").launch(r.get("jvm").kernel(TestDevices.method("mulAddHi")), 4, 4, new long[] {1, 2, 3, 4},
                    new long[] {5, 6, 7, 8}, out);
            assertEquals(32, out[3]);
        }
    }

    @Test
    void systemPropertiesSelectLibrariesAndDevice() {
        System.setProperty("jzk.opencl.library", "libjzk-simulated-missing-opencl.so.1");
        System.setProperty("jzk.cuda.library", "none");
        System.setProperty("jzk.device", "jvm");
        try (DeviceRegistry r = DeviceRegistry.scan(RuntimeConfig.fromEnvironment())) {
            assertTrue(r.backends().get(1).problem().contains("libjzk-simulated-missing-opencl.so.1"),
                    r.backends().get(1).toString());
            assertEquals("jvm", r.best().name());
            assertTrue(r.describe().contains("cannot load libjzk-simulated-missing-opencl.so.1"), r.describe());
        } finally {
            System.clearProperty("jzk.opencl.library");
            System.clearProperty("jzk.cuda.library");
            System.clearProperty("jzk.device");
        }
    }

    @Test
    void overrideChoosesTheNamedDevice() {
        try (DeviceRegistry r = DeviceRegistry.scan(RuntimeConfig.get().withLibraries("none", "none", "jvm"))) {
            assertEquals("jvm", r.best().name());
            assertTrue(r.backends().get(0).problem().contains("disabled"));
        }
        try (DeviceRegistry r = DeviceRegistry.scan(RuntimeConfig.get().withLibraries("none", "none", "cuda:7"))) {
            assertThrows(DeviceException.class, r::best);
        }
    }

    @Test
    void closingADeviceFreesWhatIsStillOpen() {
        DeviceRegistry r = DeviceRegistry.scan(RuntimeConfig.fromEnvironment());
        java.util.List<jzk.tornado.api.DeviceBuffer> buffers = new java.util.ArrayList<>();
        for (jzk.tornado.api.Device d : r.devices()) {
            buffers.add(d.allocate(1 << 16));
            d.allocatePinned(1 << 16).segment().set(java.lang.foreign.ValueLayout.JAVA_LONG, 0, 42L);
        }
        r.close();
        for (jzk.tornado.api.DeviceBuffer b : buffers) {
            assertTrue(b.isClosed(), b.toString());
            b.close();
        }
        DeviceException e = assertThrows(DeviceException.class, () -> r.get("jvm").allocate(8));
        assertTrue(e.getMessage().contains("closed"), e.getMessage());
    }

    @Test
    void divisionByZeroStillThrowsAfterNativeLibrariesLoaded() {
        TestDevices.registry();
        assertTrue(SignalCheck.divisionByZeroThrows(), SignalCheck.warning());
    }
}
