package jzk.tornado.jit;

import java.util.List;

/**
 * PTX for one {@link Ir.MontMul} of op {@link Ir.ModOp#ADD} or {@link Ir.ModOp#SUB}: the modular sum or difference
 * of a {@link jzk.tornado.api.ModularSum} method as carry chains, straight-line, the modulus limbs as immediates,
 * instead of the Java body's 64-bit limb sums ({@code -Djzk.jit.modularSums=false} keeps the body).
 */
final class ModularSumPtx {
    /** {@code -Djzk.jit.modularSums=false}: {@link jzk.tornado.api.ModularSum} bodies inlined (for comparisons). */
    static final boolean ENABLED = jzk.tornado.config.RuntimeConfig.get().jitModularSums();

    private ModularSumPtx() {
    }

    /** Whether {@link #emit} handles the modulus: at least 2 limbs, top limb nonzero, m < 2^(32n − 1). */
    static boolean supported(int[] modulus) {
        int n = modulus.length;
        return n >= 2 && modulus[n - 1] != 0 && modulus[n - 1] > 0;
    }

    /**
     * Emits r = a + b mod m ({@code subtract} false) or r = a − b mod m, inputs reduced below m < 2^(32n − 1):
     * <ul>
     *   <li>sum: s = a + b ({@code add.cc} chain; s < 2m < 2^(32n), no carry out), d = s − m ({@code sub.cc}
     *       chain, the final borrow in a register), r = borrow ? s : d;</li>
     *   <li>difference: d = a − b ({@code sub.cc} chain, the borrow), e = d + m ({@code add.cc} chain, its carry
     *       out dropped: e = a − b + m exactly when d wrapped), r = borrow ? e : d.</li>
     * </ul>
     * Straight-line, 3n + 2 instructions and a predicate, against the Java body's 64-bit limb sums.
     */
    static void emit(MontMulPtx.Sink out, List<String> r, List<String> a, List<String> b, int[] m, boolean subtract) {
        int n = m.length;
        List<String> first = MontMulPtx.fresh(out, n);
        List<String> second = MontMulPtx.fresh(out, n);
        String op1 = subtract ? "sub" : "add";
        String op2 = subtract ? "add" : "sub";
        for (int j = 0; j < n; j++) {
            out.op(j == 0 ? op1 + ".cc.u32" : op1 + "c.cc.u32", first.get(j), a.get(j), b.get(j));
        }
        String borrow = out.temp32();
        if (subtract) {
            out.op("subc.u32", borrow, "0", "0"); // all ones when a < b
        }
        for (int j = 0; j < n; j++) {
            String op = j == 0 ? op2 + ".cc.u32" : j == n - 1 && subtract ? op2 + "c.u32" : op2 + "c.cc.u32";
            out.op(op, second.get(j), first.get(j), Integer.toUnsignedString(m[j]));
        }
        if (!subtract) {
            out.op("subc.u32", borrow, "0", "0"); // all ones when s < m
        }
        String keepFirst = out.pred();
        out.op("setp." + (subtract ? "eq" : "ne") + ".u32", keepFirst, borrow, "0");
        for (int j = 0; j < n; j++) {
            out.op("selp.b32", r.get(j), first.get(j), second.get(j), keepFirst);
        }
    }
}
