package jzk.tornado.api;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/**
 * Atomic read-modify-write on kernel arrays. In Java (the jvm device, which runs work-groups on several threads)
 * these are real atomics through a {@link VarHandle}; the JIT replaces each call by the device instruction:
 * PTX {@code atom.global.add.u32} / {@code atom.shared.add.u32}, OpenCL C {@code atomic_add} on a
 * {@code __global} / {@code __local uint*}.
 *
 * <p>Invariants: the arithmetic wraps like Java {@code int} addition; the returned old value depends on the order
 * in which work-items arrive, so kernels must use it only in order-independent ways (a slot index, a counter)
 * when their results are compared across devices. Allowed arrays: a global {@code int[]} kernel parameter or a
 * local array from {@link KernelContext#allocateIntLocalArray}; private and constant arrays are rejected by the
 * JIT (an atomic on memory no other work-item sees is a caller mistake).
 */
public final class Atomics {
    private static final VarHandle INTS = MethodHandles.arrayElementVarHandle(int[].class);

    private Atomics() {
    }

    /** {@code a[index] += v} atomically; returns the value before the addition. */
    public static int addInt(int[] a, int index, int v) {
        return (int) INTS.getAndAdd(a, index, v);
    }
}
