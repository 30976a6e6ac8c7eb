package jzk.prover.groth16;

import jzk.arith.Curve;
import jzk.arith.Fr;
import jzk.arith.FrDomain;
import jzk.arith.G1;
import jzk.arith.G2;
import jzk.arith.MontgomeryField;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import java.util.concurrent.ForkJoinPool;

/**
 * Groth16 proof assembly (Groth, "On the Size of Pairing-based Non-interactive Arguments", EUROCRYPT 2016, §3.2)
 * for either key family, from the QAP evaluations a = A·z, b = B·z, c = C·z on the domain and the assignment z:
 *
 * <pre>
 *   A  = α + Σ z_j·A_j + r·δ                  (G1)
 *   B  = β + Σ z_j·B_j + s·δ                  (G2, and B1 in G1 for C)
 *   C  = Σ_{j private} z_j·L_j + Σ h_i·H_i + s·A + r·B1 − r·s·δ   (G1)
 * </pre>
 *
 * <p>Inputs: a, b, c are Montgomery Fr vectors of exactly n = 2^lgDomain elements (rows past the QAP are zero) and
 * are overwritten; z holds canonical Fr (the MSM scalar form), nVars × 4 longs; r and s are Montgomery Fr. The
 * proof is affine (normalised), so equal inputs give byte-identical proofs on every backend.
 */
public final class Prover {
    private static final MontgomeryField F = Fr.F;
    /** {@code -Djzk.prover.timing=true} prints per-phase wall times to stderr (benchmarks, tuning). */
    private static final boolean TIMING = Boolean.getBoolean("jzk.prover.timing");

    private Prover() {
    }

    public static Proof prove(ProvingKey pk, ProverBackend be, long[] a, long[] b, long[] c, long[] zCanonical,
                              long[] r, long[] s) {
        int n = pk.domainSize();
        if (a.length != n * 4 || b.length != n * 4 || c.length != n * 4) {
            throw new IllegalArgumentException("a, b, c must have the domain size " + n);
        }
        if (zCanonical.length != pk.nVars * 4) {
            throw new IllegalArgumentException("assignment has " + zCanonical.length / 4 + " variables, key has "
                    + pk.nVars);
        }
        int nPub1 = pk.nPublic + 1;
        long t0 = System.nanoTime();
        // MSMs that do not need H start while the NTTs run (on a concurrent backend; else in this thread, in order).
        Executor ex = be.concurrent() ? ForkJoinPool.commonPool() : Runnable::run;
        CompletableFuture<long[]> aSum = CompletableFuture.supplyAsync(
                () -> be.msmG1(pk.a, 0, zCanonical, 0, pk.nVars), ex);
        CompletableFuture<long[]> b1Sum = CompletableFuture.supplyAsync(
                () -> be.msmG1(pk.b1, 0, zCanonical, 0, pk.nVars), ex);
        CompletableFuture<long[]> b2Sum = CompletableFuture.supplyAsync(
                () -> be.msmG2(pk.b2, 0, zCanonical, 0, pk.nVars), ex);
        CompletableFuture<long[]> lSum = CompletableFuture.supplyAsync(
                () -> be.msmG1(pk.l, 0, zCanonical, nPub1 * 4, pk.nVars - nPub1), ex);
        FrDomain domain = new FrDomain(pk.lgDomain, pk.hVariant == ProvingKey.HVariant.BELLMAN
                ? Fr.RootFamily.GENERATOR_7 : Fr.RootFamily.SNARKJS_5);
        long[] h = be.quotient(pk.hVariant, domain, a, b, c);
        long tH = System.nanoTime();
        int hCount = pk.h.length / Points.G1;
        F.toCanonicalVector(h, 0, hCount);
        long[] hSum = be.msmG1(pk.h, 0, h, 0, hCount);
        long tHMsm = System.nanoTime();

        Curve g1 = G1.CURVE;
        Curve g2 = G2.CURVE;
        long[] rc = canonical(r);
        long[] sc = canonical(s);
        long[] rs = new long[4];
        F.mul(rs, 0, r, 0, s, 0);
        long[] rsc = canonical(rs);

        long[] pa = aSum.join();
        addAffine(g1, pa, pk.alpha1);
        addScaled(g1, pa, pk.delta1, rc);

        long[] pb = b2Sum.join();
        addAffine(g2, pb, pk.beta2);
        addScaled(g2, pb, pk.delta2, sc);

        long[] pb1 = b1Sum.join();
        addAffine(g1, pb1, pk.beta1);
        addScaled(g1, pb1, pk.delta1, sc);

        long[] pc = lSum.join();
        g1.add(pc, 0, pc, 0, hSum, 0);
        long[] t = new long[Points.G1_JAC];
        g1.mulJacobian(t, 0, pa, 0, F.toBigInteger(s, 0));
        g1.add(pc, 0, pc, 0, t, 0);
        g1.mulJacobian(t, 0, pb1, 0, F.toBigInteger(r, 0));
        g1.add(pc, 0, pc, 0, t, 0);
        long[] negDelta = new long[Points.G1];
        g1.negAffine(negDelta, 0, pk.delta1, 0);
        addScaled(g1, pc, negDelta, rsc);

        Proof proof = new Proof(affine(g1, pa), affine(g2, pb), affine(g1, pc));
        if (TIMING) {
            System.err.printf("prove[%s, 2^%d]: quotient %.0f ms, H msm %.0f ms, other msms done +%.0f ms, "
                            + "total %.0f ms%n", be.name(), pk.lgDomain, (tH - t0) / 1e6, (tHMsm - tH) / 1e6,
                    (System.nanoTime() - tHMsm) / 1e6, (System.nanoTime() - t0) / 1e6);
        }
        return proof;
    }

    private static long[] canonical(long[] m) {
        long[] c = new long[4];
        F.toCanonical(c, 0, m, 0);
        return c;
    }

    private static void addAffine(Curve curve, long[] jac, long[] aff) {
        if (!Points.isZero(aff, 0, curve.affineLongs())) {
            curve.addMixed(jac, 0, jac, 0, aff, 0);
        }
    }

    /** jac += k·aff (k canonical, 4 limbs). */
    private static void addScaled(Curve curve, long[] jac, long[] aff, long[] k) {
        long[] t = new long[curve.jacobianLongs()];
        curve.mul(t, 0, aff, 0, k, 0, 4);
        curve.add(jac, 0, jac, 0, t, 0);
    }

    static long[] affine(Curve curve, long[] jac) {
        long[] r = new long[curve.affineLongs()];
        curve.toAffine(r, 0, jac, 0);
        return r;
    }
}
