package jzk.tornado.bls;

import java.util.List;

/**
 * The hosts every kernel test runs on ({@link DeviceHosts#forTests()}): the runtime's jvm device always (the
 * reference), plus the other devices the runtime finds: PoCL in CI, CUDA and NVIDIA OpenCL on the GPU host.
 * {@code -Djzk.test.devices=none} restricts the tests to the jvm device.
 */
final class TestHosts {
    private TestHosts() {
    }

    private static List<KernelHost> cached;

    /**
     * The jvm device only: for the point-formula kernels, whose native compile costs ~10 s each on PoCL and whose
     * code the MSM kernels already run on every device.
     */
    static List<KernelHost> jvmHosts() {
        return List.of(hosts().getFirst());
    }

    static synchronized List<KernelHost> hosts() {
        if (cached == null) {
            cached = List.copyOf(DeviceHosts.forTests());
        }
        return cached;
    }
}
