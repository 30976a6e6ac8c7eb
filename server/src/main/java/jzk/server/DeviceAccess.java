package jzk.server;

import java.util.ArrayList;
import java.util.List;
import jzk.prover.batch.ProverBackends;
import jzk.prover.groth16.ProverBackend;
import jzk.tornado.api.Device;
import jzk.tornado.api.DeviceException;
import jzk.tornado.api.Devices;

/**
 * The daemon's only door to the devices: which devices it proves on and the {@link ProverBackend} of each. One
 * instance per server, created at start, closed at shutdown.
 *
 * <p>Today it resolves names through {@link Devices} and hands out {@link ProverBackends}' process-wide backends;
 * it is the one place to change when a device session object owns the backends and their resident data.
 */
final class DeviceAccess implements AutoCloseable {
    private final List<String> devices;

    private DeviceAccess(List<String> devices) {
        this.devices = List.copyOf(devices);
    }

    /**
     * {@code requested} names resolved ({@code jvm}/{@code cpu} pass as they are: the CPU prover), or, when empty,
     * the best GPU, else {@code jvm}. An unknown name is an {@link IllegalArgumentException} naming the available
     * devices.
     */
    static DeviceAccess open(List<String> requested) {
        List<String> out = new ArrayList<>();
        if (requested.isEmpty()) {
            Device best = Devices.best();
            out.add(best.info().isGpu() ? best.name() : "jvm");
        }
        for (String d : requested) {
            if (ProverBackends.isCpu(d)) {
                out.add(d);
                continue;
            }
            try {
                out.add(Devices.get(d).name());
            } catch (DeviceException e) {
                throw new IllegalArgumentException("unknown device '" + d + "'; available: "
                        + Devices.list().stream().map(i -> i.name()).toList());
            }
        }
        if (out.stream().distinct().count() != out.size()) {
            throw new IllegalArgumentException("device listed twice: " + requested);
        }
        return new DeviceAccess(out);
    }

    /** The devices' names, one GPU-worker group each in the pipeline. */
    List<String> devices() {
        return devices;
    }

    /** The backend that runs the GPU stage on {@code device}. */
    ProverBackend backend(String device) {
        return ProverBackends.forDevice(device);
    }

    /** Whether {@code device} proves on the CPU (the G2 MSM then runs in the finalizer). */
    boolean isCpu(String device) {
        return ProverBackends.isCpu(device);
    }

    @Override
    public void close() {
        // the backends are process-wide today; a device session will free its resident data here
    }
}
