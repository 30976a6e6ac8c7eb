package jzk.tornado.runtime.cuda;

import java.lang.foreign.MemorySegment;
import java.util.List;

import jzk.tornado.api.Device;
import jzk.tornado.api.DeviceKernel;
import jzk.tornado.api.KernelParam;
import jzk.tornado.api.KernelSource;

/** A loaded PTX module and its entry function; {@code cuLaunchKernel} is thread-safe, so no lock is needed. */
final class CudaKernel implements DeviceKernel {
    private final CudaDevice device;
    private final KernelSource source;
    final MemorySegment module;
    final MemorySegment function;
    private final int maxThreads;

    CudaKernel(CudaDevice device, KernelSource source, MemorySegment module, MemorySegment function, int maxThreads) {
        this.device = device;
        this.source = source;
        this.module = module;
        this.function = function;
        this.maxThreads = maxThreads;
    }

    @Override
    public int maxWorkGroupSize() {
        return maxThreads;
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
}
