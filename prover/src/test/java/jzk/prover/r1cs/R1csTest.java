package jzk.prover.r1cs;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigInteger;
import java.util.Random;
import jzk.arith.Fr;
import org.junit.jupiter.api.Test;

/** Recording, witness and checking modes on small circuits whose matrices are worked out by hand here. */
class R1csTest {
    private static long[] fr(long x) {
        return Fr.F.fromLong(x);
    }

    /** Vitalik's "x^3 + x + 5 = out" example: public out, private x; 3 constraints. */
    static Circuit cubic(long x, long out) {
        return cs -> {
            Variable o = cs.allocInput("out", () -> fr(out));
            Variable vx = cs.alloc("x", () -> fr(x));
            Variable x2 = cs.alloc("x2", () -> fr(x * x));
            cs.namespace("cube", () -> {
                Variable x3 = cs.alloc("x3", () -> fr(x * x * x));
                cs.enforce("square", LinearCombination.of(vx), LinearCombination.of(vx), LinearCombination.of(x2));
                cs.enforce("cube", LinearCombination.of(x2), LinearCombination.of(vx), LinearCombination.of(x3));
                // x3 + x + 5 = out, as (x3 + x + 5)·1 = out
                cs.enforce("sum", LinearCombination.of(x3).add(vx).addConstant(fr(5)),
                        LinearCombination.of(cs.one()), LinearCombination.of(o));
            });
        };
    }

    @Test
    void recordsShapeAndColumns() {
        R1cs r = Synthesizer.record(cubic(0, 0));
        assertEquals(3, r.numConstraints());
        assertEquals(1, r.numInputs());
        assertEquals(3, r.numAux());
        assertEquals(5, r.numVariables());
        assertEquals("cube/square", r.constraintName(0));
        assertEquals("cube/sum", r.constraintName(2));
        // row 0 of A: x, which is aux 0 → column 1 + 1 + 0 = 2
        assertArrayEquals(new int[] {0, 1, 2, 5}, r.a().rowStart());
        assertEquals(2, r.a().colIndex()[0]);
        // C row 2 is the public input column 1
        assertEquals(1, r.c().colIndex()[r.c().rowStart()[2]]);
        assertTrue(FrOps.isOne(r.a().coeffTable(), r.a().coeffOffset(0)));
    }

    @Test
    void witnessSatisfiesAndEvaluates() {
        Witness w = Synthesizer.witness(cubic(3, 35), true);
        R1cs r = Synthesizer.record(cubic(0, 0));
        w.requireShapeOf(r);
        assertEquals(BigInteger.valueOf(35), Fr.F.toBigInteger(w.publicInputs(), 0));
        assertEquals(-1, SatisfactionChecker.firstFailure(r, w));
        long[] a = new long[12];
        long[] b = new long[12];
        long[] c = new long[12];
        r.evaluate(w.z(), a, b, c);
        for (int i = 0; i < 3; i++) {
            long[] ab = new long[4];
            Fr.F.mul(ab, 0, a, 4 * i, b, 4 * i);
            assertTrue(Fr.F.equal(ab, 0, c, 4 * i), "row " + i);
        }
        assertEquals(BigInteger.valueOf(35), Fr.F.toBigInteger(a, 8)); // 27 + 3 + 5
    }

    @Test
    void checkerNamesFirstFailingConstraint() {
        UnsatisfiedConstraintException e = assertThrows(UnsatisfiedConstraintException.class,
                () -> Synthesizer.witness(cubic(3, 36), true));
        assertEquals("cube/sum", e.constraint());
        assertEquals(2, e.row());
        assertTrue(e.getMessage().contains("cube/sum"), e.getMessage());
        // the unchecked witness goes through, and the matrix check names the same row
        Witness bad = Synthesizer.witness(cubic(3, 36), false);
        R1cs r = Synthesizer.record(cubic(0, 0));
        UnsatisfiedConstraintException e2 = assertThrows(UnsatisfiedConstraintException.class,
                () -> SatisfactionChecker.check(r, bad));
        assertEquals("cube/sum", e2.constraint());
        assertTrue(SatisfactionChecker.enabledByDefault(), "tests run with -ea, so checking is on by default");
    }

    @Test
    void missingValueNamesVariable() {
        Circuit c = cs -> cs.namespace("ns", () -> cs.alloc("v", () -> null));
        IllegalStateException e = assertThrows(IllegalStateException.class, () -> Synthesizer.witness(c, false));
        assertTrue(e.getMessage().contains("ns/v"), e.getMessage());
        assertEquals(0, Synthesizer.record(c).numConstraints()); // recording never asks for values
    }

    @Test
    void compactMergesDuplicatesAndDropsZeros() {
        Variable x = Variable.aux(0);
        Variable y = Variable.aux(1);
        LinearCombination lc = LinearCombination.zero().add(x).add(y, fr(2)).add(x, fr(4)).sub(y).sub(y)
                .addConstant(fr(7)).compact();
        assertEquals(2, lc.size()); // y cancels: 2 - 1 - 1 = 0
        long[] vals = new long[8];
        Fr.F.setOne(vals, 0);
        long[] aux = new long[8];
        Fr.F.fromBigInteger(aux, 0, BigInteger.TEN);
        Fr.F.fromBigInteger(aux, 4, BigInteger.valueOf(99));
        long[] out = new long[4];
        lc.evaluate(vals, aux, out, 0);
        assertEquals(BigInteger.valueOf(57), Fr.F.toBigInteger(out, 0)); // 5*10 + 7
    }

