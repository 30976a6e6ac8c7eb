package jzk.arith;

import jzk.arith.PointDecodingException.Reason;

/**
 * The Zcash/IETF serialization of G1 and G2 points, as specified by zkcrypto bls12_381 ("Serialization" notes in
 * its README, {@code G1Affine::to_compressed}/{@code from_compressed}) and IETF
 * draft-irtf-cfrg-pairing-friendly-curves-11 Appendix C ("ZCash serialization format for BLS12_381").
 *
 * <p>Format: big-endian canonical coordinates; an Fp2 element is c1 then c0. Compressed = x only (48 bytes for G1,
 * 96 for G2), uncompressed = x‖y (96 / 192 bytes). The three top bits of byte 0 are flags:
 * bit 7 (0x80) compression (1 iff compressed), bit 6 (0x40) infinity (then every other bit is zero),
 * bit 5 (0x20) sort (compressed, finite points only: y is the lexicographically largest root, see
 * {@link CoordinateField#isLexicographicallyLargest}). The coordinates fit in 381 bits, so the flags never collide
 * with a value bit.
 *
 * <p>Decoding rejects, each with its own {@link PointDecodingException.Reason}: wrong length, bad flags,
 * infinity with non-zero bits, non-canonical coordinates (≥ p), points not on the curve and (unless the
 * {@code Trusted} variant is called) points outside the order-r subgroup. Decoded points are affine in the
 * layout of {@link Curve} (infinity = all-zero limbs).
 */
public final class PointEncoding {
    /** Zcash/IETF encoding of G1 points (48 / 96 bytes). */
    public static final PointEncoding G1 = new PointEncoding(jzk.arith.G1.CURVE);
    /** Zcash/IETF encoding of G2 points (96 / 192 bytes). */
    public static final PointEncoding G2 = new PointEncoding(jzk.arith.G2.CURVE);

    private static final int COMPRESSION = 0x80;
    private static final int INFINITY = 0x40;
    private static final int SORT = 0x20;

    private final Curve curve;
    private final CoordinateField f;
    /** Bytes of one coordinate: 48 (Fp) or 96 (Fp2). */
    private final int coordBytes;

    private PointEncoding(Curve curve) {
        this.curve = curve;
        this.f = curve.field;
        this.coordBytes = f.byteLength();
    }

    public int compressedBytes() {
        return coordBytes;
    }

    public int uncompressedBytes() {
        return 2 * coordBytes;
    }

    // ---------------------------------------------------------------- encoding

    /** Compressed encoding of an affine point (must be on the curve; infinity allowed). */
    public byte[] toCompressed(long[] a, int ao) {
        byte[] out = new byte[coordBytes];
        if (curve.isInfinityAffine(a, ao)) {
            out[0] = (byte) (COMPRESSION | INFINITY);
            return out;
        }
        f.toBytesBE(out, 0, a, ao);
        out[0] |= (byte) COMPRESSION;
        if (f.isLexicographicallyLargest(a, ao + curve.n)) {
            out[0] |= (byte) SORT;
        }
        return out;
    }

    /** Uncompressed encoding x‖y of an affine point (infinity: 0x40 then zeros). */
    public byte[] toUncompressed(long[] a, int ao) {
        byte[] out = new byte[2 * coordBytes];
        if (curve.isInfinityAffine(a, ao)) {
            out[0] = (byte) INFINITY;
            return out;
        }
        f.toBytesBE(out, 0, a, ao);
        f.toBytesBE(out, coordBytes, a, ao + curve.n);
        return out;
    }

    // ---------------------------------------------------------------- decoding

    /** Decodes a compressed point with every check, subgroup membership included. */
    public long[] fromCompressed(byte[] in) {
        checkLength(in, coordBytes, "compressed");
        return decodeCompressed(in, 0, true);
    }

    /** Decodes an uncompressed point with every check, subgroup membership included. */
    public long[] fromUncompressed(byte[] in) {
        checkLength(in, 2 * coordBytes, "uncompressed");
        return decodeUncompressed(in, 0, true);
    }

