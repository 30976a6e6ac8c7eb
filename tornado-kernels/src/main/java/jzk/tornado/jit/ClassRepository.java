package jzk.tornado.jit;

import java.io.IOException;
import java.io.InputStream;
import java.lang.classfile.Attributes;
import java.lang.classfile.ClassFile;
import java.lang.classfile.ClassModel;
import java.lang.classfile.MethodModel;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Finds the class files of kernels and their callees and reads {@code static final} constants by reflection.
 *
 * <p>Invariant: class files are read from the same class loader that defined the class, so the bytecode that
 * is compiled is the bytecode the JVM runs. Parsed models are cached for the life of the JVM (classes are not
 * redefined while a kernel is compiled).
 */
final class ClassRepository {
    private static final Map<Class<?>, ClassModel> MODELS = new ConcurrentHashMap<>();
    private static final Map<Class<?>, String> SHAS = new ConcurrentHashMap<>();

    private ClassRepository() {
    }

    /** The parsed class file of {@code c}; recorded as a dependency of the translation in progress ({@link KernelCache}). */
    static ClassModel model(Class<?> c) {
        ClassModel m = MODELS.computeIfAbsent(c, k -> ClassFile.of().parse(classFile(k)));
        KernelCache.recordClass(c, classSha(c));
        return m;
    }

    /** SHA-256 (hex) of {@code c}'s class file, computed once per class. */
    static String classSha(Class<?> c) {
        return SHAS.computeIfAbsent(c, k -> KernelCache.sha(classFile(k)));
    }

    private static byte[] classFile(Class<?> c) {
        String path = c.getName().replace('.', '/') + ".class";
        ClassLoader loader = c.getClassLoader();
        try (InputStream in = loader == null ? ClassLoader.getSystemResourceAsStream(path)
                : loader.getResourceAsStream(path)) {
            if (in == null) {
                throw new KernelCompileException("class file " + path + " of " + c.getName() + " not found");
            }
            return in.readAllBytes();
        } catch (IOException e) {
            throw new KernelCompileException("cannot read class file " + path + ": " + e.getMessage(), e);
        }
    }

    static String sourceFile(Class<?> c) {
        return model(c).findAttribute(Attributes.sourceFile())
                .map(a -> a.sourceFile().stringValue())
                .orElse(c.getSimpleName() + ".java");
    }

    /** The method {@code name descriptor} declared by {@code c}, or null. */
    static MethodModel method(Class<?> c, String name, String descriptor) {
        for (MethodModel m : model(c).methods()) {
            if (m.methodName().equalsString(name) && m.methodType().equalsString(descriptor)) {
                return m;
            }
        }
        return null;
    }

    /** Loads {@code internalName} (e.g. {@code jzk/arith/Fp}) with {@code context}'s loader, not initialised. */
    static Class<?> load(String internalName, Class<?> context) {
        try {
            return Class.forName(internalName.replace('/', '.'), false, context.getClassLoader());
        } catch (ClassNotFoundException e) {
            throw new KernelCompileException("class " + internalName + " not found from " + context.getName(), e);
        }
    }

    /**
     * The value of a {@code static final} field (initialising its class, as the JVM would before the kernel
     * runs), or a description of why it cannot be used, thrown as {@link IllegalArgumentException}.
     */
    static Object staticFinalValue(Class<?> owner, String name) {
        Field f = findField(owner, name);
        if (f == null) {
            throw new IllegalArgumentException("field " + owner.getName() + "." + name + " not found");
        }
        int mod = f.getModifiers();
        if (!Modifier.isStatic(mod) || !Modifier.isFinal(mod)) {
            throw new IllegalArgumentException("read of non-final static field " + owner.getName() + "." + name);
        }
        try {
            Class.forName(f.getDeclaringClass().getName(), true, f.getDeclaringClass().getClassLoader());
            f.setAccessible(true);
            Object v = f.get(null);
            KernelCache.recordStatic(owner, name, v);
            return v;
        } catch (ReflectiveOperationException | RuntimeException e) {
            throw new IllegalArgumentException("cannot read static field " + owner.getName() + "." + name + ": " + e);
        }
    }

    private static Field findField(Class<?> c, String name) {
        for (Class<?> k = c; k != null; k = k.getSuperclass()) {
            for (Field f : k.getDeclaredFields()) {
                if (f.getName().equals(name)) {
                    return f;
                }
            }
            for (Class<?> i : k.getInterfaces()) {
                Field f = findField(i, name);
                if (f != null) {
                    return f;
                }
            }
        }
        return null;
    }
}
