package jzk.tornado.api;

/**
 * One kernel parameter as the device sees it; mirrors the JIT's {@code KernelParam} so the runtime and a raw
 * hand-written source describe arguments the same way.
 *
 * <p>A parameter whose name ends in {@value #LENGTH_SUFFIX} is hidden: the runtime passes the element count of the
 * array parameter named by the prefix (or, if no parameter has that name, of the nearest array before it).
 *
 * @param name the Java parameter name (or {@code argN}); hidden ones end in {@value #LENGTH_SUFFIX}
 * @param kind how the value is passed
 */
public record KernelParam(String name, Kind kind) {
    /** Suffix of a hidden length parameter. */
    public static final String LENGTH_SUFFIX = "$length";

    /** How a parameter is passed to the device. */
    public enum Kind {
        /** The {@link KernelContext}: never passed. */
        CONTEXT,
        /** A 32-bit integer by value. */
        INT,
        /** A 64-bit integer by value. */
        LONG,
        /** A global {@code int*}: Java {@code int[]} or a {@link DeviceBuffer}. */
        INT_ARRAY,
        /** A global {@code long*}: Java {@code long[]} or a {@link DeviceBuffer}. */
        LONG_ARRAY,
        /** A global {@code int*}: {@link OffHeapIntArray} or a {@link DeviceBuffer}. */
        OFFHEAP_INTS,
        /** A global {@code long*}: {@link OffHeapLongArray} or a {@link DeviceBuffer}. */
        OFFHEAP_LONGS;

        /** Whether this kind is a global pointer. */
        public boolean isArray() {
            return this != CONTEXT && this != INT && this != LONG;
        }

        /** Bytes per element of an array kind. */
        public int elementBytes() {
            return switch (this) {
                case INT_ARRAY, OFFHEAP_INTS -> 4;
                case LONG_ARRAY, OFFHEAP_LONGS -> 8;
                default -> throw new IllegalStateException(this + " is not an array kind");
            };
        }
    }

    public KernelParam {
        if (name == null || kind == null) {
            throw new IllegalArgumentException("kernel parameter needs a name and a kind");
        }
    }

    /** Whether the runtime fills this parameter itself. */
    public boolean isHidden() {
        return name.endsWith(LENGTH_SUFFIX);
    }

    /** Whether the caller supplies an argument for this parameter. */
    public boolean takesArgument() {
        return kind != Kind.CONTEXT && !isHidden();
    }
}
