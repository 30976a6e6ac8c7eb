package jzk.tornado.jit;

import java.util.ArrayList;
import java.util.List;

/**
 * The JIT's intermediate representation: one function per kernel, every callee already inlined.
 *
 * <p>Invariants: a function is a list of basic blocks, each a straight list of {@link Insn} ended by exactly one
 * {@link Terminator}; writers give every block one label and turn terminators into branches, so no structuring
 * is needed. Values live in typed virtual registers ({@link Var}, 32- or 64-bit two's complement integers) that
 * may be assigned many times (not SSA); an {@code I32} constant is stored sign-extended in {@link Const#value}.
 * Arrays are never values: every load and store names its {@link ArrayBase} statically (the reader resolves
 * which array a Java reference denotes), so each access knows its address space.
 */
final class Ir {
    private Ir() {
    }

    enum Type { I32, I64 }

    sealed interface Operand permits Var, Const {
        Type type();
    }

    /** A virtual register. */
    record Var(int id, Type type) implements Operand {
    }

    /** An immediate; {@code value} is sign-extended for {@code I32}. */
    record Const(Type type, long value) implements Operand {
        static Const i32(int v) {
            return new Const(Type.I32, v);
        }

        static Const i64(long v) {
            return new Const(Type.I64, v);
        }
    }

    /**
     * Constant memory every target offers a kernel: OpenCL 1.2 full profile guarantees
     * CL_DEVICE_MAX_CONSTANT_BUFFER_SIZE ≥ 64 KiB; CUDA's user constant bank is 64 KiB.
     */
    static final long CONSTANT_BANK_BYTES = 64 * 1024;

    /** Where an array lives. */
    enum Space {
        /** A kernel parameter: global device memory. */
        GLOBAL,
        /** {@code new long[K]}: per work-item memory (PTX {@code .local}, OpenCL private). */
        PRIVATE,
        /** {@code allocate*LocalArray(K)}: per work-group memory (PTX {@code .shared}, OpenCL {@code __local}). */
        SHARED,
        /**
         * A {@code static final} table: read-only, initialised. OpenCL {@code __constant}; PTX {@code .const}
         * (the constant bank: cached, broadcast to a warp, foldable into instruction operands) when the kernel's
         * tables fit {@link #CONSTANT_BANK_BYTES}, else initialised {@code .global}.
         */
        CONST
    }

    /**
     * One array the kernel touches. For {@code GLOBAL} arrays {@code length < 0} and {@code lengthVar} holds the
     * length passed as hidden parameter ({@code I32} for Java arrays, {@code I64} for off-heap arrays), and
     * {@code pointer} the 64-bit base address; other spaces have a constant {@code length}.
     */
    static final class ArrayBase {
        final int id;
        final Space space;
        final Type elem;
        final int length;
        final String label;
        Var pointer;
        Var lengthVar;
        long[] init;
        boolean longIndexed;

        ArrayBase(int id, Space space, Type elem, int length, String label) {
            this.id = id;
            this.space = space;
            this.elem = elem;
            this.length = length;
            this.label = label;
        }

        int elemBytes() {
            return elem == Type.I64 ? 8 : 4;
        }

        @Override
        public String toString() {
            return space + " " + label;
        }
    }

    enum UnOp {
        NEG, I2L, L2I, ZEXT, I2B, I2S, I2C, CLZ, CTZ, POPC, ABS, BREV
    }

    enum BinOp {
        ADD, SUB, MUL, DIV, REM, UDIV, UREM, AND, OR, XOR, SHL, SHR, USHR, MULHI, UMULHI, MULWIDE_U32, MIN, MAX,
        CMP, UCMP
    }

    enum Cond {
        EQ, NE, LT, GE, GT, LE, ULT, UGE, UGT, ULE
    }

    enum Special { GLOBAL_ID, LOCAL_ID, GROUP_ID, LOCAL_SIZE, GLOBAL_SIZE }

    sealed interface Insn permits Move, Unary, Binary, Load, Store, LoadWide, StoreWide, AtomicAdd, ZeroFill,
            ReadSpecial, Barrier, MontMul {
    }

    record Move(Var dst, Operand src) implements Insn {
    }

    /** {@code I2L}/{@code ZEXT}: I32 → I64; {@code L2I}, {@code CLZ}/{@code CTZ}/{@code POPC}: → I32. */
    record Unary(UnOp op, Var dst, Operand a) implements Insn {
    }

    /**
     * Width is {@code a}'s type. Shift counts ({@code b} of SHL/SHR/USHR) are I32 and not yet masked; CMP/UCMP
     * give I32 -1/0/1; MULWIDE_U32 multiplies two I32 as unsigned into I64.
     */
    record Binary(BinOp op, Var dst, Operand a, Operand b) implements Insn {
    }

    /** {@code index} is I32 for Java arrays, I64 for off-heap arrays. */
    record Load(Var dst, ArrayBase array, Operand index) implements Insn {
    }

    record Store(ArrayBase array, Operand index, Operand value) implements Insn {
    }

    /** Bytes of one vector access ({@link LoadWide}, {@link StoreWide}): PTX {@code .v4.u32}/{@code .v2.u64}. */
    static final int WIDE_BYTES = 16;

    /** Elements of {@code array} in one vector access: 4 for I32, 2 for I64. */
    static int wideCount(ArrayBase array) {
        return WIDE_BYTES / array.elemBytes();
    }

    /**
     * {@code dst[i] = array[index + i]} for {@code i < w = }{@link #wideCount}, as one 16-byte access (made by
     * {@link WideAccesses}). Invariants: {@code array} is GLOBAL or SHARED, its base 16-byte aligned (device
     * allocations are; shared arrays are declared so); {@code index·elemBytes} is a multiple of 16 (the pass proves
     * it); the {@code dst} are w distinct variables; index is read before any dst is written.
     */
    record LoadWide(List<Var> dst, ArrayBase array, Operand index) implements Insn {
    }

