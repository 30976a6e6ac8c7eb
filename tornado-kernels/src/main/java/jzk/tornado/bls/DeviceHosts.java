package jzk.tornado.bls;

import java.util.ArrayList;
import java.util.List;
import jzk.tornado.api.Device;
import jzk.tornado.api.DeviceKind;
import jzk.tornado.api.Devices;

/** {@link KernelHost}s over the devices the project runtime finds ({@link Devices}). */
public final class DeviceHosts {
    private DeviceHosts() {
    }

    /** Every device found (the runtime's jvm device, PoCL in CI; CUDA and NVIDIA OpenCL on the GPU host). */
    public static List<KernelHost> forTests() {
        List<KernelHost> r = new ArrayList<>();
        for (Device d : Devices.registry().devices()) {
            r.add(new DeviceHost(d));
        }
        return r;
    }

    /**
     * Devices for the benchmark: {@code all} = every native device (CUDA, OpenCL) plus the runtime's jvm device;
     * otherwise a comma list of device names ({@code cuda:0,opencl:0:0}); {@code jvm} alone means the in-module
     * {@link JvmHost} and is handled by the caller.
     */
    public static List<KernelHost> forBench(String spec) {
        List<KernelHost> r = new ArrayList<>();
        for (String s : spec.split(",")) {
            String name = s.trim();
            if (name.equals("all")) {
                for (Device d : Devices.registry().devices()) {
                    if (d.info().kind() != DeviceKind.JVM) {
                        r.add(new DeviceHost(d));
                    }
                }
            } else if (!name.equals("jvm") && !name.isEmpty()) {
                r.add(new DeviceHost(Devices.get(name)));
            }
        }
        return r;
    }
}
