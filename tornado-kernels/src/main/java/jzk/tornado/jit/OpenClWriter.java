package jzk.tornado.jit;

import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import jzk.tornado.jit.Ir.Type;

/**
 * Back end: writes an {@link Ir.Function} as an OpenCL C 1.2 program with one {@code __kernel}.
 *
 * <p>Invariants: every IR register is a {@code uint} (I32) or {@code ulong} (I64) variable {@code v<id>}, so
 * that add/sub/mul/shl wrap as in Java (signed overflow is undefined in C); operations whose meaning depends on
 * the sign reinterpret the bits with {@code as_int}/{@code as_long}. Shift counts are masked with 31/63;
 * division and remainder go through helpers that give 0 on division by zero and MIN for MIN / -1 (remainder
 * 0). Each IR block is a label {@code L<id>:} reached by {@code goto}. Arrays: parameters are
 * {@code __global uint*}/{@code __global ulong*} (same ABI as {@code int*}/{@code long*}); constant tables are
 * program-scope {@code __constant} arrays; private arrays are kernel-scope arrays, shared arrays kernel-scope
 * {@code __local} arrays. All callees are inlined, so no pointer ever crosses an address space.
 *
 * <p>Products and sums ({@link Ir.MontMul}): each distinct (op, modulus) is one program-scope helper
 * {@code static inline void jzk_<op><n>_<k>(uint* r, const uint* a, const uint* b)} on private limb arrays, its body
 * straight-line portable C ({@link ModularOpenCl}) or, for NVIDIA's compiler, inline PTX ({@link InlinePtxOpenCl});
 * a call site copies the operand limbs into private arrays, calls, and copies the result limbs out. Helpers (not the
 * code pasted at every call) keep the source small: the MSM kernels have dozens of 12-limb products. Inlining: on
 * NVIDIA ({@code __NVPTX__} for clang's NVPTX target, {@code __NV_CL_C_VERSION} or {@code cl_nv_pragma_unroll} for
 * NVIDIA's compiler) and always for the inline PTX form they are {@code always_inline}, so after inlining the arrays
 * are registers again (a call left standing would pass them through local memory); elsewhere plain
 * {@code static inline}, the compiler's choice: PoCL builds and first runs the MSM's G1 slice sums in 3.5 s that way,
 * against 135 s with every product forced inline (ModularOpenClTest, on the shared 2-core build machine).
 */
final class OpenClWriter {
    private static final String PRELUDE = """
            static inline uint jzk_idiv(uint a, uint b) {
                return b == 0u ? 0u : (b == 0xFFFFFFFFu ? 0u - a : (uint) (as_int(a) / as_int(b)));
            }
            static inline uint jzk_irem(uint a, uint b) {
                return (b == 0u || b == 0xFFFFFFFFu) ? 0u : (uint) (as_int(a) % as_int(b));
            }
            static inline ulong jzk_ldiv(ulong a, ulong b) {
                return b == 0ul ? 0ul : (b == 0xFFFFFFFFFFFFFFFFul ? 0ul - a : (ulong) (as_long(a) / as_long(b)));
            }
            static inline ulong jzk_lrem(ulong a, ulong b) {
                return (b == 0ul || b == 0xFFFFFFFFFFFFFFFFul) ? 0ul : (ulong) (as_long(a) % as_long(b));
            }
            static inline uint jzk_ctz32(uint a) {
                return a == 0u ? 32u : 31u - clz(a & (0u - a));
            }
            static inline uint jzk_brev32(uint a) {
                a = ((a >> 1) & 0x55555555u) | ((a & 0x55555555u) << 1);
                a = ((a >> 2) & 0x33333333u) | ((a & 0x33333333u) << 2);
                a = ((a >> 4) & 0x0F0F0F0Fu) | ((a & 0x0F0F0F0Fu) << 4);
                a = ((a >> 8) & 0x00FF00FFu) | ((a & 0x00FF00FFu) << 8);
                return (a >> 16) | (a << 16);
            }
            static inline ulong jzk_brev64(ulong a) {
                return ((ulong) jzk_brev32((uint) a) << 32) | (ulong) jzk_brev32((uint) (a >> 32));
            }
            static inline uint jzk_ctz64(ulong a) {
                return a == 0ul ? 64u : (uint) (63ul - clz(a & (0ul - a)));
            }
            """;

