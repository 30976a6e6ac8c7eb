package jzk.tornado.jit;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.FieldSource;

import jzk.tornado.conformance.ConformanceCases;
import jzk.tornado.conformance.ConformanceCases.Case;

/**
 * Runs every conformance kernel's PTX in {@link PtxInterpreter} (PTX ISA semantics, no GPU needed) and compares
 * every array bit for bit with the JVM run on the same inputs; a second time with the 16-byte vector accesses
 * ({@link WideAccesses}) if the process's settings leave them off.
 */
class PtxConformanceTest {
    static final java.util.List<Case> CASES = ConformanceCases.CASES;

    @ParameterizedTest
    @FieldSource("CASES")
    void matchesTheJvmBitForBit(Case c) throws Exception {
        Object[] jvm = c.arguments(99);
        try {
            ConformanceCases.runOnJvm(c.method(), c.globalSize(), c.localSize(), jvm);
            // the process's settings, then the 16-byte vector accesses (WideAccesses) on whatever they say
            for (boolean wide : new boolean[] {WideAccesses.ENABLED, true}) {
                Object[] dev = c.arguments(99);
                try {
                    CompiledKernel k = wide == WideAccesses.ENABLED ? KernelCompiler.compile(c.method(), Target.ptx(90))
                            : KernelCompiler.translate(c.method(), Target.ptx(90), MontMulPtx.PAIRS,
                            ModularSumPtx.ENABLED, MontMulPtx.OPT_IN, true);
                    new PtxInterpreter(k.source()).run(k, c.globalSize(), c.localSize(), dev);
                    for (int i = 0; i < jvm.length; i++) {
                        if (jvm[i] instanceof long[] x) {
                            assertArrayEquals(x, (long[]) dev[i], c.name() + " wide=" + wide + " argument " + i);
                        } else if (jvm[i] instanceof int[] x) {
                            assertArrayEquals(x, (int[]) dev[i], c.name() + " wide=" + wide + " argument " + i);
                        }
                    }
                    assertTrue(ConformanceCases.sameArrays(jvm, dev), c.name() + " wide=" + wide);
                } finally {
                    ConformanceCases.close(dev);
                }
            }
        } finally {
            ConformanceCases.close(jvm);
        }
    }
}
