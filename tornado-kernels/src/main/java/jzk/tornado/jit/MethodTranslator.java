package jzk.tornado.jit;

import java.lang.classfile.CodeElement;
import java.lang.classfile.CodeModel;
import java.lang.classfile.Instruction;
import java.lang.classfile.Label;
import java.lang.classfile.MethodModel;
import java.lang.classfile.Opcode;
import java.lang.classfile.TypeKind;
import java.lang.classfile.instruction.BranchInstruction;
import java.lang.classfile.instruction.ExceptionCatch;
import java.lang.classfile.instruction.LabelTarget;
import java.lang.classfile.instruction.LineNumber;
import java.lang.classfile.instruction.LookupSwitchInstruction;
import java.lang.classfile.instruction.ReturnInstruction;
import java.lang.classfile.instruction.SwitchCase;
import java.lang.classfile.instruction.TableSwitchInstruction;
import java.lang.classfile.instruction.ThrowInstruction;
import java.lang.constant.ClassDesc;
import java.lang.constant.MethodTypeDesc;
import java.lang.reflect.AccessFlag;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.Deque;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;

/**
 * Translates one inlined instance of a method's bytecode into IR blocks of the kernel's {@link Ir.Function}.
 *
 * <p>Two passes over the method's basic blocks: first an abstract interpretation to a fixpoint that finds the
 * {@link FrameState} at every block entry (types of locals and stack entries, and which array each reference
 * denotes), then one emission pass that interprets each block once from its entry state, appending IR to a
 * fresh IR block per bytecode block (plus continuation blocks after inlined calls). Every local slot and stack
 * depth of a given type maps to one virtual register of this instance, so values flow across blocks without
 * phi nodes. The per-instruction semantics live in {@link InsnInterpreter}.
 *
 * <p>Invariants: methods with exception handlers, and recursion through the inlining chain, are rejected; all
 * control flow stays inside the method except the return, which jumps to the caller's continuation block.
 */
final class MethodTranslator {
    final KernelReader kernel;
    final Class<?> owner;
    final MethodModel method;
    final String methodName;
    final int frameId;
    final List<Instruction> insns = new ArrayList<>();
    final List<Integer> lines = new ArrayList<>();
    private final Map<Label, Integer> labelPos = new HashMap<>();
    /** Block index → first instruction index; sorted. */
    int[] blockStart;
    /** Instruction index → block index whose leader it is, or -1. */
    private int[] leaderOf;
    final int maxLocals;
    private final Map<String, Ir.Var> vars = new HashMap<>();
    private FrameState[] entryStates;
    Ir.Block[] irBlocks;
    Ir.Var returnVar;
    /** Private arrays allocated by this instance; released for reuse when it was an inlined callee. */
    final List<Ir.ArrayBase> ownedPrivate = new ArrayList<>();
    Ir.Block exitBlock;

    MethodTranslator(KernelReader kernel, Class<?> owner, MethodModel method, int frameId) {
        this.kernel = kernel;
        this.owner = owner;
        this.method = method;
        this.methodName = method.methodName().stringValue();
        this.frameId = frameId;
        CodeModel code = method.code().orElseThrow(() -> kernel.error(owner, methodName, -1,
                "method without bytecode (abstract or native)"));
        this.maxLocals = code instanceof java.lang.classfile.attribute.CodeAttribute ca ? ca.maxLocals() : 256;
        int line = -1;
        ExceptionCatch firstHandler = null;
        for (CodeElement e : code.elementList()) {
            switch (e) {
                case LabelTarget lt -> labelPos.put(lt.label(), insns.size());
                case LineNumber ln -> line = ln.line();
                case ExceptionCatch ec -> firstHandler = firstHandler == null ? ec : firstHandler;
                case Instruction i -> {
                    insns.add(i);
                    lines.add(line);
                }
                default -> {
                }
            }
        }
        if (firstHandler != null) {
            for (int i = 0; i < insns.size(); i++) {
                if (insns.get(i).opcode() == Opcode.MONITORENTER) {
                    throw error(i, "synchronized block (monitorenter)");
                }
            }
            throw error(target(firstHandler.tryStart()), "exception handler (try/catch/finally)");
        }
        findBlocks();
    }

    String where() {
        return owner.getName() + "." + methodName;
    }

    KernelCompileException error(int insnIndex, String construct) {
        int line = insnIndex >= 0 && insnIndex < lines.size() ? lines.get(insnIndex) : -1;
        return kernel.error(owner, methodName, line, construct);
    }

    int target(Label l) {
        Integer p = labelPos.get(l);
        if (p == null) {
            throw new IllegalStateException("unbound label in " + where());
        }
        return p;
    }

