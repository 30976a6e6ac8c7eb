/**
 * The device runtime (tornado-kernels/RUNTIME.md): finds the devices of the machine ({@link
 * jzk.tornado.runtime.DeviceRegistry}, {@link jzk.tornado.runtime.Devices}, configured by {@link
 * jzk.tornado.runtime.RuntimeConfig}), and holds what the backends share — {@link jzk.tornado.runtime.AbstractDevice}
 * (buffers, kernel cache, checks), {@link jzk.tornado.runtime.NativeDevice} / {@link
 * jzk.tornado.runtime.NativeLibrary} for the FFM backends, and
 * {@link jzk.tornado.runtime.JitBridge} to the JIT — plus the self-test and its bench. Depends on
 * {@code jzk.tornado.api}, {@code jzk.tornado.jit}, {@code jzk.tornado.progress} (kernel-build progress and timings)
 * and its own backend subpackages ({@code cuda}, {@code opencl},
 * {@code jvm}), which in turn see only this package and the api. Tests:
 * {@code tornado-kernels/src/test/java/jzk/tornado/runtime} (the jvm device always, PoCL where installed).
 */
package jzk.tornado.runtime;
