/**
 * The device runtime (tornado-kernels/RUNTIME.md): finds the devices of the machine ({@link
 * jzk.tornado.runtime.DeviceRegistry}, {@link jzk.tornado.runtime.Devices}, configured by {@link
 * jzk.tornado.config.RuntimeConfig}) by opening each backend ({@code cuda}, {@code opencl}, {@code jvm}). The one
 * package that knows every backend: depends on {@code jzk.tornado.api}, {@code jzk.tornado.config}, the backend
 * packages and {@link jzk.tornado.runtime.backend} (what they share); none of them depends on it, so the packages
 * form no cycle (cli's SourceRulesTest checks). Tests: {@code tornado-kernels/src/test/java/jzk/tornado/runtime}
 * (the jvm device always, PoCL where installed).
 */
package jzk.tornado.runtime;
