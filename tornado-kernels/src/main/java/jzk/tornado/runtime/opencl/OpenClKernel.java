package jzk.tornado.runtime.opencl;

import java.lang.foreign.MemorySegment;
import java.util.List;

import jzk.tornado.api.Device;
import jzk.tornado.api.DeviceKernel;
import jzk.tornado.api.KernelParam;
import jzk.tornado.api.KernelSource;

/**
 * A built OpenCL program and its {@code cl_kernel}. {@code clSetKernelArg} mutates the kernel object, so a
 * launch sets arguments and enqueues while holding this object's monitor.
 */
final class OpenClKernel implements DeviceKernel {
    private final OpenClDevice device;
    private final KernelSource source;
    final MemorySegment program;
    final MemorySegment kernel;
    private final int maxWorkGroup;

    OpenClKernel(OpenClDevice device, KernelSource source, MemorySegment program, MemorySegment kernel,
                 int maxWorkGroup) {
        this.device = device;
        this.source = source;
        this.program = program;
        this.kernel = kernel;
        this.maxWorkGroup = maxWorkGroup;
    }

    @Override
    public int maxWorkGroupSize() {
        return maxWorkGroup;
    }

    @Override
    public Device device() {
        return device;
    }

    @Override
    public String name() {
        return source.entryName();
    }

    @Override
    public List<KernelParam> params() {
        return source.params();
    }

    @Override
    public boolean usesBarrier() {
        return source.usesBarrier();
    }

    KernelSource source() {
        return source;
    }
}
