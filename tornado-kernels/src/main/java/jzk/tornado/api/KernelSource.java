package jzk.tornado.api;

import java.util.List;

/**
 * A kernel as device source text: what the JIT produces, or a hand-written kernel for
 * {@link Device#kernelFromSource(KernelSource)}.
 *
 * @param language    PTX (CUDA devices) or OpenCL C
 * @param entryName   the {@code .entry} / {@code __kernel} function name
 * @param source      the full source text
 * @param params      the device parameters in order (see {@link KernelParam})
 * @param usesBarrier whether the kernel synchronises its work-group
 */
public record KernelSource(Language language, String entryName, String source, List<KernelParam> params,
                           boolean usesBarrier) {

    /** Source language of a kernel. */
    public enum Language { PTX, OPENCL_C }

    public KernelSource {
        params = List.copyOf(params);
        if (entryName == null || entryName.isEmpty()) {
            throw new IllegalArgumentException("kernel source needs an entry name");
        }
    }

    /** A hand-written OpenCL C kernel; {@code usesBarrier} is read off the text ({@code barrier(}). */
    public static KernelSource openCl(String entryName, String source, KernelParam... params) {
        return new KernelSource(Language.OPENCL_C, entryName, source, List.of(params), source.contains("barrier("));
    }

    /** A hand-written PTX kernel; {@code usesBarrier} is read off the text ({@code bar.sync}). */
    public static KernelSource ptx(String entryName, String source, KernelParam... params) {
        return new KernelSource(Language.PTX, entryName, source, List.of(params), source.contains("bar.sync"));
    }
}
