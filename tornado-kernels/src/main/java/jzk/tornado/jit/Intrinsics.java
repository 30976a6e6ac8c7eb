package jzk.tornado.jit;

import java.lang.classfile.Annotation;
import java.lang.classfile.AnnotationElement;
import java.lang.classfile.AnnotationValue;
import java.lang.classfile.Attributes;
import java.lang.classfile.MethodModel;
import java.lang.classfile.Opcode;
import java.lang.classfile.TypeKind;
import java.lang.classfile.instruction.FieldInstruction;
import java.lang.classfile.attribute.RuntimeVisibleAnnotationsAttribute;
import java.lang.classfile.instruction.InvokeInstruction;
import java.lang.constant.ClassDesc;
import java.lang.constant.MethodTypeDesc;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import jzk.tornado.jit.FrameState.Kind;
import jzk.tornado.jit.FrameState.Slot;
import jzk.tornado.jit.Ir.BinOp;
import jzk.tornado.jit.Ir.Type;
import jzk.tornado.jit.Ir.UnOp;

/**
 * Field accesses and calls: the {@code KernelContext} built-ins, off-heap array accessors, the JDK methods with
 * a direct device equivalent ({@code Math.multiplyHigh}, {@code Long.compareUnsigned}, …), {@code static final}
 * constants and tables, and inlining of every other static method.
 *
 * <p>Invariant: everything not listed here is rejected with a {@link KernelCompileException}; no call into the
 * JDK is inlined from its bytecode (its implementation may use constructs outside the subset).
 */
final class Intrinsics {
    static final String CONTEXT = "jzk/tornado/api/KernelContext";
    static final String OFFHEAP_LONGS = "jzk/tornado/api/OffHeapLongArray";
    static final String OFFHEAP_INTS = "jzk/tornado/api/OffHeapIntArray";
    static final String ATOMICS = "jzk/tornado/api/Atomics";

    private Intrinsics() {
    }

    static void field(InsnInterpreter in, FieldInstruction fi) {
        String owner = fi.owner().asInternalName();
        String name = fi.name().stringValue();
        switch (fi.opcode()) {
            case GETFIELD -> {
                if (!owner.equals(CONTEXT)) {
                    throw in.error("read of instance field " + owner.replace('/', '.') + "." + name);
                }
                if (in.popRef() != FrameState.CONTEXT) {
                    throw in.error("KernelContext field read on something else");
                }
                Ir.Special s = switch (name) {
                    case "globalIdx" -> Ir.Special.GLOBAL_ID;
                    case "localIdx" -> Ir.Special.LOCAL_ID;
                    case "groupIdx" -> Ir.Special.GROUP_ID;
                    case "localGroupSizeX" -> Ir.Special.LOCAL_SIZE;
                    case "globalGroupSizeX" -> Ir.Special.GLOBAL_SIZE;
                    default -> throw in.error("KernelContext field " + name);
                };
                Ir.Var dst = in.pushTarget(Type.I32);
                in.add(new Ir.ReadSpecial(dst, s));
                in.push(Type.I32, null, false);
            }
            case GETSTATIC -> staticConstant(in, owner, name);
            default -> throw in.error("write to field " + owner.replace('/', '.') + "." + name
                    + " (kernels may only write arrays)");
        }
    }

    private static void staticConstant(InsnInterpreter in, String owner, String name) {
        if (name.equals("$assertionsDisabled")) {
            // asserts are not checked on a device: the branch folds and the assert's body is dead code
            in.pushConst(Type.I32, 1);
            return;
        }
        Class<?> cls = ClassRepository.load(owner, in.mt.owner);
        Object v;
        try {
            v = ClassRepository.staticFinalValue(cls, name);
        } catch (IllegalArgumentException e) {
            throw in.error(e.getMessage());
        }
        switch (v) {
            case Integer i -> in.pushConst(Type.I32, i);
            case Short s -> in.pushConst(Type.I32, s);
            case Byte b -> in.pushConst(Type.I32, b);
            case Character c -> in.pushConst(Type.I32, c);
            case Boolean b -> in.pushConst(Type.I32, b ? 1 : 0);
            case Long l -> in.pushConst(Type.I64, l);
            case long[] table -> in.st.stack.add(Slot.ref(constTable(in, owner, name, Type.I64, table.clone())));
            case int[] table -> {
                long[] wide = Arrays.stream(table).asLongStream().toArray();
                in.st.stack.add(Slot.ref(constTable(in, owner, name, Type.I32, wide)));
            }
            case null -> throw in.error("static field " + name + " is null");
            default -> throw in.error("static field " + owner.replace('/', '.') + "." + name + " of type "
                    + v.getClass().getSimpleName() + " (only primitives, long[] and int[] tables)");
        }
    }

