package jzk.tornado.bls;

import java.util.ArrayList;
import java.util.List;

/**
 * The hosts every kernel test runs on: the in-module {@link JvmHost} always, plus the devices the project runtime
 * finds (see {@link DeviceHosts}): CI has the runtime's jvm device and PoCL, the GPU host CUDA and NVIDIA OpenCL.
 * {@code -Djzk.test.devices=none} restricts the tests to {@link JvmHost}.
 */
final class TestHosts {
    private TestHosts() {
    }

    private static List<KernelHost> cached;

    /**
     * The Java hosts only ({@link JvmHost} and the runtime's jvm device): for the point-formula kernels, whose
     * native compile costs ~10 s each on PoCL and whose code the MSM kernels already run on every device.
     */
    static List<KernelHost> jvmHosts() {
        return hosts().stream().filter(h -> h instanceof JvmHost || h.name().startsWith("jvm")).toList();
    }

    static synchronized List<KernelHost> hosts() {
        if (cached == null) {
            List<KernelHost> h = new ArrayList<>();
            h.add(new JvmHost());
            if (!"none".equals(System.getProperty("jzk.test.devices"))) {
                h.addAll(DeviceHosts.forTests());
            }
            cached = h;
        }
        return cached;
    }
}
