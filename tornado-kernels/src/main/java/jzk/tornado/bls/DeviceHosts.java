package jzk.tornado.bls;

import java.util.ArrayList;
import java.util.List;
import jzk.tornado.api.Device;
import jzk.tornado.config.RuntimeConfig;
import jzk.tornado.runtime.Devices;

/**
 * {@link KernelHost}s over the devices the project runtime finds ({@link Devices}). The runtime's jvm device is
 * the one Java executor of the kernels: {@link #jvm()} is the reference twin of every GPU run.
 */
public final class DeviceHosts {
    private DeviceHosts() {
    }

    /** The kernels run as Java on the runtime's jvm device: the bit-exact reference, always present. */
    public static KernelHost jvm() {
        return new DeviceHost(Devices.jvm());
    }

    /**
     * Every device found, the jvm device first (the jvm device and PoCL in CI; CUDA and NVIDIA OpenCL on the GPU
     * host); {@code -Djzk.test.devices=none} keeps only the jvm device.
     */
    public static List<KernelHost> forTests() {
        List<KernelHost> r = new ArrayList<>();
        r.add(jvm());
        if (!"none".equals(RuntimeConfig.get().testDevices())) {
            for (Device d : Devices.registry().devices()) {
                if (d != Devices.jvm()) {
                    r.add(new DeviceHost(d));
                }
            }
        }
        return r;
    }

    /**
     * The OpenCL device the slower whole-prover OpenCL tests run on: {@code -Djzk.test.opencl=NAME} names one,
     * {@code =none} (or {@code -Djzk.test.devices=none}) turns them off; unset, the first OpenCL device found
     * (PoCL in CI). Empty when there is none: the tests skip and say so.
     */
    public static java.util.Optional<String> openclForTests() {
        String named = RuntimeConfig.get().testOpenCl();
        if ("none".equals(named) || "none".equals(RuntimeConfig.get().testDevices())) {
            return java.util.Optional.empty();
        }
        if (named != null) {
            return java.util.Optional.of(named);
        }
        return Devices.registry().devices().stream().map(Device::name).filter(n -> n.startsWith("opencl:"))
                .findFirst();
    }

    /**
     * Devices for the benchmark, by a comma list of names: {@code jvm} (the runtime's jvm device), device names
     * ({@code cuda:0,opencl:0:0}), {@code all} = every native device (CUDA, OpenCL; the jvm device only when named).
     */
    public static List<KernelHost> forBench(String spec) {
        List<KernelHost> r = new ArrayList<>();
        for (String s : spec.split(",")) {
            String name = s.trim();
            if (name.equals("all")) {
                for (Device d : Devices.registry().devices()) {
                    if (d != Devices.jvm()) {
                        r.add(new DeviceHost(d));
                    }
                }
            } else if (!name.isEmpty()) {
                r.add(new DeviceHost(Devices.get(name)));
            }
        }
        if (r.isEmpty()) {
            throw new IllegalArgumentException("no backend matches '" + spec + "' (known: jvm, all, or device names)");
        }
        return r;
    }
}
