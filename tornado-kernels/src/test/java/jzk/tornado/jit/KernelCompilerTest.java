package jzk.tornado.jit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.reflect.Method;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import jzk.tornado.api.KernelContext;
import jzk.tornado.config.RuntimeConfig;

/** The compiler's entry point: caching, source dumping, the PTX header and the parameter list. */
class KernelCompilerTest {
    /** Used only by {@link #dumpWritesEachSource}, so nothing else has compiled (and cached) it before. */
    public static void scaleForDump(KernelContext ctx, long[] a, int k) {
        a[ctx.globalIdx] *= k;
    }

    public static void scaleForCache(KernelContext ctx, long[] a, int k) {
        a[ctx.globalIdx] *= k;
    }

    static final long[] TOO_BIG = new long[(int) (Ir.CONSTANT_BANK_BYTES / 8 + 1)];

    public static void scaleForOverride(KernelContext ctx, long[] a, int k) {
        a[ctx.globalIdx] *= k;
    }

    static final long[] SMALL = {3, 5, 7, 11};

    public static void smallTable(KernelContext ctx, long[] a) {
        a[ctx.globalIdx] = SMALL[ctx.globalIdx & 3];
    }

    public static void bigTable(KernelContext ctx, long[] a) {
        a[ctx.globalIdx] = TOO_BIG[ctx.globalIdx];
    }

    private static Method method(String name) throws NoSuchMethodException {
        for (Method m : KernelCompilerTest.class.getDeclaredMethods()) {
            if (m.getName().equals(name)) {
                return m;
            }
        }
        throw new NoSuchMethodException(name);
    }

    @Test
    void compiledKernelsAreCachedPerMethodAndTarget() throws Exception {
        Method m = method("scaleForCache");
        CompiledKernel ptx = KernelCompiler.compile(m, Target.ptx(90));
        assertSame(ptx, KernelCompiler.compile(m, Target.ptx(90)));
        CompiledKernel sm80 = KernelCompiler.compile(m, Target.ptx(80));
        assertTrue(sm80.source().contains(".target sm_80"));
        assertTrue(ptx.source().contains(".version 8.0\n.target sm_90\n.address_size 64\n"));
        assertEquals(List.of(ParamKind.CONTEXT, ParamKind.LONG_ARRAY, ParamKind.INT, ParamKind.INT),
                ptx.params().stream().map(KernelParam::kind).toList());
        assertTrue(ptx.params().get(2).isLength());
        assertTrue(ptx.params().get(2).name().endsWith("$length"));
        assertEquals(false, ptx.usesBarrier());
    }

    @Test
    void dumpWritesEachSource(@TempDir Path dir) throws Exception {
        Method m = method("scaleForDump");
        System.setProperty("jzk.jit.dump", dir.toString());
        RuntimeConfig.reload();
        try {
            CompiledKernel ptx = KernelCompiler.compile(m, Target.ptx(90));
            CompiledKernel cl = KernelCompiler.compile(m, Target.openCl());
            assertEquals(ptx.source(), Files.readString(dir.resolve("KernelCompilerTest.scaleForDump.ptx")));
            assertEquals(cl.source(), Files.readString(dir.resolve("KernelCompilerTest.scaleForDump.cl")));
        } finally {
            System.clearProperty("jzk.jit.dump");
            RuntimeConfig.reload();
        }
    }

    @Test
    void overrideReplacesTheGeneratedSourceOfThatKernelOnly(@TempDir Path dir) throws Exception {
        Files.writeString(dir.resolve("KernelCompilerTest.scaleForOverride.ptx"), "// replaced\0");
        System.setProperty("jzk.jit.override", dir.toString());
        RuntimeConfig.reload();
        try {
            assertEquals("// replaced", KernelCompiler.compile(method("scaleForOverride"), Target.ptx(90)).source());
            assertTrue(KernelCompiler.compile(method("scaleForOverride"), Target.openCl()).source()
                    .contains("__kernel"), "no .cl file: generated as usual");
        } finally {
            System.clearProperty("jzk.jit.override");
            RuntimeConfig.reload();
        }
    }

    @Test
    void openClRejectsTablesBeyondGuaranteedConstantMemory() throws Exception {
        KernelCompileException e = assertThrows(KernelCompileException.class,
                () -> KernelCompiler.compile(method("bigTable"), Target.openCl()));
        assertTrue(e.getMessage().contains("__constant"), e.getMessage());
        String ptx = KernelCompiler.compile(method("bigTable"), Target.ptx(90)).source();
        assertTrue(ptx.contains(".global .align 8 .b64 KernelCompilerTest_TOO_BIG"), "beyond the bank: .global");
        assertTrue(ptx.contains("ld.global.u64"), ptx);
    }

    @Test
    void ptxPutsTablesThatFitTheBankInConstantMemory() throws Exception {
        String ptx = KernelCompiler.compile(method("smallTable"), Target.ptx(90)).source();
        assertTrue(ptx.contains(".const .align 8 .b64 KernelCompilerTest_SMALL"), ptx);
        assertTrue(ptx.contains("ld.const.u64"), ptx);
        assertFalse(ptx.contains("ld.global.u64"), ptx);
    }

    @Test
    void targetsValidateTheirArguments() {
        assertThrows(IllegalArgumentException.class, () -> Target.ptx(10));
        assertEquals(0, Target.openCl().smVersion());
    }
}
