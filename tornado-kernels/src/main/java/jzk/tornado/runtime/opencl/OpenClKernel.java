package jzk.tornado.runtime.opencl;

import java.lang.foreign.MemorySegment;

import jzk.tornado.api.KernelSource;
import jzk.tornado.runtime.backend.CompiledDeviceKernel;

/**
 * A built OpenCL program and its {@code cl_kernel}. {@code clSetKernelArg} mutates the kernel object, so a
 * launch sets arguments and enqueues while holding this object's monitor.
 */
final class OpenClKernel extends CompiledDeviceKernel {
    final MemorySegment program;
    final MemorySegment kernel;

    OpenClKernel(OpenClDevice device, KernelSource source, MemorySegment program, MemorySegment kernel,
                 int maxWorkGroup) {
        super(device, source, maxWorkGroup);
        this.program = program;
        this.kernel = kernel;
    }
}
