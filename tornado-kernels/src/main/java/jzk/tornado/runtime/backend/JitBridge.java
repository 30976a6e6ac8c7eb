package jzk.tornado.runtime.backend;

import java.lang.reflect.Method;

import jzk.tornado.api.DeviceException;
import jzk.tornado.api.KernelSource;
import jzk.tornado.config.RuntimeConfig;
import jzk.tornado.jit.CompiledKernel;
import jzk.tornado.jit.KernelCache;
import jzk.tornado.jit.KernelCompileException;
import jzk.tornado.jit.KernelCompiler;
import jzk.tornado.jit.OpenClProducts;
import jzk.tornado.jit.Target;
import jzk.tornado.progress.Timings;

/**
 * Compiles a kernel method with the JIT ({@link KernelCompiler}) for a device's language and turns the
 * {@link CompiledKernel} into the runtime's {@link KernelSource}: PTX for {@code .target sm_<major><minor>} of a
 * CUDA device's compute capability, OpenCL C otherwise (its products and sums as inline PTX on NVIDIA's OpenCL,
 * portable C elsewhere: {@link OpenClProducts}). The JIT caches per (method, target) in memory, and on disk
 * in the persistent kernel cache ({@link KernelCache}).
 */
final class JitBridge {
    /** The persistent kernel cache ({@link RuntimeConfig#kernelCacheDir()}, read once), or null. */
    private static final KernelCache CACHE = KernelCache.at(RuntimeConfig.kernelCacheDir());

    private JitBridge() {
    }

    static KernelSource compile(Method kernel, NativeDevice device) {
        Target target = switch (device.language()) {
            case PTX -> Target.ptx(smOf(device));
            case OPENCL_C -> OpenClProducts.SETTING.target(device.info().vendor());
        };
        CompiledKernel ck;
        try (Timings.Phase t = Timings.phase("kernel JIT (bytecode → " + device.language() + ")")) {
            ck = KernelCompiler.compile(kernel, target, CACHE);
        } catch (KernelCompileException e) {
            throw new DeviceException("JIT cannot compile " + kernel.getDeclaringClass().getName() + "."
                    + kernel.getName() + " for " + device.name() + ": " + e.getMessage(), e);
        }
        return ck.toSource();
    }

    private static int smOf(NativeDevice device) {
        String[] mm = device.info().computeCapability().split("\\.");
        return Integer.parseInt(mm[0]) * 10 + Integer.parseInt(mm[1]);
    }
}
