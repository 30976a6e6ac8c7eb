package jzk.tornado.api;

/**
 * Outcome of probing one backend: how many devices it found, or why it has none (library missing, driver
 * error, no devices). Shown by {@code jzk devices} so that a missing GPU is visible, never silent.
 *
 * @param backend     "cuda", "opencl" or "jvm"
 * @param library     the native library probed ("" for jvm)
 * @param deviceCount devices found
 * @param problem     why the backend has no (or fewer) devices, or "" when all went well
 */
public record BackendStatus(String backend, String library, int deviceCount, String problem) {
    public String describe() {
        String lib = library.isEmpty() ? "" : " (" + library + ")";
        return backend + lib + ": " + deviceCount + " device(s)" + (problem.isEmpty() ? "" : " - " + problem);
    }
}
