package jzk.tornado.runtime.jvm;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.reflect.Method;
import java.util.List;

import jzk.tornado.api.Device;
import jzk.tornado.api.DeviceException;
import jzk.tornado.api.DeviceKernel;
import jzk.tornado.api.KernelParam;
import jzk.tornado.runtime.backend.KernelMethods;

/**
 * A kernel on the jvm device: the Java method itself behind a spreading {@link MethodHandle}. Whether it needs
 * real barriers comes from a scan of its bytecode and its static callees.
 */
final class JvmKernel implements DeviceKernel {
    private final JvmDevice device;
    private final Method method;
    private final MethodHandle handle;
    private final List<KernelParam> params;
    private final boolean usesBarrier;
    private final boolean takesContext;

    JvmKernel(JvmDevice device, Method method) {
        this.device = device;
        this.method = method;
        this.params = KernelMethods.paramsOf(method);
        this.usesBarrier = KernelMethods.usesBarrier(method);
        this.takesContext = !params.isEmpty() && params.getFirst().kind() == KernelParam.Kind.CONTEXT;
        try {
            method.setAccessible(true);
            this.handle = MethodHandles.lookup().unreflect(method)
                    .asSpreader(Object[].class, method.getParameterCount());
        } catch (IllegalAccessException | RuntimeException e) {
            throw new DeviceException("jvm device cannot call kernel " + qualifiedName() + ": " + e, e);
        }
    }

    @Override
    public Device device() {
        return device;
    }

    @Override
    public String name() {
        return method.getName();
    }

    @Override
    public List<KernelParam> params() {
        return params;
    }

    @Override
    public boolean usesBarrier() {
        return usesBarrier;
    }

    boolean takesContext() {
        return takesContext;
    }

    MethodHandle handle() {
        return handle;
    }

    String qualifiedName() {
        return method.getDeclaringClass().getName() + "." + method.getName();
    }
}
