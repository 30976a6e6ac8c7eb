package jzk.tornado.api;

/**
 * A device call failed: a native call returned an error code, a kernel did not build, a work-item threw, or the
 * caller passed arguments that do not fit the kernel. The message names the call or kernel and what was wrong.
 */
public class DeviceException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    public DeviceException(String message) {
        super(message);
    }

    public DeviceException(String message, Throwable cause) {
        super(message, cause);
    }
}
