package jzk.tornado.bls;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigInteger;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import jzk.arith.Curve;
import jzk.arith.Fr;
import jzk.arith.G1;
import jzk.arith.G2;
import jzk.arith.PointDecodingException;
import jzk.arith.PointEncoding;
import jzk.tornado.bls.kernels.DecompressKernels;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.Parameter;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * {@link DecompressKernels#decompress} through {@link CompressedUpload} on every test host (the jvm device, PoCL in
 * CI) against field-arith's own decoder ({@link PointEncoding#fromCompressedTrusted}, a separate implementation:
 * BigInteger-free limb code with its own square roots): bit for bit on points of the group (both signs), on the
 * point at infinity, on random x (on the curve or not, sort flag either way: both accept or both reject), and on
 * malformed encodings (no compression flag, infinity with bits set, x ≥ p), each rejected with its status and
 * index. Segments of 7 points and chunks of 5 make chunks cross segment boundaries.
 */
@ParameterizedClass(name = "{0}")
@MethodSource("jzk.tornado.bls.TestHosts#hosts")
class DecompressKernelsTest {
    private static final BigInteger P = new BigInteger("1a0111ea397fe69a4b1ba7b6434bacd764774b84f38512bf6730d2a0f6b0"
            + "f6241eabfffeb153ffffb9feffffffffaaab", 16);
    @Parameter
    KernelHost host;

    private static Curve curve(int d) {
        return d == 1 ? G1.CURVE : G2.CURVE;
    }

    private static PointEncoding enc(int d) {
        return d == 1 ? PointEncoding.G1 : PointEncoding.G2;
    }

    /** Encodings of [k]G for random k and their negations, infinity, and random x (valid or not). */
    private static List<byte[]> encodings(int d, Random rnd) {
        Curve c = curve(d);
        List<byte[]> out = new ArrayList<>();
        long[] jac = new long[c.jacobianLongs()];
        long[] aff = new long[c.affineLongs()];
        long[] neg = new long[c.affineLongs()];
        out.add(enc(d).toCompressed(aff, 0)); // all zeros = infinity
        for (int i = 0; i < 6; i++) {
            c.mul(jac, 0, c.generatorAffine(), 0, new BigInteger(255, rnd).mod(Fr.R));
            c.toAffine(aff, 0, jac, 0);
            out.add(enc(d).toCompressed(aff, 0));
            c.negAffine(neg, 0, aff, 0);
            out.add(enc(d).toCompressed(neg, 0));
        }
        for (int i = 0; i < 10; i++) {
            byte[] b = new byte[48 * d];
            for (int k = 0; k < d; k++) {
                byte[] x = toBytes(new BigInteger(400, rnd).mod(P));
                System.arraycopy(x, 0, b, 48 * k, 48);
            }
            b[0] |= (byte) (0x80 | (rnd.nextBoolean() ? 0x20 : 0));
            out.add(b);
        }
        return out;
    }

    private static byte[] toBytes(BigInteger v) {
        byte[] raw = v.toByteArray();
        byte[] b = new byte[48];
        int n = Math.min(48, raw.length);
        System.arraycopy(raw, raw.length - n, b, 48 - n, n);
        return b;
    }

    private static long[] pack(List<byte[]> encs, int d) {
        ByteBuffer bb = ByteBuffer.allocate(encs.size() * 48 * d).order(ByteOrder.LITTLE_ENDIAN);
        encs.forEach(bb::put);
        long[] l = new long[encs.size() * 6 * d];
        bb.flip().asLongBuffer().get(l);
        return l;
    }

    /** field-arith's result, or null when it rejects the encoding. */
    private static long[] reference(int d, byte[] e) {
        try {
            return enc(d).fromCompressedTrusted(e, 0);
        } catch (PointDecodingException ex) {
            return null;
        }
    }

    private long[] readAll(ResidentBases rb) {
        int al = 12 * rb.d;
        long[] all = new long[rb.n * al];
        for (int k = 0; k < rb.segments.length; k++) {
            int pts = rb.segmentSize(k);
            host.read(rb.segments[k], 0, all, k * rb.segmentPoints * al, pts * al);
        }
        return all;
    }

