package jzk.tornado.jit;

import java.lang.classfile.Instruction;
import java.lang.classfile.Opcode;
import java.lang.classfile.TypeKind;
import java.lang.classfile.instruction.ArrayLoadInstruction;
import java.lang.classfile.instruction.ArrayStoreInstruction;
import java.lang.classfile.instruction.BranchInstruction;
import java.lang.classfile.instruction.ConstantInstruction;
import java.lang.classfile.instruction.ConvertInstruction;
import java.lang.classfile.instruction.FieldInstruction;
import java.lang.classfile.instruction.IncrementInstruction;
import java.lang.classfile.instruction.InvokeInstruction;
import java.lang.classfile.instruction.LoadInstruction;
import java.lang.classfile.instruction.LookupSwitchInstruction;
import java.lang.classfile.instruction.NewPrimitiveArrayInstruction;
import java.lang.classfile.instruction.NopInstruction;
import java.lang.classfile.instruction.OperatorInstruction;
import java.lang.classfile.instruction.ReturnInstruction;
import java.lang.classfile.instruction.StackInstruction;
import java.lang.classfile.instruction.StoreInstruction;
import java.lang.classfile.instruction.SwitchCase;
import java.lang.classfile.instruction.TableSwitchInstruction;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import jzk.tornado.jit.FrameState.Kind;
import jzk.tornado.jit.FrameState.Slot;
import jzk.tornado.jit.Ir.BinOp;
import jzk.tornado.jit.Ir.Type;
import jzk.tornado.jit.Ir.UnOp;

/**
 * Interprets the instructions of one basic block over a {@link FrameState}, emitting IR when {@code emit} is
 * set (the second pass of {@link MethodTranslator}) and recording the state handed to each successor block.
 *
 * <p>Invariant: a primitive stack entry at depth {@code d} of type {@code t} is always held in
 * {@code stackVar(d, t)} (a {@link Ir.Move} is emitted even for constants), so the value survives block joins
 * where the entry's constant/zero-extension facts are dropped. Calls into JDK intrinsics, the
 * {@code KernelContext} and off-heap arrays are handled by {@link Intrinsics}; calls to other static methods are
 * inlined by a fresh {@link MethodTranslator}.
 */
final class InsnInterpreter {
    final MethodTranslator mt;
    final FrameState st;
    Ir.Block cur;
    final boolean emit;
    final Map<Integer, FrameState> successors = new LinkedHashMap<>();
    int pc;

    InsnInterpreter(MethodTranslator mt, FrameState st, Ir.Block cur, boolean emit) {
        this.mt = mt;
        this.st = st;
        this.cur = cur;
        this.emit = emit;
    }

    KernelCompileException error(String construct) {
        return mt.error(pc, construct);
    }

    void run(int block) {
        int end = mt.blockEnd(block);
        for (pc = mt.blockStart[block]; pc < end; pc++) {
            Instruction ins = mt.insns.get(pc);
            boolean terminated = step(ins);
            if (terminated) {
                return;
            }
        }
        int next = mt.blockAt(end);
        successors.put(next, st.copy());
        if (emit) {
            cur.term = new Ir.Jump(mt.irBlocks[next]);
        }
    }

    // ---- emission helpers ----

    void add(Ir.Insn i) {
        if (emit) {
            cur.insns.add(i);
        }
    }

    Ir.Var temp(Type t) {
        return mt.kernel.fn.newVar(t);
    }

    int depth() {
        return st.stack.size();
    }

    Slot pop() {
        if (st.stack.isEmpty()) {
            throw error("operand stack underflow");
        }
        return st.stack.removeLast();
    }

    /** Pops a primitive of type {@code t} and returns its operand (constant or its stack register). */
    Ir.Operand popPrim(Type t) {
        Slot s = pop();
        if (!s.isPrim() || s.type() != t) {
            throw error("expected " + t + " on the stack, found " + s.kind());
        }
        return operand(s, depth());
    }

    Ir.Operand operand(Slot s, int depth) {
        if (s.constant() != null) {
            return new Ir.Const(s.type(), s.constant());
        }
        return mt.stackVar(depth, s.type());
    }

    /** The register a result of type {@code t} pushed now goes to. */
    Ir.Var pushTarget(Type t) {
        return mt.stackVar(depth(), t);
    }

    void push(Type t, Long constant, boolean zext32) {
        st.stack.add(Slot.prim(t, constant, zext32));
    }