    /** How the portable helpers are declared (class comment: forced inline on NVIDIA, the compiler's choice elsewhere). */
    private static final String INLINE_MACRO = """
            #if defined(__NVPTX__) || defined(__NV_CL_C_VERSION) || defined(cl_nv_pragma_unroll)
            #define JZK_INLINE static inline __attribute__((always_inline))
            #else
            #define JZK_INLINE static inline
            #endif

            """;

    private final Ir.Function fn;
    private final StringBuilder body = new StringBuilder();
    private int nextLoop;
    /** Inline PTX ({@link InlinePtxOpenCl}) rather than portable C ({@link ModularOpenCl}) for the helpers. */
    private final boolean inlinePtx;
    /** With {@link #inlinePtx}: the form of the products' additions ({@link MontMulPtx}). */
    private final boolean pairs;
    /** Helper name by (op, modulus, negInv), in order of first use. */
    private final Map<String, String> helperNames = new LinkedHashMap<>();
    private final StringBuilder helpers = new StringBuilder();

    private OpenClWriter(Ir.Function fn, boolean inlinePtx, boolean pairs) {
        this.fn = fn;
        this.inlinePtx = inlinePtx;
        this.pairs = pairs;
    }

    /**
     * OpenCL C with the products and sums as inline PTX when {@code inlinePtx} (NVIDIA's OpenCL only), in the
     * pairs form when {@code pairs} ({@link MontMulPtx}), else as portable C.
     */
    static String write(Ir.Function fn, String origin, boolean inlinePtx, boolean pairs) {
        return new OpenClWriter(fn, inlinePtx, pairs).program(origin);
    }

    private String program(String origin) {
        StringBuilder out = new StringBuilder();
        out.append("// Generated by the jzk kernel JIT from ").append(origin).append("\n");
        out.append(PRELUDE).append('\n');
        int helpersAt = out.length();
        if (fn.constantBytes() > Ir.CONSTANT_BANK_BYTES) {
            throw new KernelCompileException("static final tables of " + origin + " take " + fn.constantBytes()
                    + " bytes, more than the " + Ir.CONSTANT_BANK_BYTES + " bytes of OpenCL __constant memory that"
                    + " every device guarantees: pass large tables as kernel parameters");
        }
        for (Ir.ArrayBase a : fn.arrays) {
            if (a.space == Ir.Space.CONST) {
                out.append("__constant ").append(ctype(a.elem)).append(' ').append(arrayName(a)).append('[')
                        .append(a.length).append("] = {");
                for (int i = 0; i < a.init.length; i++) {
                    out.append(i % 4 == 0 ? "\n    " : " ").append(literal(a.elem, a.init[i]))
                            .append(i + 1 < a.init.length ? "," : "");
                }
                out.append("\n};\n");
            }
        }
        out.append("\n__kernel void ").append(fn.name).append("(");
        String sep = "";
        for (Ir.ParamBinding p : fn.params) {
            if (p.param().kind() == ParamKind.CONTEXT) {
                continue;
            }
            out.append(sep);
            sep = ", ";
            if (p.array() != null) {
                out.append("__global ").append(ctype(p.array().elem)).append("* ").append(pointerName(p.array()));
            } else {
                out.append(p.var().type() == Type.I32 ? "int " : "long ").append("p").append(p.var().id());
            }
        }
        out.append(") {\n");
        boolean wide = fn.blocks.stream().flatMap(b -> b.insns.stream())
                .anyMatch(i -> i instanceof Ir.LoadWide || i instanceof Ir.StoreWide);
        for (Ir.Var v : fn.vars) {
            out.append("    ").append(ctype(v.type())).append(' ').append(name(v)).append(" = 0;\n");
        }
        for (Ir.ArrayBase a : fn.arrays) {
            if (a.space == Ir.Space.PRIVATE || a.space == Ir.Space.SHARED) {
                // shared arrays 16-byte aligned where the kernel has vector accesses (Ir.LoadWide's invariant)
                out.append("    ").append(a.space == Ir.Space.SHARED ? "__local " : "").append(ctype(a.elem))
                        .append(' ').append(arrayName(a)).append('[').append(a.length).append(']')
                        .append(a.space == Ir.Space.SHARED && wide ? " __attribute__((aligned(16)))" : "")
                        .append(";\n");
            }
        }
        for (Ir.ParamBinding p : fn.params) {
            if (p.var() != null && p.array() == null) {
                line(name(p.var()) + " = " + (p.var().type() == Type.I32 ? "as_uint" : "as_ulong") + "(p"
                        + p.var().id() + ");");
            }
        }
        List<Ir.Block> blocks = fn.blocks;
        for (int i = 0; i < blocks.size(); i++) {
            Ir.Block b = blocks.get(i);
            body.append("L").append(b.id).append(": ;\n");
            for (Ir.Insn insn : b.insns) {
                insn(insn);
            }
            terminator(b.term, i + 1 < blocks.size() ? blocks.get(i + 1) : null);
        }
        out.append(body).append("}\n");
        return out.insert(helpersAt, helpers).toString();
    }