    /** {@code array[index + i] = values[i]} for {@code i < w}, as one 16-byte access; invariants as {@link LoadWide}. */
    record StoreWide(ArrayBase array, Operand index, List<Operand> values) implements Insn {
    }

    /** {@code dst = array[index]; array[index] += value} as one atomic step (I32, global or shared array). */
    record AtomicAdd(Var dst, ArrayBase array, Operand index, Operand value) implements Insn {
    }

    /** Java's zero-initialisation of {@code new long[K]}. */
    record ZeroFill(ArrayBase array) implements Insn {
    }

    record ReadSpecial(Var dst, Special what) implements Insn {
    }

    record Barrier() implements Insn {
    }

    /**
     * {@code dst = a·b·2^(−32n) mod m}, fully reduced: the Montgomery product of a method marked
     * {@link jzk.tornado.api.MontgomeryProduct}, kept whole so a writer can emit it with carry chains
     * ({@link MontMulPtx}; in OpenCL C {@link ModularOpenCl} or {@link InlinePtxOpenCl}). {@code n = modulus.length}
     * I32 limbs each, least significant first; inputs reduced below m; {@code negInv = −m⁻¹ mod 2^32}. Pure: no
     * memory access, every dst written. The reader makes it when asked to (see {@link KernelReader#read} and
     * {@link KernelCompiler}). {@code op} other than {@link ModOp#MUL}: the reduced sum or
     * difference of a method marked {@link jzk.tornado.api.ModularSum} instead (negInv unused, 0).
     */
    record MontMul(List<Var> dst, List<Operand> a, List<Operand> b, int[] modulus, int negInv, ModOp op)
            implements Insn {
    }

    /** Every register {@code insn} assigns (several for {@link MontMul} and {@link LoadWide}). */
    static List<Var> written(Insn insn) {
        return switch (insn) {
            case Move m -> List.of(m.dst());
            case Unary u -> List.of(u.dst());
            case Binary b -> List.of(b.dst());
            case Load l -> List.of(l.dst());
            case LoadWide l -> l.dst();
            case AtomicAdd a -> List.of(a.dst());
            case ReadSpecial r -> List.of(r.dst());
            case MontMul mm -> mm.dst();
            case Store s -> List.of();
            case StoreWide s -> List.of();
            case ZeroFill z -> List.of();
            case Barrier b -> List.of();
        };
    }

    /** Every operand {@code insn} reads. */
    static List<Operand> read(Insn insn) {
        return switch (insn) {
            case Move m -> List.of(m.src());
            case Unary u -> List.of(u.a());
            case Binary b -> List.of(b.a(), b.b());
            case Load l -> List.of(l.index());
            case LoadWide l -> List.of(l.index());
            case Store s -> List.of(s.index(), s.value());
            case StoreWide s -> {
                List<Operand> r = new ArrayList<>(s.values());
                r.add(s.index());
                yield r;
            }
            case AtomicAdd a -> List.of(a.index(), a.value());
            case MontMul mm -> {
                List<Operand> r = new ArrayList<>(mm.a());
                r.addAll(mm.b());
                yield r;
            }
            case ReadSpecial r -> List.of();
            case ZeroFill z -> List.of();
            case Barrier b -> List.of();
        };
    }

    /** What a {@link MontMul} computes: a·b·2^(−32n), a + b or a − b, each mod m. */
    enum ModOp { MUL, ADD, SUB }

    sealed interface Terminator permits Jump, Branch, Return {
    }

    record Jump(Block target) implements Terminator {
    }

    /** Compares {@code a} with {@code b} (same type). */
    record Branch(Cond cond, Operand a, Operand b, Block ifTrue, Block ifFalse) implements Terminator {
    }

    record Return() implements Terminator {
    }

    static final class Block {
        final int id;
        final List<Insn> insns = new ArrayList<>();
        Terminator term;

        Block(int id) {
            this.id = id;
        }
    }

    /** Binds each {@link KernelParam} to the register or array it fills; CONTEXT binds nothing. */
    record ParamBinding(KernelParam param, Var var, ArrayBase array) {
    }

    static final class Function {
        final String name;
        final List<ParamBinding> params = new ArrayList<>();
        final List<Var> vars = new ArrayList<>();
        final List<Block> blocks = new ArrayList<>();
        final List<ArrayBase> arrays = new ArrayList<>();
        boolean usesBarrier;
        /** Next block id: ids stay unique when optimisation passes remove and add blocks. */
        private int nextBlockId;
        /** The first block made: where the kernel starts (writers emit {@code blocks} in order, entry first). */
        private Block entryBlock;

        Function(String name) {
            this.name = name;
        }

        Var newVar(Type t) {
            Var v = new Var(vars.size(), t);
            vars.add(v);
            return v;
        }

        Block newBlock() {
            Block b = new Block(nextBlockId++);
            blocks.add(b);
            if (entryBlock == null) {
                entryBlock = b;
            }
            return b;
        }

        ArrayBase newArray(Space space, Type elem, int length, String label) {
            ArrayBase a = new ArrayBase(arrays.size(), space, elem, length, label);
            arrays.add(a);
            return a;
        }

        /** Bytes of all {@code static final} tables of this kernel (after inlining). */
        long constantBytes() {
            long bytes = 0;
            for (ArrayBase a : arrays) {
                if (a.space == Space.CONST) {
                    bytes += (long) a.length * a.elemBytes();
                }
            }
            return bytes;
        }

        Block entry() {
            return entryBlock;
        }
    }
}