    /** Decodes the compressed point at {@code in[off .. off+compressedBytes)} with every check. */
    public long[] fromCompressed(byte[] in, int off) {
        checkRange(in, off, coordBytes, "compressed");
        return decodeCompressed(in, off, true);
    }

    /** Decodes the uncompressed point at {@code in[off .. off+uncompressedBytes)} with every check. */
    public long[] fromUncompressed(byte[] in, int off) {
        checkRange(in, off, 2 * coordBytes, "uncompressed");
        return decodeUncompressed(in, off, true);
    }

    /**
     * TRUSTED decoding: every check of {@link #fromCompressed(byte[], int)} except subgroup membership (the costly
     * one). Only for inputs whose integrity is established otherwise (e.g. a parameter file checked by hash);
     * a point outside the subgroup passes silently.
     */
    public long[] fromCompressedTrusted(byte[] in, int off) {
        checkRange(in, off, coordBytes, "compressed");
        return decodeCompressed(in, off, false);
    }

    /** TRUSTED counterpart of {@link #fromUncompressed(byte[], int)}: no subgroup check (see there). */
    public long[] fromUncompressedTrusted(byte[] in, int off) {
        checkRange(in, off, 2 * coordBytes, "uncompressed");
        return decodeUncompressed(in, off, false);
    }

    /**
     * Decodes {@code count} consecutive uncompressed points from {@code in[off..]} (e.g. a section of a bellman-style
     * parameter file) into one flat affine array ({@link Curve#affineLongs()} longs per point), in parallel on the
     * common ForkJoin pool. Every check of {@link #fromUncompressed(byte[], int)} applies, the subgroup check only
     * when {@code checkSubgroup} (pass false only for inputs whose integrity is established otherwise). The first
     * invalid point's exception is rethrown; its message names the point's byte offset.
     */
    public long[] fromUncompressedArray(byte[] in, int off, int count, boolean checkSubgroup) {
        return decodeArray(in, off, count, 2 * coordBytes, false, checkSubgroup);
    }

    /** Compressed counterpart of {@link #fromUncompressedArray}. */
    public long[] fromCompressedArray(byte[] in, int off, int count, boolean checkSubgroup) {
        return decodeArray(in, off, count, coordBytes, true, checkSubgroup);
    }

    private long[] decodeArray(byte[] in, int off, int count, int size, boolean compressed, boolean checkSubgroup) {
        String format = compressed ? "compressed" : "uncompressed";
        if (count < 0 || off < 0 || off > in.length - (long) count * size) {
            throw new PointDecodingException(Reason.WRONG_LENGTH, curve.name + " " + format + " array: " + count
                    + " points of " + size + " bytes at offset " + off + " do not fit a buffer of " + in.length);
        }
        int al = curve.affineLongs();
        long[] out = new long[count * al];
        PointDecodingException[] firstError = new PointDecodingException[1];
        java.util.stream.IntStream.range(0, count).parallel().forEach(i -> {
            try {
                long[] p = compressed ? decodeCompressed(in, off + i * size, checkSubgroup)
                        : decodeUncompressed(in, off + i * size, checkSubgroup);
                System.arraycopy(p, 0, out, i * al, al);
            } catch (PointDecodingException e) {
                synchronized (firstError) {
                    if (firstError[0] == null || e.offset < firstError[0].offset) {
                        firstError[0] = e; // report the lowest offset, as a sequential decoder would
                    }
                }
            }
        });
        if (firstError[0] != null) {
            throw firstError[0];
        }
        return out;
    }

