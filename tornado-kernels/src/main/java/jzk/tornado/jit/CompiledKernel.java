package jzk.tornado.jit;

import java.util.ArrayList;
import java.util.List;

/**
 * The result of compiling one kernel method for one target.
 *
 * <p>Invariants: {@code source} is a complete PTX module (one {@code .entry}) or OpenCL C program (one
 * {@code __kernel}) whose entry point is {@code entryName}; the device parameters are exactly
 * {@code params} minus the {@link ParamKind#CONTEXT} entries, in list order; {@code usesBarrier} is true iff the
 * kernel (or an inlined callee) calls {@code KernelContext.localBarrier()}.
 */
public record CompiledKernel(String entryName, String source, List<KernelParam> params, Target target,
                             boolean usesBarrier) {
    public CompiledKernel {
        params = List.copyOf(params);
    }

    /** This kernel as the runtime's {@link jzk.tornado.api.KernelSource} (for any device of its language). */
    public jzk.tornado.api.KernelSource toSource() {
        List<jzk.tornado.api.KernelParam> ps = new ArrayList<>(params.size());
        for (KernelParam p : params) {
            ps.add(new jzk.tornado.api.KernelParam(p.name(), jzk.tornado.api.KernelParam.Kind.valueOf(p.kind().name())));
        }
        jzk.tornado.api.KernelSource.Language language = switch (target.kind()) {
            case PTX -> jzk.tornado.api.KernelSource.Language.PTX;
            case OPENCL_C -> jzk.tornado.api.KernelSource.Language.OPENCL_C;
        };
        return new jzk.tornado.api.KernelSource(language, entryName, source, ps, usesBarrier);
    }
}
