package jzk.prover.r1cs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;

import java.math.BigInteger;
import java.util.HashMap;
import java.util.Map;
import java.util.Random;
import jzk.arith.Fr;
import org.junit.jupiter.api.Test;

class CoefficientTableTest {
    /** Ids against a HashMap of BigIntegers: dense, first-appearance order, equal values ⇔ equal ids. */
    @Test
    void idsMatchAMapOfValuesThroughRehashes() {
        Random rnd = new Random(5);
        CoefficientTable t = new CoefficientTable();
        Map<BigInteger, Integer> ref = new HashMap<>();
        long[] pool = new long[3000 * 4];
        for (int i = 0; i < 3000; i++) {
            Fr.F.random(pool, 4 * i, rnd);
        }
        pool[4 * 7] = pool[4 * 8] ^ 1; // neighbours differing in one bit of one limb
        System.arraycopy(pool, 4 * 8 + 1, pool, 4 * 7 + 1, 3);
        for (int round = 0; round < 20_000; round++) {
            int i = rnd.nextInt(3000);
            BigInteger v = Fr.F.toBigInteger(pool, 4 * i);
            Integer expect = ref.computeIfAbsent(v, k -> ref.size());
            assertEquals(expect, t.intern(pool, 4 * i), "value " + v);
        }
        assertEquals(ref.size(), t.size());
        long[] values = t.values();
        assertEquals(4 * ref.size(), values.length);
        for (var e : ref.entrySet()) {
            assertEquals(e.getKey(), Fr.F.toBigInteger(values, 4 * e.getValue()));
        }
    }

    /** The recorder stores ids, and mulVec with the table gives what the BigInteger row sums give (R1csTest). */
    @Test
    void recordedMatricesShareOneSmallTable() {
        R1cs r = Synthesizer.record(cs -> {
            Variable x = cs.alloc("x", () -> FrOps.of(3));
            Variable y = cs.alloc("y", () -> FrOps.of(9));
            for (int i = 0; i < 100; i++) {
                cs.enforce("c" + i, LinearCombination.of(x, FrOps.of(i % 5 + 1)),
                        LinearCombination.of(x).add(Variable.ONE, FrOps.of(-1)), LinearCombination.of(y));
            }
        }, false);
        assertSame(r.a().coeffTable(), r.b().coeffTable());
        assertSame(r.a().coeffTable(), r.c().coeffTable());
        assertEquals(6 * 4, r.a().coeffTable().length); // 1..5 and −1
        assertEquals(BigInteger.valueOf(4), Fr.F.toBigInteger(r.a().coeffTable(), r.a().coeffOffset(3)));
    }
}