    @Test
    void compactOfLongCombinationsPreservesValue() {
        Random rnd = new Random(9);
        for (int len : new int[] {3, 16, 17, 40, 200}) {
            int vars = Math.max(2, len / 3); // many duplicates
            long[] inputs = new long[4 * 3];
            long[] aux = new long[4 * vars];
            for (int i = 0; i < 3; i++) {
                Fr.F.random(inputs, 4 * i, rnd);
            }
            Fr.F.setOne(inputs, 0);
            for (int i = 0; i < vars; i++) {
                Fr.F.random(aux, 4 * i, rnd);
            }
            LinearCombination lc = LinearCombination.zero();
            for (int t = 0; t < len; t++) {
                long[] k = new long[4];
                Fr.F.random(k, 0, rnd);
                lc.add(rnd.nextInt(4) == 0 ? Variable.input(rnd.nextInt(3)) : Variable.aux(rnd.nextInt(vars)), k);
            }
            Variable x = Variable.aux(0);
            lc.add(x, fr(3)).add(x, fr(-3)); // a pair that cancels
            long[] before = new long[4];
            lc.evaluate(inputs, aux, before, 0);
            lc.compact();
            long[] after = new long[4];
            lc.evaluate(inputs, aux, after, 0);
            assertArrayEquals(before, after, "length " + len);
            java.util.Set<Integer> seen = new java.util.HashSet<>();
            for (int i = 0; i < lc.size(); i++) {
                assertTrue(seen.add(lc.rawVariable(i)), "duplicate variable after compact, length " + len);
            }
            assertTrue(lc.size() <= vars + 3);
        }
    }

    @Test
    void mulVecMatchesRowEvaluationOnRandomMatrix() {
        Random rnd = new Random(1);
        int rows = 5000; // several parallel blocks
        int cols = 300;
        int[] rowStart = new int[rows + 1];
        int nnz = 0;
        for (int i = 0; i < rows; i++) {
            nnz += rnd.nextInt(5);
            rowStart[i + 1] = nnz;
        }
        int[] col = new int[nnz];
        long[] co = new long[nnz * 4];
        for (int k = 0; k < nnz; k++) {
            col[k] = rnd.nextInt(cols);
            if (rnd.nextBoolean()) {
                Fr.F.setOne(co, 4 * k);
            } else {
                Fr.F.random(co, 4 * k, rnd);
            }
        }
        CsrMatrix m = new CsrMatrix(rows, cols, rowStart, col, co);
        long[] z = new long[cols * 4];
        BigInteger[] zb = new BigInteger[cols];
        for (int j = 0; j < cols; j++) {
            Fr.F.random(z, 4 * j, rnd);
            zb[j] = Fr.F.toBigInteger(z, 4 * j);
        }
        long[] out = new long[rows * 4];
        m.mulVec(z, out);
        for (int i = 0; i < rows; i++) {
            BigInteger s = BigInteger.ZERO;
            for (int k = rowStart[i]; k < rowStart[i + 1]; k++) {
                s = s.add(Fr.F.toBigInteger(co, 4 * k).multiply(zb[col[k]]));
            }
            assertEquals(s.mod(Fr.R), Fr.F.toBigInteger(out, 4 * i), "row " + i);
        }
    }

    @Test
    void bRowAliasesAreRecordedAndValidated() {
        R1cs r = Synthesizer.record(cs -> {
            Variable x = cs.alloc("x", () -> fr(3));
            Variable y = cs.alloc("y", () -> fr(4));
            Variable s = cs.alloc("s", () -> fr(49));
            Variable t = cs.alloc("t", () -> fr(343));
            LinearCombination in = LinearCombination.of(x).add(y);
            cs.enforce("square", in, in, LinearCombination.of(s)); // B row 0 = A row 0
            cs.enforce("cube", LinearCombination.of(s), in, LinearCombination.of(t)); // B row 1 = A row 0
        });
        assertEquals(2, r.aliasedBRows());
        long[] z = new long[4 * 5];
        Fr.F.setOne(z, 0);
        System.arraycopy(fr(3), 0, z, 4, 4);
        System.arraycopy(fr(4), 0, z, 8, 4);
        System.arraycopy(fr(49), 0, z, 12, 4);
        System.arraycopy(fr(343), 0, z, 16, 4);
        long[] a = new long[8];
        long[] b = new long[8];
        long[] c = new long[8];
        r.evaluate(z, a, b, c);
        assertEquals(BigInteger.valueOf(7), Fr.F.toBigInteger(b, 0));
        assertEquals(BigInteger.valueOf(7), Fr.F.toBigInteger(b, 4));
        // a plan that claims B row 1 equals A row 1 (it does not) is refused
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> new R1cs(0, 4, r.a(), r.b(), r.c(), null, new int[] {0, 1}));
        assertTrue(e.getMessage().contains("B row 1 is not the same as A row 1"), e.getMessage());
    }

    @Test
    void csrRejectsBadColumn() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> new CsrMatrix(1, 2, new int[] {0, 1}, new int[] {2}, new long[4]));
        assertTrue(e.getMessage().contains("column 2"), e.getMessage());
    }

    @Test
    void cacheRecordsOncePerShape() {
        R1csCache cache = new R1csCache(false);
        int[] calls = {0};
        R1cs first = cache.get("cubic", () -> {
            calls[0]++;
            return cubic(0, 0);
        });
        R1cs second = cache.get("cubic", () -> {
            calls[0]++;
            return cubic(0, 0);
        });
        assertSame(first, second);
        assertEquals(1, calls[0]);
        assertFalse(first.hasNames());
        assertEquals("#1", first.constraintName(1));
    }

    @Test
    void unbalancedNamespaceIsAnError() {
        assertThrows(IllegalStateException.class, () -> Synthesizer.record(cs -> cs.pushNamespace("open")));
        assertThrows(IllegalStateException.class, () -> Synthesizer.witness(cs -> cs.popNamespace(), false));
    }
}
