package jzk.tornado.jit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.util.SplittableRandom;

import jzk.tornado.conformance.ConformanceCases;
import jzk.tornado.jit.Ir.BinOp;
import jzk.tornado.jit.Ir.Type;
import jzk.tornado.jit.Ir.UnOp;
import org.junit.jupiter.api.Test;

/**
 * {@link Fold} against the Java operators themselves, on random and edge values (the conformance generators':
 * about half of them 0, ±1, MIN, MAX, 2^32−1, shift counts around 32 and 64 …).
 */
class FoldTest {
    private static final int N = 4000;

    private static long b(BinOp op, Type t, long a, long c) {
        return Fold.binary(op, t, a, c);
    }

    @Test
    void intOperationsAreJavas() {
        int[] x = ConformanceCases.ints(new SplittableRandom(1), N);
        int[] y = ConformanceCases.ints(new SplittableRandom(2), N);
        for (int k = 0; k < N; k++) {
            int a = x[k];
            int c = y[k];
            Type t = Type.I32;
            assertEquals(a + c, b(BinOp.ADD, t, a, c));
            assertEquals(a - c, b(BinOp.SUB, t, a, c));
            assertEquals(a * c, b(BinOp.MUL, t, a, c));
            assertEquals(a & c, b(BinOp.AND, t, a, c));
            assertEquals(a | c, b(BinOp.OR, t, a, c));
            assertEquals(a ^ c, b(BinOp.XOR, t, a, c));
            assertEquals(a << c, b(BinOp.SHL, t, a, c));
            assertEquals(a >> c, b(BinOp.SHR, t, a, c));
            assertEquals(a >>> c, b(BinOp.USHR, t, a, c));
            assertEquals(Math.min(a, c), b(BinOp.MIN, t, a, c));
            assertEquals(Math.max(a, c), b(BinOp.MAX, t, a, c));
            assertEquals(Integer.signum(Integer.compare(a, c)), b(BinOp.CMP, t, a, c));
            assertEquals(Integer.signum(Integer.compareUnsigned(a, c)), b(BinOp.UCMP, t, a, c));
            assertEquals((a & 0xFFFFFFFFL) * (c & 0xFFFFFFFFL), b(BinOp.MULWIDE_U32, t, a, c));
            if (c != 0) {
                assertEquals(a / c, b(BinOp.DIV, t, a, c));
                assertEquals(a % c, b(BinOp.REM, t, a, c));
                assertEquals(Integer.divideUnsigned(a, c), b(BinOp.UDIV, t, a, c));
                assertEquals(Integer.remainderUnsigned(a, c), b(BinOp.UREM, t, a, c));
            } else {
                assertNull(Fold.binary(BinOp.DIV, t, a, c), "x / 0 throws in Java: not folded");
                assertNull(Fold.binary(BinOp.UREM, t, a, c));
            }
            assertEquals(-a, Fold.unary(UnOp.NEG, t, t, a));
            assertEquals((long) a, Fold.unary(UnOp.I2L, t, Type.I64, a));
            assertEquals(Integer.toUnsignedLong(a), Fold.unary(UnOp.ZEXT, t, Type.I64, a));
            assertEquals((byte) a, Fold.unary(UnOp.I2B, t, t, a));
            assertEquals((short) a, Fold.unary(UnOp.I2S, t, t, a));
            assertEquals((char) a, Fold.unary(UnOp.I2C, t, t, a));
            assertEquals(Integer.numberOfLeadingZeros(a), Fold.unary(UnOp.CLZ, t, t, a));
            assertEquals(Integer.numberOfTrailingZeros(a), Fold.unary(UnOp.CTZ, t, t, a));
            assertEquals(Integer.bitCount(a), Fold.unary(UnOp.POPC, t, t, a));
            assertEquals(Math.abs(a), Fold.unary(UnOp.ABS, t, t, a));
            assertEquals(Integer.reverse(a), Fold.unary(UnOp.BREV, t, t, a));
            assertEquals(a < c, Fold.cond(Ir.Cond.LT, t, a, c));
            assertEquals(Integer.compareUnsigned(a, c) < 0, Fold.cond(Ir.Cond.ULT, t, a, c));
            assertEquals(Integer.compareUnsigned(a, c) >= 0, Fold.cond(Ir.Cond.UGE, t, a, c));
            assertEquals(Integer.compareUnsigned(a, c) > 0, Fold.cond(Ir.Cond.UGT, t, a, c));
            assertEquals(Integer.compareUnsigned(a, c) <= 0, Fold.cond(Ir.Cond.ULE, t, a, c));
        }
    }

    @Test
    void longOperationsAreJavas() {
        long[] x = ConformanceCases.longs(new SplittableRandom(3), N);
        long[] y = ConformanceCases.longs(new SplittableRandom(4), N);
        for (int k = 0; k < N; k++) {
            long a = x[k];
            long c = y[k];
            int s = (int) c;
            Type t = Type.I64;
            assertEquals(a + c, b(BinOp.ADD, t, a, c));
            assertEquals(a - c, b(BinOp.SUB, t, a, c));
            assertEquals(a * c, b(BinOp.MUL, t, a, c));
            assertEquals(a << s, b(BinOp.SHL, t, a, s));
            assertEquals(a >> s, b(BinOp.SHR, t, a, s));
            assertEquals(a >>> s, b(BinOp.USHR, t, a, s));
            assertEquals(Math.multiplyHigh(a, c), b(BinOp.MULHI, t, a, c));
            assertEquals(Math.unsignedMultiplyHigh(a, c), b(BinOp.UMULHI, t, a, c));
            assertEquals(Long.signum(Long.compare(a, c)), b(BinOp.CMP, t, a, c));
            assertEquals(Integer.signum(Long.compareUnsigned(a, c)), b(BinOp.UCMP, t, a, c));
            if (c != 0) {
                assertEquals(a / c, b(BinOp.DIV, t, a, c));
                assertEquals(a % c, b(BinOp.REM, t, a, c));
                assertEquals(Long.divideUnsigned(a, c), b(BinOp.UDIV, t, a, c));
                assertEquals(Long.remainderUnsigned(a, c), b(BinOp.UREM, t, a, c));
            }
            assertEquals((long) (int) a, Fold.unary(UnOp.L2I, t, Type.I32, a));
            assertEquals(Long.numberOfLeadingZeros(a), Fold.unary(UnOp.CLZ, t, Type.I32, a));
            assertEquals(Long.numberOfTrailingZeros(a), Fold.unary(UnOp.CTZ, t, Type.I32, a));
            assertEquals(Long.bitCount(a), Fold.unary(UnOp.POPC, t, Type.I32, a));
            assertEquals(Math.abs(a), Fold.unary(UnOp.ABS, t, t, a));
            assertEquals(Long.reverse(a), Fold.unary(UnOp.BREV, t, t, a));
            assertEquals(Long.compareUnsigned(a, c) < 0, Fold.cond(Ir.Cond.ULT, t, a, c));
            assertEquals(a <= c, Fold.cond(Ir.Cond.LE, t, a, c));
        }
    }
}
