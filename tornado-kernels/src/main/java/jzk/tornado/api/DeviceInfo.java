package jzk.tornado.api;

/**
 * What {@code jzk devices} prints about a device. Sizes are in bytes; a property a backend does not have is
 * empty ({@code ""}) or {@code -1}.
 *
 * @param name              the address used by {@code runtime.Devices.get(String)}: {@code cuda:N}, {@code opencl:P:D}, {@code jvm}
 * @param kind              the backend
 * @param deviceName        the driver's name for the hardware
 * @param vendor            vendor (OpenCL) or "NVIDIA"
 * @param driverVersion     driver version as the driver reports it
 * @param globalMemoryBytes device memory (for the jvm device: the maximum heap)
 * @param computeUnits      streaming multiprocessors / OpenCL compute units / JVM processors
 * @param maxWorkGroupSize  largest work-group (block) size
 * @param localMemoryBytes  shared / local memory per work-group
 * @param computeCapability CUDA compute capability as "major.minor", "" elsewhere
 * @param openClVersion     OpenCL device version string, "" elsewhere
 * @param isGpu             whether the device is a GPU (OpenCL device type GPU, or CUDA)
 * @param maxAllocationBytes largest single buffer (OpenCL {@code CL_DEVICE_MAX_MEM_ALLOC_SIZE}, a quarter of the
 *                          memory on NVIDIA's OpenCL; the whole memory on CUDA)
 */
public record DeviceInfo(String name, DeviceKind kind, String deviceName, String vendor, String driverVersion,
                         long globalMemoryBytes, int computeUnits, int maxWorkGroupSize, long localMemoryBytes,
                         String computeCapability, String openClVersion, boolean isGpu, long maxAllocationBytes) {

    /** One line for a device listing. */
    public String describe() {
        StringBuilder sb = new StringBuilder();
        sb.append(String.format("%-12s %-6s %s", name, kind, deviceName));
        sb.append(" | vendor ").append(vendor);
        if (!driverVersion.isEmpty()) {
            sb.append(" | driver ").append(driverVersion);
        }
        sb.append(String.format(" | %.1f GiB (max buffer %.1f GiB) | %d CUs | max WG %d | local %d KiB",
                globalMemoryBytes / (double) (1L << 30), maxAllocationBytes / (double) (1L << 30), computeUnits,
                maxWorkGroupSize, localMemoryBytes >> 10));
        if (!computeCapability.isEmpty()) {
            sb.append(" | sm_").append(computeCapability.replace(".", ""));
        }
        if (!openClVersion.isEmpty()) {
            sb.append(" | ").append(openClVersion);
        }
        return sb.toString();
    }
}
