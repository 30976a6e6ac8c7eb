package jzk.tornado.jit;

import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.reflect.Method;

import org.junit.jupiter.api.Test;

import jzk.tornado.api.KernelContext;

/** Constructs outside the subset are rejected with a message naming class, method, line and construct. */
class CompileErrorTest {
    private static String fail(String kernel, Target target, Class<?>... params) throws Exception {
        Method m = BadKernels.class.getMethod(kernel, params);
        KernelCompileException e = assertThrows(KernelCompileException.class, () -> KernelCompiler.compile(m,
                target));
        return e.getMessage();
    }

    private static String fail(String kernel) throws Exception {
        return fail(kernel, Target.ptx(90), KernelContext.class, long[].class);
    }

    /** The line of BadKernels.java holding {@code snippet}, read from the test sources. */
    private static int lineOf(String snippet) throws java.io.IOException {
        java.util.List<String> lines = java.nio.file.Files.readAllLines(
                java.nio.file.Path.of("src/test/java/jzk/tornado/jit/BadKernels.java"));
        for (int i = 0; i < lines.size(); i++) {
            if (lines.get(i).contains(snippet)) {
                return i + 1;
            }
        }
        throw new IllegalStateException(snippet + " not in BadKernels.java");
    }

    private static void assertContains(String message, String... parts) {
        for (String p : parts) {
            assertTrue(message.contains(p), "expected '" + p + "' in:\n" + message);
        }
    }

    @Test
    void objectAllocationNamesClassMethodLineAndConstruct() throws Exception {
        String m = fail("allocatesObject");
        assertContains(m, "jzk.tornado.jit.BadKernels.allocatesObject", "BadKernels.java:" + lineOf("new Box()"), "object allocation");
    }

    @Test
    void virtualCallOfLibraryMethod() throws Exception {
        assertContains(fail("callsVirtual"), "callsVirtual", "java.lang.Long.valueOf", "library method");
    }

    @Test
    void exceptions() throws Exception {
        assertContains(fail("throwsException"), "throwsException", "BadKernels.java:" + lineOf("throw new IllegalArgumentException"), "object allocation");
        assertContains(fail("catchesException"), "catchesException", "exception handler");
    }

    @Test
    void floatingPoint() throws Exception {
        assertContains(fail("usesDouble"), "usesDouble", "BadKernels.java:" + lineOf("double d ="), "float/double");
    }

    @Test
    void staticFields() throws Exception {
        assertContains(fail("writesStatic"), "writesStatic", "write to field", "counter");
        assertContains(fail("readsMutableStatic"), "readsMutableStatic", "non-final static field", "counter");
        assertContains(fail("writesConstantTable"), "writesConstantTable", "constant table");
    }

    @Test
    void recursionIsRejectedWithTheCallChain() throws Exception {
        String m = fail("recurses");
        assertContains(m, "recursive call", "fact", "inlined from jzk.tornado.jit.BadKernels.recurses");
    }

    @Test
    void nonConstantPrivateArraySize() throws Exception {
        assertContains(fail("dynamicPrivateArray"), "dynamicPrivateArray", "compile-time constant");
    }

    @Test
    void monitors() throws Exception {
        assertContains(fail("synchronizes", Target.openCl(), KernelContext.class, long[].class), "synchronizes",
                "synchronized");
    }

    @Test
    void stringsInACalleeNameTheCallee() throws Exception {
        String m = fail("indirectString", Target.openCl(), KernelContext.class, long[].class);
        assertContains(m, "helperWithString", "String", "inlined from jzk.tornado.jit.BadKernels.indirectString");
    }

    @Test
    void badKernelSignatures() throws Exception {
        assertContains(fail("notStatic", Target.ptx(90), long[].class), "static void");
        assertContains(fail("objectParam", Target.ptx(90), KernelContext.class, Object.class), "kernel parameter",
                "java.lang.Object");
    }
}
