package jzk.tornado.bls;

import java.util.List;

/**
 * {@link KernelHost}s over the project runtime's devices. Until the runtime is merged into this branch there are
 * none: the kernels then run only on {@link JvmHost}.
 */
public final class DeviceHosts {
    private DeviceHosts() {
    }

    /** Hosts for the conformance tests: every device found except hardware the tests should not wait on. */
    public static List<KernelHost> forTests() {
        return List.of();
    }

    /** Hosts for the benchmark, by name list ("all" = every device found). */
    public static List<KernelHost> forBench(String spec) {
        return List.of();
    }
}
