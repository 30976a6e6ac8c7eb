package jzk.prover.snarkjs;

import jzk.arith.Fp;
import jzk.arith.Fr;
import jzk.arith.Limbs;
import jzk.prover.groth16.CurveCheck;

import java.io.IOException;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.math.BigInteger;
import java.nio.file.Path;

/**
 * A snarkjs Groth16 proving key ({@code .zkey}, version 1, curve bls12381), read by memory-mapping
 * (shared/reference/snarkjs-formats.md §3).
 *
 * <p>Invariants: points are affine in the jzk layout (G1 = x, y: 12 longs; G2 = x.c0, x.c1, y.c0, y.c1: 24 longs;
 * infinity = all zeros), coordinates Montgomery-form Fp with R = 2^384 — which is exactly snarkjs's "LEM" byte
 * encoding read as little-endian longs, so the point sections are copied without conversion. Every non-zero point
 * is checked to be on its curve; the subgroup only with {@code -Djzk.params.checkSubgroup=true} (costly; snarkjs's
 * prover does not check it either; see {@code CurveCheck}). The
 * coefficient section is kept as parallel arrays; {@link #coefValue} holds Montgomery-form Fr of the coefficient
 * (the file holds coef·R² mod r, whose Montgomery reduction is coef·R). Sizes are u32 counts times record sizes
 * computed in long, array lengths through {@link BinFile#arrayLength} (overflow ⇒ an error naming the offset).
 */
public final class Zkey {
    public static final int G1_LONGS = 2 * Fp.LIMBS;
    public static final int G2_LONGS = 4 * Fp.LIMBS;
    private static final int G1_BYTES = 96;
    private static final int G2_BYTES = 192;

    public final Path path;
    public final int nVars;
    public final int nPublic;
    public final int domainSize;
    public final int lgDomain;
    public final long[] alpha1 = new long[G1_LONGS];
    public final long[] beta1 = new long[G1_LONGS];
    public final long[] beta2 = new long[G2_LONGS];
    public final long[] gamma2 = new long[G2_LONGS];
    public final long[] delta1 = new long[G1_LONGS];
    public final long[] delta2 = new long[G2_LONGS];
    /** nPublic+1 G1 points. */
    public final long[] ic;
    /** Coefficient records: matrix (0 = A, 1 = B), constraint, signal, value (Montgomery Fr, 4 longs each). */
    public final int nCoefs;
    public final int[] coefMatrix;
    public final int[] coefConstraint;
    public final int[] coefSignal;
    public final long[] coefValue;
    /** nVars G1, nVars G1, nVars G2, (nVars−nPublic−1) G1, domainSize G1. */
    public final long[] a;
    public final long[] b1;
    public final long[] b2;
    public final long[] c;
    public final long[] h;

