package jzk.arith;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigInteger;
import java.util.HexFormat;
import java.util.Random;
import jzk.arith.PointDecodingException.Reason;
import org.apache.milagro.amcl.BLS381.ECP;
import org.junit.jupiter.api.Test;

/** Zcash/IETF point encoding: known answers from outside our code, round trips, and every rejection rule. */
class PointEncodingTest {
    private static final HexFormat HEX = HexFormat.of();
    private final Random rnd = new Random(5);

    /**
     * Compressed generators: G1 from CosmWasm cosmwasm-crypto {@code BLS12_381_G1_GENERATOR_COMPRESSED} (checked there
     * against arkworks), G2 from drand v2.1.6's KeyGroup base point ({@code BLS12_381_G2_GENERATOR_COMPRESSED}).
     */
    static final String G1_GEN_COMPRESSED = "97f1d3a73197d7942695638c4fa9ac0fc3688c4f9774b905"
            + "a14e3a3f171bac586c55e83ff97a1aeffb3af00adb22c6bb";
    static final String G2_GEN_COMPRESSED = "93e02b6052719f607dacd3a088274f65596bd0d09920b61ab5da61bbdc7f5049"
            + "334cf11213945d57e5ac7d055d042b7e024aa2b2f08f0a91260805272dc51051"
            + "c6e47ad4fa403b02b4510b647ae3d1770bac0326a805bbefd48056c8c121bdb8";

    /**
     * Ethereum consensus BLS test keys (ethereum/bls12-381-tests, {@code PRIVKEYS}; {@code PUBKEYS = SkToPk(PRIVKEYS)}
     * = [sk]·G1 compressed, as used in the "verify" cases): the first has the sort flag set (0xa4…).
     */
    static final String[][] ETH_KEYS = {
        {"263dbd792f5b1be47ed85f8938c0f29586af0d3ac7b977f21c278fe1462040e3",
            "a491d1b0ecd9bb917989f0e74f0dea0422eac4a873e5e2644f368dffb9a6e20fd6e10c1b77654d067c0618f6e5a7f79a"},
        {"47b8192d77bf871b62e87859d653922725724a5c031afeabc60bcef5ff665138",
            "b301803f8b5ac4a1133581fc676dfedc60d891dd5fa99028805e5ea5b08d3491af75d0707adab3b70c6a6a580217bf81"},
        {"328388aff0d4a5b7dc9205abd374e7e98f3cd9f3418edb4eafda5fb16473d216",
            "b53d21a4cfd562c469cc81514d4ce5a6b577d8403d32a394dc265dd190b47fa9f829fdd7963afdf972e5e77854051f6f"},
    };

    @Test
    void generatorKnownAnswers() {
        assertEquals(G1_GEN_COMPRESSED, HEX.formatHex(PointEncoding.G1.toCompressed(G1.generator(), 0)));
        assertEquals(G2_GEN_COMPRESSED, HEX.formatHex(PointEncoding.G2.toCompressed(G2.generator(), 0)));
        assertArrayEquals(G1.generator(), PointEncoding.G1.fromCompressed(HEX.parseHex(G1_GEN_COMPRESSED)));
        assertArrayEquals(G2.generator(), PointEncoding.G2.fromCompressed(HEX.parseHex(G2_GEN_COMPRESSED)));
        // uncompressed = x‖y big-endian with no flags (IETF draft Appendix C); coordinates from the IETF draft §4.2.1
        String g1u = HEX.formatHex(PointEncoding.G1.toUncompressed(G1.generator(), 0));
        assertEquals(pad(G1.GENERATOR_X) + pad(G1.GENERATOR_Y), g1u);
        String g2u = HEX.formatHex(PointEncoding.G2.toUncompressed(G2.generator(), 0));
        assertEquals(pad(G2.GENERATOR_X1) + pad(G2.GENERATOR_X0) + pad(G2.GENERATOR_Y1) + pad(G2.GENERATOR_Y0), g2u);
    }

    private static String pad(BigInteger x) {
        String h = x.toString(16);
        return "0".repeat(96 - h.length()) + h;
    }

    @Test
    void ethereumPublicKeys() {
        for (String[] kv : ETH_KEYS) {
            long[] pk = G1.mulAffine(G1.generator(), 0, new BigInteger(kv[0], 16));
            assertEquals(kv[1], HEX.formatHex(PointEncoding.G1.toCompressed(pk, 0)));
            assertArrayEquals(pk, PointEncoding.G1.fromCompressed(HEX.parseHex(kv[1])));
        }
    }

