package jzk.arith;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigInteger;
import org.junit.jupiter.api.Test;

class FrTest extends MontgomeryFieldSuite {
    @Override
    MontgomeryField field() {
        return Fr.F;
    }

    @Test
    void rootsOfUnityMatchPublishedValues() {
        // ffjavascript's Fr.w[32] for bls12381 (5^t), as recorded in shared/reference/snarkjs-h-domain.md
        assertEquals(new BigInteger("0212d79e5b416b6f0fd56dc8d168d6c0c4024ff270b3e0941b788f500b912f1f", 16),
                Fr.RootFamily.SNARKJS_5.root(32));
        // the same note's 2n-th roots for p = 10 and p = 9 (w2n = w[p+1])
        assertEquals(new BigInteger("30450688096165933124094588052280452792793350252342406284806180166247113753719"),
                Fr.RootFamily.SNARKJS_5.root(11));
        assertEquals(new BigInteger("21328829733576761151404230261968752855781179864716879432436835449516750606329"),
                Fr.RootFamily.SNARKJS_5.root(10));
        // zkcrypto bls12_381 scalar.rs ROOT_OF_UNITY (7^t)
        assertEquals(new BigInteger("16a2a19edfe81f20d09b681922c813b4b63683508c2280b93829971f439f0d2b", 16),
                Fr.RootFamily.GENERATOR_7.root(32));
    }

    @Test
    void rootsArePrimitive() {
        for (Fr.RootFamily fam : Fr.RootFamily.values()) {
            for (int k : new int[] {1, 5, 20, 32}) {
                BigInteger w = fam.root(k);
                assertEquals(BigInteger.ONE, w.modPow(BigInteger.ONE.shiftLeft(k), Fr.R), fam + " k=" + k);
                assertNotEquals(BigInteger.ONE, w.modPow(BigInteger.ONE.shiftLeft(k - 1), Fr.R), fam + " k=" + k);
            }
        }
        assertTrue(Fr.R.isProbablePrime(64));
    }
}
