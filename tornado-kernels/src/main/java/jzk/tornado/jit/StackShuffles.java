package jzk.tornado.jit;

import java.lang.classfile.Opcode;
import java.util.ArrayList;
import java.util.List;

import jzk.tornado.jit.FrameState.Slot;

/**
 * The JVM's untyped stack shuffles ({@code pop}, {@code pop2}, {@code dup*}, {@code swap}) over typed entries.
 *
 * <p>Invariant: the JVM counts these in words ({@code long} = 2); {@link FrameState} keeps a {@code long} as one
 * entry, so entries are popped until the word count is reached, and a shuffle that would split a {@code long} is
 * rejected. Popped primitive values are first copied to fresh registers, because re-pushing them writes the
 * stack registers of their new depths, which may be the registers they came from.
 */
final class StackShuffles {
    private StackShuffles() {
    }

    /** A popped stack entry with its value copied out of its stack register, so re-pushing cannot clobber it. */
    private record Held(Slot slot, Ir.Operand value) {
    }

    private static List<Held> popWords(InsnInterpreter in, int words) {
        List<Held> out = new ArrayList<>();
        int n = 0;
        while (n < words) {
            Slot s = in.pop();
            n += s.words();
            Ir.Operand v = null;
            if (s.isPrim()) {
                v = in.operand(s, in.depth());
                if (v instanceof Ir.Var) {
                    Ir.Var t = in.temp(s.type());
                    in.add(new Ir.Move(t, v));
                    v = t;
                }
            }
            out.addFirst(new Held(s, v));
        }
        if (n != words) {
            throw in.error("stack operation splits a long value");
        }
        return out;
    }

    private static void pushAll(InsnInterpreter in, List<Held> hs) {
        for (Held h : hs) {
            if (h.slot.isPrim()) {
                in.add(new Ir.Move(in.pushTarget(h.slot.type()), h.value));
            }
            in.st.stack.add(h.slot);
        }
    }

    static void apply(InsnInterpreter in, Opcode op) {
        switch (op) {
            case POP -> popWords(in, 1);
            case POP2 -> popWords(in, 2);
            case DUP -> {
                List<Held> x = popWords(in, 1);
                pushAll(in, x);
                pushAll(in, x);
            }
            case DUP2 -> {
                List<Held> x = popWords(in, 2);
                pushAll(in, x);
                pushAll(in, x);
            }
            case DUP_X1, DUP_X2, DUP2_X1, DUP2_X2 -> {
                List<Held> x = popWords(in, op == Opcode.DUP_X1 || op == Opcode.DUP_X2 ? 1 : 2);
                List<Held> y = popWords(in, op == Opcode.DUP_X1 || op == Opcode.DUP2_X1 ? 1 : 2);
                pushAll(in, x);
                pushAll(in, y);
                pushAll(in, x);
            }
            case SWAP -> {
                List<Held> x = popWords(in, 1);
                List<Held> y = popWords(in, 1);
                pushAll(in, x);
                pushAll(in, y);
            }
            default -> throw in.error("stack instruction " + op);
        }
    }
}