    private void line(String s) {
        body.append("    ").append(s).append('\n');
    }

    private static String ctype(Type t) {
        return t == Type.I32 ? "uint" : "ulong";
    }

    private static String name(Ir.Var v) {
        return "v" + v.id();
    }

    private static String arrayName(Ir.ArrayBase a) {
        return a.label.replaceAll("[^A-Za-z0-9_]", "_") + "_" + a.id;
    }

    private static String pointerName(Ir.ArrayBase a) {
        return "a" + a.id + "_" + a.label.replaceAll("[^A-Za-z0-9_]", "_");
    }

    private static String literal(Type t, long v) {
        return t == Type.I32 ? String.format("0x%08Xu", (int) v) : String.format("0x%016Xul", v);
    }

    private static String val(Ir.Operand o) {
        return o instanceof Ir.Var v ? name(v) : literal(o.type(), ((Ir.Const) o).value());
    }

    /** The operand reinterpreted as signed. */
    private static String signed(Ir.Operand o) {
        return (o.type() == Type.I32 ? "as_int(" : "as_long(") + val(o) + ")";
    }

    private static String element(Ir.ArrayBase a, Ir.Operand index) {
        String name = a.space == Ir.Space.GLOBAL ? pointerName(a) : arrayName(a);
        String idx = index.type() == Type.I32 ? "as_int(" + val(index) + ")" : "as_long(" + val(index) + ")";
        return name + "[" + idx + "]";
    }

    /**
     * The 16-byte vector at element {@code index} of {@code a} as an lvalue: {@code *(__global uint4*) (p + index)}
     * ({@code ulong2} for long arrays, {@code __local} for shared ones); aligned by {@link Ir.LoadWide}'s invariant.
     */
    private static String vector(Ir.ArrayBase a, Ir.Operand index) {
        String name = a.space == Ir.Space.GLOBAL ? pointerName(a) : arrayName(a);
        String idx = index.type() == Type.I32 ? "as_int(" + val(index) + ")" : "as_long(" + val(index) + ")";
        return "*(" + (a.space == Ir.Space.GLOBAL ? "__global " : "__local ") + vectorType(a) + "*) (" + name + " + "
                + idx + ")";
    }

    private static String vectorType(Ir.ArrayBase a) {
        return ctype(a.elem) + Ir.wideCount(a);
    }

    private static final String[] LANES = {"x", "y", "z", "w"};

