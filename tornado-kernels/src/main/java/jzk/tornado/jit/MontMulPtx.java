package jzk.tornado.jit;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;

/**
 * PTX for one {@link Ir.MontMul}: the Montgomery product by CIOS (Koç, Acar, Kaliski, "Analyzing and Comparing
 * Montgomery Multiplication Algorithms", IEEE Micro 1996, §4) written with PTX carry chains, straight-line, every
 * limb in a register, the modulus limbs as immediates.
 *
 * <p>Per outer step i (n steps, n = limbs), with the accumulator t of n + 1 limbs:
 * <ol>
 *   <li>t += a·b_i: the low halves {@code mad.lo.cc}/{@code madc.lo.cc} into t_0..t_{n-1}, {@code addc} into
 *       t_n; then the high halves {@code mad.hi.cc}/{@code madc.hi.cc} into t_1..t_n;</li>
 *   <li>q = t_0·negInv mod 2^32; t += q·m the same way (t_0 becomes 0);</li>
 *   <li>t /= 2^32 by renaming the registers: the zeroed t_0 register becomes the new top limb.</li>
 * </ol>
 * Bounds (why no limb n + 1 and no lost carry): at a step's start t < 2m; a < m, b_i, q ≤ 2^32 − 1, so
 * t + a·b_i + q·m < 2m + 2(2^32 − 1)m < 2^33·m ≤ 2^(32n + 32) because m < 2^(32n − 1) ({@link #supported}); every
 * partial sum fits the n + 1 limbs, so the carry out of t_n is 0 and the last {@code madc.hi} of each chain needs
 * no {@code .cc}. After the division t < 2^33·m / 2^32 = 2m < 2^(32n), so t_n is 0 again. The result t < 2m gets
 * one conditional subtraction of m ({@code sub.cc}/{@code subc.cc}, the final borrow picks t or t − m with
 * {@code selp}): the unique reduced product, the same bits as any other correct Montgomery multiplication.
 *
 * <p>Two forms of the additions t += x·y (both exact, so both give the same bits):
 * <ul>
 *   <li><b>rows</b> ({@code -Djzk.jit.montPairs=false}): the n low halves in one chain into t_0..t_{n−1} with
 *       {@code addc} into t_n, then the n high halves in a second chain into t_1..t_n. ptxas (sm_90) cannot fuse a
 *       low and a high half that sit in different chains, so every {@code mad} becomes an {@code IMAD}/{@code
 *       IMAD.HI} plus an {@code IADD3.X} for its carry: 4 SASS instructions per 32×32-bit product.</li>
 *   <li><b>pairs</b> (default, n even; odd n uses rows): the whole 64-bit products, the low half of x_j·y and its
 *       high half adjacent in one chain ({@code mad.lo.cc}, {@code madc.hi.cc}) on an aligned register pair, which
 *       ptxas turns into one {@code IMAD.WIDE.U32.X} (carry in and out) or one {@code IMAD.X} + {@code IMAD.HI.X}
 *       for an immediate factor: no separate carry instructions. Products of even j and of odd j go to two
 *       accumulators so that every limb stays in the same pair (the even/odd split of Emmart, Luo, Weems,
 *       "Optimizing Modular Multiplication for NVIDIA's Maxwell GPUs", ARITH 2016). Described below.</li>
 * </ul>
 *
 * <p>The pairs form. Two arrays E and O of n limbs stand for {@code V = E + 2^32·O} (E[k] at limb k, O[k] at
 * limb k + 1); every chain adds whole products into pairs (E[2k], E[2k+1]) or (O[2k], O[2k+1]). Step i:
 * <ol>
 *   <li>odd products: O[j..j+1] ← a_{j+1}·b_i + S[j..j+1] over even j, one chain, where S is what O must hold at
 *       entry (below); even products: E[j..j+1] += a_j·b_i over even j, its carry out of E[n−1] (limb n)
 *       {@code addc} into O[n−1];</li>
 *   <li>q = E[0]·negInv; O += q·(m_1, m_3, …) and E += q·(m_0, m_2, …) the same way (E[0] becomes 0);</li>
 *   <li>V /= 2^32 without moving a limb: O becomes the next step's E (now at limb 0), and the old E, whose E[k]
 *       now sits at limb k − 1, the next step's O, which wants its index k at limb k + 1, so the next step's odd
 *       chain reads its addends two places up (S[j] = E_old[j + 2], zero past the top: the "shift" costs
 *       nothing) and E_old[1], the new limb 0, is added into the next E[0] by an {@code add.cc} whose carry
 *       enters that odd chain at limb 1.</li>
 * </ol>
 * After step n − 1 the result is E_new + E_old[1..n−1] shifted likewise: one add chain, then the conditional
 * subtraction. Carries: a chain into O ends at O[n−1] (limb n) without a carry out, because O·2^32 ≤ V <
 * 2^(32n + 32); the carry out of an E chain lands in O[n−1] and cannot wrap it for the same reason (the bound on V
 * above holds for every partial sum, all terms being non-negative).
 */
