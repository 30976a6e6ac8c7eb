package jzk.tornado.api;

import java.util.List;

/**
 * A kernel ready to launch on one device: compiled PTX / OpenCL C, or (on the jvm device) the Java method itself.
 * Owned and cached by its {@link Device}; released when the device is closed.
 */
public interface DeviceKernel {
    /** The device this kernel was built for. */
    Device device();

    /** Entry-point name (the Java method name or the raw source's entry). */
    String name();

    /**
     * The device parameters in order. {@link KernelParam.Kind#CONTEXT} entries are not passed; hidden parameters
     * (a name ending in {@code $length}) are filled by the runtime; every other entry takes one launch argument.
     */
    List<KernelParam> params();

    /** Whether the kernel calls {@link KernelContext#localBarrier()} (directly or in a callee). */
    boolean usesBarrier();

    /**
     * Largest work-group this kernel can be launched with on its device: the driver's per-kernel limit (CUDA
     * {@code CU_FUNC_ATTRIBUTE_MAX_THREADS_PER_BLOCK}, OpenCL {@code CL_KERNEL_WORK_GROUP_SIZE}), which register
     * pressure can make smaller than the device's maximum.
     */
    default int maxWorkGroupSize() {
        return device().info().maxWorkGroupSize();
    }
}
