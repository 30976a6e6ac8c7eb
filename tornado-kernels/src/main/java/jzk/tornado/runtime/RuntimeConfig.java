package jzk.tornado.runtime;

/**
 * Which native libraries the registry probes and which device {@code best()} returns. Read from system properties
 * (then environment variables): {@code jzk.cuda.library} / {@code JZK_CUDA_LIBRARY} (default
 * {@code libcuda.so.1}), {@code jzk.opencl.library} / {@code JZK_OPENCL_LIBRARY} (default {@code libOpenCL.so.1}),
 * {@code jzk.device} or {@code JZK_DEVICE} (a device name overriding the automatic choice). A library name
 * {@code none} disables that backend.
 *
 * @param cudaLibrary   library for the CUDA driver API
 * @param openClLibrary library for the OpenCL ICD loader
 * @param deviceOverride device name forced on {@code best()}, or null
 */
public record RuntimeConfig(String cudaLibrary, String openClLibrary, String deviceOverride) {

    public static RuntimeConfig fromEnvironment() {
        return new RuntimeConfig(setting("jzk.cuda.library", "JZK_CUDA_LIBRARY", "libcuda.so.1"),
                setting("jzk.opencl.library", "JZK_OPENCL_LIBRARY", "libOpenCL.so.1"),
                setting("jzk.device", "JZK_DEVICE", null));
    }

    /**
     * The JIT's persistent kernel cache ({@link jzk.tornado.jit.KernelCache}): {@code jzk.kernel.cache} /
     * {@code JZK_KERNEL_CACHE}, else {@code $JZK_CACHE/kernels} (beside the parameter cache), else
     * {@code ~/.cache/jzk/kernels}; {@code none}: no cache (null). Read once, by {@link JitBridge}.
     */
    public static java.nio.file.Path kernelCacheDir() {
        String v = setting("jzk.kernel.cache", "JZK_KERNEL_CACHE", null);
        if ("none".equalsIgnoreCase(v)) {
            return null;
        }
        if (v != null) {
            return java.nio.file.Path.of(v);
        }
        String base = System.getenv("JZK_CACHE");
        return base != null && !base.isBlank() ? java.nio.file.Path.of(base.trim(), "kernels")
                : java.nio.file.Path.of(System.getProperty("user.home"), ".cache", "jzk", "kernels");
    }

    private static String setting(String property, String env, String fallback) {
        String v = System.getProperty(property);
        if (v == null || v.isBlank()) {
            v = System.getProperty(env);
        }
        if (v == null || v.isBlank()) {
            v = System.getenv(env);
        }
        return v == null || v.isBlank() ? fallback : v.trim();
    }
}
