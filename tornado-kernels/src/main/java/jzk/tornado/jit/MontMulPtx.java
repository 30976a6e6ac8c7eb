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
 * <p>ptxas turns the PTX carry flag into its own carry predicates, so the low/high chains of one step and the
 * next step's chains overlap where the data allow (the high chain trails the low chain by one limb).
 */
final class MontMulPtx {
    /** {@code -Djzk.jit.carryChains=false}: the PTX reader inlines the Java body instead (for comparisons). */
    static final boolean ENABLED = jzk.tornado.config.RuntimeConfig.get().jitCarryChains();

    /** Where the instructions go and where temporaries come from (the {@link PtxWriter}'s). */
    interface Sink {
        void line(String s);

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

    /** Emits r = a·b·2^(−32n) mod m; a, b, r are register names or immediates (a, b) of n limbs each. */
    static void emit(Sink out, List<String> r, List<String> a, List<String> b, int[] m, int negInv) {
        int n = m.length;
        List<String> t = new ArrayList<>(n + 1);
        for (int j = 0; j <= n; j++) {
            String x = out.temp32();
            out.line("mov.b32 " + x + ", 0;");
            t.add(x);
        }
        String q = out.temp32();
        for (int i = 0; i < n; i++) {
            accumulate(out, t, a, b.get(i));
            out.line("mul.lo.u32 " + q + ", " + t.get(0) + ", " + Integer.toUnsignedString(negInv) + ";");
            List<String> mm = new ArrayList<>(n);
            for (int j = 0; j < n; j++) {
                mm.add(Integer.toUnsignedString(m[j]));
            }
            accumulate(out, t, mm, q);
            // t_0 is 0 now: dividing by 2^32 renames it to the new (zero) top limb
            t.add(t.removeFirst());
        }
        List<String> u = new ArrayList<>(n);
        for (int j = 0; j < n; j++) {
            String x = out.temp32();
            out.line((j == 0 ? "sub.cc.u32 " : "subc.cc.u32 ") + x + ", " + t.get(j) + ", " + Integer.toUnsignedString(m[j])
                    + ";");
            u.add(x);
        }
        String borrow = out.temp32();
        out.line("subc.u32 " + borrow + ", 0, 0;");
        String ge = out.pred();
        out.line("setp.eq.u32 " + ge + ", " + borrow + ", 0;");
        for (int j = 0; j < n; j++) {
            out.line("selp.b32 " + r.get(j) + ", " + u.get(j) + ", " + t.get(j) + ", " + ge + ";");
        }
    }

    /** t += x·y for x of n limbs (registers or immediates) and one limb y: low halves, then high halves. */
    private static void accumulate(Sink out, List<String> t, List<String> x, String y) {
        int n = x.size();
        for (int j = 0; j < n; j++) {
            out.line((j == 0 ? "mad.lo.cc.u32 " : "madc.lo.cc.u32 ") + t.get(j) + ", " + mulOperands(x.get(j), y)
                    + ", " + t.get(j) + ";");
        }
        out.line("addc.u32 " + t.get(n) + ", " + t.get(n) + ", 0;");
        for (int j = 0; j < n; j++) {
            String op = j == 0 ? "mad.hi.cc.u32 " : j == n - 1 ? "madc.hi.u32 " : "madc.hi.cc.u32 ";
            out.line(op + t.get(j + 1) + ", " + mulOperands(x.get(j), y) + ", " + t.get(j + 1) + ";");
        }
    }

    /** The two factors, a register first (PTX allows an immediate only as the second). */
    private static String mulOperands(String x, String y) {
        return Character.isDigit(x.charAt(0)) ? y + ", " + x : x + ", " + y;
    }
}