    private void insn(Ir.Insn insn) {
        switch (insn) {
            case Ir.Move m -> line(name(m.dst()) + " = " + val(m.src()) + ";");
            case Ir.Unary un -> line(name(un.dst()) + " = " + unary(un) + ";");
            case Ir.Binary bin -> line(name(bin.dst()) + " = " + binary(bin) + ";");
            case Ir.Load ld -> line(name(ld.dst()) + " = " + element(ld.array(), ld.index()) + ";");
            case Ir.Store st -> line(element(st.array(), st.index()) + " = " + val(st.value()) + ";");
            case Ir.LoadWide ld -> {
                StringBuilder l = new StringBuilder("{ ").append(vectorType(ld.array())).append(" jzk_v = ")
                        .append(vector(ld.array(), ld.index())).append(";");
                for (int i = 0; i < ld.dst().size(); i++) {
                    l.append(' ').append(name(ld.dst().get(i))).append(" = jzk_v.").append(LANES[i]).append(';');
                }
                line(l.append(" }").toString());
            }
            case Ir.StoreWide st -> line(vector(st.array(), st.index()) + " = (" + vectorType(st.array()) + ") ("
                    + String.join(", ", st.values().stream().map(OpenClWriter::val).toList()) + ");");
            case Ir.AtomicAdd at -> line(name(at.dst()) + " = atomic_add(&" + element(at.array(), at.index()) + ", "
                    + val(at.value()) + ");");
            case Ir.ZeroFill z -> {
                String i = "z" + nextLoop++;
                line("for (int " + i + " = 0; " + i + " < " + z.array().length + "; " + i + "++) "
                        + arrayName(z.array()) + "[" + i + "] = 0;");
            }
            case Ir.ReadSpecial rs -> line(name(rs.dst()) + " = (uint) " + switch (rs.what()) {
                case GLOBAL_ID -> "get_global_id(0)";
                case LOCAL_ID -> "get_local_id(0)";
                case GROUP_ID -> "get_group_id(0)";
                case LOCAL_SIZE -> "get_local_size(0)";
                case GLOBAL_SIZE -> "get_global_size(0)";
            } + ";");
            case Ir.Barrier b -> line("barrier(CLK_LOCAL_MEM_FENCE | CLK_GLOBAL_MEM_FENCE);");
            case Ir.MontMul mm -> montMul(mm);
        }
    }

    /** A call of the helper for this node's (op, modulus), operands through private arrays (class comment). */
    private void montMul(Ir.MontMul mm) {
        int n = mm.modulus().length;
        String helper = helper(mm.op(), mm.modulus(), mm.negInv());
        StringBuilder s = new StringBuilder("{ uint jzk_a[").append(n).append("] = {");
        for (int j = 0; j < n; j++) {
            s.append(j == 0 ? "" : ", ").append(val(mm.a().get(j)));
        }
        s.append("}; uint jzk_b[").append(n).append("] = {");
        for (int j = 0; j < n; j++) {
            s.append(j == 0 ? "" : ", ").append(val(mm.b().get(j)));
        }
        s.append("}; uint jzk_r[").append(n).append("]; ").append(helper).append("(jzk_r, jzk_a, jzk_b);");
        for (int j = 0; j < n; j++) {
            s.append(' ').append(name(mm.dst().get(j))).append(" = jzk_r[").append(j).append("];");
        }
        line(s.append(" }").toString());
    }

    /** The name of the helper computing {@code op} modulo m, written into {@link #helpers} on first use. */
    private String helper(Ir.ModOp op, int[] m, int negInv) {
        String key = op + Arrays.toString(m) + negInv;
        String known = helperNames.get(key);
        if (known != null) {
            return known;
        }
        String name = "jzk_" + op.name().toLowerCase(Locale.ROOT) + m.length + "_" + helperNames.size();
        helperNames.put(key, name);
        if (helpers.isEmpty() && !inlinePtx) {
            helpers.append(INLINE_MACRO);
        }
        helpers.append("// ").append(op == Ir.ModOp.MUL ? "r = a*b*2^-" + 32 * m.length : op == Ir.ModOp.ADD
                ? "r = a + b" : "r = a - b").append(" mod m, m = 0x");
        for (int j = m.length - 1; j >= 0; j--) {
            helpers.append(String.format("%08x", m[j]));
        }
        helpers.append(inlinePtx ? " (inline PTX)" : "").append('\n');
        helpers.append(inlinePtx ? "static inline __attribute__((always_inline)) void " : "JZK_INLINE void ")
                .append(name)
                .append("(uint* r, const uint* a, const uint* b) {\n")
                .append(inlinePtx ? InlinePtxOpenCl.body(op, m, negInv, pairs) : ModularOpenCl.body(op, m, negInv))
                .append("}\n\n");
        return name;
    }

    private static String unary(Ir.Unary un) {
        String a = val(un.a());
        boolean w32 = un.a().type() == Type.I32;
        return switch (un.op()) {
            case NEG -> (w32 ? "0u - " : "0ul - ") + a;
            case I2L -> "as_ulong((long) as_int(" + a + "))";
            case ZEXT -> "(ulong) " + a;
            case L2I -> "(uint) " + a;
            case I2B -> "as_uint((int) (char) as_int(" + a + "))";
            case I2S -> "as_uint((int) (short) as_int(" + a + "))";
            case I2C -> "(" + a + " & 0xFFFFu)";
            case CLZ -> "(uint) clz(" + a + ")";
            case CTZ -> (w32 ? "jzk_ctz32(" : "jzk_ctz64(") + a + ")";
            case POPC -> "(uint) popcount(" + a + ")";
            case BREV -> (w32 ? "jzk_brev32(" : "jzk_brev64(") + a + ")";
            // abs(MIN) is MIN in Java: negate in unsigned arithmetic
            case ABS -> "(" + signed(un.a()) + " < 0 ? " + (w32 ? "0u - " : "0ul - ") + a + " : " + a + ")";
        };
    }

