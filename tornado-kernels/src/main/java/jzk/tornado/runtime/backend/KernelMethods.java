package jzk.tornado.runtime.backend;

import java.io.IOException;
import java.io.InputStream;
import java.lang.classfile.ClassFile;
import java.lang.classfile.ClassModel;
import java.lang.classfile.CodeModel;
import java.lang.classfile.MethodModel;
import java.lang.classfile.Opcode;
import java.lang.classfile.instruction.InvokeInstruction;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.lang.reflect.Parameter;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

import jzk.tornado.api.DeviceException;
import jzk.tornado.api.KernelContext;
import jzk.tornado.api.KernelParam;
import jzk.tornado.api.OffHeapIntArray;
import jzk.tornado.api.OffHeapLongArray;

/**
 * Facts about kernel methods read from reflection and bytecode: the shape check, the parameter list as the jvm
 * device passes it, and whether the kernel (or anything it calls statically) reaches
 * {@link KernelContext#localBarrier()}.
 */
public final class KernelMethods {
    private static final String CONTEXT_INTERNAL = KernelContext.class.getName().replace('.', '/');
    private static final Map<Method, Boolean> BARRIER_CACHE = new ConcurrentHashMap<>();

    private KernelMethods() {
    }

    /** Throws unless {@code m} is a {@code public static void} method with kernel parameter types. */
    public static void checkKernelMethod(Method m) {
        if (m == null) {
            throw new DeviceException("kernel method is null");
        }
        String where = m.getDeclaringClass().getName() + "." + m.getName();
        if (!Modifier.isStatic(m.getModifiers()) || m.getReturnType() != void.class) {
            throw new DeviceException("kernel " + where + " must be a static void method");
        }
        kindsOf(m);
    }

    /** The device parameter list of a kernel method as the jvm device sees it (no hidden parameters). */
    public static List<KernelParam> paramsOf(Method m) {
        List<KernelParam.Kind> kinds = kindsOf(m);
        Parameter[] ps = m.getParameters();
        List<KernelParam> out = new ArrayList<>(kinds.size());
        for (int i = 0; i < kinds.size(); i++) {
            out.add(new KernelParam(ps[i].getName(), kinds.get(i)));
        }
        return out;
    }

    private static List<KernelParam.Kind> kindsOf(Method m) {
        Class<?>[] types = m.getParameterTypes();
        List<KernelParam.Kind> kinds = new ArrayList<>(types.length);
        for (int i = 0; i < types.length; i++) {
            Class<?> t = types[i];
            KernelParam.Kind k;
            if (t == KernelContext.class) {
                k = KernelParam.Kind.CONTEXT;
            } else if (t == int.class) {
                k = KernelParam.Kind.INT;
            } else if (t == long.class) {
                k = KernelParam.Kind.LONG;
            } else if (t == int[].class) {
                k = KernelParam.Kind.INT_ARRAY;
            } else if (t == long[].class) {
                k = KernelParam.Kind.LONG_ARRAY;
            } else if (t == OffHeapIntArray.class) {
                k = KernelParam.Kind.OFFHEAP_INTS;
            } else if (t == OffHeapLongArray.class) {
                k = KernelParam.Kind.OFFHEAP_LONGS;
            } else {
                throw new DeviceException("kernel " + m.getDeclaringClass().getName() + "." + m.getName()
                        + ": parameter " + i + " has type " + t.getTypeName()
                        + "; kernels take KernelContext, int, long, int[], long[], OffHeapIntArray, OffHeapLongArray");
            }
            if (k == KernelParam.Kind.CONTEXT && i != 0) {
                throw new DeviceException("kernel " + m.getName() + ": KernelContext must be the first parameter");
            }
            kinds.add(k);
        }
        return kinds;
    }

    /** Whether {@code m} or a method it calls statically (transitively) calls {@link KernelContext#localBarrier()}. */
    public static boolean usesBarrier(Method m) {
        return BARRIER_CACHE.computeIfAbsent(m, k -> {
            ClassLoader loader = k.getDeclaringClass().getClassLoader();
            String owner = k.getDeclaringClass().getName().replace('.', '/');
            String desc = java.lang.invoke.MethodType.methodType(k.getReturnType(), k.getParameterTypes())
                    .toMethodDescriptorString();
            return scan(loader, owner, k.getName(), desc, new HashSet<>());
        });
    }

    private static boolean scan(ClassLoader loader, String owner, String name, String desc, Set<String> visited) {
        if (!visited.add(owner + "." + name + desc) || owner.startsWith("java/")) {
            return false;
        }
        ClassModel cm = parse(loader, owner);
        if (cm == null) {
            return false;
        }
        for (MethodModel mm : cm.methods()) {
            if (!mm.methodName().equalsString(name) || !mm.methodType().equalsString(desc)) {
                continue;
            }
            CodeModel code = mm.code().orElse(null);
            if (code == null) {
                return false;
            }
            for (var element : code) {
                if (element instanceof InvokeInstruction inv) {
                    String o = inv.owner().asInternalName();
                    String n = inv.name().stringValue();
                    if (o.equals(CONTEXT_INTERNAL) && n.equals("localBarrier")) {
                        return true;
                    }
                    if (inv.opcode() == Opcode.INVOKESTATIC && scan(loader, o, n, inv.type().stringValue(), visited)) {
                        return true;
                    }
                }
            }
        }
        return false;
    }

    private static ClassModel parse(ClassLoader loader, String internalName) {
        ClassLoader l = loader != null ? loader : ClassLoader.getSystemClassLoader();
        try (InputStream in = l.getResourceAsStream(internalName + ".class")) {
            if (in == null) {
                return null;
            }
            return ClassFile.of().parse(in.readAllBytes());
        } catch (IOException e) {
            throw new DeviceException("cannot read class file of " + internalName, e);
        }
    }
}
