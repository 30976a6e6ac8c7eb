package jzk.tornado.jit;

/**
 * What to compile a kernel for.
 *
 * <p>Invariant: for {@link TargetKind#PTX}, {@code smVersion} is the SM architecture written as
 * {@code .target sm_<smVersion>} (e.g. 90 for the H100/H200) and {@code inlinePtx} is false; for
 * {@link TargetKind#OPENCL_C} {@code smVersion} is ignored and set to 0, and {@code inlinePtx} says whether the
 * products and sums are written as inline PTX {@code asm} statements ({@link InlinePtxOpenCl}, for NVIDIA's OpenCL
 * compiler) instead of portable C ({@link ModularOpenCl}).
 */
public record Target(TargetKind kind, int smVersion, boolean inlinePtx) {
    public Target {
        if (kind == null) {
            throw new IllegalArgumentException("target kind is null");
        }
        if (kind == TargetKind.PTX && smVersion < 50) {
            throw new IllegalArgumentException("PTX target needs sm >= 50, got " + smVersion);
        }
        if (kind == TargetKind.OPENCL_C) {
            smVersion = 0;
        } else {
            inlinePtx = false;
        }
    }

    /** PTX for {@code .target sm_<sm>}. */
    public static Target ptx(int sm) {
        return new Target(TargetKind.PTX, sm, false);
    }

    /** OpenCL C 1.2 source, portable. */
    public static Target openCl() {
        return openCl(false);
    }

    /** OpenCL C 1.2 source; {@code inlinePtx}: products and sums as NVIDIA inline PTX. */
    public static Target openCl(boolean inlinePtx) {
        return new Target(TargetKind.OPENCL_C, 0, inlinePtx);
    }
}