    private long[] decodeCompressed(byte[] in, int off, boolean checkSubgroup) {
        int flags = in[off] & 0xE0;
        if ((flags & COMPRESSION) == 0) {
            throw fail(Reason.BAD_FLAGS, "compressed", off, "compression flag (0x80) not set");
        }
        long[] a = new long[curve.affineLongs()];
        if ((flags & INFINITY) != 0) {
            if ((flags & SORT) != 0) {
                throw fail(Reason.BAD_FLAGS, "compressed", off, "sort flag (0x20) set on the point at infinity");
            }
            requireZeroBits(in, off, coordBytes, "compressed");
            return a;
        }
        byte[] x = java.util.Arrays.copyOfRange(in, off, off + coordBytes);
        x[0] &= 0x1F;
        if (!f.fromBytesBE(a, 0, x, 0)) {
            throw fail(Reason.NON_CANONICAL_COORDINATE, "compressed", off, "x coordinate is not below p");
        }
        int n = curve.n;
        long[] rhs = new long[n];
        f.square(rhs, 0, a, 0);
        f.mul(rhs, 0, rhs, 0, a, 0);
        f.add(rhs, 0, rhs, 0, curve.b(), 0);
        if (!f.sqrt(a, n, rhs, 0)) {
            throw fail(Reason.NOT_ON_CURVE, "compressed", off, "x³ + b has no square root, so x is on no point");
        }
        if (f.isLexicographicallyLargest(a, n) != ((flags & SORT) != 0)) {
            f.neg(a, n, a, n);
        }
        if (checkSubgroup) {
            requireSubgroup(a, "compressed", off);
        }
        return a;
    }

    private long[] decodeUncompressed(byte[] in, int off, boolean checkSubgroup) {
        int flags = in[off] & 0xE0;
        if ((flags & COMPRESSION) != 0) {
            throw fail(Reason.BAD_FLAGS, "uncompressed", off, "compression flag (0x80) set");
        }
        if ((flags & SORT) != 0) {
            throw fail(Reason.BAD_FLAGS, "uncompressed", off, "sort flag (0x20) set (only compressed points carry it)");
        }
        long[] a = new long[curve.affineLongs()];
        if ((flags & INFINITY) != 0) {
            requireZeroBits(in, off, 2 * coordBytes, "uncompressed");
            return a;
        }
        byte[] x = java.util.Arrays.copyOfRange(in, off, off + 2 * coordBytes);
        x[0] &= 0x1F;
        if (!f.fromBytesBE(a, 0, x, 0)) {
            throw fail(Reason.NON_CANONICAL_COORDINATE, "uncompressed", off, "x coordinate is not below p");
        }
        if (!f.fromBytesBE(a, curve.n, x, coordBytes)) {
            throw fail(Reason.NON_CANONICAL_COORDINATE, "uncompressed", off, "y coordinate is not below p");
        }
        if (curve.isInfinityAffine(a, 0) || !curve.isOnCurveAffine(a, 0)) {
            throw fail(Reason.NOT_ON_CURVE, "uncompressed", off, "(x, y) does not satisfy y² = x³ + b");
        }
        if (checkSubgroup) {
            requireSubgroup(a, "uncompressed", off);
        }
        return a;
    }

    private void requireSubgroup(long[] a, String format, int off) {
        if (!curve.isInSubgroup(a, 0)) {
            throw fail(Reason.NOT_IN_SUBGROUP, format, off, "point is on the curve but not in the order-r subgroup");
        }
    }

    private void requireZeroBits(byte[] in, int off, int len, String format) {
        if ((in[off] & 0x1F) != 0) {
            throw fail(Reason.NONZERO_INFINITY, format, off, "infinity flag set but byte 0 has value bits");
        }
        for (int i = 1; i < len; i++) {
            if (in[off + i] != 0) {
                throw fail(Reason.NONZERO_INFINITY, format, off,
                        "infinity flag set but byte " + i + " is non-zero");
            }
        }
    }

    private void checkLength(byte[] in, int expected, String format) {
        if (in.length != expected) {
            throw new PointDecodingException(Reason.WRONG_LENGTH, curve.name + " " + format + " point: expected "
                    + expected + " bytes, got " + in.length);
        }
    }

    private void checkRange(byte[] in, int off, int len, String format) {
        if (off < 0 || off > in.length - len) {
            throw new PointDecodingException(Reason.WRONG_LENGTH, curve.name + " " + format + " point at offset "
                    + off + ": needs " + len + " bytes, buffer has " + in.length);
        }
    }

    private PointDecodingException fail(Reason reason, String format, int off, String what) {
        return new PointDecodingException(reason,
                curve.name + " " + format + " point at offset " + off + ": " + what + " [" + reason + "]", off);
    }
}
