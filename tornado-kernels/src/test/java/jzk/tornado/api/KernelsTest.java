package jzk.tornado.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.reflect.Method;
import java.util.Arrays;
import jzk.tornado.bls.kernels.FieldKernels;
import jzk.tornado.bls.kernels.MsmKernels;
import org.junit.jupiter.api.Test;

/** Kernels by method reference: the referenced static method, whatever its arity; anything else rejected. */
class KernelsTest {
    /** The one public static method of that name, found independently of {@link Kernels}. */
    private static Method declared(Class<?> owner, String name) {
        Method[] m = Arrays.stream(owner.getDeclaredMethods()).filter(x -> x.getName().equals(name))
                .toArray(Method[]::new);
        assertEquals(1, m.length, name);
        return m[0];
    }

    @Test
    void aStaticReferenceIsItsMethod() {
        assertEquals(declared(FieldKernels.class, "frMulSub"), Kernels.of(FieldKernels::frMulSub));
        assertEquals(declared(MsmKernels.class, "accumulate"), Kernels.of(MsmKernels::accumulate)); // 10 parameters
        assertEquals(declared(KernelsTest.class, "twelve"), Kernels.of(KernelsTest::twelve));
    }

    public static void twelve(KernelContext c, int a, int b, int d, int e, int f, int g, int h, int i, int j, int k,
                              long[] l) {
    }

    @Test
    void lambdasAndInstanceMethodsAreNotKernels() {
        DeviceException lambda = assertThrows(DeviceException.class,
                () -> Kernels.of((Tasks.Task1<KernelContext>) ctx -> { }));
        assertTrue(lambda.getMessage().contains("not a lambda expression"), lambda.getMessage());
        DeviceException instance = assertThrows(DeviceException.class,
                () -> Kernels.of((Tasks.Task2<String, Object>) String::equals));
        assertTrue(instance.getMessage().contains("must be a static method"), instance.getMessage());
    }
}
