package jzk.tornado.jit;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.FieldSource;

import jzk.tornado.conformance.ConformanceCases;
import jzk.tornado.conformance.ConformanceCases.Case;

/**
 * Runs every conformance kernel's PTX in {@link PtxInterpreter} (PTX ISA semantics, no GPU needed) and compares
 * every array bit for bit with the JVM run on the same inputs.
 */
class PtxConformanceTest {
    static final java.util.List<Case> CASES = ConformanceCases.CASES;

    @ParameterizedTest
    @FieldSource("CASES")
    void matchesTheJvmBitForBit(Case c) throws Exception {
        Object[] jvm = c.arguments(99);
        Object[] dev = c.arguments(99);
        try {
            ConformanceCases.runOnJvm(c.method(), c.globalSize(), c.localSize(), jvm);
            CompiledKernel k = KernelCompiler.compile(c.method(), Target.ptx(90));
            new PtxInterpreter(k.source()).run(k, c.globalSize(), c.localSize(), dev);
            for (int i = 0; i < jvm.length; i++) {
                if (jvm[i] instanceof long[] x) {
                    assertArrayEquals(x, (long[]) dev[i], c.name() + " argument " + i);
                } else if (jvm[i] instanceof int[] x) {
                    assertArrayEquals(x, (int[]) dev[i], c.name() + " argument " + i);
                }
            }
            assertTrue(ConformanceCases.sameArrays(jvm, dev), c.name());
        } finally {
            ConformanceCases.close(jvm);
            ConformanceCases.close(dev);
        }
    }
}
