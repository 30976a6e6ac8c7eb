package jzk.tornado.jit;

import java.io.IOException;
import java.io.InputStream;
import java.lang.reflect.Method;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ThreadLocalRandom;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;
import java.util.stream.Stream;

/**
 * The JIT's persistent cache: the PTX / OpenCL C it made of a kernel, kept on disk so that the next process skips
 * the translation (seconds per command for a prover's ~10–30 kernels on a cold JVM).
 *
 * <p><b>Key</b> (the file name): SHA-256 of the JIT's own code (every class file of {@code jzk.tornado.jit}, so a
 * changed JIT never reads an older JIT's output), the kernel (class, name, descriptor), the {@link Target}, and the
 * JIT settings that change its output ({@code jzk.jit.opt}, {@code unrollBudget}, {@code kernelBudget},
 * {@code scalarMax}, {@code carryChains}, {@code montPairs}, {@code modularSums}, {@code optInProducts}, {@code openClProducts}, {@code foldOffsets}, {@code wideAccess}, {@code foldVectorIndex}, {@code maxnreg}). <b>Dependencies</b> (inside the entry, checked on every hit): the SHA-256 of the class file of
 * every class the translation read (the kernel's and its inlined callees') and of every {@code static final} value
 * it folded in — so an edited callee or a constant computed differently misses, and is translated afresh.
 *
 * <p><b>Corruption-safe</b>: an entry is written to a temporary file in the cache directory and renamed over the
 * old one (atomic on one file system), and carries the SHA-256 of its source: a torn, truncated or edited entry, an
 * unreadable one, or one of another format is a miss (translated and rewritten), never an error. A cache directory
 * that cannot be written only costs the saving. Not used while {@code jzk.jit.override} or {@code jzk.jit.dump} is set.
 *
 * <p>Entry format (UTF-8 text): {@code jzk-kernel-cache 1}, then {@code entry NAME}, {@code barrier BOOL},
 * {@code param NAME KIND}…, {@code class BINARYNAME SHA}…, {@code static OWNER NAME SHA}…, {@code source SHA BYTES},
 * an empty line, and the source.
 */
public final class KernelCache {
    private static final String MAGIC = "jzk-kernel-cache 1";
    private static final ThreadLocal<Recorder> RECORDING = new ThreadLocal<>();

    private final Path dir;

    private KernelCache(Path dir) {
        this.dir = dir;
    }

    /** A cache in {@code dir} (created on first store); null: no cache. */
    public static KernelCache at(Path dir) {
        return dir == null ? null : new KernelCache(dir);
    }

    public Path dir() {
        return dir;
    }

    /** What one translation read: classes (by name, with their class files' SHA) and folded static values. */
    private static final class Recorder {
        final Map<String, String> classes = new LinkedHashMap<>();
        final Map<String, String> statics = new LinkedHashMap<>();
    }

    // ---- hooks for ClassRepository (no-ops unless a translation is being recorded on this thread) ----

    static void recordClass(Class<?> c, String classSha) {
        Recorder r = RECORDING.get();
        if (r != null) {
            r.classes.putIfAbsent(c.getName(), classSha);
        }
    }

    static void recordStatic(Class<?> owner, String name, Object value) {
        Recorder r = RECORDING.get();
        if (r != null) {
            r.statics.putIfAbsent(owner.getName() + " " + name, valueSha(value));
        }
    }

    /**
     * The cached translation of {@code kernel} for {@code target}, or {@code translate}'s (then stored). The
     * translation runs with dependency recording on this thread.
     */
    CompiledKernel getOrTranslate(Method kernel, Target target, java.util.function.Supplier<CompiledKernel> translate) {
        Path file = dir.resolve(key(kernel, target) + ".kernel");
        CompiledKernel hit = load(file, kernel, target);
        if (hit != null) {
            return hit;
        }
        Recorder previous = RECORDING.get();
        Recorder r = new Recorder();
        RECORDING.set(r);
        CompiledKernel k;
        try {
            k = translate.get();
        } finally {
            RECORDING.set(previous);
        }
        store(file, k, r);
        return k;
    }

    /** The entry's kernel if the file is whole and every dependency is unchanged, else null. */
    private static CompiledKernel load(Path file, Method kernel, Target target) {
        String text;
        try {
            if (!Files.isRegularFile(file)) {
                return null;
            }
            text = Files.readString(file, StandardCharsets.UTF_8);
        } catch (IOException | RuntimeException e) {
            return null;
        }
        try {
            int split = text.indexOf("\n\n");
            if (!text.startsWith(MAGIC + "\n") || split < 0) {
                return null;
            }
            String source = text.substring(split + 2);
            String entry = null;
            boolean barrier = false;
            List<KernelParam> params = new ArrayList<>();
            boolean sourceOk = false;
            for (String line : text.substring(MAGIC.length() + 1, split).split("\n")) {
                String[] f = line.split(" ");
                switch (f[0]) {
                    case "entry" -> entry = f[1];
                    case "barrier" -> barrier = Boolean.parseBoolean(f[1]);
                    case "param" -> params.add(new KernelParam(f[1], ParamKind.valueOf(f[2])));
                    case "class" -> {
                        Class<?> c = ClassRepository.load(f[1].replace('.', '/'), kernel.getDeclaringClass());
                        if (!f[2].equals(ClassRepository.classSha(c))) {
                            return null;
                        }
                    }
                    case "static" -> {
                        Class<?> c = ClassRepository.load(f[1].replace('.', '/'), kernel.getDeclaringClass());
                        if (!f[3].equals(valueSha(ClassRepository.staticFinalValue(c, f[2])))) {
                            return null;
                        }
                    }
                    case "source" -> sourceOk = f[1].equals(sha(source.getBytes(StandardCharsets.UTF_8)))
                            && Integer.parseInt(f[2]) == source.getBytes(StandardCharsets.UTF_8).length;
                    default -> {
                        return null;
                    }
                }
            }
            return sourceOk && entry != null ? new CompiledKernel(entry, source, params, target, barrier) : null;
        } catch (RuntimeException e) { // a damaged line, a class gone, a field now refused: a miss
            return null;
        }
    }