    private Zkey(BinFile f) {
        this.path = f.path;
        if (f.version != 1) {
            throw f.error(4, "zkey version " + f.version + ", only version 1 is supported");
        }
        f.requireSize(1, "protocol", 4);
        int protocol = f.u32(f.start(1, "protocol"));
        if (protocol != 1) {
            throw f.error(f.start(1, "protocol"), "protocol id " + protocol + " is not Groth16 (1)"
                    + (protocol == 2 ? "; this is a PLONK key" : protocol == 10 ? "; this is an FFLONK key" : ""));
        }
        long o = f.start(2, "header");
        f.requireSize(2, "header", 4 + 48 + 4 + 32 + 12 + 3 * G1_BYTES + 3 * G2_BYTES);
        int n8q = f.u32(o);
        if (n8q != 48 || !readPlain(f, o + 4, 48).equals(Fp.P)) {
            throw f.error(o, "base field is not BLS12-381's q (n8q = " + n8q + "); the key is for another curve");
        }
        o += 52;
        int n8r = f.u32(o);
        if (n8r != 32 || !readPlain(f, o + 4, 32).equals(Fr.R)) {
            throw f.error(o, "scalar field is not BLS12-381's r (n8r = " + n8r + ")");
        }
        o += 36;
        this.nVars = f.u32(o);
        this.nPublic = f.u32(o + 4);
        this.domainSize = f.u32(o + 8);
        o += 12;
        if (nVars <= 0 || nPublic < 0 || nPublic >= nVars) {
            throw f.error(o - 12, "bad shape: nVars = " + nVars + ", nPublic = " + nPublic);
        }
        if (domainSize <= 0 || Integer.bitCount(domainSize) != 1) {
            throw f.error(o - 4, "domainSize " + domainSize + " is not a power of two");
        }
        this.lgDomain = Integer.numberOfTrailingZeros(domainSize);
        o = readPoints(f, o, alpha1, 1, false, "alpha1");
        o = readPoints(f, o, beta1, 1, false, "beta1");
        o = readPoints(f, o, beta2, 1, true, "beta2");
        o = readPoints(f, o, gamma2, 1, true, "gamma2");
        o = readPoints(f, o, delta1, 1, false, "delta1");
        readPoints(f, o, delta2, 1, true, "delta2");

        f.requireSize(3, "IC", (long) (nPublic + 1) * G1_BYTES);
        this.ic = new long[f.arrayLength(nPublic + 1L, G1_LONGS, f.start(3, "IC"), "IC")];
        readPoints(f, f.start(3, "IC"), ic, nPublic + 1, false, "IC");

        long co = f.start(4, "coefficients");
        long nCoefsU = Integer.toUnsignedLong(f.u32(co));
        f.requireSize(4, "coefficients", 4 + nCoefsU * 44);
        this.nCoefs = f.arrayLength(nCoefsU, 1, co, "coefficients");
        coefMatrix = new int[nCoefs];
        coefConstraint = new int[nCoefs];
        coefSignal = new int[nCoefs];
        coefValue = new long[f.arrayLength(nCoefs, Fr.LIMBS, co, "coefficients")];
        long[] raw = new long[Fr.LIMBS];
        long[] rLimbs = Fr.F.modulusLimbs();
        for (int i = 0; i < nCoefs; i++) {
            long r = co + 4 + (long) i * 44;
            int m = f.u32(r);
            int cons = f.u32(r + 4);
            int sig = f.u32(r + 8);
            if (m != 0 && m != 1) {
                throw f.error(r, "coefficient " + i + ": matrix " + m + " (expected 0 = A or 1 = B)");
            }
            if (cons < 0 || cons >= domainSize) {
                throw f.error(r + 4, "coefficient " + i + ": constraint " + cons + " outside the domain of "
                        + domainSize);
            }
            if (sig < 0 || sig >= nVars) {
                throw f.error(r + 8, "coefficient " + i + ": signal " + sig + " ≥ nVars " + nVars);
            }
            MemorySegment.copy(f.seg, BinFile.U64, r + 12, raw, 0, Fr.LIMBS);
            if (!Limbs.lessThan(raw, 0, rLimbs, 0, Fr.LIMBS)) {
                throw f.error(r + 12, "coefficient " + i + " is not reduced modulo r");
            }
            coefMatrix[i] = m;
            coefConstraint[i] = cons;
            coefSignal[i] = sig;
            Fr.F.toCanonical(coefValue, i * Fr.LIMBS, raw, 0); // (coef·R²)·R⁻¹ = Montgomery form of coef
        }

        int nPriv = nVars - nPublic - 1;
        a = section(f, 5, "A", nVars, false);
        b1 = section(f, 6, "B1", nVars, false);
        b2 = section(f, 7, "B2", nVars, true);
        c = section(f, 8, "C", nPriv, false);
        h = section(f, 9, "H", domainSize, false);
    }

    /** Reads and validates the zkey at {@code path}. */
    public static Zkey read(Path path) throws IOException {
        try (Arena arena = Arena.ofConfined()) {
            return new Zkey(BinFile.open(path, "zkey", arena));
        }
    }

    private static long[] section(BinFile f, int id, String name, int count, boolean g2) {
        int bytes = g2 ? G2_BYTES : G1_BYTES;
        f.requireSize(id, name, (long) count * bytes);
        long[] out = new long[f.arrayLength(count, g2 ? G2_LONGS : G1_LONGS, f.start(id, name), name)];
        readPoints(f, f.start(id, name), out, count, g2, name);
        return out;
    }

    /** Copies {@code count} points from the file and checks each; returns the offset after them. */
    private static long readPoints(BinFile f, long off, long[] out, int count, boolean g2, String name) {
        int longs = g2 ? G2_LONGS : G1_LONGS;
        MemorySegment.copy(f.seg, BinFile.U64, off, out, 0, count * longs);
        int bad = g2 ? CurveCheck.firstBadG2(out, count) : CurveCheck.firstBadG1(out, count);
        if (bad >= 0) {
            throw f.error(off + (long) bad * longs * 8, name + " point " + bad + " is not on "
                    + (g2 ? CurveCheck.G2_EQUATION : CurveCheck.G1_EQUATION) + " (or a coordinate is ≥ q)");
        }
        if (CurveCheck.subgroupCheckByDefault()) {
            bad = CurveCheck.firstNotInSubgroup(out, count, g2);
            if (bad >= 0) {
                throw f.error(off + (long) bad * longs * 8, name + " point " + bad + " is not in the order-r subgroup"
                        + " of " + (g2 ? "G2" : "G1"));
            }
        }
        return off + (long) count * longs * 8;
    }

    private static BigInteger readPlain(BinFile f, long off, int len) {
        long[] l = new long[len / 8];
        MemorySegment.copy(f.seg, BinFile.U64, off, l, 0, l.length);
        return Limbs.toBigInteger(l, 0, l.length);
    }
}