    void pushConst(Type t, long v) {
        add(new Ir.Move(pushTarget(t), new Ir.Const(t, v)));
        push(t, v, v >= 0 && v <= 0xFFFF_FFFFL);
    }

    Object popRef() {
        Slot s = pop();
        if (s.kind() == Kind.CONFLICT) {
            throw error("array reference that may denote different arrays (assigned on different paths)");
        }
        if (s.kind() != Kind.REF) {
            throw error("expected a reference on the stack, found " + s.kind());
        }
        return s.ref();
    }

    Ir.ArrayBase popArray(boolean offHeap) {
        Object r = popRef();
        if (!(r instanceof Ir.ArrayBase a) || a.longIndexed != offHeap) {
            throw error("expected " + (offHeap ? "an off-heap array" : "an int[] or long[]") + ", found " + r);
        }
        return a;
    }

    void binary(BinOp op, Type t, boolean zext) {
        Ir.Operand b = popPrim(op == BinOp.SHL || op == BinOp.SHR || op == BinOp.USHR ? Type.I32 : t);
        Ir.Operand a = popPrim(t);
        if (op == BinOp.CMP || op == BinOp.UCMP) {
            // keep copies of the operands: the result overwrites a's stack register
            Ir.Operand ca = copy(a);
            Ir.Operand cb = copy(b);
            Ir.Var dst = pushTarget(Type.I32);
            add(new Ir.Binary(op, dst, ca, cb));
            st.stack.add(new Slot(Kind.I32, null, null, false, new FrameState.Compare(op == BinOp.UCMP, ca, cb)));
            return;
        }
        Ir.Var dst = pushTarget(op == BinOp.CMP || op == BinOp.UCMP ? Type.I32 : t);
        add(new Ir.Binary(op, dst, a, b));
        push(dst.type(), null, zext);
    }

    private Ir.Operand copy(Ir.Operand v) {
        if (v instanceof Ir.Const) {
            return v;
        }
        Ir.Var t = temp(v.type());
        add(new Ir.Move(t, v));
        return t;
    }

    void unary(UnOp op, Type from, Type to, boolean zext) {
        Ir.Operand a = popPrim(from);
        Ir.Var dst = pushTarget(to);
        add(new Ir.Unary(op, dst, a));
        push(to, null, zext);
    }

    // ---- the interpreter ----

    /** Interprets one instruction; true when it ended the block. */
    private boolean step(Instruction ins) {
        switch (ins) {
            case LoadInstruction li -> load(li.slot(), li.typeKind());
            case StoreInstruction si -> store(si.slot(), si.typeKind());
            case IncrementInstruction ii -> {
                Slot s = st.locals[ii.slot()];
                if (s.kind() != Kind.I32) {
                    throw error("iinc on a non-int local");
                }
                Ir.Var v = mt.local(ii.slot(), Type.I32);
                add(new Ir.Binary(BinOp.ADD, v, v, Ir.Const.i32(ii.constant())));
                st.locals[ii.slot()] = Slot.prim(Type.I32);
            }
            case ConstantInstruction ci -> constant(ci);
            case OperatorInstruction oi -> operator(oi.opcode());
            case ConvertInstruction ci -> convert(ci.fromType(), ci.toType());
            case BranchInstruction bi -> {
                branch(bi);
                return true;
            }
            case TableSwitchInstruction ts -> {
                switchOn(ts.defaultTarget(), ts.cases());
                return true;
            }
            case LookupSwitchInstruction ls -> {
                switchOn(ls.defaultTarget(), ls.cases());
                return true;
            }
            case ReturnInstruction ri -> {
                doReturn(ri.typeKind());
                return true;
            }
            case FieldInstruction fi -> Intrinsics.field(this, fi);
            case InvokeInstruction ii -> Intrinsics.invoke(this, ii);
            case NewPrimitiveArrayInstruction na -> newArray(na.typeKind());
            case ArrayLoadInstruction al -> arrayLoad(al.typeKind());
            case ArrayStoreInstruction as -> arrayStore(as.typeKind());
            case StackInstruction si -> StackShuffles.apply(this, si.opcode());
            case NopInstruction n -> {
            }
            default -> throw error("unsupported instruction " + ins.opcode().name().toLowerCase()
                    + " (" + describe(ins.opcode()) + ")");
        }
        return false;
    }