final class MontMulPtx {
    /** {@code -Djzk.jit.carryChains=false}: the PTX reader inlines the Java body instead (for comparisons). */
    static final boolean ENABLED = jzk.tornado.config.RuntimeConfig.get().jitCarryChains();
    /** {@code -Djzk.jit.montPairs=false}: the rows form (see the class comment), for comparisons. */
    static final boolean PAIRS = jzk.tornado.config.RuntimeConfig.get().jitMontPairs();
    /**
     * {@code -Djzk.jit.optInProducts=true}: the products and sums whose annotation says {@code optIn} are replaced
     * too (else their Java body is inlined).
     */
    static final boolean OPT_IN = jzk.tornado.config.RuntimeConfig.get().jitOptInProducts();

    /**
     * Where the instructions go and where temporaries come from: the one instruction list of a product or sum,
     * which {@link PtxWriter} prints as PTX and {@link InlinePtxOpenCl} as OpenCL C {@code asm} statements.
     */
    interface Sink {
        /**
         * One PTX instruction {@code opcode dst, src...;}: each operand a name from this sink or the caller, or an
         * unsigned decimal immediate (starts with a digit). Order is meaning: an opcode with {@code .cc} sets the
         * carry flag, one of {@code addc}/{@code subc}/{@code madc} reads the flag the previous instruction set.
         */
        void op(String opcode, String dst, String... src);

        /** A fresh {@code .b32} register. */
        String temp32();

        /** A fresh predicate register. */
        String pred();
    }

    private MontMulPtx() {
    }

    /**
     * Whether this emitter handles the modulus: odd, at least 2 limbs, top limb nonzero, m < 2^(32n − 1), and
     * {@code negInv·m ≡ −1 (mod 2^32)}.
     */
    static boolean supported(int[] modulus, int negInv) {
        int n = modulus.length;
        if (n < 2 || (modulus[0] & 1) == 0 || modulus[n - 1] == 0 || modulus[n - 1] < 0) {
            return false;
        }
        BigInteger m = BigInteger.ZERO;
        for (int i = n - 1; i >= 0; i--) {
            m = m.shiftLeft(32).or(BigInteger.valueOf(modulus[i] & 0xFFFFFFFFL));
        }
        return m.bitLength() <= 32 * n - 1 && modulus[0] * negInv == -1;
    }

    /**
     * Emits r = a·b·2^(−32n) mod m; a, b, r are register names or immediates (a, b) of n limbs each; {@code pairs}
     * picks the form of the additions (class comment).
     */
    static void emit(Sink out, List<String> r, List<String> a, List<String> b, int[] m, int negInv, boolean pairs) {
        int n = m.length;
        if (pairs && n % 2 == 0) {
            finalSubtract(out, r, pairs(out, a, b, m, negInv), m);
            return;
        }
        List<String> t = new ArrayList<>(n + 1);
        for (int j = 0; j <= n; j++) {
            String x = out.temp32();
            out.op("mov.b32", x, "0");
            t.add(x);
        }
        String q = out.temp32();
        for (int i = 0; i < n; i++) {
            accumulate(out, t, a, b.get(i));
            out.op("mul.lo.u32", q, t.get(0), Integer.toUnsignedString(negInv));
            List<String> mm = new ArrayList<>(n);
            for (int j = 0; j < n; j++) {
                mm.add(Integer.toUnsignedString(m[j]));
            }
            accumulate(out, t, mm, q);
            // t_0 is 0 now: dividing by 2^32 renames it to the new (zero) top limb
            t.add(t.removeFirst());
        }
        finalSubtract(out, r, t, m);
    }

    /** r = t − m if t ≥ m, else t (t < 2m, its first n limbs given). */
    private static void finalSubtract(Sink out, List<String> r, List<String> t, int[] m) {
        int n = m.length;
        List<String> u = new ArrayList<>(n);
        for (int j = 0; j < n; j++) {
            String x = out.temp32();
            out.op(j == 0 ? "sub.cc.u32" : "subc.cc.u32", x, t.get(j), Integer.toUnsignedString(m[j]));
            u.add(x);
        }
        String borrow = out.temp32();
        out.op("subc.u32", borrow, "0", "0");
        String ge = out.pred();
        out.op("setp.eq.u32", ge, borrow, "0");
        for (int j = 0; j < n; j++) {
            out.op("selp.b32", r.get(j), u.get(j), t.get(j), ge);
        }
    }

    /** t += x·y for x of n limbs (registers or immediates) and one limb y: low halves, then high halves. */
    private static void accumulate(Sink out, List<String> t, List<String> x, String y) {
        int n = x.size();
        for (int j = 0; j < n; j++) {
            out.op(j == 0 ? "mad.lo.cc.u32" : "madc.lo.cc.u32", t.get(j), mulOperand1(x.get(j), y),
                    mulOperand2(x.get(j), y), t.get(j));
        }
        out.op("addc.u32", t.get(n), t.get(n), "0");
        for (int j = 0; j < n; j++) {
            String op = j == 0 ? "mad.hi.cc.u32" : j == n - 1 ? "madc.hi.u32" : "madc.hi.cc.u32";
            out.op(op, t.get(j + 1), mulOperand1(x.get(j), y), mulOperand2(x.get(j), y), t.get(j + 1));
        }
    }

