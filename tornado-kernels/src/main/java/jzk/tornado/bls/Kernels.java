package jzk.tornado.bls;

import java.lang.reflect.Method;
import java.lang.reflect.Modifier;

/** Looks kernels up by name: each kernel class of this package has unique method names for its entry points. */
public final class Kernels {
    private Kernels() {
    }

    /** The {@code public static void} method {@code name} of {@code owner}; fails naming both if absent or ambiguous. */
    public static Method find(Class<?> owner, String name) {
        Method found = null;
        for (Method m : owner.getDeclaredMethods()) {
            if (m.getName().equals(name) && Modifier.isStatic(m.getModifiers())
                    && Modifier.isPublic(m.getModifiers()) && m.getReturnType() == void.class) {
                if (found != null) {
                    throw new IllegalArgumentException("kernel name " + owner.getName() + "." + name + " is overloaded");
                }
                found = m;
            }
        }
        if (found == null) {
            throw new IllegalArgumentException("no kernel " + owner.getName() + "." + name);
        }
        return found;
    }
}