    /** Milagro's uncompressed G1 encoding is 0x04‖x‖y (SEC1); the x‖y part must match ours byte for byte. */
    @Test
    void uncompressedMatchesMilagro() {
        for (int i = 0; i < 5; i++) {
            BigInteger k = new BigInteger(255, rnd).mod(Fr.R);
            byte[] m = new byte[97];
            ECP.generator().mul(MilagroOracleTest.big(k)).toBytes(m, false);
            byte[] ours = PointEncoding.G1.toUncompressed(G1.mulAffine(G1.generator(), 0, k), 0);
            assertArrayEquals(java.util.Arrays.copyOfRange(m, 1, 97), ours);
        }
    }

    /**
     * Milagro's G2 {@code toBytes} is x.a‖x.b‖y.a‖y.b (a = c0, b = c1, 48 bytes each, no flags); ours is
     * x.c1‖x.c0‖y.c1‖y.c0 — the same bytes with the halves of each coordinate swapped.
     */
    @Test
    void g2UncompressedMatchesMilagroUpToComponentOrder() {
        for (int i = 0; i < 3; i++) {
            BigInteger k = new BigInteger(255, rnd).mod(Fr.R);
            byte[] m = new byte[4 * 48];
            org.apache.milagro.amcl.BLS381.ECP2.generator().mul(MilagroOracleTest.big(k)).toBytes(m);
            byte[] ours = PointEncoding.G2.toUncompressed(G2.mulAffine(G2.generator(), 0, k), 0);
            for (int coord = 0; coord < 2; coord++) {
                int o = coord * 96;
                assertArrayEquals(slice(m, o, 48), slice(ours, o + 48, 48)); // c0
                assertArrayEquals(slice(m, o + 48, 48), slice(ours, o, 48)); // c1
            }
        }
    }

    /**
     * The G2 sort flag against the rule as zkcrypto bls12_381 states it ({@code Fp2::lexicographically_largest}:
     * y.c1 > (p−1)/2, or y.c1 = 0 and y.c0 > (p−1)/2), evaluated on Milagro's coordinates with BigInteger.
     */
    @Test
    void g2SortFlagFollowsTheRuleOnMilagroCoordinates() {
        BigInteger half = Fp.P.subtract(BigInteger.ONE).shiftRight(1);
        boolean[] seen = new boolean[2];
        for (int i = 0; i < 8; i++) {
            BigInteger k = new BigInteger(255, rnd).mod(Fr.R);
            BigInteger[] c = MilagroOracleTest.milagroG2(
                    org.apache.milagro.amcl.BLS381.ECP2.generator().mul(MilagroOracleTest.big(k)));
            boolean largest = c[3].signum() != 0 ? c[3].compareTo(half) > 0 : c[2].compareTo(half) > 0;
            byte[] comp = PointEncoding.G2.toCompressed(G2.affine(c[0], c[1], c[2], c[3]), 0);
            assertEquals(largest, (comp[0] & 0x20) != 0);
            seen[largest ? 1 : 0] = true;
        }
        assertTrue(seen[0] && seen[1]);
    }

    @Test
    void roundTripsIncludingInfinityAndBothSigns() {
        for (PointEncoding enc : new PointEncoding[] {PointEncoding.G1, PointEncoding.G2}) {
            Curve c = enc == PointEncoding.G1 ? G1.CURVE : G2.CURVE;
            boolean[] seenSort = new boolean[2];
            for (int i = 0; i < 6; i++) {
                long[] j = new long[c.jacobianLongs()];
                c.mul(j, 0, c.generatorAffine(), 0, new BigInteger(255, rnd).mod(Fr.R));
                long[] p = new long[c.affineLongs()];
                c.toAffine(p, 0, j, 0);
                byte[] comp = enc.toCompressed(p, 0);
                seenSort[(comp[0] >> 5) & 1] = true;
                assertArrayEquals(p, enc.fromCompressed(comp));
                assertArrayEquals(p, enc.fromUncompressed(enc.toUncompressed(p, 0)));
                long[] minus = new long[c.affineLongs()];
                c.negAffine(minus, 0, p, 0);
                byte[] compMinus = enc.toCompressed(minus, 0);
                assertEquals(comp[0] ^ 0x20, compMinus[0], "negation flips exactly the sort flag");
                assertArrayEquals(minus, enc.fromCompressed(compMinus));
            }
            assertTrue(seenSort[0] && seenSort[1]);
            long[] inf = new long[c.affineLongs()];
            byte[] ic = enc.toCompressed(inf, 0);
            assertEquals((byte) 0xc0, ic[0]);
            assertArrayEquals(inf, enc.fromCompressed(ic));
            byte[] iu = enc.toUncompressed(inf, 0);
            assertEquals((byte) 0x40, iu[0]);
            assertArrayEquals(inf, enc.fromUncompressed(iu));
        }
    }

