package jzk.tornado.runtime.cuda;

import java.lang.foreign.MemorySegment;

import jzk.tornado.api.KernelSource;
import jzk.tornado.runtime.backend.CompiledDeviceKernel;

/** A loaded PTX module and its entry function; {@code cuLaunchKernel} is thread-safe, so no lock is needed. */
final class CudaKernel extends CompiledDeviceKernel {
    final MemorySegment module;
    final MemorySegment function;

    CudaKernel(CudaDevice device, KernelSource source, MemorySegment module, MemorySegment function, int maxThreads) {
        super(device, source, maxThreads);
        this.module = module;
        this.function = function;
    }
}
