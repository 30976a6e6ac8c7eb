package jzk.arith.bench;

import java.math.BigInteger;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import jzk.arith.Fr;
import jzk.arith.G1;
import jzk.arith.G2;
import jzk.arith.Pairing;
import org.apache.milagro.amcl.BLS381.ECP;
import org.apache.milagro.amcl.BLS381.ECP2;
import org.apache.milagro.amcl.BLS381.FP12;
import org.apache.milagro.amcl.BLS381.PAIR;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/**
 * One pairing and a 3-pair product check (Groth16 verification shape), jzk vs Milagro AMCL 0.4.0. Milagro 0.4.0
 * has no n-ary Miller loop: its 3-pair product is {@code ate2} (2 pairs) times {@code ate} (1 pair), then one
 * {@code fexp} — the cheapest 3-pair product its API offers.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
public class PairingBench {
    long[] p;
    long[] q;
    long[] g1s;
    long[] g2s;
    ECP mp;
    ECP2 mq;
    ECP[] mps = new ECP[3];
    ECP2[] mqs = new ECP2[3];

    @Setup
    public void setup() {
        Random rnd = new Random(7);
        p = G1.mulAffine(G1.generator(), 0, new BigInteger(250, rnd).mod(Fr.R));
        q = G2.mulAffine(G2.generator(), 0, new BigInteger(250, rnd).mod(Fr.R));
        g1s = new long[3 * G1.AFFINE_LONGS];
        g2s = new long[3 * G2.AFFINE_LONGS];
        for (int i = 0; i < 3; i++) {
            long[] a = G1.mulAffine(G1.generator(), 0, new BigInteger(250, rnd).mod(Fr.R));
            long[] b = G2.mulAffine(G2.generator(), 0, new BigInteger(250, rnd).mod(Fr.R));
            System.arraycopy(a, 0, g1s, i * G1.AFFINE_LONGS, G1.AFFINE_LONGS);
            System.arraycopy(b, 0, g2s, i * G2.AFFINE_LONGS, G2.AFFINE_LONGS);
            mps[i] = Milagro.g1(a, 0);
            mqs[i] = Milagro.g2(b, 0);
        }
        mp = Milagro.g1(p, 0);
        mq = Milagro.g2(q, 0);
    }

    @Benchmark
    public long[] jzkPairing() {
        return Pairing.pairing(p, 0, q, 0);
    }

    @Benchmark
    public boolean jzkMultiPairing3() {
        return Pairing.multiPairingIsOne(g1s, g2s, 3);
    }

    @Benchmark
    public FP12 milagroPairing() {
        return PAIR.fexp(PAIR.ate(mq, mp));
    }

    @Benchmark
    public boolean milagroMultiPairing3() {
        FP12 f = PAIR.ate2(mqs[0], mps[0], mqs[1], mps[1]);
        f.mul(PAIR.ate(mqs[2], mps[2]));
        return PAIR.fexp(f).isunity();
    }
}
