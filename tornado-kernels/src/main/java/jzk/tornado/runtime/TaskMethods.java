package jzk.tornado.runtime;

import java.io.Serializable;
import java.lang.invoke.MethodHandleInfo;
import java.lang.invoke.SerializedLambda;
import java.lang.reflect.Method;
import java.util.Arrays;

import jzk.tornado.api.DeviceException;

/**
 * Resolves a serializable method reference ({@code MyKernels::add}) to its {@link Method} through the
 * {@link SerializedLambda} that the compiler-generated {@code writeReplace} returns (the technique TornadoVM uses).
 * Only static method references are kernels; a lambda body or an instance method is rejected with a message.
 */
public final class TaskMethods {
    private TaskMethods() {
    }

    public static Method resolve(Serializable methodReference) {
        SerializedLambda sl;
        try {
            Method writeReplace = methodReference.getClass().getDeclaredMethod("writeReplace");
            writeReplace.setAccessible(true);
            sl = (SerializedLambda) writeReplace.invoke(methodReference);
        } catch (ReflectiveOperationException | ClassCastException | SecurityException e) {
            throw new DeviceException("task " + methodReference.getClass().getName()
                    + " is not a serializable method reference (" + e + ")", e);
        }
        if (sl.getImplMethodKind() != MethodHandleInfo.REF_invokeStatic) {
            throw new DeviceException("task must reference a static kernel method, got "
                    + MethodHandleInfo.referenceKindToString(sl.getImplMethodKind()) + " " + sl.getImplClass() + "::"
                    + sl.getImplMethodName());
        }
        if (sl.getImplMethodName().startsWith("lambda$")) {
            throw new DeviceException("task must be a method reference (Class::kernel), not a lambda expression ("
                    + sl.getImplClass() + "." + sl.getImplMethodName() + ")");
        }
        String className = sl.getImplClass().replace('/', '.');
        Class<?> owner;
        try {
            owner = Class.forName(className, false, methodReference.getClass().getClassLoader());
        } catch (ClassNotFoundException e) {
            throw new DeviceException("task class " + className + " not found", e);
        }
        String descriptor = sl.getImplMethodSignature();
        return Arrays.stream(owner.getDeclaredMethods())
                .filter(m -> m.getName().equals(sl.getImplMethodName()))
                .filter(m -> java.lang.invoke.MethodType.methodType(m.getReturnType(), m.getParameterTypes())
                        .toMethodDescriptorString().equals(descriptor))
                .findFirst()
                .orElseThrow(() -> new DeviceException("method " + className + "." + sl.getImplMethodName()
                        + descriptor + " not found"));
    }
}
