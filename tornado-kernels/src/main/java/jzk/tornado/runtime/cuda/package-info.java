/**
 * The CUDA backend: the driver API ({@code libcuda}) bound through FFM ({@link jzk.tornado.runtime.cuda.CudaDriver}),
 * devices on the primary context with one stream per view ({@link jzk.tornado.runtime.cuda.CudaDevice}), PTX
 * modules as kernels. Depends on {@code jzk.tornado.api}, {@code jzk.tornado.config} and {@code jzk.tornado.runtime.backend} only. Tests: the device
 * tests of {@code tornado-kernels/src/test/java/jzk/tornado/runtime}, which run it only where a CUDA driver is
 * present (the GPU host) and are skipped with the probe's reason elsewhere.
 */
package jzk.tornado.runtime.cuda;
