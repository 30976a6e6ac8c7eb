/**
 * The module's configuration: {@link jzk.prover.config.ProverConfig}, the one place the prover reads {@code jzk.*}
 * system properties and {@code JZK_*} environment variables (table in prover/README.md). Depends on the JDK only,
 * so every other package of the module may read it. Tests: {@code cli/src/test/java/jzk/cli/SourceRulesTest}
 * (no read elsewhere) and the tests of the settings' users ({@code SetupCommandTest} lowers
 * {@code jzk.setup.gpuMinPoints} in-process through {@link jzk.prover.config.ProverConfig#reload()}).
 */
package jzk.prover.config;
