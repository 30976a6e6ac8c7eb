package jzk.prover.groth16;

import jzk.arith.Fp;
import jzk.arith.Limbs;
import jzk.arith.MontgomeryField;
import jzk.prover.config.ProverConfig;

/**
 * Curve-equation checks on affine points in the jzk layout (G1: x, y; G2: x.c0, x.c1, y.c0, y.c1; Montgomery Fp,
 * 6 limbs each; all-zero = infinity, which passes). Used by readers of untrusted files before any arithmetic.
 * Coordinates must also be reduced (&lt; q), else the point is reported bad.
 *
 * <p>E1: y² = x³ + 4 over Fp. E2: y² = x³ + 4(1 + u) over Fp2 = Fp[u]/(u² + 1) (BLS12-381 definition, IETF
 * draft-irtf-cfrg-pairing-friendly-curves §4.2.1).
 *
 * <p>Subgroup membership ({@link #firstNotInSubgroup}) is opt-in for parameter readers
 * ({@code -Djzk.params.checkSubgroup=true}, {@link #subgroupCheckByDefault}). Why off by default: it costs a
 * short scalar multiplication per point (Scott's endomorphism tests in field-arith, G1 σ(P) = [−z²]P, G2
 * ψ(P) = [z]P), tens of times the curve equation — measured ≈ 0.3 ms per G1 or G2 point on one core of the
 * loaded 2-core build machine (SubgroupCheckTest prints it), i.e. ~25 CPU-minutes for a 2^20 key (5·2^20 points),
 * ~100 s on 16 cores, against about a second for the rest of the read — and jzk's own files come from jzk's
 * generator. Worth it for keys made elsewhere: a point outside the subgroup makes every proof under the key
 * invalid, and the check names it (section, index, byte offset) at load time instead.
 */
public final class CurveCheck {
    public static final String G1_EQUATION = "the G1 curve y² = x³ + 4";
    public static final String G2_EQUATION = "the G2 curve y² = x³ + 4(1+u)";
    private static final MontgomeryField F = Fp.F;
    private static final int L = Fp.LIMBS;
    private static final long[] P = F.modulusLimbs();
    private static final long[] FOUR = F.fromLong(4);

    private CurveCheck() {
    }

    /** Whether readers check subgroup membership when the caller does not say: {@code -Djzk.params.checkSubgroup}. */
    public static boolean subgroupCheckByDefault() {
        return ProverConfig.get().checkSubgroup();
    }

    /**
     * Index of the first of {@code count} on-curve affine points (G1, or G2 when {@code g2}) that is not in the
     * order-r subgroup, or −1; in parallel on the common pool. Infinity passes. Call after the curve check.
     */
    public static int firstNotInSubgroup(long[] pts, int count, boolean g2) {
        return (g2 ? jzk.arith.G2.CURVE : jzk.arith.G1.CURVE).firstInvalidAffine(pts, 0, count, true);
    }

    /** Index of the first G1 point of {@code pts[0 .. count·12)} that is bad, or −1. */
    public static int firstBadG1(long[] pts, int count) {
        long[] t = new long[2 * L];
        for (int i = 0; i < count; i++) {
            int o = i * 2 * L;
            if (isZero(pts, o, 2 * L)) {
                continue;
            }
            if (!reduced(pts, o, 2)) {
                return i;
            }
            F.square(t, 0, pts, o);
            F.mul(t, 0, t, 0, pts, o);
            F.add(t, 0, t, 0, FOUR, 0);
            F.square(t, L, pts, o + L);
            if (!F.equal(t, 0, t, L)) {
                return i;
            }
        }
        return -1;
    }

    /** Index of the first G2 point of {@code pts[0 .. count·24)} that is bad, or −1. */
    public static int firstBadG2(long[] pts, int count) {
        long[] x2 = new long[2 * L];
        long[] rhs = new long[2 * L];
        long[] lhs = new long[2 * L];
        for (int i = 0; i < count; i++) {
            int o = i * 4 * L;
            if (isZero(pts, o, 4 * L)) {
                continue;
            }
            if (!reduced(pts, o, 4)) {
                return i;
            }
            fp2Mul(x2, pts, o, pts, o);
            fp2Mul(rhs, x2, 0, pts, o);
            // + 4(1 + u) = 4 + 4u
            F.add(rhs, 0, rhs, 0, FOUR, 0);
            F.add(rhs, L, rhs, L, FOUR, 0);
            fp2Mul(lhs, pts, o + 2 * L, pts, o + 2 * L);
            if (!F.equal(lhs, 0, rhs, 0) || !F.equal(lhs, L, rhs, L)) {
                return i;
            }
        }
        return -1;
    }

    /** r = a·b in Fp2: (a0 + a1u)(b0 + b1u) = (a0b0 − a1b1) + (a0b1 + a1b0)u. r must not alias a or b. */
    private static void fp2Mul(long[] r, long[] a, int ao, long[] b, int bo) {
        long[] t = new long[L];
        F.mul(r, 0, a, ao, b, bo);
        F.mul(t, 0, a, ao + L, b, bo + L);
        F.sub(r, 0, r, 0, t, 0);
        F.mul(r, L, a, ao, b, bo + L);
        F.mul(t, 0, a, ao + L, b, bo);
        F.add(r, L, r, L, t, 0);
    }

    private static boolean reduced(long[] a, int o, int coords) {
        for (int k = 0; k < coords; k++) {
            if (!Limbs.lessThan(a, o + k * L, P, 0, L)) {
                return false;
            }
        }
        return true;
    }

    private static boolean isZero(long[] a, int o, int len) {
        for (int k = 0; k < len; k++) {
            if (a[o + k] != 0) {
                return false;
            }
        }
        return true;
    }
}