    /**
     * The pairs form's n steps (class comment); returns the n limbs of the unreduced result (< 2m). Chains are
     * written on fresh registers where a limb moves (the odd chain's destinations), in place otherwise.
     */
    private static List<String> pairs(Sink out, List<String> a, List<String> b, int[] m, int negInv) {
        int n = m.length;
        List<String> mEven = new ArrayList<>(n / 2);
        List<String> mOdd = new ArrayList<>(n / 2);
        for (int j = 0; j < n; j++) {
            (j % 2 == 0 ? mEven : mOdd).add(Integer.toUnsignedString(m[j]));
        }
        List<String> aEven = new ArrayList<>(n / 2);
        List<String> aOdd = new ArrayList<>(n / 2);
        for (int j = 0; j < n; j++) {
            (j % 2 == 0 ? aEven : aOdd).add(a.get(j));
        }
        List<String> e = fresh(out, n);
        List<String> o = null; // before step 0: V = 0
        List<String> prev = null; // the previous step's E (its limb k now at k − 1)
        String q = out.temp32();
        for (int i = 0; i < n; i++) {
            String bi = b.get(i);
            List<String> odd = fresh(out, n);
            if (i == 0) {
                products(out, odd, aOdd, bi, null, false, false);
                products(out, e, aEven, bi, null, false, false);
            } else {
                e = o; // last step's O, now at limb 0
                out.op("add.cc.u32", e.get(0), e.get(0), prev.get(1));
                products(out, odd, aOdd, bi, prev.subList(2, n), true, false);
                products(out, e, aEven, bi, e, false, true);
                out.op("addc.u32", odd.get(n - 1), odd.get(n - 1), "0");
            }
            out.op("mul.lo.u32", q, e.get(0), Integer.toUnsignedString(negInv));
            products(out, odd, mOdd, q, odd, false, false);
            products(out, e, mEven, q, e, false, true);
            out.op("addc.u32", odd.get(n - 1), odd.get(n - 1), "0");
            o = odd;
            prev = e;
        }
        // V = o + (prev >> 32), prev[0] = 0
        List<String> t = fresh(out, n);
        for (int k = 0; k < n; k++) {
            String op = k == 0 ? "add.cc.u32" : k == n - 1 ? "addc.u32" : "addc.cc.u32";
            out.op(op, t.get(k), o.get(k), k + 1 < n ? prev.get(k + 1) : "0");
        }
        return t;
    }

    /**
     * One chain of whole products: dst[2k..2k+1] = x_k·y + add[2k..2k+1] (add null or shorter: 0 past its end),
     * the first {@code mad} taking the carry flag in when {@code carryIn}, the last keeping a carry out when
     * {@code carryOut} (else its high half is a plain {@code madc.hi}: no carry out of the top, class comment).
     */
    private static void products(Sink out, List<String> dst, List<String> x, String y, List<String> add,
                                 boolean carryIn, boolean carryOut) {
        for (int k = 0; k < x.size(); k++) {
            String f1 = mulOperand1(x.get(k), y);
            String f2 = mulOperand2(x.get(k), y);
            boolean last = k == x.size() - 1;
            String lo = add != null && 2 * k < add.size() ? add.get(2 * k) : "0";
            String hi = add != null && 2 * k + 1 < add.size() ? add.get(2 * k + 1) : "0";
            if (add == null && k == 0 && !carryIn) {
                out.op("mul.lo.u32", dst.get(0), f1, f2);
                out.op("mul.hi.u32", dst.get(1), f1, f2);
                continue;
            }
            if (add == null && !carryIn && k > 0) {
                // first step: products of distinct pairs never overlap, so no chain at all
                out.op("mul.lo.u32", dst.get(2 * k), f1, f2);
                out.op("mul.hi.u32", dst.get(2 * k + 1), f1, f2);
                continue;
            }
            out.op(k == 0 && !carryIn ? "mad.lo.cc.u32" : "madc.lo.cc.u32", dst.get(2 * k), f1, f2, lo);
            out.op(last && !carryOut ? "madc.hi.u32" : "madc.hi.cc.u32", dst.get(2 * k + 1), f1, f2, hi);
        }
    }

    static List<String> fresh(Sink out, int n) {
        List<String> v = new ArrayList<>(n);
        for (int j = 0; j < n; j++) {
            v.add(out.temp32());
        }
        return v;
    }

    /** The first of the two factors: a register (PTX allows an immediate only as the second). */
    private static String mulOperand1(String x, String y) {
        return isImmediate(x) ? y : x;
    }

    /** The second of the two factors (the immediate, if one is). */
    private static String mulOperand2(String x, String y) {
        return isImmediate(x) ? x : y;
    }

    /** Whether an operand of {@link Sink#op} is an immediate rather than a name. */
    static boolean isImmediate(String operand) {
        return Character.isDigit(operand.charAt(0));
    }
}
