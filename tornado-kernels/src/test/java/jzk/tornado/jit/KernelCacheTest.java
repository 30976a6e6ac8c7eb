package jzk.tornado.jit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.reflect.Method;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Stream;
import jzk.tornado.api.KernelContext;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The persistent kernel cache ({@link KernelCache}): a second process's lookup (here: a second cache object on the
 * same directory) returns exactly what a fresh translation gives without translating; a damaged entry, a changed
 * dependency (class file or folded static value) or an unwritable directory falls back to translating — never an
 * error, never a stale kernel. The expected kernels come from {@link KernelCompiler#translate}, run separately.
 */
class KernelCacheTest {
    static final long[] TABLE = {3, 5, 7, 11};

    public static void withTableAndCallee(KernelContext ctx, long[] a) {
        int i = ctx.globalIdx;
        a[i] = a[i] * TABLE[i & 3] + callee(i);
    }

    static long callee(int i) {
        return i * 2L + 1;
    }

    @TempDir
    Path tmp;

    private static Method kernel() throws NoSuchMethodException {
        return KernelCacheTest.class.getMethod("withTableAndCallee", KernelContext.class, long[].class);
    }

    /** Looks {@code m} up in a new cache object on {@code dir}, counting translations. */
    private static CompiledKernel lookup(Path dir, Method m, Target t, AtomicInteger translations) {
        return KernelCache.at(dir).getOrTranslate(m, t, () -> {
            translations.incrementAndGet();
            return KernelCompiler.translate(m, t);
        });
    }

    private Path onlyEntry() throws Exception {
        try (Stream<Path> s = Files.list(tmp)) {
            List<Path> all = s.toList();
            assertEquals(1, all.size(), "one entry, no temporary files: " + all);
            return all.get(0);
        }
    }

    @Test
    void aSecondLookupReadsTheEntryInsteadOfTranslating() throws Exception {
        Method m = kernel();
        for (Target t : List.of(Target.ptx(90), Target.openCl())) {
            CompiledKernel expected = KernelCompiler.translate(m, t);
            AtomicInteger n = new AtomicInteger();
            assertEquals(expected, lookup(tmp, m, t, n));
            assertEquals(expected, lookup(tmp, m, t, n));
            assertEquals(1, n.get(), "translated once for " + t);
        }
        try (Stream<Path> s = Files.list(tmp)) {
            assertEquals(2, s.count(), "one entry per target");
        }
    }

    @Test
    void theEntryRecordsTheKernelsClassesAndFoldedStatics() throws Exception {
        lookup(tmp, kernel(), Target.ptx(90), new AtomicInteger());
        String text = Files.readString(onlyEntry(), StandardCharsets.UTF_8);
        assertTrue(text.startsWith("jzk-kernel-cache 1\n"), text);
        assertTrue(text.contains("\nclass " + KernelCacheTest.class.getName() + " "
                + ClassRepository.classSha(KernelCacheTest.class) + "\n"), text);
        assertTrue(text.contains("\nstatic " + KernelCacheTest.class.getName() + " TABLE "), text);
    }

    @Test
    void damagedOrStaleEntriesAreTranslatedAfreshAndRewritten() throws Exception {
        Method m = kernel();
        Target t = Target.openCl();
        CompiledKernel expected = KernelCompiler.translate(m, t);
        AtomicInteger n = new AtomicInteger();
        lookup(tmp, m, t, n);
        Path entry = onlyEntry();
        String good = Files.readString(entry, StandardCharsets.UTF_8);
        String classLine = "class " + KernelCacheTest.class.getName() + " " + ClassRepository.classSha(KernelCacheTest.class);
        List<String> damages = List.of(
                good.substring(0, good.length() / 2),                             // torn write
                good.replace("__kernel", "__kernal"),                             // edited source
                good.replace(classLine, classLine.substring(0, classLine.length() - 4) + "0000"), // callee changed
                good.replaceFirst("(\nstatic " + KernelCacheTest.class.getName() + " TABLE )[0-9a-f]{4}", "$1ffff"),
                "",                                                                // empty file
                "jzk-kernel-cache 2\n" + good.substring(good.indexOf('\n') + 1)); // another format
        int expectedTranslations = 1;
        for (String d : damages) {
            assertTrue(!d.equals(good), "damage applied");
            Files.writeString(entry, d, StandardCharsets.UTF_8);
            assertEquals(expected, lookup(tmp, m, t, n));
            assertEquals(++expectedTranslations, n.get(), "translated again after: " + d.lines().findFirst());
            assertEquals(good, Files.readString(onlyEntry(), StandardCharsets.UTF_8), "entry rewritten whole");
        }
    }

    @Test
    void anUnwritableCacheOnlyCostsTheSaving() throws Exception {
        Path notADir = Files.writeString(tmp.resolve("file"), "x");
        Method m = kernel();
        AtomicInteger n = new AtomicInteger();
        CompiledKernel expected = KernelCompiler.translate(m, Target.ptx(90));
        assertEquals(expected, lookup(notADir.resolve("kernels"), m, Target.ptx(90), n));
        assertEquals(expected, lookup(notADir.resolve("kernels"), m, Target.ptx(90), n));
        assertEquals(2, n.get());
    }
}