    private static String describe(Opcode op) {
        return switch (op.kind()) {
            case NEW_OBJECT -> "object allocation";
            case NEW_REF_ARRAY, NEW_MULTI_ARRAY -> "array of references";
            case THROW_EXCEPTION -> "throwing an exception";
            case MONITOR -> "synchronized/monitor";
            case TYPE_CHECK -> "cast or instanceof";
            case INVOKE_DYNAMIC -> "lambda, string concatenation or other invokedynamic";
            default -> op.kind().name().toLowerCase();
        };
    }

    private void load(int slot, TypeKind tk) {
        Slot s = st.locals[slot];
        if (tk == TypeKind.REFERENCE) {
            if (s.kind() != Kind.REF && s.kind() != Kind.CONFLICT) {
                throw error("load of reference local " + slot + " holding " + s.kind());
            }
            st.stack.add(s);
            return;
        }
        Type t = MethodTranslator.typeOf(tk);
        if (t == null) {
            throw error("float/double value");
        }
        if (!s.isPrim() || s.type() != t) {
            throw error("load of local " + slot + " as " + t + " but it holds " + s.kind());
        }
        Ir.Var dst = pushTarget(t);
        add(new Ir.Move(dst, mt.local(slot, t)));
        push(t, null, false);
    }

    private void store(int slot, TypeKind tk) {
        if (tk == TypeKind.REFERENCE) {
            Slot s = pop();
            killOverlap(slot, 1);
            st.locals[slot] = s;
            return;
        }
        Type t = MethodTranslator.typeOf(tk);
        if (t == null) {
            throw error("float/double value");
        }
        Ir.Operand v = popPrim(t);
        add(new Ir.Move(mt.local(slot, t), v));
        killOverlap(slot, t == Type.I64 ? 2 : 1);
        st.locals[slot] = Slot.prim(t);
    }

    private void killOverlap(int slot, int words) {
        if (slot > 0 && st.locals[slot - 1].kind() == Kind.I64) {
            st.locals[slot - 1] = Slot.TOP;
        }
        if (words == 2) {
            st.locals[slot + 1] = Slot.TOP;
        }
    }

    private void constant(ConstantInstruction ci) {
        Object v = ci.constantValue();
        switch (v) {
            case Integer i -> pushConst(Type.I32, i);
            case Long l -> pushConst(Type.I64, l);
            case null -> throw error("null reference");
            default -> throw error("constant of type " + v.getClass().getSimpleName()
                    + (v instanceof String ? " (strings)" : " (float/double)"));
        }
    }

    private void operator(Opcode op) {
        switch (op) {
            case IADD -> binary(BinOp.ADD, Type.I32, false);
            case LADD -> binary(BinOp.ADD, Type.I64, false);
            case ISUB -> binary(BinOp.SUB, Type.I32, false);
            case LSUB -> binary(BinOp.SUB, Type.I64, false);
            case IMUL -> binary(BinOp.MUL, Type.I32, false);
            case LMUL -> longMul();
            case IDIV -> binary(BinOp.DIV, Type.I32, false);
            case LDIV -> binary(BinOp.DIV, Type.I64, false);
            case IREM -> binary(BinOp.REM, Type.I32, false);
            case LREM -> binary(BinOp.REM, Type.I64, false);
            case IAND -> binary(BinOp.AND, Type.I32, false);
            case LAND -> {
                Slot b = st.stack.get(depth() - 1);
                Slot a = st.stack.get(depth() - 2);
                binary(BinOp.AND, Type.I64, isZext(a) || isZext(b));
            }
            case IOR -> binary(BinOp.OR, Type.I32, false);
            case LOR -> binary(BinOp.OR, Type.I64, false);
            case IXOR -> binary(BinOp.XOR, Type.I32, false);
            case LXOR -> binary(BinOp.XOR, Type.I64, false);
            case ISHL -> binary(BinOp.SHL, Type.I32, false);
            case LSHL -> binary(BinOp.SHL, Type.I64, false);
            case ISHR -> binary(BinOp.SHR, Type.I32, false);
            case LSHR -> binary(BinOp.SHR, Type.I64, false);
            case IUSHR -> binary(BinOp.USHR, Type.I32, false);
            case LUSHR -> {
                Long c = st.stack.get(depth() - 1).constant();
                binary(BinOp.USHR, Type.I64, c != null && (c & 63) >= 32);
            }
            case INEG -> unary(UnOp.NEG, Type.I32, Type.I32, false);
            case LNEG -> unary(UnOp.NEG, Type.I64, Type.I64, false);
            case LCMP -> binary(BinOp.CMP, Type.I64, false);
            case ARRAYLENGTH -> {
                Ir.ArrayBase a = popArray(false);
                if (a.length >= 0) {
                    pushConst(Type.I32, a.length);
                } else {
                    Ir.Var dst = pushTarget(Type.I32);
                    add(new Ir.Move(dst, a.lengthVar));
                    push(Type.I32, null, true);
                }
            }
            default -> throw error("float/double arithmetic (" + op.name().toLowerCase() + ")");
        }
    }

