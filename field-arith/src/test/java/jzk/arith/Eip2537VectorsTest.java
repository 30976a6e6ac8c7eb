package jzk.arith;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Known answers from the EIP-2537 precompile test vectors of go-ethereum (resources {@code eip2537/}, see the
 * README there for the source and the encoding): G1/G2 addition, scalar multiplication and MSM.
 */
class Eip2537VectorsTest {
    record Case(String name, byte[] input, byte[] expected) {
    }

    static List<Case> load(String file) throws IOException {
        List<Case> cases = new ArrayList<>();
        try (var in = Eip2537VectorsTest.class.getResourceAsStream("/eip2537/" + file)) {
            if (in == null) {
                throw new IOException("missing test resource eip2537/" + file);
            }
            var reader = new BufferedReader(new InputStreamReader(in, StandardCharsets.US_ASCII));
            for (String line; (line = reader.readLine()) != null; ) {
                if (line.isBlank() || line.startsWith("#")) {
                    continue;
                }
                String[] f = line.trim().split(" ");
                cases.add(new Case(f[0], HexFormat.of().parseHex(f[1]), HexFormat.of().parseHex(f[2])));
            }
        }
        assertFalse(cases.isEmpty(), file);
        return cases;
    }

    /** An EIP-2537 Fp: 64 bytes, the top 16 zero. */
    static BigInteger fp(byte[] b, int off) {
        for (int i = 0; i < 16; i++) {
            assertEquals(0, b[off + i], "EIP-2537 Fp padding");
        }
        return new BigInteger(1, java.util.Arrays.copyOfRange(b, off + 16, off + 64));
    }

    static long[] g1(byte[] b, int off) {
        BigInteger x = fp(b, off);
        BigInteger y = fp(b, off + 64);
        long[] p = G1.affine(x, y); // (0, 0) gives all-zero limbs: the same infinity convention
        assertTrue(G1.CURVE.isOnCurveAffine(p, 0));
        return p;
    }

    static long[] g2(byte[] b, int off) {
        long[] p = G2.affine(fp(b, off), fp(b, off + 64), fp(b, off + 128), fp(b, off + 192));
        assertTrue(G2.CURVE.isOnCurveAffine(p, 0));
        return p;
    }

    static BigInteger scalar(byte[] b, int off) {
        return new BigInteger(1, java.util.Arrays.copyOfRange(b, off, off + 32));
    }

    static void assertPoint(Curve c, long[] expectedAffine, long[] actualJacobian, String name) {
        long[] a = new long[c.affineLongs()];
        c.toAffine(a, 0, actualJacobian, 0);
        assertArrayEquals(expectedAffine, a, name);
    }

    @Test
    void g1Add() throws IOException {
        for (Case t : load("blsG1Add.txt")) {
            long[] r = new long[G1.JACOBIAN_LONGS];
            long[] p = new long[G1.JACOBIAN_LONGS];
            G1.CURVE.fromAffine(p, 0, g1(t.input, 0), 0);
            G1.CURVE.addMixed(r, 0, p, 0, g1(t.input, 128), 0);
            assertPoint(G1.CURVE, g1(t.expected, 0), r, t.name);
            long[] q = new long[G1.JACOBIAN_LONGS];
            G1.CURVE.fromAffine(q, 0, g1(t.input, 128), 0);
            G1.CURVE.add(r, 0, p, 0, q, 0);
            assertPoint(G1.CURVE, g1(t.expected, 0), r, t.name);
        }
    }

    @Test
    void g2Add() throws IOException {
        for (Case t : load("blsG2Add.txt")) {
            long[] r = new long[G2.JACOBIAN_LONGS];
            long[] p = new long[G2.JACOBIAN_LONGS];
            G2.CURVE.fromAffine(p, 0, g2(t.input, 0), 0);
            G2.CURVE.addMixed(r, 0, p, 0, g2(t.input, 256), 0);
            assertPoint(G2.CURVE, g2(t.expected, 0), r, t.name);
        }
    }

    /** The scalars here are 32 bytes and may exceed r: {@link Curve#mul} multiplies by the integer as given. */
    @Test
    void g1Mul() throws IOException {
        for (Case t : load("blsG1Mul.txt")) {
            long[] r = new long[G1.JACOBIAN_LONGS];
            G1.CURVE.mul(r, 0, g1(t.input, 0), 0, scalar(t.input, 128));
            assertPoint(G1.CURVE, g1(t.expected, 0), r, t.name);
        }
    }

    @Test
    void g2Mul() throws IOException {
        for (Case t : load("blsG2Mul.txt")) {
            long[] r = new long[G2.JACOBIAN_LONGS];
            G2.CURVE.mul(r, 0, g2(t.input, 0), 0, scalar(t.input, 256));
            assertPoint(G2.CURVE, g2(t.expected, 0), r, t.name);
        }
    }

    /** Pippenger takes canonical Fr scalars only: the 32-byte EIP scalars are reduced mod r (the points are in G1). */
    @Test
    void g1MultiExp() throws IOException {
        for (Case t : load("blsG1MultiExp.txt")) {
            msm(G1.CURVE, t, 128);
        }
    }

    @Test
    void g2MultiExp() throws IOException {
        for (Case t : load("blsG2MultiExp.txt")) {
            msm(G2.CURVE, t, 256);
        }
    }

    private static void msm(Curve c, Case t, int pointBytes) {
        int pair = pointBytes + 32;
        int n = t.input.length / pair;
        long[] bases = new long[n * c.affineLongs()];
        long[] scalars = new long[n * Fr.LIMBS];
        for (int i = 0; i < n; i++) {
            long[] p = c == G1.CURVE ? g1(t.input, i * pair) : g2(t.input, i * pair);
            System.arraycopy(p, 0, bases, i * c.affineLongs(), c.affineLongs());
            BigInteger k = scalar(t.input, i * pair + pointBytes).mod(Fr.R);
            System.arraycopy(Limbs.fromBigInteger(k, Fr.LIMBS), 0, scalars, i * Fr.LIMBS, Fr.LIMBS);
        }
        long[] expected = c == G1.CURVE ? g1(t.expected, 0) : g2(t.expected, 0);
        assertPoint(c, expected, Pippenger.msm(c, bases, scalars, n), t.name);
    }
}
