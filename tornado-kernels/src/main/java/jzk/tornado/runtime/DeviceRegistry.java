package jzk.tornado.runtime;

import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.List;

import jzk.tornado.api.BackendStatus;
import jzk.tornado.api.Device;
import jzk.tornado.api.DeviceException;
import jzk.tornado.api.DeviceInfo;
import jzk.tornado.api.DeviceKind;
import jzk.tornado.config.RuntimeConfig;
import jzk.tornado.runtime.backend.BackendProbe;
import jzk.tornado.runtime.backend.SignalCheck;
import jzk.tornado.runtime.cuda.CudaBackend;
import jzk.tornado.runtime.jvm.JvmDevice;
import jzk.tornado.runtime.opencl.OpenClBackend;

/**
 * The devices of this machine, found by probing each backend once. A backend that fails (library absent, driver
 * error, no device) is recorded with its reason in {@link #backends()} and the others still work. The jvm device
 * is always present. {@link #close()} releases every device.
 */
public final class DeviceRegistry implements AutoCloseable {
    private final RuntimeConfig config;
    private final List<Device> devices = new ArrayList<>();
    private final List<BackendStatus> backends = new ArrayList<>();

    private DeviceRegistry(RuntimeConfig config) {
        this.config = config;
    }

    /** Probes CUDA, OpenCL and the jvm with the given configuration. */
    public static DeviceRegistry scan(RuntimeConfig config) {
        DeviceRegistry r = new DeviceRegistry(config);
        r.probe("cuda", config.cudaLibrary(), () -> CudaBackend.open(config.cudaLibrary()));
        r.probe("opencl", config.openClLibrary(), () -> {
            SignalCheck.beforeOpenClLoads();
            return OpenClBackend.open(config.openClLibrary());
        });
        JvmDevice jvm = new JvmDevice();
        r.devices.add(jvm);
        r.backends.add(new BackendStatus("jvm", "", 1,
                SignalCheck.divisionByZeroThrows() ? "" : "WARNING: " + SignalCheck.warning()));
        return r;
    }

    private void probe(String backend, String library, java.util.function.Supplier<BackendProbe> opener) {
        if ("none".equalsIgnoreCase(library)) {
            backends.add(new BackendStatus(backend, library, 0, "disabled by configuration"));
            return;
        }
        try {
            BackendProbe p = opener.get();
            devices.addAll(p.devices());
            String problem = p.problem();
            if (p.devices().isEmpty() && problem.isEmpty()) {
                problem = "no devices";
            }
            backends.add(new BackendStatus(backend, library, p.devices().size(), problem));
        } catch (UnsatisfiedLinkError | RuntimeException e) {
            backends.add(new BackendStatus(backend, library, 0, String.valueOf(e.getMessage())));
        }
    }

    public List<Device> devices() {
        return Collections.unmodifiableList(devices);
    }

    public List<DeviceInfo> list() {
        return devices.stream().map(Device::info).toList();
    }

    public List<BackendStatus> backends() {
        return Collections.unmodifiableList(backends);
    }

    /** The device with this address; the message lists what exists and why backends are missing. */
    public Device get(String name) {
        for (Device d : devices) {
            if (d.name().equalsIgnoreCase(name.trim())) {
                return d;
            }
        }
        throw new DeviceException("no device " + name + "; available: "
                + devices.stream().map(Device::name).toList() + "; " + backendSummary());
    }

    /** Whether a device of this name exists. */
    public boolean has(String name) {
        return devices.stream().anyMatch(d -> d.name().equalsIgnoreCase(name.trim()));
    }

    /**
     * The configured override, else the first of: a CUDA device, an NVIDIA OpenCL device, another OpenCL GPU,
     * another OpenCL device, the jvm device.
     */
    public Device best() {
        if (config.deviceOverride() != null) {
            return get(config.deviceOverride());
        }
        return devices.stream().min(Comparator.comparingInt(DeviceRegistry::rank)).orElseThrow();
    }

    private static int rank(Device d) {
        DeviceInfo i = d.info();
        return switch (i.kind()) {
            case CUDA -> 0;
            case OPENCL -> i.vendor().toUpperCase().contains("NVIDIA") ? 1 : i.isGpu() ? 2 : 3;
            case JVM -> 4;
        };
    }

    /** A multi-line listing: one line per backend status, then one per device. */
    public String describe() {
        StringBuilder sb = new StringBuilder();
        for (BackendStatus b : backends) {
            sb.append(b.describe()).append('\n');
        }
        for (Device d : devices) {
            sb.append("  ").append(d.info().describe()).append('\n');
        }
        return sb.toString();
    }

    private String backendSummary() {
        return String.join("; ", backends.stream().map(BackendStatus::describe).toList());
    }

    /** Devices of one kind. */
    public List<Device> devices(DeviceKind kind) {
        return devices.stream().filter(d -> d.info().kind() == kind).toList();
    }

    @Override
    public void close() {
        for (Device d : devices) {
            d.close();
        }
    }
}
