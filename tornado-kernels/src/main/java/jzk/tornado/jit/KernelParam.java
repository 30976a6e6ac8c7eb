package jzk.tornado.jit;

/**
 * One entry of a compiled kernel's parameter list.
 *
 * <p>Names are the Java parameter names (or {@code argN} when the class was compiled without
 * {@code -parameters}); a hidden length parameter that follows an array pointer is named
 * {@code <array>$length}: kind {@link ParamKind#INT} after a Java array (its {@code length}), kind
 * {@link ParamKind#LONG} after an off-heap array (its {@code size()}).
 */
public record KernelParam(String name, ParamKind kind) {
    /** Suffix of the hidden length parameter that follows every array pointer. */
    public static final String LENGTH_SUFFIX = "$length";

    /** Whether this is a hidden length parameter (the runtime passes the length of the preceding array). */
    public boolean isLength() {
        return name.endsWith(LENGTH_SUFFIX);
    }
}
