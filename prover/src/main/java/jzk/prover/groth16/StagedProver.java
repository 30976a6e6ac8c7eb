package jzk.prover.groth16;

import jzk.arith.Curve;
import jzk.arith.Fr;
import jzk.arith.FrDomain;
import jzk.arith.G1;
import jzk.arith.G2;
import jzk.arith.MontgomeryField;
import jzk.prover.config.ProverConfig;
import jzk.prover.r1cs.R1cs;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.ForkJoinTask;
import java.util.function.Supplier;

/**
 * {@link Prover} split in the two phases of a pipelined prover (cuzk/SupraSeal's GPU stage and CPU tail):
 *
 * <ol>
 *   <li>{@link #g1Phase} — the device part: the quotient H (NTTs) and the four G1 MSMs Σz·A, Σz·B1, Σz·L,
 *       Σh·H. It consumes (overwrites) the evaluation vectors a, b, c; its result is four Jacobian points.</li>
 *   <li>{@link #finish} — the CPU tail: the G2 MSM Σz·B2 ({@link #msmB2}) and the blinding/assembly
 *       ({@link #assemble}).</li>
 * </ol>
 *
 * {@link Prover#prove} is exactly {@code assemble(g1Phase(...), msmB2(...))} (with the G2 MSM overlapped), so
 * with fixed r, s the staged and one-shot paths give byte-identical proofs. Conventions are {@link Prover}'s:
 * a, b, c Montgomery Fr of the domain size, z canonical Fr, r and s Montgomery Fr.
 */
public final class StagedProver {
    private static final MontgomeryField F = Fr.F;
    /** {@code -Djzk.prover.timing=true} prints per-phase wall times to stderr (benchmarks, tuning). */
    static final boolean TIMING = ProverConfig.get().proverTiming();

    private StagedProver() {
    }

    /**
     * The G1 sums of one proof, Jacobian G1 (18 longs each): a = Σ z_j·A_j, b1 = Σ z_j·B1_j, l = Σ_{private}
     * z_j·L_j, h = Σ h_i·H_i. Small (4 × 144 bytes): this is what crosses from the device stage to the CPU tail.
     */
    public record G1Sums(long[] a, long[] b1, long[] l, long[] h) {
    }

    /**
     * The QAP evaluations of a bellman-family key for {@code cs} and assignment {@code z} (Montgomery): rows
     * 0..m−1 are A·z, B·z, C·z by the sparse mat-vec; rows m..m+nPublic are the input-consistency rows of
     * {@link Setup} (A = z_j, B = C = 0); the rest of the domain is zero. Writes a, b, c (n·4 longs each, zeroed
     * by the caller).
     */
    public static void evaluations(ProvingKey pk, R1cs cs, long[] z, long[] a, long[] b, long[] c) {
        int n = pk.domainSize();
        if (a.length != n * 4 || b.length != n * 4 || c.length != n * 4) {
            throw new IllegalArgumentException("a, b, c must have the domain size " + n);
        }
        cs.evaluate(z, a, b, c);
        System.arraycopy(z, 0, a, cs.numConstraints() * 4, (pk.nPublic + 1) * 4);
    }

    /**
     * Phase 1 (device): H by the key's variant and its MSM; the MSMs that do not need H (A, B1, L) overlap the
     * NTTs on a {@link ProverBackend#concurrent() concurrent} backend, else run in order on this thread.
     * a, b, c are overwritten.
     */
    public static G1Sums g1Phase(ProvingKey pk, ProverBackend be, long[] a, long[] b, long[] c, long[] zCanonical) {
        int n = pk.domainSize();
        if (a.length != n * 4 || b.length != n * 4 || c.length != n * 4) {
            throw new IllegalArgumentException("a, b, c must have the domain size " + n);
        }
        checkAssignment(pk, zCanonical);
        int nPub1 = pk.nPublic + 1;
        long t0 = System.nanoTime();
        Supplier<long[]> aSum = start(be, () -> be.msmKey(pk, KeySection.A, zCanonical, 0, pk.nVars));
        Supplier<long[]> b1Sum = start(be, () -> be.msmKey(pk, KeySection.B1, zCanonical, 0, pk.nVars));
        Supplier<long[]> lSum = start(be,
                () -> be.msmKey(pk, KeySection.L, zCanonical, nPub1 * 4, pk.nVars - nPub1));
        FrDomain domain = new FrDomain(pk.lgDomain, pk.hVariant == ProvingKey.HVariant.BELLMAN
                ? Fr.RootFamily.GENERATOR_7 : Fr.RootFamily.SNARKJS_5);
        long[] h = be.quotient(pk.hVariant, domain, a, b, c);
        long tH = System.nanoTime();
        int hCount = pk.hCount();
        F.toCanonicalVector(h, 0, hCount);
        long[] hSum = be.msmKey(pk, KeySection.H, h, 0, hCount);
        long tHMsm = System.nanoTime();
        G1Sums sums = new G1Sums(aSum.get(), b1Sum.get(), lSum.get(), hSum);
        if (TIMING) {
            System.err.printf("g1Phase[%s, 2^%d]: quotient %.0f ms, H msm %.0f ms, other G1 msms done +%.0f ms, "
                            + "total %.0f ms%n", be.name(), pk.lgDomain, (tH - t0) / 1e6, (tHMsm - tH) / 1e6,
                    (System.nanoTime() - tHMsm) / 1e6, (System.nanoTime() - t0) / 1e6);
        }
        return sums;
    }

