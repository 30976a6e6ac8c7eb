package jzk.tornado.jit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.FieldSource;

import jzk.tornado.conformance.ConformanceCases;
import jzk.tornado.conformance.ConformanceCases.Case;
import jzk.tornado.conformance.JvmKernelRunner;

/**
 * Builds every conformance kernel's OpenCL C on the local OpenCL platform (PoCL here; skipped when there is
 * none), runs it, and compares every array bit for bit with the JVM run of the same kernel on the same inputs.
 */
class OpenClConformanceTest {
    static final java.util.List<Case> CASES = ConformanceCases.CASES;
    private static OpenClTestRunner cl;

    @BeforeAll
    static void open() {
        cl = OpenClTestRunner.open();
    }

    @AfterAll
    static void close() {
        if (cl != null) {
            cl.close();
        }
    }

    @ParameterizedTest
    @FieldSource("CASES")
    void matchesTheJvmBitForBit(Case c) throws Throwable {
        assumeTrue(cl != null, "no OpenCL platform");
        Object[] jvm = c.arguments(1234);
        Object[] dev = c.arguments(1234);
        try {
            JvmKernelRunner.run(c.method(), c.globalSize(), c.localSize(), jvm);
            cl.run(KernelCompiler.compile(c.method(), Target.openCl()), c.globalSize(), c.localSize(), dev);
            for (int i = 0; i < jvm.length; i++) {
                Object x = jvm[i];
                Object y = dev[i];
                if (x instanceof long[] lx) {
                    long[] ly = (long[]) y;
                    for (int j = 0; j < lx.length; j++) {
                        assertEquals(lx[j], ly[j], c.name() + " arg " + i + " [" + j + "]");
                    }
                } else if (x instanceof int[] ix) {
                    int[] iy = (int[]) y;
                    for (int j = 0; j < ix.length; j++) {
                        assertEquals(ix[j], iy[j], c.name() + " arg " + i + " [" + j + "]");
                    }
                }
            }
            assertEquals(true, ConformanceCases.sameArrays(jvm, dev), c.name());
        } finally {
            ConformanceCases.close(jvm);
            ConformanceCases.close(dev);
        }
    }
}
