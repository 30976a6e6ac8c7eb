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
        long[] fa = new long[6];
        long[] fb = new long[6];
        long[] fr = new long[6];
        Fp.F.random(fa, 0, rnd);
        Fp.F.random(fb, 0, rnd);
        FP ma = new FP(Milagro.big(Fp.F.toBigInteger(fa, 0)));
        FP mb = new FP(Milagro.big(Fp.F.toBigInteger(fb, 0)));
        long[] e2a = new long[12];
        long[] e2b = new long[12];
        long[] e2r = new long[12];
        long[] t = new long[Fp2.SCRATCH];
        for (int i = 0; i < 2; i++) {
            Fp.F.random(e2a, 6 * i, rnd);
            Fp.F.random(e2b, 6 * i, rnd);
        }
        FP2 m2a = new FP2(new FP(Milagro.big(Fp.F.toBigInteger(e2a, 0))), new FP(Milagro.big(Fp.F.toBigInteger(e2a, 6))));
        FP2 m2b = new FP2(new FP(Milagro.big(Fp.F.toBigInteger(e2b, 0))), new FP(Milagro.big(Fp.F.toBigInteger(e2b, 6))));
        long[] p = G1.mulAffine(G1.generator(), 0, new BigInteger(250, rnd).mod(Fr.R));
        long[] q = G2.mulAffine(G2.generator(), 0, new BigInteger(250, rnd).mod(Fr.R));
        ECP mp = Milagro.g1(p, 0);
        ECP2 mq = Milagro.g2(q, 0);

        compare("Fp mul", rounds, 200_000, n -> {
            for (int i = 0; i < n; i++) {
                Fp.F.mul(fr, 0, fa, 0, fb, 0);
            }
        }, n -> {
            for (int i = 0; i < n; i++) {
                FP x = new FP(ma);
                x.mul(mb);
                sink = x;
            }
        });
        // x ← x·y: each product feeds the next, as in the tower and the pairing (latency, not throughput; the
        // changing operands also keep carry branches from being trivially predicted)
        long[] fx = fa.clone();
        FP[] mx = {new FP(ma)};
        compare("Fp mul chain", rounds, 200_000, n -> {
            for (int i = 0; i < n; i++) {
                Fp.F.mul(fx, 0, fx, 0, fb, 0);
            }
        }, n -> {
            FP x = mx[0];
            for (int i = 0; i < n; i++) {
                x.mul(mb);
            }
            sink = x;
        });
        compare("Fp square", rounds, 200_000, n -> {
            for (int i = 0; i < n; i++) {
                Fp.F.square(fr, 0, fa, 0);
            }
        }, n -> {
            for (int i = 0; i < n; i++) {
                FP x = new FP(ma);
                x.sqr();
                sink = x;
            }
        });
        compare("Fp2 mul", rounds, 50_000, n -> {
            for (int i = 0; i < n; i++) {
                Fp2.mul(e2r, 0, e2a, 0, e2b, 0, t, 0);
            }
        }, n -> {
            for (int i = 0; i < n; i++) {
                FP2 x = new FP2(m2a);
                x.mul(m2b);
                sink = x;
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