    private void checkValid(int d, long seed) {
        List<byte[]> all = encodings(d, new Random(seed));
        List<byte[]> ok = new ArrayList<>();
        List<long[]> want = new ArrayList<>();
        int rejected = 0;
        for (byte[] e : all) {
            long[] r = reference(d, e);
            if (r != null) {
                ok.add(e);
                want.add(r);
            } else {
                rejected++;
                // field-arith rejects it: so must the kernel (one-point chunk)
                try (ResidentBases rb = new ResidentBases(host, d, 1, 1);
                     CompressedUpload up = new CompressedUpload(host, d, 1)) {
                    long bad = up.put(rb, 0, pack(List.of(e), d), 1);
                    assertEquals(DecompressKernels.NOT_ON_CURVE, (int) (bad & 7), "random x off the curve");
                }
            }
        }
        assertTrue(rejected > 0 && ok.size() > 13, "random x gave both cases: " + rejected + " rejected");
        try (ResidentBases rb = new ResidentBases(host, d, ok.size(), 7);
             CompressedUpload up = new CompressedUpload(host, d, 5)) {
            long[] src = pack(ok, d);
            for (int at = 0; at < ok.size(); at += 5) {
                int m = Math.min(5, ok.size() - at);
                long[] part = java.util.Arrays.copyOfRange(src, at * 6 * d, (at + m) * 6 * d);
                assertEquals(-1, up.put(rb, at, part, m), "chunk at " + at);
            }
            long[] got = readAll(rb);
            int al = 12 * d;
            for (int i = 0; i < ok.size(); i++) {
                assertArrayEquals(want.get(i), java.util.Arrays.copyOfRange(got, i * al, (i + 1) * al),
                        "point " + i);
            }
        }
    }

    @Test
    void g1MatchesFieldArith() {
        checkValid(1, 5);
    }

    @Test
    void g2MatchesFieldArith() {
        checkValid(2, 6);
    }

    /** Malformed encodings: the status names the check, the index the point, and field-arith rejects them too. */
    @Test
    void malformedRejected() {
        for (int d = 1; d <= 2; d++) {
            Curve c = curve(d);
            long[] jac = new long[c.jacobianLongs()];
            long[] aff = new long[c.affineLongs()];
            c.mul(jac, 0, c.generatorAffine(), 0, BigInteger.valueOf(12345));
            c.toAffine(aff, 0, jac, 0);
            byte[] good = enc(d).toCompressed(aff, 0);
            byte[] noFlag = good.clone();
            noFlag[0] &= 0x7F;
            byte[] infSort = new byte[48 * d];
            infSort[0] = (byte) 0xE0;
            byte[] infBits = new byte[48 * d];
            infBits[0] = (byte) 0xC0;
            infBits[48 * d - 1] = 1;
            byte[] big = good.clone(); // x (its c1 for G2) = p: not canonical
            byte[] pb = toBytes(P);
            System.arraycopy(pb, 0, big, 0, 48);
            big[0] |= (byte) (good[0] & 0xE0);
            byte[] bigC0 = good.clone(); // G2: c0 = p; G1: same as big
            System.arraycopy(pb, 0, bigC0, 48 * (d - 1), 48);
            if (d == 1) {
                bigC0[0] |= (byte) 0x80;
            }
            Object[][] cases = {{noFlag, DecompressKernels.NOT_COMPRESSED}, {infSort, DecompressKernels.BAD_INFINITY},
                    {infBits, DecompressKernels.BAD_INFINITY}, {big, DecompressKernels.NOT_CANONICAL},
                    {bigC0, DecompressKernels.NOT_CANONICAL}};
            for (Object[] cs : cases) {
                byte[] e = (byte[]) cs[0];
                assertEquals(null, reference(d, e), "field-arith rejects it too");
                try (ResidentBases rb = new ResidentBases(host, d, 3, 2);
                     CompressedUpload up = new CompressedUpload(host, d, 3)) {
                    long bad = up.put(rb, 0, pack(List.of(good, good, e), d), 3);
                    assertEquals(2 * 8 + (int) cs[1], bad, "d=" + d + " status " + cs[1]);
                    assertNotEquals("status " + cs[1], CompressedUpload.describe((int) cs[1]));
                }
            }
        }
    }

    /** G1 has no point with y = 0: −4 is not a cube mod p (p ≡ 1 mod 3), so x³ + 4 = 0 has no root. */
    @Test
    void g1HasNoPointOfOrderTwo() {
        BigInteger e = P.subtract(BigInteger.ONE).divide(BigInteger.valueOf(3));
        assertEquals(BigInteger.ONE, P.mod(BigInteger.valueOf(3)));
        assertNotEquals(BigInteger.ONE, P.subtract(BigInteger.valueOf(4)).modPow(e, P));
    }
}
