package jzk.tornado.jit;

import java.lang.classfile.MethodModel;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.lang.reflect.Parameter;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;

import jzk.tornado.api.KernelContext;
import jzk.tornado.api.OffHeapIntArray;
import jzk.tornado.api.OffHeapLongArray;
import jzk.tornado.jit.FrameState.Slot;
import jzk.tornado.jit.Ir.Type;

/**
 * Front end: reads a kernel method and everything it calls into one {@link Ir.Function}.
 *
 * <p>Invariants: the function's parameters follow the device ABI of {@link CompiledKernel}: Java order, a
 * CONTEXT entry that binds nothing, and after every array pointer its hidden {@code <name>$length} parameter.
 * Each allocation site (private array, shared array, constant table) maps to exactly one {@link Ir.ArrayBase}
 * per inlined instance ({@link #site}). The inlining chain is tracked to reject recursion and to name the call
 * path in error messages.
 */
final class KernelReader {
    final Ir.Function fn;
    private final Map<String, Ir.ArrayBase> sites = new HashMap<>();
    private final Map<String, Deque<Ir.ArrayBase>> freePrivate = new HashMap<>();
    private final Deque<String> chain = new ArrayDeque<>();
    private final Deque<String> chainSites = new ArrayDeque<>();
    private int frames;
    /** Whether calls of {@link jzk.tornado.api.MontgomeryProduct} methods become {@link Ir.MontMul}. */
    final boolean montMul;
    /** With {@link #montMul}: whether calls of {@link jzk.tornado.api.ModularSum} methods become one too. */
    final boolean modularSums;
    /** With {@link #montMul}: whether the methods whose annotation says {@code optIn} are kept whole too. */
    final boolean optIn;

    private KernelReader(String name, boolean montMul, boolean modularSums, boolean optIn) {
        this.fn = new Ir.Function(name);
        this.montMul = montMul;
        this.modularSums = modularSums;
        this.optIn = optIn;
    }

    /** The IR of {@code kernel}, all callees inlined. */
    static Ir.Function read(Method kernel) {
        return read(kernel, false);
    }

    /**
     * The IR of {@code kernel}, all callees inlined except, when {@code montMul}, the calls of
     * {@link jzk.tornado.api.MontgomeryProduct} methods, which become one {@link Ir.MontMul} each (for a writer
     * that emits its own product: the PTX writer, {@link MontMulPtx}, and the OpenCL C writer).
     */
    static Ir.Function read(Method kernel, boolean montMul) {
        return read(kernel, montMul, false, false);
    }

    /**
     * As {@link #read(Method, boolean)}, with {@link jzk.tornado.api.ModularSum} calls kept whole too when
     * {@code modularSums}; {@code optIn}: the products and sums marked {@code optIn} are kept whole as well (else
     * their bodies are inlined).
     */
    static Ir.Function read(Method kernel, boolean montMul, boolean modularSums, boolean optIn) {
        KernelReader r = new KernelReader("jzk_" + kernel.getName(), montMul, modularSums, optIn);
        r.readKernel(kernel);
        return r.fn;
    }