    private void store(Path file, CompiledKernel k, Recorder r) {
        StringBuilder b = new StringBuilder(MAGIC).append('\n');
        b.append("entry ").append(k.entryName()).append('\n');
        b.append("barrier ").append(k.usesBarrier()).append('\n');
        for (KernelParam p : k.params()) {
            if (p.name().contains(" ") || p.name().contains("\n")) {
                return; // not representable in this format: left uncached
            }
            b.append("param ").append(p.name()).append(' ').append(p.kind().name()).append('\n');
        }
        r.classes.forEach((c, h) -> b.append("class ").append(c).append(' ').append(h).append('\n'));
        r.statics.forEach((f, h) -> b.append("static ").append(f).append(' ').append(h).append('\n'));
        byte[] src = k.source().getBytes(StandardCharsets.UTF_8);
        b.append("source ").append(sha(src)).append(' ').append(src.length).append("\n\n").append(k.source());
        Path tmp = null;
        try {
            Files.createDirectories(dir);
            tmp = dir.resolve(file.getFileName() + ".tmp" + ProcessHandle.current().pid() + "-"
                    + Long.toHexString(ThreadLocalRandom.current().nextLong()));
            Files.writeString(tmp, b, StandardCharsets.UTF_8);
            try {
                Files.move(tmp, file, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
            } catch (AtomicMoveNotSupportedException e) {
                Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING);
            }
        } catch (IOException | RuntimeException e) {
            // an unwritable cache costs only the saving
            if (tmp != null) {
                try {
                    Files.deleteIfExists(tmp);
                } catch (IOException ignored) {
                    // nothing more to do
                }
            }
        }
    }

    /** The file name of an entry: see the class comment for what goes in. */
    private static String key(Method kernel, Target target) {
        String k = JitFingerprint.VALUE + "\n" + kernel.getDeclaringClass().getName() + "\n" + kernel.getName()
                + "\n" + Arrays.toString(kernel.getParameterTypes()) + "\n" + target + "\nopt=" + Optimizer.ENABLED
                + " unroll=" + Optimizer.BUDGET + " kernelBudget=" + Optimizer.KERNEL_BUDGET + " scalarMax="
                + ScalarReplacement.MAX_ELEMENTS + " carryChains=" + MontMulPtx.ENABLED + " montPairs="
                + MontMulPtx.PAIRS + " sums=" + ModularSumPtx.ENABLED + " optIn=" + MontMulPtx.OPT_IN + " oclProducts=" + OpenClProducts.SETTING + " fold="
                + PtxWriter.FOLD_OFFSETS + " wide=" + WideAccesses.ENABLED + " foldIndex=" + WideAccesses.FOLD_INDEX + " maxnreg=" + KernelCompiler.MAX_REGISTERS;
        return kernel.getDeclaringClass().getSimpleName() + "." + kernel.getName() + "-"
                + sha(k.getBytes(StandardCharsets.UTF_8)).substring(0, 32);
    }

    static String sha(byte[] bytes) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(bytes));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    private static String valueSha(Object v) {
        return sha(Arrays.deepToString(new Object[] {v}).getBytes(StandardCharsets.UTF_8));
    }

    /** SHA-256 over the class files of the JIT's own package, computed once per process. */
    private static final class JitFingerprint {
        static final String VALUE = compute();

        private static String compute() {
            String pkg = KernelCompiler.class.getPackageName().replace('.', '/') + "/";
            try {
                Path where = Path.of(KernelCompiler.class.getProtectionDomain().getCodeSource().getLocation().toURI());
                Map<String, byte[]> files = new java.util.TreeMap<>();
                if (Files.isDirectory(where)) {
                    try (Stream<Path> s = Files.list(where.resolve(pkg))) {
                        for (Path p : s.filter(p -> p.toString().endsWith(".class")).toList()) {
                            files.put(p.getFileName().toString(), Files.readAllBytes(p));
                        }
                    }
                } else {
                    try (JarFile jar = new JarFile(where.toFile())) {
                        for (JarEntry e : jar.stream().toList()) {
                            String n = e.getName();
                            if (n.startsWith(pkg) && n.endsWith(".class") && n.indexOf('/', pkg.length()) < 0) {
                                try (InputStream in = jar.getInputStream(e)) {
                                    files.put(n.substring(pkg.length()), in.readAllBytes());
                                }
                            }
                        }
                    }
                }
                if (files.isEmpty()) {
                    throw new IOException("no class files of " + pkg + " in " + where);
                }
                MessageDigest md = MessageDigest.getInstance("SHA-256");
                files.forEach((n, bytes) -> {
                    md.update(n.getBytes(StandardCharsets.UTF_8));
                    md.update(bytes);
                });
                return HexFormat.of().formatHex(md.digest());
            } catch (IOException | URISyntaxException | NoSuchAlgorithmException | RuntimeException e) {
                // JIT code of unknown identity: a key no later process shares, so nothing stale is ever read
                return "unknown-" + ProcessHandle.current().pid() + "-" + System.nanoTime();
            }
        }
    }
}
