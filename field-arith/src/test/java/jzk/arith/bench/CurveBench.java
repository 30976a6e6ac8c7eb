package jzk.arith.bench;

import java.math.BigInteger;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import jzk.arith.Fr;
import jzk.arith.G1;
import jzk.arith.G2;
import jzk.arith.Pippenger;
import org.apache.milagro.amcl.BLS381.ECP;
import org.apache.milagro.amcl.BLS381.ECP2;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/**
 * Group operations, jzk vs Milagro AMCL 0.4.0: G1 mixed addition (Jacobian + affine; milagro's ECP.add on its
 * projective points is its only addition), G2 addition, and CPU MSM. Milagro 0.4.0 has no MSM: its baseline
 * is the sum of single scalar multiplications over {@code MILAGRO_MSM_POINTS} points (per-point cost ×
 * 2^16 gives its 2^16 figure; running 65 536 of them per operation would take minutes).
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
public class CurveBench {
    static final int MSM_LG = 16;
    static final int MILAGRO_MSM_POINTS = 64;

    long[] g1Jac = new long[G1.JACOBIAN_LONGS];
    long[] g1Aff;
    long[] g1Out = new long[G1.JACOBIAN_LONGS];
    long[] g2JacA = new long[G2.JACOBIAN_LONGS];
    long[] g2JacB = new long[G2.JACOBIAN_LONGS];
    long[] g2Out = new long[G2.JACOBIAN_LONGS];
    long[] bases;
    long[] scalars;
    ECP m1a;
    ECP m1b;
    ECP2 m2a;
    ECP2 m2b;
    ECP[] mBases = new ECP[MILAGRO_MSM_POINTS];
    org.apache.milagro.amcl.BLS381.BIG[] mScalars = new org.apache.milagro.amcl.BLS381.BIG[MILAGRO_MSM_POINTS];

    @Setup
    public void setup() {
        Random rnd = new Random(11);
        long[] a = G1.mulAffine(G1.generator(), 0, new BigInteger(250, rnd));
        g1Aff = G1.mulAffine(G1.generator(), 0, new BigInteger(250, rnd));
        G1.CURVE.fromAffine(g1Jac, 0, a, 0);
        G1.CURVE.dbl(g1Jac, 0, g1Jac, 0); // Z ≠ 1, as in a running sum
        long[] b = G2.mulAffine(G2.generator(), 0, new BigInteger(250, rnd));
        long[] c = G2.mulAffine(G2.generator(), 0, new BigInteger(250, rnd));
        G2.CURVE.fromAffine(g2JacA, 0, b, 0);
        G2.CURVE.dbl(g2JacA, 0, g2JacA, 0);
        G2.CURVE.fromAffine(g2JacB, 0, c, 0);
        G2.CURVE.dbl(g2JacB, 0, g2JacB, 0);
        m1a = Milagro.g1(a, 0);
        m1a.dbl();
        m1b = Milagro.g1(g1Aff, 0);
        m2a = Milagro.g2(b, 0);
        m2a.dbl();
        m2b = Milagro.g2(c, 0);
        m2b.dbl();
        int n = 1 << MSM_LG;
        // bases: multiples of one random point by a cheap walk (affine conversion in one batch)
        long[] jac = new long[n * G1.JACOBIAN_LONGS];
        G1.CURVE.fromAffine(jac, 0, g1Aff, 0);
        for (int i = 1; i < n; i++) {
            G1.CURVE.addMixed(jac, i * G1.JACOBIAN_LONGS, jac, (i - 1) * G1.JACOBIAN_LONGS, a, 0);
        }
        bases = new long[n * G1.AFFINE_LONGS];
        G1.CURVE.batchToAffine(bases, 0, jac, 0, n);
        scalars = new long[n * 4];
        for (int i = 0; i < n; i++) {
            long[] k = jzk.arith.Limbs.fromBigInteger(new BigInteger(255, rnd).mod(Fr.R), 4);
            System.arraycopy(k, 0, scalars, 4 * i, 4);
        }
        for (int i = 0; i < MILAGRO_MSM_POINTS; i++) {
            mBases[i] = Milagro.g1(bases, i * G1.AFFINE_LONGS);
            mScalars[i] = Milagro.big(jzk.arith.Limbs.toBigInteger(scalars, 4 * i, 4));
        }
    }

    @Benchmark
    public long[] jzkG1MixedAdd() {
        G1.CURVE.addMixed(g1Out, 0, g1Jac, 0, g1Aff, 0);
        return g1Out;
    }

    @Benchmark
    public long[] jzkG2Add() {
        G2.CURVE.add(g2Out, 0, g2JacA, 0, g2JacB, 0);
        return g2Out;
    }

    @Benchmark
    public ECP milagroG1Add() {
        ECP x = new ECP(m1a);
        x.add(m1b);
        return x;
    }

    @Benchmark
    public ECP2 milagroG2Add() {
        ECP2 x = new ECP2(m2a);
        x.add(m2b);
        return x;
    }

    @Benchmark
    @OutputTimeUnit(TimeUnit.MILLISECONDS)
    public long[] jzkMsmG1Pow16() {
        return Pippenger.msmG1(bases, scalars, 1 << MSM_LG);
    }

    @Benchmark
    @OutputTimeUnit(TimeUnit.MILLISECONDS)
    public ECP milagroNaiveMsmG1Points64() {
        ECP acc = new ECP();
        for (int i = 0; i < MILAGRO_MSM_POINTS; i++) {
            acc.add(mBases[i].mul(mScalars[i]));
        }
        return acc;
    }
}
