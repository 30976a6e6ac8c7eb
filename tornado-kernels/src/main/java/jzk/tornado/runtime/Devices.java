package jzk.tornado.runtime;

import java.util.List;

import jzk.tornado.api.BackendStatus;
import jzk.tornado.api.Device;
import jzk.tornado.api.DeviceException;
import jzk.tornado.api.DeviceInfo;
import jzk.tornado.config.RuntimeConfig;

/**
 * The process-wide device registry: devices addressed by name ({@code cuda:0}, {@code opencl:0:0}, {@code jvm}),
 * probed once on first use with {@link RuntimeConfig#get()}. Devices obtained here are shared for the
 * life of the JVM; do not close them (use {@link DeviceRegistry#scan} for a private set).
 */
public final class Devices {
    private Devices() {
    }

    private static final class Holder {
        static final DeviceRegistry REGISTRY = DeviceRegistry.scan(RuntimeConfig.get());
    }

    /** The shared registry. */
    public static DeviceRegistry registry() {
        return Holder.REGISTRY;
    }

    /** Properties of every device found. */
    public static List<DeviceInfo> list() {
        return registry().list();
    }

    /** What each backend found, or why it found nothing. */
    public static List<BackendStatus> backends() {
        return registry().backends();
    }

    /** The device with this name, or a {@link DeviceException} listing what exists. */
    public static Device get(String name) {
        return registry().get(name);
    }

    /** {@code JZK_DEVICE} if set, else CUDA, NVIDIA OpenCL, other OpenCL GPU, other OpenCL, jvm (first found). */
    public static Device best() {
        return registry().best();
    }

    /** The listing of {@code jzk devices}: one line per backend (with its problem, if any), one per device. */
    public static String describe() {
        return registry().describe();
    }

    /** The jvm reference device. */
    public static Device jvm() {
        return registry().get("jvm");
    }
}
