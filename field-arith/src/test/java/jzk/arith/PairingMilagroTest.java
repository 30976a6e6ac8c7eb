package jzk.arith;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;

import java.math.BigInteger;
import java.util.Random;
import org.apache.milagro.amcl.BLS381.BIG;
import org.apache.milagro.amcl.BLS381.ECP;
import org.apache.milagro.amcl.BLS381.ECP2;
import org.apache.milagro.amcl.BLS381.FP12;
import org.apache.milagro.amcl.BLS381.FP2;
import org.apache.milagro.amcl.BLS381.FP4;
import org.apache.milagro.amcl.BLS381.PAIR;
import org.apache.milagro.amcl.BLS381.ROM;
import org.junit.jupiter.api.Test;

/**
 * The pairing value against an independent implementation, Apache Milagro AMCL 0.4.0 ({@code PAIR.ate} +
 * {@code PAIR.fexp}, test scope only). Milagro's Fp12 is {@code a + b·k + c·k²} over {@code FP4 = FP2[j]} with
 * {@code j = k³} and {@code k⁶ = 1 + i}, so its k is our w and its coefficients map to powers of w:
 * a.a → w⁰, a.b → w³, b.a → w¹, b.b → w⁴, c.a → w², c.b → w⁵.
 *
 * <p>Observed (by comparing powers ours^k for |k| ≤ 12): milagro's {@code fexp} result is the cube of ours, i.e. it
 * raises to {@code 3·(p¹² − 1)/r} (a hard-part chain for 3d, as in Hayashida–Hayasaka–Teruya), whereas
 * {@link Pairing} computes the exact power (checked against the direct BigInteger exponent in {@link PairingTest}).
 */
class PairingMilagroTest {
    /** Our Fp2 slot (Fp12 storage order c0.c0, c0.c1, c0.c2, c1.c0, c1.c1, c1.c2) of the coefficient of w^i. */
    private static final int[] SLOT_OF_POWER = {0, 3, 1, 4, 2, 5};

    private static BigInteger[] milagroAsOurs(FP12 f) {
        FP4[] abc = {f.geta(), f.getb(), f.getc()};
        // w-power of (part, half): part a/b/c = k^0/k^1/k^2, half a/b = j^0/j^1 = k^0/k^3
        BigInteger[] out = new BigInteger[12];
        for (int part = 0; part < 3; part++) {
            for (int half = 0; half < 2; half++) {
                FP2 c = half == 0 ? abc[part].geta() : abc[part].getb();
                int slot = SLOT_OF_POWER[part + 3 * half];
                out[2 * slot] = MilagroOracleTest.big(c.getA());
                out[2 * slot + 1] = MilagroOracleTest.big(c.getB());
            }
        }
        return out;
    }

    @Test
    void pairingOfMultiplesMatchesMilagro() {
        Random rnd = new Random(401);
        for (int i = 0; i < 3; i++) {
            BigInteger a = i == 0 ? BigInteger.ONE : new BigInteger(250, rnd);
            BigInteger b = i == 0 ? BigInteger.ONE : new BigInteger(250, rnd);
            ECP mp = ECP.generator().mul(MilagroOracleTest.big(a));
            ECP2 mq = ECP2.generator().mul(MilagroOracleTest.big(b));
            FP12 expected = PAIR.fexp(PAIR.ate(mq, mp));
            long[] ours = Pairing.pairing(G1.mulAffine(G1.generator(), 0, a), 0,
                    G2.mulAffine(G2.generator(), 0, b), 0);
            long[] cube = new long[Fp12.LONGS];
            Fp12.square(cube, 0, ours, 0);
            Fp12.mul(cube, 0, cube, 0, ours, 0);
            assertArrayEquals(milagroAsOurs(expected), Fp12.toBigIntegers(cube, 0), "e([" + a + "]P, [" + b + "]Q)³");
        }
    }
}