    private static Ir.ArrayBase constTable(InsnInterpreter in, String owner, String name, Type elem, long[] v) {
        if (v.length == 0) {
            throw in.error("empty constant table " + name);
        }
        return in.mt.kernel.site("static:" + owner + "." + name, () -> {
            Ir.ArrayBase a = in.mt.kernel.fn.newArray(Ir.Space.CONST, elem, v.length,
                    owner.substring(owner.lastIndexOf('/') + 1) + "_" + name);
            a.init = v;
            return a;
        });
    }

    static void invoke(InsnInterpreter in, InvokeInstruction ii) {
        String owner = ii.owner().asInternalName();
        String name = ii.name().stringValue();
        String desc = ii.typeSymbol().descriptorString();
        if (ii.opcode() == Opcode.INVOKEVIRTUAL && (owner.equals(CONTEXT) || owner.equals(OFFHEAP_LONGS)
                || owner.equals(OFFHEAP_INTS))) {
            virtual(in, owner, name, desc);
            return;
        }
        if (ii.opcode() != Opcode.INVOKESTATIC) {
            throw in.error(ii.opcode().name().toLowerCase() + " of " + owner.replace('/', '.') + "." + name
                    + " (only static methods and the KernelContext/off-heap array built-ins can be called)");
        }
        if (owner.equals(ATOMICS)) {
            atomic(in, name + desc);
            return;
        }
        if (jdkStatic(in, owner + "." + name + desc)) {
            return;
        }
        if ((owner + "." + name + desc).equals("java/lang/System.arraycopy(Ljava/lang/Object;ILjava/lang/Object;II)V")) {
            arraycopy(in);
            return;
        }
        if (owner.startsWith("java/") || owner.startsWith("javax/") || owner.startsWith("jdk/")
                || owner.startsWith("sun/")) {
            throw in.error("call of library method " + owner.replace('/', '.') + "." + name + desc
                    + " (not a supported intrinsic)");
        }
        inlineStatic(in, owner, name, ii.typeSymbol());
    }

    /** {@code Atomics.addInt(int[], int, int)}: the old value, on a global or local int array. */
    private static void atomic(InsnInterpreter in, String key) {
        if (!key.equals("addInt([III)I")) {
            throw in.error("Atomics." + key + " (only addInt(int[], int, int))");
        }
        Ir.Operand v = in.popPrim(Type.I32);
        Ir.Operand idx = in.popPrim(Type.I32);
        Ir.ArrayBase a = in.popArray(false);
        if (a.elem != Type.I32 || (a.space != Ir.Space.GLOBAL && a.space != Ir.Space.SHARED)) {
            throw in.error("Atomics.addInt on " + a.label + " (" + a.space.name().toLowerCase() + " "
                    + (a.elem == Type.I32 ? "int" : "long") + " array): only global or local int arrays");
        }
        Ir.Var dst = in.pushTarget(Type.I32);
        in.add(new Ir.AtomicAdd(dst, a, idx, v));
        in.push(Type.I32, null, false);
    }

