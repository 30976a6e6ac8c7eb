package jzk.tornado.jit;

/**
 * The kind of one device-side kernel parameter, in the order of {@link CompiledKernel#params()}.
 *
 * <p>{@link #CONTEXT} marks the Java {@code KernelContext} parameter: it is listed so that the list mirrors the
 * Java signature, but nothing is passed to the device for it. Every other kind is passed: {@code INT} as a
 * 32-bit value, {@code LONG} as a 64-bit value, the four array kinds as a 64-bit global device pointer.
 */
public enum ParamKind {
    CONTEXT,
    INT,
    LONG,
    INT_ARRAY,
    LONG_ARRAY,
    OFFHEAP_INTS,
    OFFHEAP_LONGS
}
