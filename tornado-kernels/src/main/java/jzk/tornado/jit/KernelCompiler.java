package jzk.tornado.jit;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.reflect.Method;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import jzk.tornado.config.RuntimeConfig;

/**
 * Entry point of the kernel JIT: Java bytecode of a {@code public static void} kernel → PTX or OpenCL C.
 *
 * <p>Pipeline (one way): {@link KernelReader} (class files via {@code java.lang.classfile}, callees inlined) →
 * {@link Ir} → {@link Optimizer} (a kernel's {@link jzk.tornado.api.JitLimits}, else the global settings) →
 * {@link PtxWriter} / {@link OpenClWriter}. Results are cached per
 * (method, target) for the life of the JVM, so a kernel is translated once however often it is launched.
 *
 * <p>With {@code -Djzk.jit.dump=DIR} every generated source is also written to
 * {@code DIR/<SimpleClass>.<method>.ptx} or {@code .cl}. With {@code -Djzk.jit.override=DIR}, a file of that name
 * in DIR replaces the generated source (same entry name and parameters required): for trying a hand-edited or
 * another compiler's PTX/OpenCL C under the same host code, e.g. the PTX NVIDIA's OpenCL compiler made of the
 * kernel ({@code -Djzk.opencl.dump}). A diagnostic tool: nothing checks the replacement's semantics.
 */
public final class KernelCompiler {
    private record Key(Method method, Target target) {
    }

    private static final Map<Key, CompiledKernel> CACHE = new ConcurrentHashMap<>();
    /** {@code -Djzk.jit.maxnreg=N}: every PTX kernel's register cap (0: none); unset: each kernel's own. */
    static final int MAX_REGISTERS = RuntimeConfig.get().jitMaxRegisters();

    private KernelCompiler() {
    }

    /**
     * Compiles {@code kernel} for {@code target}.
     *
     * @throws KernelCompileException if the kernel or a callee leaves the supported subset
     */
    public static CompiledKernel compile(Method kernel, Target target) {
        return compile(kernel, target, null);
    }

    /**
     * As {@link #compile(Method, Target)}, looking in the persistent {@code cache} (may be null) before translating
     * and storing what was translated there ({@link KernelCache}; bypassed while {@code jzk.jit.override} or
     * {@code jzk.jit.dump} is set).
     */
    public static CompiledKernel compile(Method kernel, Target target, KernelCache cache) {
        CompiledKernel k = CACHE.get(new Key(kernel, target));
        if (k != null) {
            return k;
        }
        boolean diagnostics = diagnostics();
        k = cache == null || diagnostics ? translate(kernel, target)
                : cache.getOrTranslate(kernel, target, () -> translate(kernel, target));
        CompiledKernel prev = CACHE.putIfAbsent(new Key(kernel, target), k);
        return prev != null ? prev : k;
    }

    /** Whether a dump or override directory is set: they act in the translation, so no cached kernel is used. */
    private static boolean diagnostics() {
        RuntimeConfig c = RuntimeConfig.get();
        return c.jitOverrideDir() != null || c.jitDumpDir() != null;
    }

    static CompiledKernel translate(Method kernel, Target target) {
        return translate(kernel, target, MontMulPtx.PAIRS, ModularSumPtx.ENABLED);
    }

    /** As {@link #translate(Method, Target)} with the form of the PTX Montgomery products given ({@link MontMulPtx}). */
    static CompiledKernel translate(Method kernel, Target target, boolean montPairs) {
        return translate(kernel, target, montPairs, ModularSumPtx.ENABLED);
    }

    /**
     * As {@link #translate(Method, Target)} with the form of the PTX Montgomery products and whether PTX keeps the
     * {@link jzk.tornado.api.ModularSum} calls whole (carry chains) given.
     */
    static CompiledKernel translate(Method kernel, Target target, boolean montPairs, boolean modularSums) {
        return translate(kernel, target, montPairs, modularSums, MontMulPtx.OPT_IN);
    }

    /**
     * As {@link #translate(Method, Target, boolean, boolean)} with whether the products and sums marked
     * {@code optIn} become carry chains given ({@code jzk.jit.optInProducts}).
     */
    static CompiledKernel translate(Method kernel, Target target, boolean montPairs, boolean modularSums,
                                    boolean optIn) {
        return translate(kernel, target, montPairs, modularSums, optIn, WideAccesses.ENABLED);
    }

