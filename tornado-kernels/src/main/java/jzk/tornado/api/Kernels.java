package jzk.tornado.api;

import java.io.Serializable;
import java.lang.invoke.MethodHandleInfo;
import java.lang.invoke.SerializedLambda;
import java.lang.reflect.Method;
import java.util.Arrays;

import jzk.tornado.api.Kernels;
import jzk.tornado.api.Tasks.Task1;
import jzk.tornado.api.Tasks.Task10;
import jzk.tornado.api.Tasks.Task11;
import jzk.tornado.api.Tasks.Task12;
import jzk.tornado.api.Tasks.Task2;
import jzk.tornado.api.Tasks.Task3;
import jzk.tornado.api.Tasks.Task4;
import jzk.tornado.api.Tasks.Task5;
import jzk.tornado.api.Tasks.Task6;
import jzk.tornado.api.Tasks.Task7;
import jzk.tornado.api.Tasks.Task8;
import jzk.tornado.api.Tasks.Task9;

/**
 * The one way to name a kernel: by method reference, {@code Kernels.of(FieldKernels::frMulSub)}, never by string,
 * so a renamed or removed kernel is a compile error and an IDE finds every launch. {@code of} resolves the
 * reference to its {@link Method} (for {@link Device#kernel}) through the {@link SerializedLambda} that the
 * compiler-generated {@code writeReplace} of a serializable method reference returns (the technique TornadoVM
 * uses); the lambda is never called. Only static method references are kernels: a lambda expression or an
 * instance method is rejected with a {@link DeviceException} naming it. One overload per arity ({@link Tasks}); the
 * {@link KernelContext} parameter counts as one. Resolve once (a {@code static final Method}): each call reflects.
 */
public final class Kernels {
    private Kernels() {
    }

    public static <A> Method of(Task1<A> kernel) {
        return resolve(kernel);
    }

    public static <A, B> Method of(Task2<A, B> kernel) {
        return resolve(kernel);
    }

    public static <A, B, C> Method of(Task3<A, B, C> kernel) {
        return resolve(kernel);
    }

    public static <A, B, C, D> Method of(Task4<A, B, C, D> kernel) {
        return resolve(kernel);
    }

    public static <A, B, C, D, E> Method of(Task5<A, B, C, D, E> kernel) {
        return resolve(kernel);
    }

    public static <A, B, C, D, E, F> Method of(Task6<A, B, C, D, E, F> kernel) {
        return resolve(kernel);
    }

    public static <A, B, C, D, E, F, G> Method of(Task7<A, B, C, D, E, F, G> kernel) {
        return resolve(kernel);
    }

    public static <A, B, C, D, E, F, G, H> Method of(Task8<A, B, C, D, E, F, G, H> kernel) {
        return resolve(kernel);
    }

    public static <A, B, C, D, E, F, G, H, I> Method of(Task9<A, B, C, D, E, F, G, H, I> kernel) {
        return resolve(kernel);
    }

    public static <A, B, C, D, E, F, G, H, I, J> Method of(Task10<A, B, C, D, E, F, G, H, I, J> kernel) {
        return resolve(kernel);
    }

    public static <A, B, C, D, E, F, G, H, I, J, K> Method of(Task11<A, B, C, D, E, F, G, H, I, J, K> kernel) {
        return resolve(kernel);
    }

    public static <A, B, C, D, E, F, G, H, I, J, K, L> Method of(
            Task12<A, B, C, D, E, F, G, H, I, J, K, L> kernel) {
        return resolve(kernel);
    }

    private static Method resolve(Serializable methodReference) {
        SerializedLambda sl;
        try {
            Method writeReplace = methodReference.getClass().getDeclaredMethod("writeReplace");
            writeReplace.setAccessible(true);
            sl = (SerializedLambda) writeReplace.invoke(methodReference);
        } catch (ReflectiveOperationException | ClassCastException | SecurityException e) {
            throw new DeviceException("kernel " + methodReference.getClass().getName()
                    + " is not a serializable method reference (" + e + ")", e);
        }
        if (sl.getImplMethodKind() != MethodHandleInfo.REF_invokeStatic) {
            throw new DeviceException("a kernel must be a static method, got "
                    + MethodHandleInfo.referenceKindToString(sl.getImplMethodKind()) + " " + sl.getImplClass() + "::"
                    + sl.getImplMethodName());
        }
        if (sl.getImplMethodName().startsWith("lambda$")) {
            throw new DeviceException("a kernel must be a method reference (Class::kernel), not a lambda expression ("
                    + sl.getImplClass() + "." + sl.getImplMethodName() + ")");
        }
        String className = sl.getImplClass().replace('/', '.');
        Class<?> owner;
        try {
            owner = Class.forName(className, false, methodReference.getClass().getClassLoader());
        } catch (ClassNotFoundException e) {
            throw new DeviceException("kernel class " + className + " not found", e);
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
