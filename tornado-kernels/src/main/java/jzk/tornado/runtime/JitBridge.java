package jzk.tornado.runtime;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.List;

import jzk.tornado.api.DeviceException;
import jzk.tornado.api.KernelParam;
import jzk.tornado.api.KernelSource;

/**
 * Calls the kernel JIT ({@code jzk.tornado.jit.KernelCompiler}) for a device and turns its {@code CompiledKernel}
 * into a {@link KernelSource}. The JIT is written on another branch at the same time as this runtime, so it is
 * reached reflectively: a build without it still runs raw sources and the jvm device, and says so clearly when a
 * GPU kernel is asked for by method.
 */
final class JitBridge {
    private static final String COMPILER = "jzk.tornado.jit.KernelCompiler";
    private static final String TARGET = "jzk.tornado.jit.Target";

    private JitBridge() {
    }

    static KernelSource compile(Method kernel, NativeDevice device) {
        String where = kernel.getDeclaringClass().getName() + "." + kernel.getName();
        try {
            Class<?> compiler = Class.forName(COMPILER);
            Class<?> targetType = Class.forName(TARGET);
            Object target = switch (device.language()) {
                case PTX -> targetType.getMethod("ptx", int.class).invoke(null, smOf(device));
                case OPENCL_C -> targetType.getMethod("openCl").invoke(null);
            };
            Method compile = compiler.getMethod("compile", Method.class, targetType);
            Object receiver = Modifier.isStatic(compile.getModifiers()) ? null
                    : compiler.getDeclaredConstructor().newInstance();
            Object ck = compile.invoke(receiver, kernel, target);
            String entry = (String) call(ck, "entryName");
            String source = (String) call(ck, "source");
            boolean barrier = (Boolean) call(ck, "usesBarrier");
            List<KernelParam> params = new ArrayList<>();
            for (Object p : (List<?>) call(ck, "params")) {
                String name = (String) call(p, "name");
                String kind = ((Enum<?>) call(p, "kind")).name();
                params.add(new KernelParam(name, KernelParam.Kind.valueOf(kind)));
            }
            return new KernelSource(device.language(), entry, source, params, barrier);
        } catch (ClassNotFoundException e) {
            throw new DeviceException("kernel " + where + " cannot run on " + device.name()
                    + ": the kernel JIT (" + COMPILER + ") is not on the class path; use the jvm device or "
                    + "Device.kernelFromSource", e);
        } catch (InvocationTargetException e) {
            Throwable c = e.getCause();
            if (c instanceof RuntimeException re && !(c instanceof DeviceException)) {
                throw new DeviceException("JIT failed for " + where + " on " + device.name() + ": " + c.getMessage(), re);
            }
            throw new DeviceException("JIT failed for " + where + " on " + device.name() + ": " + c, c);
        } catch (ReflectiveOperationException e) {
            throw new DeviceException("the kernel JIT's API does not match the runtime (" + e + ")", e);
        }
    }

    private static int smOf(NativeDevice device) {
        String cc = device.info().computeCapability();
        String[] mm = cc.split("\\.");
        return Integer.parseInt(mm[0]) * 10 + Integer.parseInt(mm[1]);
    }

    private static Object call(Object o, String accessor) throws ReflectiveOperationException {
        Method m = o.getClass().getMethod(accessor);
        m.setAccessible(true);
        return m.invoke(o);
    }
}
