package jzk.tornado.jit;

import jzk.tornado.jit.Ir.Type;

/**
 * Compile-time evaluation of IR operations on constants, with exactly the Java semantics the writers implement on
 * the device (JIT.md, "Java semantics on the device"), so folding never changes a result.
 *
 * <p>Invariants: values are held as {@code long}, an {@code I32} value sign-extended ({@link #norm}). Operations
 * whose Java result is an exception (division or remainder by zero) are not folded: {@code null}.
 */
final class Fold {
    private Fold() {
    }

    private static final long M32 = 0xFFFFFFFFL;

    /** {@code v} as a value of type {@code t}: I32 truncated and sign-extended. */
    static long norm(Type t, long v) {
        return t == Type.I32 ? (int) v : v;
    }

    /** The result of {@code op a} where {@code a} has type {@code from}, normalised to {@code to}. */
    static long unary(Ir.UnOp op, Type from, Type to, long a) {
        boolean w32 = from == Type.I32;
        int i = (int) a;
        long r = switch (op) {
            case NEG -> -a;
            case I2L -> (long) i;
            case ZEXT -> a & M32;
            case L2I -> i;
            case I2B -> (byte) i;
            case I2S -> (short) i;
            case I2C -> (char) i;
            case CLZ -> w32 ? Integer.numberOfLeadingZeros(i) : Long.numberOfLeadingZeros(a);
            case CTZ -> w32 ? Integer.numberOfTrailingZeros(i) : Long.numberOfTrailingZeros(a);
            case POPC -> w32 ? Integer.bitCount(i) : Long.bitCount(a);
            case ABS -> w32 ? Math.abs(i) : Math.abs(a);
            case BREV -> w32 ? Integer.reverse(i) : Long.reverse(a);
        };
        return norm(to, r);
    }

    /**
     * The result of {@code a op b} where {@code a} has type {@code t} (shift counts are I32), or null when Java
     * would throw (division or remainder by zero).
     */
    static Long binary(Ir.BinOp op, Type t, long a, long b) {
        boolean w32 = t == Type.I32;
        int ia = (int) a;
        int ib = (int) b;
        long r;
        switch (op) {
            case ADD -> r = a + b;
            case SUB -> r = a - b;
            case MUL -> r = a * b;
            case AND -> r = a & b;
            case OR -> r = a | b;
            case XOR -> r = a ^ b;
            case SHL -> r = w32 ? ia << (ib & 31) : a << (ib & 63);
            case SHR -> r = w32 ? ia >> (ib & 31) : a >> (ib & 63);
            case USHR -> r = w32 ? ia >>> (ib & 31) : a >>> (ib & 63);
            case MULHI -> r = Math.multiplyHigh(a, b);
            case UMULHI -> r = Math.unsignedMultiplyHigh(a, b);
            case MULWIDE_U32 -> r = (a & M32) * (b & M32);
            case MIN -> r = Math.min(a, b);
            case MAX -> r = Math.max(a, b);
            case CMP -> r = Long.signum(Long.compare(a, b));
            case UCMP -> r = w32 ? Integer.signum(Integer.compareUnsigned(ia, ib))
                    : Integer.signum(Long.compareUnsigned(a, b));
            case DIV, REM, UDIV, UREM -> {
                if (b == 0) {
                    return null;
                }
                r = switch (op) {
                    case DIV -> w32 ? ia / ib : a / b;
                    case REM -> w32 ? ia % ib : a % b;
                    case UDIV -> w32 ? Integer.divideUnsigned(ia, ib) : Long.divideUnsigned(a, b);
                    default -> w32 ? Integer.remainderUnsigned(ia, ib) : Long.remainderUnsigned(a, b);
                };
            }
            default -> throw new IllegalStateException(op.name());
        }
        Type to = op == Ir.BinOp.CMP || op == Ir.BinOp.UCMP ? Type.I32
                : op == Ir.BinOp.MULWIDE_U32 ? Type.I64 : t;
        return norm(to, r);
    }

    /** Whether {@code a cond b} holds for two values of type {@code t}. */
    static boolean cond(Ir.Cond c, Type t, long a, long b) {
        int u = t == Type.I32 ? Integer.compareUnsigned((int) a, (int) b) : Long.compareUnsigned(a, b);
        return switch (c) {
            case EQ -> a == b;
            case NE -> a != b;
            case LT -> a < b;
            case GE -> a >= b;
            case GT -> a > b;
            case LE -> a <= b;
            case ULT -> u < 0;
            case UGE -> u >= 0;
            case UGT -> u > 0;
            case ULE -> u <= 0;
        };
    }
}
