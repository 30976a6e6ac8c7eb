package jzk.arith;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.util.HexFormat;
import org.junit.jupiter.api.Test;

/**
 * Known-answer pairing checks: EIP-2537 BLS12_PAIRING_CHECK vectors (resource {@code eip2537-pairing-check.txt},
 * source and licence named there), decoded from the precompile's 64-byte big-endian field encoding.
 */
class PairingEip2537Test {
    private static final int FP_BYTES = 64;

    @Test
    void pairingCheckVectors() throws IOException {
        int cases = 0;
        try (InputStream in = getClass().getResourceAsStream("eip2537-pairing-check.txt")) {
            assertNotNull(in, "resource eip2537-pairing-check.txt");
            BufferedReader r = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8));
            for (String line; (line = r.readLine()) != null;) {
                if (line.isBlank() || line.startsWith("#")) {
                    continue;
                }
                String[] f = line.split(" ");
                byte[] input = HexFormat.of().parseHex(f[2]);
                int pairBytes = 6 * FP_BYTES;
                assertEquals(0, input.length % pairBytes, f[0] + ": input length");
                int count = input.length / pairBytes;
                long[] g1s = new long[count * G1.AFFINE_LONGS];
                long[] g2s = new long[count * G2.AFFINE_LONGS];
                for (int i = 0; i < count; i++) {
                    int o = i * pairBytes;
                    for (int c = 0; c < 2; c++) {
                        Fp.F.fromBigInteger(g1s, i * G1.AFFINE_LONGS + c * Fp.LIMBS, fp(input, o + c * FP_BYTES, f[0]));
                    }
                    for (int c = 0; c < 4; c++) {
                        Fp.F.fromBigInteger(g2s, i * G2.AFFINE_LONGS + c * Fp.LIMBS,
                                fp(input, o + (2 + c) * FP_BYTES, f[0]));
                    }
                    assertTrue(G1.CURVE.isOnCurveAffine(g1s, i * G1.AFFINE_LONGS), f[0] + ": G1 point " + i + " on curve");
                    assertTrue(G2.CURVE.isOnCurveAffine(g2s, i * G2.AFFINE_LONGS), f[0] + ": G2 point " + i + " on curve");
                }
                boolean expected = Integer.parseInt(f[1]) == 1;
                assertEquals(expected, Pairing.multiPairingIsOne(g1s, g2s, count), f[0]);
                cases++;
            }
        }
        assertTrue(cases >= 2, "vectors read");
    }

    private static BigInteger fp(byte[] in, int off, String name) {
        for (int i = 0; i < 16; i++) {
            if (in[off + i] != 0) {
                throw new IllegalArgumentException(name + ": Fp at byte " + off + " has a non-zero top padding byte");
            }
        }
        BigInteger v = new BigInteger(1, java.util.Arrays.copyOfRange(in, off + 16, off + FP_BYTES));
        if (v.compareTo(Fp.P) >= 0) {
            throw new IllegalArgumentException(name + ": Fp at byte " + off + " is not below p");
        }
        return v;
    }
}
