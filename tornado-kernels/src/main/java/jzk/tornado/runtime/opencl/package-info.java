/**
 * The OpenCL backend: {@code libOpenCL} bound through FFM ({@link jzk.tornado.runtime.opencl.OpenCl}), one
 * context and in-order profiling queue per device view ({@link jzk.tornado.runtime.opencl.OpenClDevice}), OpenCL C
 * programs built by the driver as kernels. Depends on {@code jzk.tornado.api}, {@code jzk.tornado.config} and
 * {@code jzk.tornado.runtime.backend} only. Tests: the device tests of {@code tornado-kernels/src/test/java/jzk/tornado/runtime} and
 * {@code ../bls}, which run it on PoCL locally and in CI.
 */
package jzk.tornado.runtime.opencl;
