package jzk.arith;

/**
 * Every setting of field-arith that comes from outside the code, read here and nowhere else (field-arith/README.md
 * has the table; a source-rules test fails on a {@code jzk.*} property read elsewhere). {@link #get()} reads them
 * once, on first use.
 *
 * @param msmSplit scalars equal to 0 or 1 are handled apart from the others in an MSM ({@code jzk.msm.split},
 *                 default true; {@code false}, any case, sends them through the windows like any scalar: the
 *                 before/after switch of the CPU {@link Pippenger} and of the device MSM of tornado-kernels)
 */
public record ArithConfig(boolean msmSplit) {
    private static final class Holder {
        static final ArithConfig CURRENT = fromEnvironment();
    }

    /** The settings of this process, read on first use. */
    public static ArithConfig get() {
        return Holder.CURRENT;
    }

    /** The settings as the system properties say now. */
    public static ArithConfig fromEnvironment() {
        return new ArithConfig(!"false".equalsIgnoreCase(System.getProperty("jzk.msm.split", "true").trim()));
    }
}
