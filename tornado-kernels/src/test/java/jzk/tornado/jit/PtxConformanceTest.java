package jzk.tornado.jit;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.FieldSource;

import jzk.tornado.conformance.ConformanceCases;
import jzk.tornado.conformance.ConformanceCases.Case;

/**
 * Runs every conformance kernel's PTX in {@link PtxInterpreter} (PTX ISA semantics, no GPU needed) and compares
 * every array bit for bit with the JVM run on the same inputs; again with the 16-byte vector accesses
 * ({@link WideAccesses}), the index in either place ({@code jzk.jit.foldVectorIndex}), where the process's settings
 * are not that.
 */
class PtxConformanceTest {
    static final java.util.List<Case> CASES = ConformanceCases.CASES;

    @ParameterizedTest
    @FieldSource("CASES")
    void matchesTheJvmBitForBit(Case c) throws Exception {
        Object[] jvm = c.arguments(99);
        try {
            ConformanceCases.runOnJvm(c.method(), c.globalSize(), c.localSize(), jvm);
            // the process's settings, then the 16-byte vector accesses (WideAccesses), the index in either place
            for (int v = 0; v < 3; v++) {
                boolean fold = v == 2;
                if (v > 0 && WideAccesses.ENABLED && WideAccesses.FOLD_INDEX == fold) {
                    continue; // what the settings gave
                }
                String wide = v == 0 ? "settings" : fold ? "fold" : "true";
                Object[] dev = c.arguments(99);
                try {
                    CompiledKernel k = v == 0 ? KernelCompiler.compile(c.method(), Target.ptx(90))
                            : KernelCompiler.translate(c.method(), Target.ptx(90), MontMulPtx.PAIRS,
                            ModularSumPtx.ENABLED, MontMulPtx.OPT_IN, true, fold);
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