    private void readKernel(Method kernel) {
        Class<?> owner = kernel.getDeclaringClass();
        StringBuilder d = new StringBuilder("(");
        for (Class<?> c : kernel.getParameterTypes()) {
            d.append(c.descriptorString());
        }
        String sig = d.append(')').append(kernel.getReturnType().descriptorString()).toString();
        if (!Modifier.isStatic(kernel.getModifiers()) || kernel.getReturnType() != void.class) {
            throw error(owner, kernel.getName(), -1, "kernel must be a static void method");
        }
        MethodModel model = ClassRepository.method(owner, kernel.getName(), sig);
        if (model == null) {
            throw error(owner, kernel.getName(), -1, "kernel method not found in its class file");
        }
        Ir.Block entry = fn.newBlock();
        List<Slot> slots = new ArrayList<>();
        List<Ir.Operand> values = new ArrayList<>();
        for (Parameter p : kernel.getParameters()) {
            Class<?> t = p.getType();
            String name = p.getName();
            if (t == KernelContext.class) {
                fn.params.add(new Ir.ParamBinding(new KernelParam(name, ParamKind.CONTEXT), null, null));
                slots.add(Slot.ref(FrameState.CONTEXT));
                values.add(null);
            } else if (t == int.class || t == long.class) {
                Type it = t == int.class ? Type.I32 : Type.I64;
                Ir.Var v = fn.newVar(it);
                fn.params.add(new Ir.ParamBinding(new KernelParam(name, it == Type.I32 ? ParamKind.INT
                        : ParamKind.LONG), v, null));
                slots.add(Slot.prim(it));
                values.add(v);
            } else if (t == int[].class || t == long[].class || t == OffHeapIntArray.class
                    || t == OffHeapLongArray.class) {
                boolean offHeap = !t.isArray();
                Type elem = t == int[].class || t == OffHeapIntArray.class ? Type.I32 : Type.I64;
                ParamKind kind = offHeap ? (elem == Type.I32 ? ParamKind.OFFHEAP_INTS : ParamKind.OFFHEAP_LONGS)
                        : (elem == Type.I32 ? ParamKind.INT_ARRAY : ParamKind.LONG_ARRAY);
                Ir.ArrayBase a = fn.newArray(Ir.Space.GLOBAL, elem, -1, name);
                a.longIndexed = offHeap;
                a.pointer = fn.newVar(Type.I64);
                a.lengthVar = fn.newVar(offHeap ? Type.I64 : Type.I32);
                fn.params.add(new Ir.ParamBinding(new KernelParam(name, kind), a.pointer, a));
                fn.params.add(new Ir.ParamBinding(new KernelParam(name + KernelParam.LENGTH_SUFFIX,
                        offHeap ? ParamKind.LONG : ParamKind.INT), a.lengthVar, null));
                slots.add(Slot.ref(a));
                values.add(null);
            } else {
                throw error(owner, kernel.getName(), -1, "kernel parameter " + name + " of type "
                        + t.getTypeName() + " (only int, long, int[], long[], OffHeapIntArray, OffHeapLongArray, "
                        + "KernelContext)");
            }
        }
        chain.push(owner.getName() + "." + kernel.getName() + sig);
        MethodTranslator t = new MethodTranslator(this, owner, model, nextFrameId());
        t.inline(slots, values, entry, null, null);
        chain.pop();
    }

    int nextFrameId() {
        return frames++;
    }

    /** The array of one allocation site, made on first use. */
    Ir.ArrayBase site(String key, Supplier<Ir.ArrayBase> make) {
        Ir.ArrayBase a = sites.get(key);
        if (a == null) {
            a = make.get();
            sites.put(key, a);
        }
        return a;
    }

    /**
     * The private array of allocation site {@code pc} in {@code frame}. Arrays of finished inlined calls are
     * reused ({@link #releasePrivate}): a callee cannot return or store an array reference, so its private arrays
     * are dead once it returns, and reusing them keeps per-thread local memory at the deepest call path's need
     * instead of the sum over all inlined calls.
     */
    Ir.ArrayBase privateArray(MethodTranslator frame, int pc, Type elem, int length) {
        return site(frame.frameId + ":" + pc, () -> {
            Deque<Ir.ArrayBase> pool = freePrivate.get(elem + "[" + length + "]");
            Ir.ArrayBase a = pool == null || pool.isEmpty() ? fn.newArray(Ir.Space.PRIVATE, elem, length, "priv")
                    : pool.pop();
            frame.ownedPrivate.add(a);
            return a;
        });
    }

    /** Returns the private arrays of a finished inlined call to the pool. */
    void releasePrivate(MethodTranslator frame) {
        for (Ir.ArrayBase a : frame.ownedPrivate) {
            freePrivate.computeIfAbsent(a.elem + "[" + a.length + "]", k -> new ArrayDeque<>()).push(a);
        }
        frame.ownedPrivate.clear();
    }

    /** Enters an inlined call of {@code callee} made at instruction {@code pc} of {@code caller}. */
    void enter(String callee, MethodTranslator caller, int pc) {
        if (chain.contains(callee)) {
            throw caller.error(pc, "recursive call of " + callee + " (kernels cannot recurse)");
        }
        if (chain.size() > 64) {
            throw caller.error(pc, "calls nested deeper than 64");
        }
        int line = caller.lines.get(pc);
        chainSites.push(caller.where() + "(" + ClassRepository.sourceFile(caller.owner) + ":" + line + ")");
        chain.push(callee);
    }

    void leave() {
        chain.pop();
        chainSites.pop();
    }

    /** An error at {@code line} of {@code owner.method}, followed by the chain of inlined calls leading there. */
    KernelCompileException error(Class<?> owner, String method, int line, String construct) {
        StringBuilder sb = new StringBuilder();
        sb.append("unsupported in kernel: ").append(construct).append("\n    at ").append(owner.getName())
                .append('.').append(method).append('(').append(ClassRepository.sourceFile(owner));
        if (line >= 0) {
            sb.append(':').append(line);
        }
        sb.append(')');
        for (String s : chainSites) {
            sb.append("\n    inlined from ").append(s);
        }
        return new KernelCompileException(sb.toString());
    }
}
