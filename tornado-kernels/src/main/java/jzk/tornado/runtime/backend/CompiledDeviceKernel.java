package jzk.tornado.runtime.backend;

import java.util.List;

import jzk.tornado.api.Device;
import jzk.tornado.api.DeviceKernel;
import jzk.tornado.api.KernelParam;
import jzk.tornado.api.KernelSource;

/**
 * What every native backend's kernel has: the device it was built for, the source it was built from (entry
 * name, parameter list, barrier use), and the work-group limit the driver reported for the compiled code
 * ({@code CU_FUNC_ATTRIBUTE_MAX_THREADS_PER_BLOCK} / {@code CL_KERNEL_WORK_GROUP_SIZE}), which may be below the
 * device's nominal maximum. Subclasses add their driver handles.
 */
public abstract class CompiledDeviceKernel implements DeviceKernel {
    private final Device device;
    private final KernelSource source;
    private final int maxWorkGroupSize;

    protected CompiledDeviceKernel(Device device, KernelSource source, int maxWorkGroupSize) {
        this.device = device;
        this.source = source;
        this.maxWorkGroupSize = maxWorkGroupSize;
    }

    @Override
    public final int maxWorkGroupSize() {
        return maxWorkGroupSize;
    }

    @Override
    public final Device device() {
        return device;
    }

    @Override
    public final String name() {
        return source.entryName();
    }

    @Override
    public final List<KernelParam> params() {
        return source.params();
    }

    @Override
    public final boolean usesBarrier() {
        return source.usesBarrier();
    }

    protected final KernelSource source() {
        return source;
    }
}
