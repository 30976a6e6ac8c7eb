package jzk.arith.bench;

import java.util.Random;
import java.util.concurrent.TimeUnit;
import jzk.arith.Fp;
import jzk.arith.Fp2;
import jzk.arith.Fr;
import org.apache.milagro.amcl.BLS381.BIG;
import org.apache.milagro.amcl.BLS381.FP;
import org.apache.milagro.amcl.BLS381.FP2;
import org.apache.milagro.amcl.BLS381.ROM;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/**
 * Field multiplication, jzk vs Apache Milagro AMCL 0.4.0 (BLS381) in the same run. Each jzk operation writes a
 * fresh result from fixed random operands (no dependency chain between invocations); milagro's in-place API is
 * given a copy of the operand each time, and the copy's cost is measured separately ({@code milagroFpCopyOnly})
 * so the ratio can be read with or without it.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
public class FieldBench {
    long[] fa = new long[Fp.LIMBS];
    long[] fb = new long[Fp.LIMBS];
    long[] fr = new long[Fp.LIMBS];
    long[] ra = new long[4];
    long[] rb = new long[4];
    long[] rr = new long[4];
    long[] e2a = new long[Fp2.LONGS];
    long[] e2b = new long[Fp2.LONGS];
    long[] e2r = new long[Fp2.LONGS];
    long[] scratch = new long[Fp2.SCRATCH];
    FP ma;
    FP mb;
    FP2 m2a;
    FP2 m2b;
    BIG rA;
    BIG rB;
    BIG rModulus;

    @Setup
    public void setup() {
        Random rnd = new Random(42);
        Fp.F.random(fa, 0, rnd);
        Fp.F.random(fb, 0, rnd);
        Fr.F.random(ra, 0, rnd);
        Fr.F.random(rb, 0, rnd);
        Fp.F.random(e2a, 0, rnd);
        Fp.F.random(e2a, 6, rnd);
        Fp.F.random(e2b, 0, rnd);
        Fp.F.random(e2b, 6, rnd);
        ma = new FP(Milagro.big(Fp.F.toBigInteger(fa, 0)));
        mb = new FP(Milagro.big(Fp.F.toBigInteger(fb, 0)));
        m2a = new FP2(new FP(Milagro.big(Fp.F.toBigInteger(e2a, 0))), new FP(Milagro.big(Fp.F.toBigInteger(e2a, 6))));
        m2b = new FP2(new FP(Milagro.big(Fp.F.toBigInteger(e2b, 0))), new FP(Milagro.big(Fp.F.toBigInteger(e2b, 6))));
        rA = Milagro.big(Fr.F.toBigInteger(ra, 0));
        rB = Milagro.big(Fr.F.toBigInteger(rb, 0));
        rModulus = new BIG(ROM.CURVE_Order);
    }

    @Benchmark
    public long[] jzkFpMul() {
        Fp.F.mul(fr, 0, fa, 0, fb, 0);
        return fr;
    }

    @Benchmark
    public long[] jzkFpSquare() {
        Fp.F.square(fr, 0, fa, 0);
        return fr;
    }

    @Benchmark
    public long[] jzkFrMul() {
        Fr.F.mul(rr, 0, ra, 0, rb, 0);
        return rr;
    }

    @Benchmark
    public long[] jzkFp2Mul() {
        Fp2.mul(e2r, 0, e2a, 0, e2b, 0, scratch, 0);
        return e2r;
    }

    @Benchmark
    public FP milagroFpCopyOnly() {
        return new FP(ma);
    }

    @Benchmark
    public FP milagroFpMul() {
        FP x = new FP(ma);
        x.mul(mb);
        return x;
    }

    @Benchmark
    public FP milagroFpSquare() {
        FP x = new FP(ma);
        x.sqr();
        return x;
    }

    /** Milagro has no Fr field type; {@code BIG.modmul} mod the group order is its nearest equivalent. */
    @Benchmark
    public BIG milagroFrModmul() {
        return BIG.modmul(rA, rB, rModulus);
    }

    @Benchmark
    public FP2 milagroFp2Mul() {
        FP2 x = new FP2(m2a);
        x.mul(m2b);
        return x;
    }
}