    @Test
    void arraysDecodeInParallelAndReportTheFirstBadPoint() {
        for (PointEncoding enc : new PointEncoding[] {PointEncoding.G1, PointEncoding.G2}) {
            Curve c = enc == PointEncoding.G1 ? G1.CURVE : G2.CURVE;
            int count = 5;
            int size = enc.uncompressedBytes();
            long[] expected = new long[count * c.affineLongs()];
            byte[] buf = new byte[3 + count * size]; // 3 bytes of header before the points
            for (int i = 0; i < count; i++) {
                long[] p = i == 2 ? new long[c.affineLongs()] : c == G1.CURVE
                        ? G1.mulAffine(G1.generator(), 0, BigInteger.valueOf(i + 7))
                        : G2.mulAffine(G2.generator(), 0, BigInteger.valueOf(i + 7));
                System.arraycopy(p, 0, expected, i * c.affineLongs(), c.affineLongs());
                System.arraycopy(enc.toUncompressed(p, 0), 0, buf, 3 + i * size, size);
            }
            assertArrayEquals(expected, enc.fromUncompressedArray(buf, 3, count, true));
            byte[] cbuf = new byte[count * enc.compressedBytes()];
            for (int i = 0; i < count; i++) {
                System.arraycopy(enc.toCompressed(expected, i * c.affineLongs()), 0, cbuf, i * enc.compressedBytes(),
                        enc.compressedBytes());
            }
            assertArrayEquals(expected, enc.fromCompressedArray(cbuf, 0, count, false));
            buf[3 + 3 * size + size - 1] ^= 1; // point 3 off the curve
            buf[3 + 4 * size] |= (byte) 0x80; // point 4 with a bad flag
            PointDecodingException e = assertThrows(PointDecodingException.class,
                    () -> enc.fromUncompressedArray(buf, 3, count, true));
            assertEquals(Reason.NOT_ON_CURVE, e.reason());
            assertTrue(e.getMessage().contains("offset " + (3 + 3 * size)), e.getMessage());
            rejects(Reason.WRONG_LENGTH, () -> enc.fromUncompressedArray(buf, 4, count, true));
        }
    }

    private static void rejects(Reason reason, Runnable decode) {
        PointDecodingException e = assertThrows(PointDecodingException.class, decode::run);
        assertEquals(reason, e.reason(), e.getMessage());
    }