    /**
     * As {@link #translate(Method, Target, boolean, boolean, boolean)} with whether the optimiser makes 16-byte vector
     * accesses given ({@code jzk.jit.wideAccess}, {@link WideAccesses}).
     */
    static CompiledKernel translate(Method kernel, Target target, boolean montPairs, boolean modularSums,
                                    boolean optIn, boolean wide) {
        return translate(kernel, target, montPairs, modularSums, optIn, wide, WideAccesses.FOLD_INDEX);
    }

    /**
     * As {@link #translate(Method, Target, boolean, boolean, boolean, boolean)} with where the vector accesses' index
     * goes given ({@code jzk.jit.foldVectorIndex}, {@link WideAccesses#FOLD_INDEX}).
     */
    static CompiledKernel translate(Method kernel, Target target, boolean montPairs, boolean modularSums,
                                    boolean optIn, boolean wide, boolean foldIndex) {
        // the same calls become Ir.MontMul for both targets, unless OpenCL C is told to keep the Java bodies
        boolean chains = MontMulPtx.ENABLED && (target.kind() == TargetKind.PTX || OpenClProducts.SETTING
                != OpenClProducts.JAVA);
        Ir.Function fn = KernelReader.read(kernel, chains, chains && modularSums, chains && optIn);
        jzk.tornado.api.JitLimits limits = kernel.getAnnotation(jzk.tornado.api.JitLimits.class);
        int budget = limits == null || limits.unrollBudget() < 0 ? Optimizer.BUDGET
                : Optimizer.KERNEL_BUDGET >= 0 ? Optimizer.KERNEL_BUDGET : limits.unrollBudget();
        int maxRegisters = MAX_REGISTERS >= 0 ? MAX_REGISTERS : limits == null ? 0 : limits.maxRegisters();
        int scalarMax = limits == null || limits.scalarMax() < 0 ? ScalarReplacement.MAX_ELEMENTS : limits.scalarMax();
        Optimizer.run(fn, budget, scalarMax, wide, foldIndex);
        String origin = kernel.getDeclaringClass().getName() + "." + kernel.getName();
        String source = override(kernel, target);
        if (source == null) {
            source = switch (target.kind()) {
                case PTX -> PtxWriter.write(fn, target.smVersion(), origin, maxRegisters, montPairs);
                case OPENCL_C -> OpenClWriter.write(fn, origin, target.inlinePtx(), montPairs);
            };
        }
        List<KernelParam> params = new ArrayList<>();
        for (Ir.ParamBinding p : fn.params) {
            params.add(p.param());
        }
        dump(kernel, target, source);
        return new CompiledKernel(fn.name, source, params, target, fn.usesBarrier);
    }

    private static String fileName(Method kernel, Target target) {
        return kernel.getDeclaringClass().getSimpleName() + "." + kernel.getName()
                + (target.kind() == TargetKind.PTX ? ".ptx" : ".cl");
    }

    /** The replacement source from {@code -Djzk.jit.override=DIR}, or null; NUL bytes (C string ends) dropped. */
    private static String override(Method kernel, Target target) {
        String dir = RuntimeConfig.get().jitOverrideDir();
        if (dir == null) {
            return null;
        }
        Path file = Path.of(dir, fileName(kernel, target));
        if (!Files.isRegularFile(file)) {
            return null;
        }
        try {
            System.err.println("jzk: kernel source of " + kernel.getName() + " replaced by " + file);
            return Files.readString(file, java.nio.charset.StandardCharsets.ISO_8859_1).replace("\0", "");
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read the kernel source override " + file, e);
        }
    }

    private static void dump(Method kernel, Target target, String source) {
        String dir = RuntimeConfig.get().jitDumpDir();
        if (dir == null) {
            return;
        }
        String file = fileName(kernel, target);
        try {
            Path d = Path.of(dir);
            Files.createDirectories(d);
            Files.writeString(d.resolve(file), source);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot dump kernel source to " + dir + "/" + file, e);
        }
    }
}
