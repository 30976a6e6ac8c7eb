package jzk.tornado.jit;

import java.util.Locale;

import jzk.tornado.config.RuntimeConfig;

/**
 * How the OpenCL C writer emits the {@link Ir.MontMul} nodes (the calls of {@link jzk.tornado.api.MontgomeryProduct}
 * and {@link jzk.tornado.api.ModularSum} methods the PTX writer turns into carry chains), from
 * {@code -Djzk.jit.openClProducts} (read once). Which calls become nodes is the same rule for both targets
 * ({@code jzk.jit.carryChains}, {@code modularSums}, {@code optInProducts}); this only picks the OpenCL C form.
 */
public enum OpenClProducts {
    /** {@link #ASM} on an NVIDIA OpenCL device, {@link #C} on any other (the default). */
    AUTO,
    /** Inline PTX ({@link InlinePtxOpenCl}): NVIDIA's OpenCL compiler only. */
    ASM,
    /** Portable straight-line OpenCL C ({@link ModularOpenCl}): any OpenCL device. */
    C,
    /** No nodes on OpenCL: the Java bodies are inlined, as before (for comparisons). */
    JAVA;

    /** This process's setting; an unknown value is reported in one line on stderr and read as {@link #AUTO}. */
    public static final OpenClProducts SETTING = settingOf(RuntimeConfig.get().jitOpenClProducts());

    private static OpenClProducts settingOf(String v) {
        OpenClProducts p = parse(v);
        if (p == null) {
            System.err.println("jzk: -Djzk.jit.openClProducts=" + v + " is not one of auto, asm, c, java: using auto");
            return AUTO;
        }
        return p;
    }

    /** The setting named {@code v} (any case), or null if it names none. */
    static OpenClProducts parse(String v) {
        for (OpenClProducts p : values()) {
            if (p.name().equalsIgnoreCase(v.strip())) {
                return p;
            }
        }
        return null;
    }

    /**
     * The OpenCL target for a device: with inline PTX when this setting says {@link #ASM}, or {@link #AUTO} and the
     * device's vendor string names NVIDIA.
     */
    public Target target(String deviceVendor) {
        boolean nvidia = deviceVendor != null && deviceVendor.toUpperCase(Locale.ROOT).contains("NVIDIA");
        return Target.openCl(this == ASM || this == AUTO && nvidia);
    }
}