    @Test
    void rejections() {
        PointEncoding enc = PointEncoding.G1;
        byte[] good = HEX.parseHex(G1_GEN_COMPRESSED);
        byte[] goodU = enc.toUncompressed(G1.generator(), 0);

        rejects(Reason.WRONG_LENGTH, () -> enc.fromCompressed(new byte[47]));
        rejects(Reason.WRONG_LENGTH, () -> enc.fromUncompressed(good));
        rejects(Reason.WRONG_LENGTH, () -> enc.fromCompressed(good, 1));

        byte[] noFlag = good.clone();
        noFlag[0] &= 0x7f;
        rejects(Reason.BAD_FLAGS, () -> enc.fromCompressed(noFlag));
        byte[] uWithC = goodU.clone();
        uWithC[0] |= (byte) 0x80;
        rejects(Reason.BAD_FLAGS, () -> enc.fromUncompressed(uWithC));
        byte[] uWithSort = goodU.clone();
        uWithSort[0] |= 0x20;
        rejects(Reason.BAD_FLAGS, () -> enc.fromUncompressed(uWithSort));
        byte[] infSort = new byte[48];
        infSort[0] = (byte) 0xe0;
        rejects(Reason.BAD_FLAGS, () -> enc.fromCompressed(infSort));

        byte[] infJunk = new byte[48];
        infJunk[0] = (byte) 0xc0;
        infJunk[47] = 1;
        rejects(Reason.NONZERO_INFINITY, () -> enc.fromCompressed(infJunk));
        byte[] infJunk0 = new byte[96];
        infJunk0[0] = (byte) 0x41;
        rejects(Reason.NONZERO_INFINITY, () -> enc.fromUncompressed(infJunk0));

        // x = p (non-canonical) with the compression flag
        byte[] xp = toBytes48(Fp.P);
        xp[0] |= (byte) 0x80;
        rejects(Reason.NON_CANONICAL_COORDINATE, () -> enc.fromCompressed(xp));
        byte[] yp = goodU.clone();
        System.arraycopy(toBytes48(Fp.P.add(G1.GENERATOR_Y)), 0, yp, 48, 48); // y + p < 2^381: same residue, ≥ p
        rejects(Reason.NON_CANONICAL_COORDINATE, () -> enc.fromUncompressed(yp));

        // x with x³ + 4 a non-square; and an (x, y) off the curve
        byte[] notOn = null;
        for (int x = 1; notOn == null; x++) {
            BigInteger rhs = BigInteger.valueOf(x).pow(3).add(BigInteger.valueOf(4)).mod(Fp.P);
            if (rhs.modPow(Fp.P.subtract(BigInteger.ONE).shiftRight(1), Fp.P).equals(Fp.P.subtract(BigInteger.ONE))) {
                notOn = toBytes48(BigInteger.valueOf(x));
                notOn[0] |= (byte) 0x80;
            }
        }
        byte[] notOnF = notOn;
        rejects(Reason.NOT_ON_CURVE, () -> enc.fromCompressed(notOnF));
        byte[] offCurve = goodU.clone();
        offCurve[95] ^= 1;
        rejects(Reason.NOT_ON_CURVE, () -> enc.fromUncompressed(offCurve));
        rejects(Reason.NOT_ON_CURVE, () -> enc.fromUncompressed(new byte[96])); // (0, 0) without the infinity flag

        // on the curve, outside the subgroup: (0, 2) is on y² = x³ + 4; its order is 3 (a point with x = 0 on
        // y² = x³ + b is a flex point), so [r](0, 2) ≠ O
        long[] p02 = G1.affine(BigInteger.ZERO, BigInteger.TWO);
        assertTrue(G1.CURVE.isOnCurveAffine(p02, 0));
        byte[] outside = enc.toCompressed(p02, 0);
        rejects(Reason.NOT_IN_SUBGROUP, () -> enc.fromCompressed(outside));
        rejects(Reason.NOT_IN_SUBGROUP, () -> enc.fromUncompressed(enc.toUncompressed(p02, 0)));
        // ... which the trusted decoders accept by design
        assertArrayEquals(p02, enc.fromCompressedTrusted(outside, 0));
        assertArrayEquals(p02, enc.fromUncompressedTrusted(enc.toUncompressed(p02, 0), 0));
    }

    @Test
    void g2Rejections() {
        PointEncoding enc = PointEncoding.G2;
        byte[] good = HEX.parseHex(G2_GEN_COMPRESSED);
        rejects(Reason.WRONG_LENGTH, () -> enc.fromCompressed(new byte[95]));
        byte[] c0p = good.clone(); // c0 (second 48 bytes) = p
        System.arraycopy(toBytes48(Fp.P), 0, c0p, 48, 48);
        rejects(Reason.NON_CANONICAL_COORDINATE, () -> enc.fromCompressed(c0p));
        // a G2 curve point outside the subgroup: any x with x³ + b square, found by search from x = 1
        for (int x = 1; ; x++) {
            long[] xe = Fp2Coordinates.INSTANCE.fromBigIntegers(BigInteger.valueOf(x), BigInteger.ZERO);
            long[] rhs = new long[12];
            Fp2Coordinates.INSTANCE.square(rhs, 0, xe, 0);
            Fp2Coordinates.INSTANCE.mul(rhs, 0, rhs, 0, xe, 0);
            Fp2Coordinates.INSTANCE.add(rhs, 0, rhs, 0, G2.CURVE.b(), 0);
            long[] p = new long[24];
            if (Fp2Coordinates.INSTANCE.sqrt(p, 12, rhs, 0)) {
                System.arraycopy(xe, 0, p, 0, 12);
                byte[] enc2 = enc.toCompressed(p, 0);
                rejects(Reason.NOT_IN_SUBGROUP, () -> enc.fromCompressed(enc2));
                assertArrayEquals(p, enc.fromCompressedTrusted(enc2, 0));
                break;
            }
        }
    }

    private static byte[] slice(byte[] b, int off, int len) {
        return java.util.Arrays.copyOfRange(b, off, off + len);
    }

    private static byte[] toBytes48(BigInteger x) {
        byte[] out = new byte[48];
        byte[] raw = x.toByteArray();
        int len = Math.min(raw.length, 48);
        System.arraycopy(raw, raw.length - len, out, 48 - len, len);
        return out;
    }
}