    private static boolean jdkStatic(InsnInterpreter in, String key) {
        switch (key) {
            case "java/lang/Math.multiplyHigh(JJ)J" -> in.binary(BinOp.MULHI, Type.I64, false);
            case "java/lang/Math.unsignedMultiplyHigh(JJ)J" -> in.binary(BinOp.UMULHI, Type.I64, false);
            case "java/lang/Math.min(II)I" -> in.binary(BinOp.MIN, Type.I32, false);
            case "java/lang/Math.min(JJ)J" -> in.binary(BinOp.MIN, Type.I64, false);
            case "java/lang/Math.max(II)I" -> in.binary(BinOp.MAX, Type.I32, false);
            case "java/lang/Math.max(JJ)J" -> in.binary(BinOp.MAX, Type.I64, false);
            case "java/lang/Math.abs(I)I" -> in.unary(UnOp.ABS, Type.I32, Type.I32, false);
            case "java/lang/Math.abs(J)J" -> in.unary(UnOp.ABS, Type.I64, Type.I64, false);
            case "java/lang/Long.compareUnsigned(JJ)I" -> in.binary(BinOp.UCMP, Type.I64, false);
            case "java/lang/Integer.compareUnsigned(II)I" -> in.binary(BinOp.UCMP, Type.I32, false);
            case "java/lang/Long.compare(JJ)I" -> in.binary(BinOp.CMP, Type.I64, false);
            case "java/lang/Integer.compare(II)I" -> in.binary(BinOp.CMP, Type.I32, false);
            case "java/lang/Long.divideUnsigned(JJ)J" -> in.binary(BinOp.UDIV, Type.I64, false);
            case "java/lang/Long.remainderUnsigned(JJ)J" -> in.binary(BinOp.UREM, Type.I64, false);
            case "java/lang/Integer.divideUnsigned(II)I" -> in.binary(BinOp.UDIV, Type.I32, false);
            case "java/lang/Integer.remainderUnsigned(II)I" -> in.binary(BinOp.UREM, Type.I32, false);
            case "java/lang/Integer.toUnsignedLong(I)J" -> in.unary(UnOp.ZEXT, Type.I32, Type.I64, true);
            case "java/lang/Long.numberOfLeadingZeros(J)I" -> in.unary(UnOp.CLZ, Type.I64, Type.I32, false);
            case "java/lang/Integer.numberOfLeadingZeros(I)I" -> in.unary(UnOp.CLZ, Type.I32, Type.I32, false);
            case "java/lang/Long.numberOfTrailingZeros(J)I" -> in.unary(UnOp.CTZ, Type.I64, Type.I32, false);
            case "java/lang/Integer.numberOfTrailingZeros(I)I" -> in.unary(UnOp.CTZ, Type.I32, Type.I32, false);
            case "java/lang/Long.bitCount(J)I" -> in.unary(UnOp.POPC, Type.I64, Type.I32, false);
            case "java/lang/Integer.bitCount(I)I" -> in.unary(UnOp.POPC, Type.I32, Type.I32, false);
            case "java/lang/Integer.reverse(I)I" -> in.unary(UnOp.BREV, Type.I32, Type.I32, false);
            case "java/lang/Long.reverse(J)J" -> in.unary(UnOp.BREV, Type.I64, Type.I64, false);
            case "java/lang/Integer.rotateLeft(II)I" -> rotate(in, Type.I32, true);
            case "java/lang/Integer.rotateRight(II)I" -> rotate(in, Type.I32, false);
            case "java/lang/Long.rotateLeft(JI)J" -> rotate(in, Type.I64, true);
            case "java/lang/Long.rotateRight(JI)J" -> rotate(in, Type.I64, false);
            default -> {
                return false;
            }
        }
        return true;
    }

    /** {@code rotateLeft(x, n) = (x << n) | (x >>> -n)} as the JDK defines it (both counts masked). */
    private static void rotate(InsnInterpreter in, Type t, boolean left) {
        Ir.Operand n = in.popPrim(Type.I32);
        Ir.Operand x = in.popPrim(t);
        Ir.Var neg = in.temp(Type.I32);
        Ir.Var hi = in.temp(t);
        Ir.Var lo = in.temp(t);
        in.add(new Ir.Unary(UnOp.NEG, neg, n));
        in.add(new Ir.Binary(BinOp.SHL, hi, x, left ? n : neg));
        in.add(new Ir.Binary(BinOp.USHR, lo, x, left ? neg : n));
        Ir.Var dst = in.pushTarget(t);
        in.add(new Ir.Binary(BinOp.OR, dst, hi, lo));
        in.push(t, null, false);
    }

