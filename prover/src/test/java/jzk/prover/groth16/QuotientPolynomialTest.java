package jzk.prover.groth16;

import jzk.arith.Fr;
import jzk.arith.FrDomain;
import org.junit.jupiter.api.Test;

import java.math.BigInteger;
import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * Checks both H variants against the defining identities with a BigInteger oracle: for evaluations with
 * a·b = c on the domain, A(x)·B(x) − C(x) = h(x)·(x^n − 1) at a random x (bellman: h from its coefficients), and
 * h_i = (A·B − C)(w2n^(2i+1)) (snarkjs: evaluations at the odd points, no division).
 */
class QuotientPolynomialTest {
    private static final BigInteger R = Fr.R;

    @Test
    void bellmanQuotientSatisfiesDivisionIdentity() {
        Random rnd = new Random(1);
        for (int lg : new int[] {1, 3, 6}) {
            FrDomain d = new FrDomain(lg, Fr.RootFamily.GENERATOR_7);
            long[][] abc = satisfiedEvaluations(d.n, rnd);
            BigInteger[][] polys = coefficients(d, abc);
            long[] h = QuotientPolynomial.bellman(d, abc[0], abc[1], abc[2]);
            assertEquals(BigInteger.ZERO, Fr.F.toBigInteger(h, (d.n - 1) * 4), "deg h ≤ n − 2");
            BigInteger x = new BigInteger(250, rnd);
            BigInteger lhs = eval(polys[0], x).multiply(eval(polys[1], x)).subtract(eval(polys[2], x)).mod(R);
            BigInteger hx = eval(toBig(h, d.n), x);
            BigInteger rhs = hx.multiply(x.modPow(BigInteger.valueOf(d.n), R).subtract(BigInteger.ONE)).mod(R);
            assertEquals(lhs, rhs, "A·B − C = h·Z at a random point, n = " + d.n);
        }
    }

    @Test
    void snarkjsQuotientIsABminusCAtOddPoints() {
        Random rnd = new Random(2);
        for (int lg : new int[] {1, 4}) {
            FrDomain d = new FrDomain(lg, Fr.RootFamily.SNARKJS_5);
            long[][] abc = satisfiedEvaluations(d.n, rnd);
            BigInteger[][] polys = coefficients(d, abc);
            long[] h = QuotientPolynomial.snarkjsOdd(d, abc[0], abc[1], abc[2]);
            BigInteger w2n = Fr.RootFamily.SNARKJS_5.root(lg + 1);
            for (int i = 0; i < d.n; i++) {
                BigInteger x = w2n.modPow(BigInteger.valueOf(2L * i + 1), R);
                BigInteger expect = eval(polys[0], x).multiply(eval(polys[1], x)).subtract(eval(polys[2], x)).mod(R);
                assertEquals(expect, Fr.F.toBigInteger(h, i * 4), "h at odd point " + i);
            }
        }
    }

    private static long[][] satisfiedEvaluations(int n, Random rnd) {
        long[] a = Fr.F.newVector(n);
        long[] b = Fr.F.newVector(n);
        long[] c = Fr.F.newVector(n);
        for (int i = 0; i < n; i++) {
            Fr.F.random(a, i * 4, rnd);
            Fr.F.random(b, i * 4, rnd);
            Fr.F.mul(c, i * 4, a, i * 4, b, i * 4);
        }
        return new long[][] {a, b, c};
    }

    /** Coefficients by direct Lagrange interpolation on {ω^i} (independent of FrDomain's FFT): O(n²). */
    private static BigInteger[][] coefficients(FrDomain d, long[][] evals) {
        BigInteger w = Fr.F.toBigInteger(d.omega, 0);
        BigInteger nInv = BigInteger.valueOf(d.n).modInverse(R);
        BigInteger[][] out = new BigInteger[3][];
        for (int v = 0; v < 3; v++) {
            BigInteger[] coef = new BigInteger[d.n];
            for (int k = 0; k < d.n; k++) {
                BigInteger s = BigInteger.ZERO;
                for (int i = 0; i < d.n; i++) {
                    BigInteger wik = w.modPow(BigInteger.valueOf((long) i * k), R).modInverse(R);
                    s = s.add(Fr.F.toBigInteger(evals[v], i * 4).multiply(wik));
                }
                coef[k] = s.multiply(nInv).mod(R);
            }
            out[v] = coef;
        }
        return out;
    }

    private static BigInteger[] toBig(long[] v, int n) {
        BigInteger[] r = new BigInteger[n];
        for (int i = 0; i < n; i++) {
            r[i] = Fr.F.toBigInteger(v, i * 4);
        }
        return r;
    }

    private static BigInteger eval(BigInteger[] coef, BigInteger x) {
        BigInteger acc = BigInteger.ZERO;
        for (int i = coef.length - 1; i >= 0; i--) {
            acc = acc.multiply(x).add(coef[i]).mod(R);
        }
        return acc;
    }
}
