package jzk.tornado.jit;

import java.util.ArrayList;
import java.util.List;

/**
 * NVIDIA OpenCL C for one {@link Ir.MontMul}: the body of a helper {@code (uint* r, const uint* a, const uint* b)}
 * ({@link OpenClWriter} writes the signature and the calls) made of the very instruction list the PTX writer prints
 * ({@link MontMulPtx}, {@link ModularSumPtx}: one algorithm, two printers), each instruction one
 * {@code asm volatile("opcode %0, %1, ...;" : "=r"(dst) : "r"(src), ...);} on C variables, immediates written into
 * the string. Only NVIDIA's OpenCL compiler accepts PTX {@code asm}; others get {@link ModularOpenCl}.
 *
 * <p>The carry flag lives between statements: a chain's statements are consecutive and {@code volatile}, so the
 * compiler keeps their order and puts nothing that writes the flag between them (it emits no carry instructions
 * of its own for plain C between asm statements, and there is none: see below). The two instructions on
 * predicates ({@code setp}, {@code selp}), which an OpenCL {@code asm} cannot bind to a C variable, are written as
 * C ({@code p = x == 0u;}, {@code r = p ? a : b;}); they never sit inside a chain, and {@link #op} checks that
 * no instruction reading the flag follows one written as C.
 */
final class InlinePtxOpenCl implements MontMulPtx.Sink {
    private final StringBuilder body = new StringBuilder();
    private final List<String> temps = new ArrayList<>();
    /** Whether the last statement was C rather than asm (then the flag is unknown: nothing may read it). */
    private boolean afterC = true;

    private InlinePtxOpenCl() {
    }

    /** The helper's body (statements, indented) for {@code op} modulo m; {@code pairs}: see {@link MontMulPtx}. */
    static String body(Ir.ModOp op, int[] m, int negInv, boolean pairs) {
        InlinePtxOpenCl out = new InlinePtxOpenCl();
        int n = m.length;
        List<String> r = new ArrayList<>(n);
        List<String> a = new ArrayList<>(n);
        List<String> b = new ArrayList<>(n);
        for (int j = 0; j < n; j++) {
            r.add("r[" + j + "]");
            a.add("a[" + j + "]");
            b.add("b[" + j + "]");
        }
        switch (op) {
            case MUL -> MontMulPtx.emit(out, r, a, b, m, negInv, pairs);
            case ADD -> ModularSumPtx.emit(out, r, a, b, m, false);
            case SUB -> ModularSumPtx.emit(out, r, a, b, m, true);
        }
        StringBuilder s = new StringBuilder();
        for (int i = 0; i < out.temps.size(); i += 16) {
            s.append("    uint ").append(String.join(", ", out.temps.subList(i, Math.min(i + 16, out.temps.size()))))
                    .append(";\n");
        }
        return s.append(out.body).toString();
    }

    @Override
    public void op(String opcode, String dst, String... src) {
        if (opcode.startsWith("setp.")) {
            String cmp = switch (opcode) {
                case "setp.eq.u32" -> " == ";
                case "setp.ne.u32" -> " != ";
                default -> throw new IllegalStateException("no C form for " + opcode);
            };
            c(dst + " = " + operand(src[0]) + cmp + operand(src[1]) + ";");
            return;
        }
        if (opcode.startsWith("selp.")) {
            c(dst + " = " + src[2] + " ? " + operand(src[0]) + " : " + operand(src[1]) + ";");
            return;
        }
        if ((opcode.startsWith("addc") || opcode.startsWith("subc") || opcode.startsWith("madc")) && afterC) {
            throw new IllegalStateException(opcode + " would read a carry flag no asm statement set");
        }
        StringBuilder text = new StringBuilder(opcode).append(" %0");
        List<String> inputs = new ArrayList<>();
        for (String x : src) {
            if (MontMulPtx.isImmediate(x)) {
                text.append(", ").append(x);
            } else {
                inputs.add("\"r\"(" + x + ")");
                text.append(", %").append(inputs.size());
            }
        }
        body.append("    asm volatile(\"").append(text).append(";\" : \"=r\"(").append(dst).append(")");
        if (!inputs.isEmpty()) {
            body.append(" : ").append(String.join(", ", inputs));
        }
        body.append(");\n");
        afterC = false;
    }

    private void c(String statement) {
        body.append("    ").append(statement).append('\n');
        afterC = true;
    }

    /** A C operand: a name, or an immediate as an unsigned literal. */
    private static String operand(String x) {
        return MontMulPtx.isImmediate(x) ? x + "u" : x;
    }

    @Override
    public String temp32() {
        String t = "x" + temps.size();
        temps.add(t);
        return t;
    }

    @Override
    public String pred() {
        return temp32();
    }
}
