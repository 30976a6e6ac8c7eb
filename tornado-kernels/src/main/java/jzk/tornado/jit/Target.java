package jzk.tornado.jit;

/**
 * What to compile a kernel for.
 *
 * <p>Invariant: for {@link TargetKind#PTX}, {@code smVersion} is the SM architecture written as
 * {@code .target sm_<smVersion>} (e.g. 90 for the H100/H200); for {@link TargetKind#OPENCL_C} it is ignored and
 * set to 0.
 */
public record Target(TargetKind kind, int smVersion) {
    public Target {
        if (kind == null) {
            throw new IllegalArgumentException("target kind is null");
        }
        if (kind == TargetKind.PTX && smVersion < 50) {
            throw new IllegalArgumentException("PTX target needs sm >= 50, got " + smVersion);
        }
        if (kind == TargetKind.OPENCL_C) {
            smVersion = 0;
        }
    }

    /** PTX for {@code .target sm_<sm>}. */
    public static Target ptx(int sm) {
        return new Target(TargetKind.PTX, sm);
    }

    /** OpenCL C 1.2 source. */
    public static Target openCl() {
        return new Target(TargetKind.OPENCL_C, 0);
    }
}
