package jzk.prover.groth16;

import jzk.arith.Curve;

import java.util.concurrent.ForkJoinTask;
import java.util.function.Supplier;

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
 * proof is affine (normalised), so equal inputs give byte-identical proofs on every backend. The work is the
 * composition of {@link StagedProver}'s two phases (G1 phase, then the G2 MSM and assembly), with the G2 MSM
 * overlapping the G1 phase on a concurrent backend.
 */
public final class Prover {
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
        if (be == CpuBackend.INSTANCE && ForkJoinTask.getPool() != CpuBackend.POOL) {
            return CpuBackend.POOL.submit(() -> prove(pk, be, a, b, c, zCanonical, r, s)).join();
        }
        long t0 = System.nanoTime();
        Supplier<long[]> b2Sum = StagedProver.start(be, () -> StagedProver.msmB2(pk, be, zCanonical));
        StagedProver.G1Sums g1 = StagedProver.g1Phase(pk, be, a, b, c, zCanonical);
        Proof proof = StagedProver.assemble(pk, g1, b2Sum.get(), r, s);
        if (StagedProver.TIMING) {
            System.err.printf("prove[%s, 2^%d]: total %.0f ms%n", be.name(), pk.lgDomain,
                    (System.nanoTime() - t0) / 1e6);
        }
        return proof;
    }

    static long[] affine(Curve curve, long[] jac) {
        return StagedProver.affine(curve, jac);
    }
}