    private void findBlocks() {
        TreeSet<Integer> leaders = new TreeSet<>();
        leaders.add(0);
        for (int i = 0; i < insns.size(); i++) {
            Instruction ins = insns.get(i);
            switch (ins) {
                case BranchInstruction b -> {
                    leaders.add(target(b.target()));
                    leaders.add(i + 1);
                }
                case TableSwitchInstruction t -> {
                    leaders.add(target(t.defaultTarget()));
                    for (SwitchCase c : t.cases()) {
                        leaders.add(target(c.target()));
                    }
                    leaders.add(i + 1);
                }
                case LookupSwitchInstruction t -> {
                    leaders.add(target(t.defaultTarget()));
                    for (SwitchCase c : t.cases()) {
                        leaders.add(target(c.target()));
                    }
                    leaders.add(i + 1);
                }
                case ReturnInstruction r -> leaders.add(i + 1);
                case ThrowInstruction t -> leaders.add(i + 1);
                default -> {
                }
            }
        }
        leaders.removeIf(x -> x >= insns.size());
        blockStart = leaders.stream().mapToInt(Integer::intValue).toArray();
        leaderOf = new int[insns.size() + 1];
        java.util.Arrays.fill(leaderOf, -1);
        for (int b = 0; b < blockStart.length; b++) {
            leaderOf[blockStart[b]] = b;
        }
    }

    int blockAt(int insnIndex) {
        int b = insnIndex < leaderOf.length ? leaderOf[insnIndex] : -1;
        if (b < 0) {
            throw error(insnIndex, "control flow falls off the end of the method");
        }
        return b;
    }

    int blockEnd(int b) {
        return b + 1 < blockStart.length ? blockStart[b + 1] : insns.size();
    }

    /** The register holding local {@code slot} as {@code t}. */
    Ir.Var local(int slot, Ir.Type t) {
        return vars.computeIfAbsent("L" + slot + t, k -> kernel.fn.newVar(t));
    }

    /** The register holding the stack entry at {@code depth} (0 = bottom) as {@code t}. */
    Ir.Var stackVar(int depth, Ir.Type t) {
        return vars.computeIfAbsent("S" + depth + t, k -> kernel.fn.newVar(t));
    }

    /** Parameter slots of this method as the JVM lays them out: one per parameter, two-word types take two. */
    static List<Integer> paramSlots(MethodTypeDesc desc) {
        List<Integer> slots = new ArrayList<>();
        int s = 0;
        for (ClassDesc p : desc.parameterList()) {
            slots.add(s);
            s += TypeKind.from(p).slotSize();
        }
        return slots;
    }

    /**
     * Emits this method inline: binds {@code args} (their slots and operands; operands null for references) to
     * the parameter locals in {@code from}, translates the body, and leaves control in {@code exit}, with the
     * result (if any) in {@code result}.
     */
    void inline(List<FrameState.Slot> argSlots, List<Ir.Operand> argValues, Ir.Block from, Ir.Var result,
                Ir.Block exit) {
        if (!method.flags().has(AccessFlag.STATIC)) {
            throw error(-1, "call of an instance method");
        }
        this.returnVar = result;
        this.exitBlock = exit;
        FrameState entry = new FrameState(maxLocals);
        List<Integer> slots = paramSlots(method.methodTypeSymbol());
        for (int i = 0; i < argSlots.size(); i++) {
            FrameState.Slot s = argSlots.get(i);
            int slot = slots.get(i);
            entry.locals[slot] = s.plain();
            if (s.isPrim()) {
                from.insns.add(new Ir.Move(local(slot, s.type()), argValues.get(i)));
            }
        }
        computeEntryStates(entry);
        irBlocks = new Ir.Block[blockStart.length];
        for (int b = 0; b < blockStart.length; b++) {
            if (entryStates[b] != null) {
                irBlocks[b] = kernel.fn.newBlock();
            }
        }
        from.term = new Ir.Jump(irBlocks[0]);
        for (int b = 0; b < blockStart.length; b++) {
            if (entryStates[b] != null) {
                new InsnInterpreter(this, entryStates[b].copy(), irBlocks[b], true).run(b);
            }
        }
    }

    private void computeEntryStates(FrameState entry) {
        entryStates = new FrameState[blockStart.length];
        entryStates[0] = entry;
        Deque<Integer> work = new ArrayDeque<>();
        BitSet queued = new BitSet();
        work.add(0);
        queued.set(0);
        while (!work.isEmpty()) {
            int b = work.poll();
            queued.clear(b);
            InsnInterpreter interp = new InsnInterpreter(this, entryStates[b].copy(), null, false);
            interp.run(b);
            for (Map.Entry<Integer, FrameState> succ : interp.successors.entrySet()) {
                int t = succ.getKey();
                FrameState in = succ.getValue().plain();
                FrameState old = entryStates[t];
                FrameState merged = old == null ? in : FrameState.merge(old, in);
                if (merged == null) {
                    throw error(blockStart[t], "operand stacks of different shapes meet at a join");
                }
                if (!merged.equals(old)) {
                    entryStates[t] = merged;
                    if (!queued.get(t)) {
                        queued.set(t);
                        work.add(t);
                    }
                }
            }
        }
    }

    static Ir.Type typeOf(TypeKind k) {
        return switch (k) {
            case INT, BOOLEAN, BYTE, SHORT, CHAR -> Ir.Type.I32;
            case LONG -> Ir.Type.I64;
            default -> null;
        };
    }
}
