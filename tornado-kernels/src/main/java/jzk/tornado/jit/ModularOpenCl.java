package jzk.tornado.jit;

/**
 * Portable OpenCL C for one {@link Ir.MontMul}: the body of a helper {@code (uint* r, const uint* a, const uint* b)}
 * ({@link OpenClWriter} writes the signature and the calls), straight-line over 32-bit limbs with 64-bit
 * ({@code ulong}) accumulation, the modulus limbs and negInv as literals. Any OpenCL device (PoCL checks it bit for
 * bit in CI); NVIDIA's gets the inline PTX form instead ({@link InlinePtxOpenCl}) unless told otherwise.
 *
 * <p>Carries without a flag: {@code c = x·y + t + (c >> 32)} ≤ (2^32 − 1)² + 2(2^32 − 1) = 2^64 − 1 fits a
 * {@code ulong}, its low half the limb and its high half the next carry; a borrow of {@code c = x − y − borrow}
 * (x, y < 2^32) is bit 63 of the wrapped {@code ulong}, since the true value lies in [−2^32, 2^32).
 *
 * <p>The product is CIOS as in {@link MontMulPtx} (same bounds: m < 2^(32n − 1), so t < 2m at every step and
 * every partial sum below 2^(32n + 32)). Step i, with t of n limbs (t < 2m):
 * <ol>
 *   <li>t += a·b_i, its carry out the top limb {@code hi} (limb n);</li>
 *   <li>q = t_0·negInv mod 2^32; t += q·m, written one limb down ({@code t_{j−1}} ← limb j: the division by 2^32,
 *       limb 0 being 0); limb n of the sum is {@code hi} plus the chain's carry, which is below 2^32 (the sum is
 *       below 2^(32n + 32)) and becomes the new t_{n−1}.</li>
 * </ol>
 * Then r = t − m if that does not borrow, else t. Sum and difference as {@link ModularSumPtx}: s = a + b, r = s − m
 * unless that borrows; d = a − b, r = d + m (mod 2^(32n)) if that borrowed.
 */
final class ModularOpenCl {
    private ModularOpenCl() {
    }

    /** The helper's body (statements, indented) for {@code op} modulo m. */
    static String body(Ir.ModOp op, int[] m, int negInv) {
        StringBuilder s = new StringBuilder();
        switch (op) {
            case MUL -> product(s, m, negInv);
            case ADD -> sum(s, m);
            case SUB -> difference(s, m);
        }
        return s.toString();
    }

    private static void product(StringBuilder s, int[] m, int negInv) {
        int n = m.length;
        line(s, "ulong c;");
        line(s, "uint q, hi;");
        declare(s, "t", n);
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < n; j++) {
                String t = i == 0 ? "" : " + t" + j;
                line(s, "c = (ulong) a[" + j + "] * b[" + i + "]" + t + (j == 0 ? "" : " + (c >> 32)") + "; t" + j
                        + " = (uint) c;");
            }
            line(s, "hi = (uint) (c >> 32);");
            line(s, "q = t0 * " + lit(negInv) + ";");
            line(s, "c = (ulong) q * " + lit(m[0]) + " + t0;");
            for (int j = 1; j < n; j++) {
                line(s, "c = (ulong) q * " + lit(m[j]) + " + t" + j + " + (c >> 32); t" + (j - 1) + " = (uint) c;");
            }
            line(s, "t" + (n - 1) + " = hi + (uint) (c >> 32);");
        }
        select(s, "t", m, false);
    }

    private static void sum(StringBuilder s, int[] m) {
        int n = m.length;
        line(s, "ulong c;");
        declare(s, "s", n);
        for (int j = 0; j < n; j++) {
            line(s, "c = (ulong) a[" + j + "] + b[" + j + "]" + (j == 0 ? "" : " + (c >> 32)") + "; s" + j
                    + " = (uint) c;");
        }
        // s < 2m < 2^(32n): no carry out of the top
        select(s, "s", m, false);
    }

    private static void difference(StringBuilder s, int[] m) {
        int n = m.length;
        line(s, "ulong c;");
        declare(s, "d", n);
        for (int j = 0; j < n; j++) {
            line(s, "c = (ulong) a[" + j + "] - b[" + j + "]" + (j == 0 ? "" : " - (c >> 63)") + "; d" + j
                    + " = (uint) c;");
        }
        select(s, "d", m, true);
    }

    /**
     * r = x − m unless that borrows, else x ({@code add} false); r = x + m (mod 2^(32n)) if the chain before
     * borrowed (its {@code c} still holds that borrow in bit 63), else x ({@code add} true).
     */
    private static void select(StringBuilder s, String x, int[] m, boolean add) {
        int n = m.length;
        declare(s, "u", n);
        line(s, "uint keep;");
        if (add) {
            line(s, "keep = (uint) (c >> 63) ^ 1u;");
            for (int j = 0; j < n; j++) {
                line(s, "c = (ulong) " + x + j + " + " + lit(m[j]) + (j == 0 ? "" : " + (c >> 32)") + "; u" + j
                        + " = (uint) c;");
            }
        } else {
            for (int j = 0; j < n; j++) {
                line(s, "c = (ulong) " + x + j + " - " + lit(m[j]) + (j == 0 ? "" : " - (c >> 63)") + "; u" + j
                        + " = (uint) c;");
            }
            line(s, "keep = (uint) (c >> 63);");
        }
        for (int j = 0; j < n; j++) {
            line(s, "r[" + j + "] = keep ? " + x + j + " : u" + j + ";");
        }
    }

    private static void declare(StringBuilder s, String prefix, int n) {
        StringBuilder d = new StringBuilder("uint ");
        for (int j = 0; j < n; j++) {
            d.append(j == 0 ? "" : ", ").append(prefix).append(j);
        }
        line(s, d.append(';').toString());
    }

    private static void line(StringBuilder s, String text) {
        s.append("    ").append(text).append('\n');
    }

    static String lit(int v) {
        return String.format("0x%08Xu", v);
    }
}
