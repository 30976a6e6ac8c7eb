package jzk.prover.gadgets;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigInteger;
import java.util.Random;
import jzk.arith.Fr;
import jzk.prover.r1cs.ConstraintSystem;
import jzk.prover.r1cs.R1cs;
import jzk.prover.r1cs.Synthesizer;
import jzk.prover.r1cs.UnsatisfiedConstraintException;
import org.junit.jupiter.api.Test;

/** Boolean, AllocatedNum and bit decomposition against their truth tables / BigInteger arithmetic. */
class BasicGadgetsTest {
    /** 0 = constant false, 1 = constant true, 2/3 = allocated false/true, 4/5 = negated allocated (value 0/1). */
    private static Boolean make(ConstraintSystem cs, String n, int kind) {
        switch (kind) {
            case 0: return Boolean.FALSE;
            case 1: return Boolean.TRUE;
            case 2: return Boolean.alloc(cs, n, () -> false);
            case 3: return Boolean.alloc(cs, n, () -> true);
            case 4: return Boolean.alloc(cs, n, () -> true).not();
            default: return Boolean.alloc(cs, n, () -> false).not();
        }
    }

    private static boolean val(int kind) {
        return kind % 2 == 1;
    }

    @Test
    void booleanOpsMatchTruthTables() {
        for (int ka = 0; ka < 6; ka++) {
            for (int kb = 0; kb < 6; kb++) {
                for (int kc = 0; kc < 6; kc++) {
                    int a0 = ka;
                    int b0 = kb;
                    int c0 = kc;
                    boolean[] got = new boolean[5];
                    CircuitAssert.assertConsistent(cs -> {
                        Boolean a = make(cs, "a", a0);
                        Boolean b = make(cs, "b", b0);
                        Boolean c = make(cs, "c", c0);
                        Boolean and = Boolean.and(cs, "and", a, b);
                        Boolean xor = Boolean.xor(cs, "xor", a, b);
                        Boolean ch = Boolean.ch(cs, "ch", a, b, c);
                        Boolean maj = Boolean.maj(cs, "maj", a, b, c);
                        Boolean not = a.not();
                        // constrain every result through a booleanity-checked copy: a wrong 0/1 value fails here
                        for (Boolean r : new Boolean[] {and, xor, ch, maj, not}) {
                            Boolean copy = Boolean.alloc(cs, "copy", r.hasValue() ? r::value : () -> false);
                            Boolean.xor(cs, "eq", copy, r); // value 0 when equal
                        }
                        if (cs.computesWitness()) {
                            got[0] = and.value();
                            got[1] = xor.value();
                            got[2] = ch.value();
                            got[3] = maj.value();
                            got[4] = not.value();
                        }
                    });
                    boolean a = val(ka);
                    boolean b = val(kb);
                    boolean c = val(kc);
                    String at = ka + "," + kb + "," + kc;
                    assertEquals(a && b, got[0], "and " + at);
                    assertEquals(a ^ b, got[1], "xor " + at);
                    assertEquals(a ? b : c, got[2], "ch " + at);
                    assertEquals((a ? 1 : 0) + (b ? 1 : 0) + (c ? 1 : 0) >= 2, got[3], "maj " + at);
                    assertEquals(!a, got[4], "not " + at);
                }
            }
        }
    }

    @Test
    void numOpsMatchBigInteger() {
        Random rnd = new Random(7);
        for (int iter = 0; iter < 20; iter++) {
            long[] x = new long[4];
            long[] y = new long[4];
            Fr.F.random(x, 0, rnd);
            Fr.F.random(y, 0, rnd);
            boolean cond = rnd.nextBoolean();
            BigInteger bx = Fr.F.toBigInteger(x, 0);
            BigInteger by = Fr.F.toBigInteger(y, 0);
            BigInteger[] got = new BigInteger[6];
            R1cs r = CircuitAssert.assertConsistent(cs -> {
                AllocatedNum a = AllocatedNum.alloc(cs, "a", () -> x);
                AllocatedNum b = AllocatedNum.alloc(cs, "b", () -> y);
                Boolean c = Boolean.alloc(cs, "c", () -> cond);
                AllocatedNum m = a.mul(cs, "mul", b);
                AllocatedNum s = a.square(cs, "sq");
                AllocatedNum p = a.add(cs, "add", b);
                AllocatedNum sel = AllocatedNum.select(cs, "sel", c, a, b);
                AllocatedNum[] sw = AllocatedNum.conditionallySwap(cs, "swap", c, a, b);
                m.inputize(cs, "pub");
                if (cs.computesWitness()) {
                    got[0] = Fr.F.toBigInteger(m.value(), 0);
                    got[1] = Fr.F.toBigInteger(s.value(), 0);
                    got[2] = Fr.F.toBigInteger(p.value(), 0);
                    got[3] = Fr.F.toBigInteger(sel.value(), 0);
                    got[4] = Fr.F.toBigInteger(sw[0].value(), 0);
                    got[5] = Fr.F.toBigInteger(sw[1].value(), 0);
                }
            });
            assertEquals(bx.multiply(by).mod(Fr.R), got[0]);
            assertEquals(bx.multiply(bx).mod(Fr.R), got[1]);
            assertEquals(bx.add(by).mod(Fr.R), got[2]);
            assertEquals(cond ? by : bx, got[3]);
            assertEquals(cond ? by : bx, got[4]);
            assertEquals(cond ? bx : by, got[5]);
            // 1 booleanity + mul + square + add + select + 2 swap + inputize
            assertEquals(8, r.numConstraints());
            assertEquals(1, r.numInputs());
        }
    }

    @Test
    void toBitsLeDecomposesAndPacks() {
        Random rnd = new Random(3);
        for (int iter = 0; iter < 10; iter++) {
            BigInteger v = new BigInteger(64, rnd);
            long[] x = Fr.F.fromBigInteger(v);
            BigInteger[] packed = new BigInteger[1];
            boolean[] bits = new boolean[64];
            R1cs r = CircuitAssert.assertConsistent(cs -> {
                AllocatedNum a = AllocatedNum.alloc(cs, "a", () -> x);
                Boolean[] b = Bits.toBitsLe(cs, "bits", a, 64);
                AllocatedNum back = Bits.pack(cs, "pack", b);
                if (cs.computesWitness()) {
                    packed[0] = Fr.F.toBigInteger(back.value(), 0);
                    for (int i = 0; i < 64; i++) {
                        bits[i] = b[i].value();
                    }
                }
            });
            assertEquals(v, packed[0]);
            for (int i = 0; i < 64; i++) {
                assertEquals(v.testBit(i), bits[i], "bit " + i);
            }
            assertEquals(64 + 1 + 1, r.numConstraints());
        }
    }

    @Test
    void tooFewBitsIsReportedByName() {
        long[] x = Fr.F.fromLong(1000);
        UnsatisfiedConstraintException e = assertThrows(UnsatisfiedConstraintException.class,
                () -> Synthesizer.witness(cs -> cs.namespace("outer",
                        () -> Bits.toBitsLe(cs, "idx", AllocatedNum.alloc(cs, "a", () -> x), 8)), true));
        assertEquals("outer/idx/pack", e.constraint());
        assertTrue(e.getMessage().contains("outer/idx/pack"));
    }
}
