/**
 * The module's configuration: {@link jzk.tornado.config.RuntimeConfig}, the one place tornado-kernels reads
 * {@code jzk.*} system properties and {@code JZK_*} environment variables (table in tornado-kernels/README.md).
 * Depends on the JDK only, so that every other package of the module — the JIT included — may read it. Tests:
 * {@code cli/src/test/java/jzk/cli/SourceRulesTest} fails on a property read outside the configuration records;
 * {@code DeviceRegistryTest}, {@code KernelCompilerTest}, {@code NativeKernelTest} exercise the settings.
 */
package jzk.tornado.config;
