/**
 * The jvm device, the bit-exact reference: it runs the kernel method itself on JVM threads with real
 * work-groups, local arrays and barriers ({@link jzk.tornado.runtime.jvm.JvmDevice},
 * {@link jzk.tornado.runtime.jvm.GroupRunner}); buffers are heap arrays. Depends on {@code jzk.tornado.api},
 * {@code jzk.tornado.config} and {@code jzk.tornado.runtime.backend} only. Tests: {@code JvmDeviceTest} and the other device tests in
 * {@code tornado-kernels/src/test/java/jzk/tornado/runtime}, and every kernel test that compares a GPU result
 * with it.
 */
package jzk.tornado.runtime.jvm;
