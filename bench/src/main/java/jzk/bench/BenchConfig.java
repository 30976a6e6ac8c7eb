package jzk.bench;

/**
 * Every setting of the bench module from outside the command line: its {@code jzk.bench.*} and {@code jzk.clkTck}
 * system properties, read here and nowhere else (bench/README.md has the table; a source-rules test fails on a
 * read elsewhere). {@link #get()} reads them once, on first use.
 *
 * @param cpuDevices    the runtime bench ({@code SelfTest --bench}) also measures devices that are not GPUs
 *                      ({@code jzk.bench.cpu})
 * @param jvmMaxLgMix   largest mixed-scalar MSM (lg) {@code BlsBench} runs on the jvm device and CPU OpenCL
 *                      ({@code jzk.bench.jvmMaxLgMix}, default 12)
 * @param cpuMaxLgNtt   largest NTT (lg) of {@code BlsBench}'s CPU baseline ({@code jzk.bench.cpuMaxLgNtt}, 24)
 * @param cpuMaxLgMsm   largest MSM (lg) of {@code BlsBench}'s CPU baseline ({@code jzk.bench.cpuMaxLgMsm}, 20)
 * @param clockTicksPerSecond clock ticks per second of {@code /proc} CPU times, for {@code SnarkjsBench}'s
 *                      children ({@code jzk.clkTck}, default 100, Linux's USER_HZ)
 * @param msmPhases     {@code BlsBench} prints the phases of every resident sorted-MSM call ({@code jzk.bench.msmPhases})
 */
public record BenchConfig(boolean cpuDevices, int jvmMaxLgMix, int cpuMaxLgNtt, int cpuMaxLgMsm,
                          long clockTicksPerSecond, boolean msmPhases) {
    private static final class Holder {
        static final BenchConfig CURRENT = fromEnvironment();
    }

    /** The settings of this process, read on first use. */
    public static BenchConfig get() {
        return Holder.CURRENT;
    }

    /** The settings as the system properties say now. */
    public static BenchConfig fromEnvironment() {
        return new BenchConfig(Boolean.getBoolean("jzk.bench.cpu"), Integer.getInteger("jzk.bench.jvmMaxLgMix", 12),
                Integer.getInteger("jzk.bench.cpuMaxLgNtt", 24), Integer.getInteger("jzk.bench.cpuMaxLgMsm", 20),
                Long.getLong("jzk.clkTck", 100), Boolean.getBoolean("jzk.bench.msmPhases"));
    }
}