    /**
     * {@code System.arraycopy} as a loop of element copies; when source and destination are the same array the
     * direction is chosen at run time so overlapping ranges copy as if through a temporary, as Java specifies.
     * No bounds or type checks (see JIT.md).
     */
    private static void arraycopy(InsnInterpreter in) {
        Ir.Operand len = in.popPrim(Type.I32);
        Ir.Operand dstPos = in.popPrim(Type.I32);
        Ir.ArrayBase dst = in.popArray(false);
        Ir.Operand srcPos = in.popPrim(Type.I32);
        Ir.ArrayBase src = in.popArray(false);
        if (src.elem != dst.elem) {
            throw in.error("System.arraycopy between int[] and long[]");
        }
        if (dst.space == Ir.Space.CONST) {
            throw in.error("System.arraycopy into constant table " + dst.label);
        }
        if (!in.emit) {
            return;
        }
        Ir.Function fn = in.mt.kernel.fn;
        Ir.Block exit = fn.newBlock();
        Ir.Block forward = fn.newBlock();
        if (src == dst) {
            Ir.Block backward = fn.newBlock();
            in.cur.term = new Ir.Branch(Ir.Cond.LT, srcPos, dstPos, backward, forward);
            copyLoop(fn, backward, src, srcPos, dst, dstPos, len, false, exit);
        } else {
            in.cur.term = new Ir.Jump(forward);
        }
        copyLoop(fn, forward, src, srcPos, dst, dstPos, len, true, exit);
        in.cur = exit;
    }

    private static void copyLoop(Ir.Function fn, Ir.Block start, Ir.ArrayBase src, Ir.Operand srcPos,
                                 Ir.ArrayBase dst, Ir.Operand dstPos, Ir.Operand len, boolean up, Ir.Block exit) {
        Ir.Var i = fn.newVar(Type.I32);
        Ir.Var si = fn.newVar(Type.I32);
        Ir.Var di = fn.newVar(Type.I32);
        Ir.Var v = fn.newVar(src.elem);
        Ir.Block head = fn.newBlock();
        Ir.Block body = fn.newBlock();
        if (up) {
            start.insns.add(new Ir.Move(i, Ir.Const.i32(0)));
        } else {
            start.insns.add(new Ir.Binary(BinOp.SUB, i, len, Ir.Const.i32(1)));
        }
        start.term = new Ir.Jump(head);
        head.term = up ? new Ir.Branch(Ir.Cond.LT, i, len, body, exit)
                : new Ir.Branch(Ir.Cond.GE, i, Ir.Const.i32(0), body, exit);
        body.insns.add(new Ir.Binary(BinOp.ADD, si, srcPos, i));
        body.insns.add(new Ir.Binary(BinOp.ADD, di, dstPos, i));
        body.insns.add(new Ir.Load(v, src, si));
        body.insns.add(new Ir.Store(dst, di, v));
        body.insns.add(new Ir.Binary(BinOp.ADD, i, i, Ir.Const.i32(up ? 1 : -1)));
        body.term = new Ir.Jump(head);
    }

    private static void virtual(InsnInterpreter in, String owner, String name, String desc) {
        String key = name + desc;
        if (owner.equals(CONTEXT)) {
            switch (key) {
                case "localBarrier()V" -> {
                    popContext(in);
                    in.add(new Ir.Barrier());
                    in.mt.kernel.fn.usesBarrier = true;
                }
                case "allocateLongLocalArray(I)[J", "allocateIntLocalArray(I)[I" -> {
                    Long size = in.st.stack.get(in.depth() - 1).constant();
                    in.popPrim(Type.I32);
                    popContext(in);
                    if (size == null || size <= 0 || size > 1 << 16) {
                        throw in.error(name + " with a size that is not a compile-time constant in 1..65536");
                    }
                    Type elem = key.startsWith("allocateLong") ? Type.I64 : Type.I32;
                    Ir.ArrayBase a = in.mt.kernel.site(in.mt.frameId + ":" + in.pc, () -> in.mt.kernel.fn.newArray(
                            Ir.Space.SHARED, elem, size.intValue(), "shared"));
                    in.st.stack.add(Slot.ref(a));
                }
                default -> throw in.error("KernelContext method " + key);
            }
            return;
        }
        Type elem = owner.equals(OFFHEAP_LONGS) ? Type.I64 : Type.I32;
        char e = elem == Type.I64 ? 'J' : 'I';
        if (key.equals("get(J)" + e)) {
            Ir.Operand idx = in.popPrim(Type.I64);
            Ir.ArrayBase a = in.popArray(true);
            Ir.Var dst = in.pushTarget(elem);
            in.add(new Ir.Load(dst, a, idx));
            in.push(elem, null, false);
        } else if (key.equals("set(J" + e + ")V")) {
            Ir.Operand v = in.popPrim(elem);
            Ir.Operand idx = in.popPrim(Type.I64);
            Ir.ArrayBase a = in.popArray(true);
            in.add(new Ir.Store(a, idx, v));
        } else if (key.equals("size()J")) {
            Ir.ArrayBase a = in.popArray(true);
            Ir.Var dst = in.pushTarget(Type.I64);
            in.add(new Ir.Move(dst, a.lengthVar));
            in.push(Type.I64, null, false);
        } else {
            throw in.error("off-heap array method " + key + " (only get, set, size)");
        }
    }