    private static boolean isZext(Slot s) {
        return s.zext32() || (s.constant() != null && s.constant() >= 0 && s.constant() <= 0xFFFF_FFFFL);
    }

    /** {@code lmul}; two operands known to be zero-extended 32-bit values become one 32×32→64 multiply. */
    private void longMul() {
        Slot sb = st.stack.get(depth() - 1);
        Slot sa = st.stack.get(depth() - 2);
        if (!(isZext(sa) && isZext(sb))) {
            binary(BinOp.MUL, Type.I64, false);
            return;
        }
        Ir.Operand b = popPrim(Type.I64);
        Ir.Operand a = popPrim(Type.I64);
        Ir.Operand a32 = narrow(a);
        Ir.Operand b32 = narrow(b);
        Ir.Var dst = pushTarget(Type.I64);
        add(new Ir.Binary(BinOp.MULWIDE_U32, dst, a32, b32));
        push(Type.I64, null, false);
    }

    private Ir.Operand narrow(Ir.Operand v) {
        if (v instanceof Ir.Const c) {
            return Ir.Const.i32((int) c.value());
        }
        Ir.Var t = temp(Type.I32);
        add(new Ir.Unary(UnOp.L2I, t, v));
        return t;
    }

    private void convert(TypeKind from, TypeKind to) {
        if (from == TypeKind.INT && to == TypeKind.LONG) {
            unary(UnOp.I2L, Type.I32, Type.I64, false);
        } else if (from == TypeKind.LONG && to == TypeKind.INT) {
            unary(UnOp.L2I, Type.I64, Type.I32, false);
        } else if (from == TypeKind.INT && to == TypeKind.BYTE) {
            unary(UnOp.I2B, Type.I32, Type.I32, false);
        } else if (from == TypeKind.INT && to == TypeKind.SHORT) {
            unary(UnOp.I2S, Type.I32, Type.I32, false);
        } else if (from == TypeKind.INT && to == TypeKind.CHAR) {
            unary(UnOp.I2C, Type.I32, Type.I32, true);
        } else {
            throw error("conversion " + from + " to " + to + " (float/double)");
        }
    }

    private void branch(BranchInstruction bi) {
        Opcode op = bi.opcode();
        int target = mt.blockAt(mt.target(bi.target()));
        if (op == Opcode.GOTO || op == Opcode.GOTO_W) {
            successors.put(target, st.copy());
            if (emit) {
                cur.term = new Ir.Jump(mt.irBlocks[target]);
            }
            return;
        }
        Ir.Cond cond;
        Ir.Operand a;
        Ir.Operand b;
        switch (op) {
            case IFEQ, IFNE, IFLT, IFGE, IFGT, IFLE -> {
                FrameState.Compare cmp = st.stack.get(depth() - 1).compare();
                a = popPrim(Type.I32);
                b = Ir.Const.i32(0);
                cond = Ir.Cond.values()[op.ordinal() - Opcode.IFEQ.ordinal()];
                if (cmp != null) {
                    // cmp(x, y) OP 0  <=>  x OP y
                    a = cmp.a();
                    b = cmp.b();
                    if (cmp.unsigned() && cond.ordinal() >= Ir.Cond.LT.ordinal()) {
                        cond = Ir.Cond.values()[cond.ordinal() - Ir.Cond.LT.ordinal() + Ir.Cond.ULT.ordinal()];
                    }
                }
            }
            case IF_ICMPEQ, IF_ICMPNE, IF_ICMPLT, IF_ICMPGE, IF_ICMPGT, IF_ICMPLE -> {
                b = popPrim(Type.I32);
                a = popPrim(Type.I32);
                cond = Ir.Cond.values()[op.ordinal() - Opcode.IF_ICMPEQ.ordinal()];
            }
            default -> throw error("reference comparison (" + op.name().toLowerCase() + ")");
        }
        int next = mt.blockAt(pc + 1);
        if (a instanceof Ir.Const ca && b instanceof Ir.Const cb) {
            // a branch on constants (e.g. on $assertionsDisabled) has one successor: the other path is dead code
            int taken = holds(cond, ca.value(), cb.value()) ? target : next;
            successors.put(taken, st.copy());
            if (emit) {
                cur.term = new Ir.Jump(mt.irBlocks[taken]);
            }
            return;
        }
        successors.put(target, st.copy());
        successors.put(next, st.copy());
        if (emit) {
            cur.term = new Ir.Branch(cond, a, b, mt.irBlocks[target], mt.irBlocks[next]);
        }
    }