    private static String binary(Ir.Binary bin) {
        String a = val(bin.a());
        String b = val(bin.b());
        Type t = bin.a().type();
        boolean w32 = t == Type.I32;
        String mask = w32 ? "31u" : "63u";
        return switch (bin.op()) {
            case ADD -> a + " + " + b;
            case SUB -> a + " - " + b;
            case MUL -> a + " * " + b;
            case AND -> a + " & " + b;
            case OR -> a + " | " + b;
            case XOR -> a + " ^ " + b;
            case SHL -> a + " << (" + b + " & " + mask + ")";
            case SHR -> (w32 ? "as_uint(" : "as_ulong(") + signed(bin.a()) + " >> (" + b + " & " + mask + "))";
            case USHR -> a + " >> (" + b + " & " + mask + ")";
            case MULHI -> "as_ulong(mul_hi(" + signed(bin.a()) + ", " + signed(bin.b()) + "))";
            case UMULHI -> "mul_hi(" + a + ", " + b + ")";
            case MULWIDE_U32 -> "(ulong) " + a + " * (ulong) " + b;
            case MIN -> (w32 ? "as_uint(min(" : "as_ulong(min(") + signed(bin.a()) + ", " + signed(bin.b()) + "))";
            case MAX -> (w32 ? "as_uint(max(" : "as_ulong(max(") + signed(bin.a()) + ", " + signed(bin.b()) + "))";
            case CMP -> "(" + signed(bin.a()) + " < " + signed(bin.b()) + " ? 0xFFFFFFFFu : ("
                    + signed(bin.a()) + " > " + signed(bin.b()) + " ? 1u : 0u))";
            case UCMP -> "(" + a + " < " + b + " ? 0xFFFFFFFFu : (" + a + " > " + b + " ? 1u : 0u))";
            case DIV, REM -> {
                if (bin.b() instanceof Ir.Const c && c.value() != 0 && c.value() != -1) {
                    // a constant divisor other than 0 and -1 needs none of the guards
                    yield (w32 ? "as_uint(" : "as_ulong(") + signed(bin.a()) + (bin.op() == Ir.BinOp.DIV ? " / "
                            : " % ") + signed(bin.b()) + ")";
                }
                yield (bin.op() == Ir.BinOp.DIV ? (w32 ? "jzk_idiv(" : "jzk_ldiv(") : (w32 ? "jzk_irem("
                        : "jzk_lrem(")) + a + ", " + b + ")";
            }
            case UDIV -> "(" + b + " == 0 ? 0 : " + a + " / " + b + ")";
            case UREM -> "(" + b + " == 0 ? 0 : " + a + " % " + b + ")";
        };
    }

    private void terminator(Ir.Terminator term, Ir.Block next) {
        switch (term) {
            case null -> line("return;");
            case Ir.Return r -> line("return;");
            case Ir.Jump j -> {
                if (j.target() != next) {
                    line("goto L" + j.target().id + ";");
                }
            }
            case Ir.Branch br -> {
                boolean unsigned = br.cond().ordinal() >= Ir.Cond.ULT.ordinal();
                String a = unsigned ? val(br.a()) : signed(br.a());
                String b = unsigned ? val(br.b()) : signed(br.b());
                String op = switch (br.cond()) {
                    case EQ -> "==";
                    case NE -> "!=";
                    case LT, ULT -> "<";
                    case GE, UGE -> ">=";
                    case GT, UGT -> ">";
                    case LE, ULE -> "<=";
                };
                line("if (" + a + " " + op + " " + b + ") goto L" + br.ifTrue().id + ";");
                if (br.ifFalse() != next) {
                    line("goto L" + br.ifFalse().id + ";");
                }
            }
        }
    }
}
