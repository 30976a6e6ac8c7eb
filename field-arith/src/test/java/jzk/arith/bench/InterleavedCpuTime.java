package jzk.arith.bench;

import java.lang.management.ManagementFactory;
import java.math.BigInteger;
import java.util.Arrays;
import java.util.Random;
import jzk.arith.Fp;
import jzk.arith.Fp2;
import jzk.arith.Fr;
import jzk.arith.G1;
import jzk.arith.G2;
import jzk.arith.Pairing;
import org.apache.milagro.amcl.BLS381.ECP;
import org.apache.milagro.amcl.BLS381.ECP2;
import org.apache.milagro.amcl.BLS381.FP;
import org.apache.milagro.amcl.BLS381.FP2;
import org.apache.milagro.amcl.BLS381.PAIR;

/**
 * A companion to the JMH run for a shared, overloaded machine: jzk and milagro rounds alternate (so both see the
 * same background load) and each round is timed in <em>thread CPU time</em>, which excludes time the thread
 * waited for a core. Prints the median per operation over the rounds and the ratio. Not a replacement for JMH
 * (no fork isolation, no blackhole): run it with {@code scripts/bench-field.sh} replaced by
 * {@code java -cp <same classpath> jzk.arith.bench.InterleavedCpuTime [rounds]}.
 */
public final class InterleavedCpuTime {
    private InterleavedCpuTime() {
    }

    private static final com.sun.management.ThreadMXBean MX =
            (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
    static volatile Object sink;

    interface Op {
        void run(int reps);
    }

    public static void main(String[] args) {
        int rounds = args.length > 0 ? Integer.parseInt(args[0]) : 15;
        Random rnd = new Random(3);
        // K random operands, cycled through: with one fixed operand pair every carry test in the unrolled code
        // always goes the same way, which both flatters the loop (perfect branch prediction) and skews C2's
        // branch profile for every later use of the same methods in this JVM (the pairing rows below).
        final int k = 256;
        long[] fa = new long[6 * k];
        long[] fb = new long[6 * k];
        long[] fr = new long[6];
        FP[] ma = new FP[k];
        FP[] mb = new FP[k];
        long[] e2a = new long[12 * k];
        long[] e2b = new long[12 * k];
        long[] e2r = new long[12];
        FP2[] m2a = new FP2[k];
        FP2[] m2b = new FP2[k];
        for (int i = 0; i < k; i++) {
            Fp.F.random(fa, 6 * i, rnd);
            Fp.F.random(fb, 6 * i, rnd);
            ma[i] = new FP(Milagro.big(Fp.F.toBigInteger(fa, 6 * i)));
            mb[i] = new FP(Milagro.big(Fp.F.toBigInteger(fb, 6 * i)));
            for (int c = 0; c < 2; c++) {
                Fp.F.random(e2a, 12 * i + 6 * c, rnd);
                Fp.F.random(e2b, 12 * i + 6 * c, rnd);
            }
            m2a[i] = new FP2(new FP(Milagro.big(Fp.F.toBigInteger(e2a, 12 * i))),
                    new FP(Milagro.big(Fp.F.toBigInteger(e2a, 12 * i + 6))));
            m2b[i] = new FP2(new FP(Milagro.big(Fp.F.toBigInteger(e2b, 12 * i))),
                    new FP(Milagro.big(Fp.F.toBigInteger(e2b, 12 * i + 6))));
        }
        long[] t = new long[Fp2.SCRATCH];
        long[] p = G1.mulAffine(G1.generator(), 0, new BigInteger(250, rnd).mod(Fr.R));
        long[] q = G2.mulAffine(G2.generator(), 0, new BigInteger(250, rnd).mod(Fr.R));
        ECP mp = Milagro.g1(p, 0);
        ECP2 mq = Milagro.g2(q, 0);

        compare("Fp mul", rounds, 200_000, n -> {
            for (int i = 0; i < n; i++) {
                int x = i & (k - 1), y = (i * 7 + 3) & (k - 1);
                Fp.F.mul(fr, 0, fa, 6 * x, fb, 6 * y);
            }
        }, n -> {
            for (int i = 0; i < n; i++) {
                int x = i & (k - 1), y = (i * 7 + 3) & (k - 1);
                FP z = new FP(ma[x]);
                z.mul(mb[y]);
                sink = z;
            }
        });
        // x ← x·y: each product feeds the next, as in the tower and the pairing (latency, not throughput)
        long[] fx = java.util.Arrays.copyOf(fa, 6);
        FP[] mx = {new FP(ma[0])};
        compare("Fp mul chain", rounds, 200_000, n -> {
            for (int i = 0; i < n; i++) {
                Fp.F.mul(fx, 0, fx, 0, fb, 6 * (i & (k - 1)));
            }
        }, n -> {
            FP z = mx[0];
            for (int i = 0; i < n; i++) {
                z.mul(mb[i & (k - 1)]);
            }
            sink = z;
        });
        compare("Fp square", rounds, 200_000, n -> {
            for (int i = 0; i < n; i++) {
                Fp.F.square(fr, 0, fa, 6 * (i & (k - 1)));
            }
        }, n -> {
            for (int i = 0; i < n; i++) {
                FP z = new FP(ma[i & (k - 1)]);
                z.sqr();
                sink = z;
            }
        });
        compare("Fp2 mul", rounds, 50_000, n -> {
            for (int i = 0; i < n; i++) {
                int x = i & (k - 1), y = (i * 7 + 3) & (k - 1);
                Fp2.mul(e2r, 0, e2a, 12 * x, e2b, 12 * y, t, 0);
            }
        }, n -> {
            for (int i = 0; i < n; i++) {
                int x = i & (k - 1), y = (i * 7 + 3) & (k - 1);
                FP2 z = new FP2(m2a[x]);
                z.mul(m2b[y]);
                sink = z;
            }
        });
        compare("pairing", rounds, 20, n -> {
            for (int i = 0; i < n; i++) {
                sink = Pairing.pairing(p, 0, q, 0);
            }
        }, n -> {
            for (int i = 0; i < n; i++) {
                sink = PAIR.fexp(PAIR.ate(mq, mp));
            }
        });
    }

    private static void compare(String name, int rounds, int reps, Op jzk, Op milagro) {
        jzk.run(reps); // warm-up
        milagro.run(reps);
        double[] a = new double[rounds];
        double[] b = new double[rounds];
        for (int r = 0; r < rounds; r++) {
            long t0 = MX.getCurrentThreadCpuTime();
            jzk.run(reps);
            long t1 = MX.getCurrentThreadCpuTime();
            milagro.run(reps);
            long t2 = MX.getCurrentThreadCpuTime();
            a[r] = (t1 - t0) / (double) reps;
            b[r] = (t2 - t1) / (double) reps;
        }
        Arrays.sort(a);
        Arrays.sort(b);
        double ma = a[rounds / 2];
        double mb = b[rounds / 2];
        System.out.printf("%-10s jzk %12.1f ns  [%.1f .. %.1f]   milagro %12.1f ns  [%.1f .. %.1f]   milagro/jzk %.2fx%n",
                name, ma, a[0], a[rounds - 1], mb, b[0], b[rounds - 1], mb / ma);
    }
}
