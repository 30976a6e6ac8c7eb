package jzk.tornado.jit;

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
}
