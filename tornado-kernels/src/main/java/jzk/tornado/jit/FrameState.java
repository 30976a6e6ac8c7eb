package jzk.tornado.jit;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;

/**
 * The abstract JVM frame at one point of a method: what each local slot and operand-stack entry holds.
 *
 * <p>Invariants: primitive values are never stored here, only their type, because they live in the
 * registers {@code (slot or depth, type)} owned by the method's {@link MethodTranslator}; a reference is
 * resolved statically to the array ({@link Ir.ArrayBase}) or the {@code KernelContext} it denotes. The
 * {@code constant}/{@code zext32} facts describe the value an entry holds and are only kept inside a basic block:
 * {@link #merge} drops them. A {@code long} occupies one stack entry here (the JVM's two words are counted by
 * {@link Slot#words()}) and two local slots, the second being {@link Kind#TOP}.
 */
final class FrameState {
    enum Kind { TOP, I32, I64, REF, CONFLICT }

    /** Marks the {@code KernelContext} reference. */
    static final Object CONTEXT = new Object() {
        @Override
        public String toString() {
            return "KernelContext";
        }
    };

    /**
     * {@code compare}, when set, says the entry is the -1/0/1 result of comparing the two operands it holds
     * (copies that stay valid until the block ends), so a following {@code ifXX} can branch on them directly.
     */
    record Compare(boolean unsigned, Ir.Operand a, Ir.Operand b) {
    }

    record Slot(Kind kind, Object ref, Long constant, boolean zext32, Compare compare) {
        static final Slot TOP = new Slot(Kind.TOP, null, null, false, null);

        static Slot prim(Ir.Type t) {
            return new Slot(t == Ir.Type.I32 ? Kind.I32 : Kind.I64, null, null, false, null);
        }

        static Slot prim(Ir.Type t, Long constant, boolean zext32) {
            return new Slot(t == Ir.Type.I32 ? Kind.I32 : Kind.I64, null, constant, zext32, null);
        }

        static Slot ref(Object r) {
            return new Slot(Kind.REF, r, null, false, null);
        }

        boolean isPrim() {
            return kind == Kind.I32 || kind == Kind.I64;
        }

        Ir.Type type() {
            return kind == Kind.I64 ? Ir.Type.I64 : Ir.Type.I32;
        }

        int words() {
            return kind == Kind.I64 ? 2 : 1;
        }

        Slot plain() {
            return constant == null && !zext32 && compare == null ? this : new Slot(kind, ref, null, false, null);
        }
    }

    final Slot[] locals;
    final List<Slot> stack;

    FrameState(int maxLocals) {
        locals = new Slot[maxLocals];
        Arrays.fill(locals, Slot.TOP);
        stack = new ArrayList<>();
    }

    private FrameState(Slot[] locals, List<Slot> stack) {
        this.locals = locals;
        this.stack = stack;
    }

    FrameState copy() {
        return new FrameState(locals.clone(), new ArrayList<>(stack));
    }

    /** The state at a join: facts that hold on both paths. Returns null when the stacks cannot be merged. */
    static FrameState merge(FrameState a, FrameState b) {
        if (a.stack.size() != b.stack.size()) {
            return null;
        }
        Slot[] locals = new Slot[a.locals.length];
        for (int i = 0; i < locals.length; i++) {
            locals[i] = mergeSlot(a.locals[i], b.locals[i]);
        }
        List<Slot> stack = new ArrayList<>();
        for (int i = 0; i < a.stack.size(); i++) {
            Slot s = mergeSlot(a.stack.get(i), b.stack.get(i));
            if (s.kind == Kind.TOP) {
                return null;
            }
            stack.add(s);
        }
        return new FrameState(locals, stack);
    }

    private static Slot mergeSlot(Slot a, Slot b) {
        if (a.kind != b.kind) {
            return Slot.TOP;
        }
        if (a.kind == Kind.REF && a.ref != b.ref) {
            return new Slot(Kind.CONFLICT, null, null, false, null);
        }
        return a.plain();
    }

    /** This state with every within-block fact dropped (the state a block starts from). */
    FrameState plain() {
        Slot[] l = new Slot[locals.length];
        for (int i = 0; i < l.length; i++) {
            l[i] = locals[i].plain();
        }
        List<Slot> s = new ArrayList<>();
        for (Slot x : stack) {
            s.add(x.plain());
        }
        return new FrameState(l, s);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof FrameState f && Arrays.equals(locals, f.locals) && stack.equals(f.stack);
    }

    @Override
    public int hashCode() {
        return Objects.hash(Arrays.hashCode(locals), stack);
    }
}
