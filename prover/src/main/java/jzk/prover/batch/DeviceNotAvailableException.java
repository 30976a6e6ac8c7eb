package jzk.prover.batch;

/**
 * A well-formed device name of a known kind ({@code cuda:N}, {@code opencl:P:D}) that this machine does not have:
 * no driver, no such platform or index. Distinct from an unknown or malformed name (a plain
 * {@link IllegalArgumentException}) so that the CLI can exit 3 ("not available") rather than 2 ("bad usage").
 * The message is one line naming the device, its backend's status (with the problem it reported) and the devices
 * that are available.
 */
public final class DeviceNotAvailableException extends IllegalArgumentException {
    public DeviceNotAvailableException(String message, Throwable cause) {
        super(message, cause);
    }
}