    private static void popContext(InsnInterpreter in) {
        if (in.popRef() != FrameState.CONTEXT) {
            throw in.error("KernelContext method called on something else");
        }
    }

    private static void inlineStatic(InsnInterpreter in, String owner, String name, MethodTypeDesc mtd) {
        Class<?> cls = ClassRepository.load(owner, in.mt.owner);
        if (in.mt.kernel.montMul && montMul(in, cls, name, mtd)) {
            return;
        }
        MethodModel m = ClassRepository.method(cls, name, mtd.descriptorString());
        if (m == null) {
            throw in.error("static method " + owner.replace('/', '.') + "." + name + mtd.descriptorString()
                    + " not declared in its class (inherited static methods are not supported)");
        }
        int n = mtd.parameterCount();
        List<Slot> slots = new ArrayList<>(n);
        List<Ir.Operand> values = new ArrayList<>(n);
        for (int i = n - 1; i >= 0; i--) {
            ClassDesc p = mtd.parameterType(i);
            Slot s = in.pop();
            TypeKind tk = TypeKind.from(p);
            if (tk == TypeKind.REFERENCE) {
                if (s.kind() != Kind.REF && s.kind() != Kind.CONFLICT) {
                    throw in.error("argument " + i + " of " + name + " should be a reference");
                }
                values.addFirst(null);
            } else {
                Type t = MethodTranslator.typeOf(tk);
                if (t == null) {
                    throw in.error("float/double argument to " + name);
                }
                if (!s.isPrim() || s.type() != t) {
                    throw in.error("argument " + i + " of " + name + " has the wrong type");
                }
                values.addFirst(in.operand(s, in.depth()));
            }
            slots.addFirst(s);
        }
        TypeKind rk = TypeKind.from(mtd.returnType());
        Type rt = MethodTranslator.typeOf(rk);
        if (rk != TypeKind.VOID && rt == null) {
            throw in.error("call of " + name + " returning " + mtd.returnType().displayName()
                    + " (callees may return only int, long or nothing)");
        }
        Ir.Var result = rt == null ? null : in.pushTarget(rt);
        if (in.emit) {
            KernelReader k = in.mt.kernel;
            String callee = cls.getName() + "." + name + mtd.descriptorString();
            k.enter(callee, in.mt, in.pc);
            MethodTranslator t = new MethodTranslator(k, cls, m, k.nextFrameId());
            Ir.Block cont = k.fn.newBlock();
            t.inline(slots, values, in.cur, result, cont);
            k.releasePrivate(t);
            in.cur = cont;
            k.leave();
        }
        if (rt != null) {
            in.push(rt, null, false);
        }
    }