    private static boolean holds(Ir.Cond c, long x, long y) {
        return switch (c) {
            case EQ -> x == y;
            case NE -> x != y;
            case LT -> x < y;
            case GE -> x >= y;
            case GT -> x > y;
            case LE -> x <= y;
            case ULT -> Long.compareUnsigned(x, y) < 0;
            case UGE -> Long.compareUnsigned(x, y) >= 0;
            case UGT -> Long.compareUnsigned(x, y) > 0;
            case ULE -> Long.compareUnsigned(x, y) <= 0;
        };
    }

    private void switchOn(java.lang.classfile.Label dflt, List<SwitchCase> cases) {
        Ir.Operand key = popPrim(Type.I32);
        int d = mt.blockAt(mt.target(dflt));
        successors.put(d, st.copy());
        for (SwitchCase c : cases) {
            successors.put(mt.blockAt(mt.target(c.target())), st.copy());
        }
        if (!emit) {
            return;
        }
        Ir.Block test = cur;
        for (SwitchCase c : cases) {
            Ir.Block next = mt.kernel.fn.newBlock();
            test.term = new Ir.Branch(Ir.Cond.EQ, key, Ir.Const.i32(c.caseValue()),
                    mt.irBlocks[mt.blockAt(mt.target(c.target()))], next);
            test = next;
        }
        test.term = new Ir.Jump(mt.irBlocks[d]);
    }

    private void doReturn(TypeKind tk) {
        if (tk != TypeKind.VOID) {
            Type t = MethodTranslator.typeOf(tk);
            if (t == null) {
                throw error(tk == TypeKind.REFERENCE ? "returning a reference (arrays cannot be returned)"
                        : "float/double return value");
            }
            Ir.Operand v = popPrim(t);
            add(new Ir.Move(mt.returnVar, v));
        }
        if (emit) {
            cur.term = mt.exitBlock == null ? new Ir.Return() : new Ir.Jump(mt.exitBlock);
        }
    }

    private void newArray(TypeKind tk) {
        Type elem = MethodTranslator.typeOf(tk);
        if (elem == null || (tk != TypeKind.INT && tk != TypeKind.LONG)) {
            throw error("new " + tk.name().toLowerCase() + "[] (only int[] and long[] are supported)");
        }
        Slot size = st.stack.get(depth() - 1);
        popPrim(Type.I32);
        if (size.constant() == null || size.constant() <= 0 || size.constant() > 4096) {
            throw error("new " + tk.name().toLowerCase() + "[n] whose size is not a compile-time constant in 1..4096");
        }
        Ir.ArrayBase a = mt.kernel.privateArray(mt, pc, elem, size.constant().intValue());
        add(new Ir.ZeroFill(a));
        st.stack.add(Slot.ref(a));
    }

    private void arrayLoad(TypeKind tk) {
        if (tk != TypeKind.INT && tk != TypeKind.LONG) {
            throw error(tk.name().toLowerCase() + " array load (only int[] and long[] are supported)");
        }
        Ir.Operand idx = popPrim(Type.I32);
        Ir.ArrayBase a = popArray(false);
        Type t = MethodTranslator.typeOf(tk);
        if (a.elem != t) {
            throw error("array element type mismatch");
        }
        Ir.Var dst = pushTarget(t);
        add(new Ir.Load(dst, a, idx));
        push(t, null, false);
    }

    private void arrayStore(TypeKind tk) {
        if (tk != TypeKind.INT && tk != TypeKind.LONG) {
            throw error(tk.name().toLowerCase() + " array store (only int[] and long[] are supported)");
        }
        Type t = MethodTranslator.typeOf(tk);
        Ir.Operand v = popPrim(t);
        Ir.Operand idx = popPrim(Type.I32);
        Ir.ArrayBase a = popArray(false);
        if (a.space == Ir.Space.CONST) {
            throw error("write into static final constant table " + a.label);
        }
        add(new Ir.Store(a, idx, v));
    }
}
