package jzk.tornado.conformance;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigInteger;
import java.util.Arrays;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.FieldSource;
import org.junit.jupiter.api.Test;

import jzk.tornado.conformance.ConformanceCases.Case;

/**
 * Runs every conformance case on the JVM (the kernels themselves must be sound before devices are compared
 * with them) and checks a few against independent oracles.
 */
class ConformanceJvmTest {
    static final java.util.List<Case> CASES = ConformanceCases.CASES;

    @ParameterizedTest
    @FieldSource("CASES")
    void runsOnTheJvmDeterministically(Case c) throws Exception {
        Object[] a = c.arguments(42);
        Object[] b = c.arguments(42);
        try {
            ConformanceCases.runOnJvm(c.method(), c.globalSize(), c.localSize(), a);
            ConformanceCases.runOnJvm(c.method(), c.globalSize(), c.localSize(), b);
            assertTrue(ConformanceCases.sameArrays(a, b), c.name());
        } finally {
            ConformanceCases.close(a);
            ConformanceCases.close(b);
        }
    }

    @Test
    void multiplyHighMatchesBigInteger() throws Exception {
        Case c = find("regressionMultiplyHigh");
        Object[] args = c.arguments(7);
        ConformanceCases.runOnJvm(c.method(), c.globalSize(), c.localSize(), args);
        long[] x = (long[]) args[1];
        long[] y = (long[]) args[2];
        long[] out = (long[]) args[3];
        BigInteger two64 = BigInteger.ONE.shiftLeft(64);
        for (int i = 0; i < x.length; i++) {
            BigInteger s = BigInteger.valueOf(x[i]).multiply(BigInteger.valueOf(y[i]));
            BigInteger u = new BigInteger(Long.toUnsignedString(x[i])).multiply(new BigInteger(
                    Long.toUnsignedString(y[i])));
            assertEquals(s.shiftRight(64).longValue(), out[i * 3]);
            assertEquals(u.shiftRight(64).longValue(), out[i * 3 + 1]);
            assertEquals(u.mod(two64).longValue(), out[i * 3 + 2]);
        }
    }

    @Test
    void groupReduceSumsEachGroup() throws Exception {
        Case c = find("groupReduce");
        Object[] args = c.arguments(3);
        ConformanceCases.runOnJvm(c.method(), c.globalSize(), c.localSize(), args);
        long[] in = (long[]) args[1];
        long[] out = (long[]) args[2];
        int g = c.localSize();
        long[] expect = new long[out.length];
        for (int group = 0; group < in.length / g; group++) {
            expect[group * 2] = Arrays.stream(in, group * g, group * g + g).sum();
            expect[group * 2 + 1] = Arrays.stream(in, group * g, group * g + 4).sum();
        }
        assertArrayEquals(expect, out);
    }

    static Case find(String name) {
        return CASES.stream().filter(c -> c.name().equals(name)).findFirst().orElseThrow();
    }
}
