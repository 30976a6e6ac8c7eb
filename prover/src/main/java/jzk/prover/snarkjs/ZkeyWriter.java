package jzk.prover.snarkjs;

import jzk.arith.Fp;
import jzk.arith.Fr;
import jzk.arith.Limbs;
import jzk.prover.groth16.Points;
import jzk.prover.groth16.ProvingKey;
import jzk.prover.r1cs.CsrMatrix;
import jzk.prover.r1cs.R1cs;

import java.io.IOException;
import java.nio.file.Path;

/**
 * Writes a snarkjs Groth16 proving key ({@code .zkey} version 1, curve bls12381; shared/reference/snarkjs-formats.md
 * §3) from a {@link ProvingKey.HVariant#SNARKJS_ODD} key (e.g. {@link jzk.prover.groth16.SnarkjsSetup}) and its
 * {@link R1cs}: the file {@code snarkjs groth16 prove} and {@link Zkey#read} accept.
 *
 * <p>Layout written (sections 1..10 in order): protocol = 1; header (q, r, nVars, nPublic, domainSize, α₁, β₁, β₂,
 * γ₂, δ₁, δ₂); IC; coefficients (every non-zero of the r1cs A and B, then the nPublic + 1 input rows
 * {0, m + s, s, 1}; values coef·R² mod r, i.e. the Montgomery form of the Montgomery form); A, B1, B2, C, H; an
 * empty contribution section (64 zero hash bytes, 0 contributions; the prover does not read it). Points are
 * written as their Montgomery limbs (snarkjs's "LEM" encoding), infinity as zeros — no conversion.
 */
public final class ZkeyWriter {
    private ZkeyWriter() {
    }

    public static void write(Path path, R1cs cs, ProvingKey pk) throws IOException {
        if (pk.hVariant != ProvingKey.HVariant.SNARKJS_ODD) {
            throw new IllegalArgumentException("a zkey needs a snarkjs-family key (H at the odd 2n-th roots); got "
                    + pk.hVariant + " (bellman keys do not fit snarkjs's prover)");
        }
        if (cs.numVariables() != pk.nVars || cs.numInputs() != pk.nPublic) {
            throw new IllegalArgumentException("key (nVars " + pk.nVars + ", nPublic " + pk.nPublic
                    + ") does not belong to the r1cs (" + cs.numVariables() + ", " + cs.numInputs() + ")");
        }
        int m = cs.numConstraints();
        try (BinFileWriter w = new BinFileWriter(path, "zkey", 1, 10)) {
            w.startSection(1);
            w.u32(1); // groth16
            w.endSection();

            w.startSection(2);
            w.u32(48);
            w.longs(Limbs.fromBigInteger(Fp.P, Fp.LIMBS), 0, Fp.LIMBS);
            w.u32(32);
            w.longs(Limbs.fromBigInteger(Fr.R, Fr.LIMBS), 0, Fr.LIMBS);
            w.u32(pk.nVars);
            w.u32(pk.nPublic);
            w.u32(pk.domainSize());
            w.longs(pk.alpha1, 0, Points.G1);
            w.longs(pk.beta1, 0, Points.G1);
            w.longs(pk.beta2, 0, Points.G2);
            w.longs(pk.vk.gamma2, 0, Points.G2);
            w.longs(pk.delta1, 0, Points.G1);
            w.longs(pk.delta2, 0, Points.G2);
            w.endSection();

            w.startSection(3);
            w.longs(pk.vk.ic, 0, (pk.nPublic + 1) * Points.G1);
            w.endSection();

            w.startSection(4);
            w.u32(cs.a().nnz() + cs.b().nnz() + pk.nPublic + 1);
            coefficients(w, 0, cs.a());
            coefficients(w, 1, cs.b());
            long[] one = Fr.F.fromLong(1);
            for (int s = 0; s <= pk.nPublic; s++) {
                record(w, 0, m + s, s, one, 0);
            }
            w.endSection();

            section(w, 5, pk.a);
            section(w, 6, pk.b1);
            section(w, 7, pk.b2);
            section(w, 8, pk.l);
            section(w, 9, pk.h);

            w.startSection(10);
            w.zeros(64);
            w.u32(0);
            w.endSection();
        }
    }

    private static void coefficients(BinFileWriter w, int matrix, CsrMatrix mat) throws IOException {
        int[] rs = mat.rowStart();
        int[] ci = mat.colIndex();
        long[] co = mat.coeffTable();
        for (int i = 0; i < mat.rows(); i++) {
            for (int k = rs[i]; k < rs[i + 1]; k++) {
                record(w, matrix, i, ci[k], co, mat.coeffOffset(k));
            }
        }
    }

    /** One coefficient record; {@code coef} is Montgomery Fr (coef·R), written as coef·R² = its Montgomery form. */
    private static void record(BinFileWriter w, int matrix, int constraint, int signal, long[] coef, int off)
            throws IOException {
        long[] v = new long[4];
        Fr.F.fromCanonical(v, 0, coef, off);
        w.u32(matrix);
        w.u32(constraint);
        w.u32(signal);
        w.longs(v, 0, 4);
    }

    private static void section(BinFileWriter w, int id, long[] points) throws IOException {
        w.startSection(id);
        w.longs(points, 0, points.length);
        w.endSection();
    }
}