    /**
     * A call of a {@link jzk.tornado.api.MontgomeryProduct} method {@code (int[] r, int ro, int[] a, int ao,
     * int[] b, int bo)} as loads of a and b, one {@link Ir.MontMul}, stores of r (all loads before the stores, so
     * r may alias a or b as the contract allows); false (inline the body) if the method is not one or its modulus
     * does not meet the annotation's constraints.
     */
    private static boolean montMul(InsnInterpreter in, Class<?> cls, String name, MethodTypeDesc mtd) {
        if (!mtd.descriptorString().equals("([II[II[II)V")) {
            return false;
        }
        MethodModel model = ClassRepository.method(cls, name, mtd.descriptorString());
        Montgomery mp = model == null ? null : annotation(model, in.mt.kernel.modularSums);
        if (mp == null || mp.optIn() && !in.mt.kernel.optIn || !(mp.op() == Ir.ModOp.MUL
                ? MontMulPtx.supported(mp.modulus(), mp.negInv()) : ModularSumPtx.supported(mp.modulus()))) {
            return false;
        }
        int n = mp.modulus().length;
        Ir.Operand bo = in.popPrim(Type.I32);
        Ir.ArrayBase b = in.popArray(false);
        Ir.Operand ao = in.popPrim(Type.I32);
        Ir.ArrayBase a = in.popArray(false);
        Ir.Operand ro = in.popPrim(Type.I32);
        Ir.ArrayBase r = in.popArray(false);
        for (Ir.ArrayBase x : List.of(a, b, r)) {
            if (x.elem != Type.I32) {
                throw in.error("Montgomery product " + name + " on a long[] array " + x.label);
            }
        }
        if (!in.emit) {
            return true;
        }
        Ir.Function fn = in.mt.kernel.fn;
        List<Ir.Operand> av = limbs(in, fn, a, ao, n);
        List<Ir.Operand> bv = limbs(in, fn, b, bo, n);
        List<Ir.Var> out = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            out.add(fn.newVar(Type.I32));
        }
        in.add(new Ir.MontMul(out, av, bv, mp.modulus(), mp.negInv(), mp.op()));
        for (int i = 0; i < n; i++) {
            in.add(new Ir.Store(r, index(in, fn, ro, i), out.get(i)));
        }
        return true;
    }

    /** The values of a {@link jzk.tornado.api.MontgomeryProduct} or {@link jzk.tornado.api.ModularSum} annotation. */
    private record Montgomery(int[] modulus, int negInv, Ir.ModOp op, boolean optIn) {
    }

    /**
     * The {@link jzk.tornado.api.MontgomeryProduct} annotation of {@code m} or, when {@code sums}, its
     * {@link jzk.tornado.api.ModularSum} annotation, as read from its class file (the JIT reads methods as bytecode,
     * not by reflection); null when it has neither, or a product annotation lacks its modulus or negInv.
     */
    private static Montgomery annotation(MethodModel m, boolean sums) {
        String product = jzk.tornado.api.MontgomeryProduct.class.descriptorString();
        String sum = jzk.tornado.api.ModularSum.class.descriptorString();
        for (RuntimeVisibleAnnotationsAttribute attr : m.findAttributes(Attributes.runtimeVisibleAnnotations())) {
            for (Annotation an : attr.annotations()) {
                boolean isProduct = an.className().stringValue().equals(product);
                if (!isProduct && !(sums && an.className().stringValue().equals(sum))) {
                    continue;
                }
                int[] modulus = null;
                Integer negInv = null;
                boolean subtract = false;
                boolean optIn = false;
                for (AnnotationElement e : an.elements()) {
                    switch (e.name().stringValue()) {
                        case "modulus" -> modulus = ((AnnotationValue.OfArray) e.value()).values().stream()
                                .mapToInt(v -> ((AnnotationValue.OfInt) v).intValue()).toArray();
                        case "negInv" -> negInv = ((AnnotationValue.OfInt) e.value()).intValue();
                        case "subtract" -> subtract = ((AnnotationValue.OfBoolean) e.value()).booleanValue();
                        case "optIn" -> optIn = ((AnnotationValue.OfBoolean) e.value()).booleanValue();
                        default -> {
                        }
                    }
                }
                if (modulus == null || isProduct && negInv == null) {
                    return null;
                }
                return isProduct ? new Montgomery(modulus, negInv, Ir.ModOp.MUL, optIn)
                        : new Montgomery(modulus, 0, subtract ? Ir.ModOp.SUB : Ir.ModOp.ADD, optIn);
            }
        }
        return null;
    }

    private static List<Ir.Operand> limbs(InsnInterpreter in, Ir.Function fn, Ir.ArrayBase a, Ir.Operand off, int n) {
        List<Ir.Operand> v = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            Ir.Var x = fn.newVar(Type.I32);
            in.add(new Ir.Load(x, a, index(in, fn, off, i)));
            v.add(x);
        }
        return v;
    }

    private static Ir.Operand index(InsnInterpreter in, Ir.Function fn, Ir.Operand off, int i) {
        if (i == 0) {
            return off;
        }
        Ir.Var x = fn.newVar(Type.I32);
        in.add(new Ir.Binary(BinOp.ADD, x, off, Ir.Const.i32(i)));
        return x;
    }
}
