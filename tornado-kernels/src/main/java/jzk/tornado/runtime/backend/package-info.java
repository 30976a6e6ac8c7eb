/**
 * What the device backends share: {@link jzk.tornado.runtime.backend.AbstractDevice} (buffers, kernel cache,
 * checks) and {@link jzk.tornado.runtime.backend.AbstractBuffer}; for the FFM backends {@link
 * jzk.tornado.runtime.backend.NativeDevice} / {@link jzk.tornado.runtime.backend.NativeBuffer} / {@link
 * jzk.tornado.runtime.backend.NativeLibrary}; {@link jzk.tornado.runtime.backend.JitBridge} to the JIT; launch
 * argument matching ({@link jzk.tornado.runtime.backend.LaunchArgs}, {@link
 * jzk.tornado.runtime.backend.KernelMethods}); what a backend reports when opened ({@link
 * jzk.tornado.runtime.backend.BackendProbe}). Depends on {@code jzk.tornado.api}, {@code jzk.tornado.jit} and
 * {@code jzk.tornado.config}; knows no backend and not the registry. Tests: the device tests of {@code
 * tornado-kernels/src/test/java/jzk/tornado/runtime}.
 */
package jzk.tornado.runtime.backend;
