package jzk.tornado.jit;

/**
 * A kernel uses something outside the supported subset (see {@code tornado-kernels/JIT.md}). The message names
 * the class, method, source line and the construct, plus the chain of inlined calls that led there.
 */
public final class KernelCompileException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    public KernelCompileException(String message) {
        super(message);
    }

    public KernelCompileException(String message, Throwable cause) {
        super(message, cause);
    }
}