    /** The first row i < m with a_i·b_i ≠ c_i (Montgomery vectors), or −1: the R1CS check on the evaluations. */
    public static int firstUnsatisfiedRow(long[] a, long[] b, long[] c, int m) {
        long[] t = new long[4];
        for (int i = 0; i < m; i++) {
            F.mul(t, 0, a, i * 4, b, i * 4);
            if (!F.equal(t, 0, c, i * 4)) {
                return i;
            }
        }
        return -1;
    }

    /**
     * Starts {@code work} concurrently with the caller when the backend allows it and returns its result's getter:
     * forked into the caller's fork-join pool when the caller is a pool worker ({@link CpuBackend#POOL} inside
     * {@link Prover#prove}: the getter's {@code join()} then helps run the pending MSM window tasks instead of
     * blocking, so no core idles at the end of the G1 phase), else supplied to the common pool; on a
     * non-concurrent backend run at once on this thread (calls then run in order).
     */
    static <T> Supplier<T> start(ProverBackend be, Supplier<T> work) {
        if (!be.concurrent()) {
            T v = work.get();
            return () -> v;
        }
        if (ForkJoinTask.inForkJoinPool()) {
            ForkJoinTask<T> t = ForkJoinTask.adapt(work::get).fork();
            return t::join;
        }
        CompletableFuture<T> f = CompletableFuture.supplyAsync(work, ForkJoinPool.commonPool());
        return f::join;
    }

    /** Σ z_j·B2_j in G2 (Jacobian, 36 longs). */
    public static long[] msmB2(ProvingKey pk, ProverBackend be, long[] zCanonical) {
        checkAssignment(pk, zCanonical);
        return be.msmKey(pk, KeySection.B2, zCanonical, 0, pk.nVars);
    }

    /** Phase 2 (CPU tail): the G2 MSM on {@code be}, then {@link #assemble}. */
    public static Proof finish(ProvingKey pk, ProverBackend be, G1Sums g, long[] zCanonical, long[] r, long[] s) {
        return assemble(pk, g, msmB2(pk, be, zCanonical), r, s);
    }

    /**
     * Groth16 §3.2 assembly from the sums (Jacobian; not modified): A = α + Σz·A + r·δ, B = β + Σz·B2 + s·δ,
     * B1 = β + Σz·B1 + s·δ, C = Σz·L + Σh·H + s·A + r·B1 − r·s·δ; the proof is affine.
     */
    public static Proof assemble(ProvingKey pk, G1Sums g, long[] b2Sum, long[] r, long[] s) {
        Curve g1 = G1.CURVE;
        Curve g2 = G2.CURVE;
        long[] rc = canonical(r);
        long[] sc = canonical(s);
        long[] rs = new long[4];
        F.mul(rs, 0, r, 0, s, 0);
        long[] rsc = canonical(rs);

        long[] pa = g.a().clone();
        addAffine(g1, pa, pk.alpha1);
        addScaled(g1, pa, pk.delta1, rc);

        long[] pb = b2Sum.clone();
        addAffine(g2, pb, pk.beta2);
        addScaled(g2, pb, pk.delta2, sc);

        long[] pb1 = g.b1().clone();
        addAffine(g1, pb1, pk.beta1);
        addScaled(g1, pb1, pk.delta1, sc);

        long[] pc = g.l().clone();
        g1.add(pc, 0, pc, 0, g.h(), 0);
        long[] t = new long[Points.G1_JAC];
        g1.mulJacobian(t, 0, pa, 0, F.toBigInteger(s, 0));
        g1.add(pc, 0, pc, 0, t, 0);
        g1.mulJacobian(t, 0, pb1, 0, F.toBigInteger(r, 0));
        g1.add(pc, 0, pc, 0, t, 0);
        long[] negDelta = new long[Points.G1];
        g1.negAffine(negDelta, 0, pk.delta1, 0);
        addScaled(g1, pc, negDelta, rsc);

        return new Proof(affine(g1, pa), affine(g2, pb), affine(g1, pc));
    }

    private static void checkAssignment(ProvingKey pk, long[] zCanonical) {
        if (zCanonical.length != pk.nVars * 4) {
            throw new IllegalArgumentException("assignment has " + zCanonical.length / 4 + " variables, key has "
                    + pk.nVars);
        }
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
