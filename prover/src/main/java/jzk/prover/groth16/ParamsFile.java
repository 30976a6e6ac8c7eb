package jzk.prover.groth16;

import java.io.IOException;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;

/**
 * jzk's Groth16 parameter file: writes a {@link ProvingKey} and reads it back by memory-mapping. The byte layout
 * is specified in {@code prover/PARAMS-FORMAT.md} (magic "JZKG16PK", version 1, little-endian, a 12-entry section
 * table, 64-byte aligned sections of uncompressed points as Montgomery-form Fp limbs — the in-memory layout of
 * {@link Points}, so reading is a bulk copy), then a trailer of SHA-256 digests (one per section, one of the header
 * and table) written last. The reader validates the header, the section table against the shape, every offset
 * against the file size (overflow-safe: {@code Math.addExact}/{@code multiplyExact}, so an offset near 2^63 is a
 * damaged file, not a wrapped bounds check) and every point against its curve equation; {@link #verifyChecksums}
 * recomputes the digests. Errors name the file and the byte offset.
 */
public final class ParamsFile {
    static final byte[] MAGIC = "JZKG16PK".getBytes(StandardCharsets.US_ASCII);
    static final int VERSION = 2;
    static final int HEADER_BYTES = 96;
    static final int SECTIONS = 12;
    /** Trailer: 12 section digests then the header-and-table digest, SHA-256 each. */
    static final int TRAILER_BYTES = (SECTIONS + 1) * 32;
    static final int TABLE_BYTES = SECTIONS * 16;
    static final int ALIGN = 64;
    /** Section order of the table; "true" = G2. */
    static final String[] NAMES = {"alpha1", "beta1", "beta2", "gamma2", "delta1", "delta2", "ic", "a", "b1", "b2",
            "l", "h"};
    static final boolean[] IS_G2 = {false, false, true, true, false, true, false, false, false, true, false, false};
    private static final ValueLayout.OfInt U32 = ValueLayout.JAVA_INT_UNALIGNED.withOrder(ByteOrder.LITTLE_ENDIAN);
    private static final ValueLayout.OfLong U64 = ValueLayout.JAVA_LONG_UNALIGNED.withOrder(ByteOrder.LITTLE_ENDIAN);

    private ParamsFile() {
    }

    private static long[][] arrays(ProvingKey pk) {
        return new long[][] {pk.alpha1, pk.beta1, pk.beta2, pk.vk.gamma2, pk.delta1, pk.delta2, pk.vk.ic, pk.a,
                pk.b1, pk.b2, pk.l, pk.h};
    }

    /** Writes {@code pk} with the given 32-byte circuit shape id (e.g. {@link #shapeId}). */
    public static void write(Path path, ProvingKey pk, byte[] shapeId) throws IOException {
        if (shapeId.length != 32) {
            throw new IllegalArgumentException("shape id must be 32 bytes");
        }
        long[][] secs = arrays(pk);
        long[] offs = new long[SECTIONS];
        long off = align(HEADER_BYTES + TABLE_BYTES);
        for (int i = 0; i < SECTIONS; i++) {
            offs[i] = off;
            off = align(off + secs[i].length * 8L);
        }
        long trailer = off;
        off += TRAILER_BYTES;
        try (FileChannel ch = FileChannel.open(path, StandardOpenOption.CREATE, StandardOpenOption.WRITE,
                StandardOpenOption.TRUNCATE_EXISTING, StandardOpenOption.READ);
             Arena arena = Arena.ofConfined()) {
            MemorySegment seg = ch.map(FileChannel.MapMode.READ_WRITE, 0, off, arena);
            MemorySegment.copy(MAGIC, 0, seg, ValueLayout.JAVA_BYTE, 0, 8);
            seg.set(U32, 8, VERSION);
            seg.set(U32, 12, pk.hVariant.ordinal());
            MemorySegment.copy(shapeId, 0, seg, ValueLayout.JAVA_BYTE, 16, 32);
            seg.set(U32, 48, pk.nVars);
            seg.set(U32, 52, pk.nPublic);
            seg.set(U32, 56, pk.nRows);
            seg.set(U32, 60, pk.lgDomain);
            seg.set(U32, 64, SECTIONS);
            seg.set(U64, 72, off);
            seg.set(U64, 80, trailer);
            for (int i = 0; i < SECTIONS; i++) {
                long t = HEADER_BYTES + 16L * i;
                seg.set(U64, t, offs[i]);
                seg.set(U64, t + 8, secs[i].length / (IS_G2[i] ? Points.G2 : Points.G1));
                MemorySegment.copy(secs[i], 0, seg, U64, offs[i], secs[i].length);
            }
            // the digests last: a file cut short or altered afterwards does not match them
            byte[][] d = digests(seg, path);
            for (int i = 0; i <= SECTIONS; i++) {
                MemorySegment.copy(d[i], 0, seg, ValueLayout.JAVA_BYTE, trailer + 32L * i, 32);
            }
            seg.force();
        }
    }

    /**
     * Reads and validates a parameter file; {@code expectedShapeId} null skips the shape check. Subgroup membership
     * is checked when {@code -Djzk.params.checkSubgroup=true} ({@link CurveCheck#subgroupCheckByDefault}).
     */
    public static ProvingKey read(Path path, byte[] expectedShapeId) throws IOException {
        return read(path, expectedShapeId, CurveCheck.subgroupCheckByDefault());
    }

    /** As {@link #read(Path, byte[])}; {@code checkSubgroup} also checks every point's subgroup (costly, opt-in). */
    public static ProvingKey read(Path path, byte[] expectedShapeId, boolean checkSubgroup) throws IOException {
        return read(path, expectedShapeId, true, checkSubgroup);
    }

    /**
     * As {@link #read(Path, byte[], boolean)}; {@code checkOnCurve} false skips the per-point curve equation (every
     * structural check stays): for a file whose checksums and points a previous read of the same file identity
     * already checked (ParamsCache's verified marker) — ~5 M points at 1 M constraints, seconds of a cached start.
     */
    public static ProvingKey read(Path path, byte[] expectedShapeId, boolean checkOnCurve, boolean checkSubgroup)
            throws IOException {
        try (FileChannel ch = FileChannel.open(path, StandardOpenOption.READ); Arena arena = Arena.ofConfined()) {
            long size = ch.size();
            if (size < HEADER_BYTES + TABLE_BYTES) {
                throw err(path, 0, "file is " + size + " bytes, shorter than the " + (HEADER_BYTES + TABLE_BYTES)
                        + "-byte header and section table");
            }
            MemorySegment seg = ch.map(FileChannel.MapMode.READ_ONLY, 0, size, arena);
            byte[] magic = new byte[8];
            MemorySegment.copy(seg, ValueLayout.JAVA_BYTE, 0, magic, 0, 8);
            if (!java.util.Arrays.equals(magic, MAGIC)) {
                throw err(path, 0, "bad magic (not a jzk Groth16 parameter file)");
            }
            int version = seg.get(U32, 8);
            if (version != VERSION) {
                throw err(path, 8, "version " + version + ", this reader supports " + VERSION);
            }
            int variant = seg.get(U32, 12);
            if (variant < 0 || variant > 1) {
                throw err(path, 12, "unknown H variant " + variant);
            }
            byte[] shape = new byte[32];
            MemorySegment.copy(seg, ValueLayout.JAVA_BYTE, 16, shape, 0, 32);
            if (expectedShapeId != null && !java.util.Arrays.equals(shape, expectedShapeId)) {
                throw err(path, 16, "circuit shape id does not match the circuit (parameters for another circuit)");
            }
            int nVars = seg.get(U32, 48);
            int nPublic = seg.get(U32, 52);
            int nRows = seg.get(U32, 56);
            int lg = seg.get(U32, 60);
            if (nVars < 1 || nPublic < 0 || nPublic >= nVars || lg < 0 || lg > 28 || nRows < 0 || nRows > (1 << lg)) {
                throw err(path, 48, "bad shape: nVars " + nVars + ", nPublic " + nPublic + ", rows " + nRows
                        + ", lgDomain " + lg);
            }
            if (seg.get(U32, 64) != SECTIONS) {
                throw err(path, 64, "section count " + seg.get(U32, 64) + ", expected " + SECTIONS);
            }
            if (seg.get(U64, 72) != size) {
                throw err(path, 72, "header says the file is " + seg.get(U64, 72) + " bytes, it is " + size
                        + " (truncated or appended to)");
            }
            long trailer = seg.get(U64, 80);
            if (trailer != size - TRAILER_BYTES) {
                throw err(path, 80, "checksum trailer at offset " + trailer + ", expected " + (size - TRAILER_BYTES));
            }
            int n = 1 << lg;
            ProvingKey.HVariant hv = ProvingKey.HVariant.values()[variant];
            long[] expect = {1, 1, 1, 1, 1, 1, nPublic + 1, nVars, nVars, nVars, nVars - nPublic - 1,
                    hv == ProvingKey.HVariant.BELLMAN ? n - 1 : n};
            long[][] out = new long[SECTIONS][];
            for (int i = 0; i < SECTIONS; i++) {
                long t = HEADER_BYTES + 16L * i;
                long off = seg.get(U64, t);
                long count = seg.get(U64, t + 8);
                if (count != expect[i]) {
                    throw err(path, t + 8, "section " + NAMES[i] + " has " + count + " points, the shape needs "
                            + expect[i]);
                }
                int longs = IS_G2[i] ? Points.G2 : Points.G1;
                if (off < HEADER_BYTES + TABLE_BYTES || off % 8 != 0 || end(off, count, longs * 8) > size) {
                    throw err(path, t, "section " + NAMES[i] + " at offset " + off + " (" + count * longs * 8
                            + " bytes) lies outside the file of " + size + " bytes");
                }
                if (count * longs > Integer.MAX_VALUE - 8) { // a Java long[] holds < 2^31 limbs (G2 at 2^27 points)
                    throw err(path, t + 8, "section " + NAMES[i] + " has " + count + " points (" + count * longs * 8
                            + " bytes): more than one Java array holds; this size needs off-heap parameters");
                }
                out[i] = new long[(int) (count * longs)];
                MemorySegment.copy(seg, U64, off, out[i], 0, out[i].length);
                int bad = !checkOnCurve ? -1 : IS_G2[i] ? CurveCheck.firstBadG2(out[i], (int) count)
                        : CurveCheck.firstBadG1(out[i], (int) count);
                if (bad >= 0) {
                    throw err(path, off + (long) bad * longs * 8, NAMES[i] + " point " + bad + " is not on "
                            + (IS_G2[i] ? CurveCheck.G2_EQUATION : CurveCheck.G1_EQUATION));
                }
                if (checkSubgroup) {
                    bad = CurveCheck.firstNotInSubgroup(out[i], (int) count, IS_G2[i]);
                    if (bad >= 0) {
                        throw err(path, off + (long) bad * longs * 8, NAMES[i] + " point " + bad
                                + " is not in the order-r subgroup of " + (IS_G2[i] ? "G2" : "G1"));
                    }
                }
            }
            VerifyingKey vk = new VerifyingKey(out[0], out[2], out[3], out[5], out[6]);
            return new ProvingKey(hv, nVars, nPublic, nRows, lg, out[0], out[1], out[2], out[4], out[5], out[7],
                    out[8], out[9], out[10], out[11], vk);
        }
    }

    /**
     * SHA-256 over the circuit's shape: "jzk-r1cs-v1", numInputs, numAux, numConstraints, then for A, B, C the
     * CSR arrays (rowStart, colIndex, coefficient limbs), all little-endian.
     */
    public static byte[] shapeId(jzk.prover.r1cs.R1cs cs) {
        try {
            MessageDigest md = MessageDigest.getInstance("SHA-256");
            md.update("jzk-r1cs-v1".getBytes(StandardCharsets.US_ASCII));
            ByteBuffer b = ByteBuffer.allocate(12).order(ByteOrder.LITTLE_ENDIAN);
            b.putInt(cs.numInputs()).putInt(cs.numAux()).putInt(cs.numConstraints());
            md.update(b.array());
            // streamed through one 64 KiB buffer (a whole matrix, 36 bytes an entry, would pass 2^31 bytes near 60 M
            // non-zeros), filled by bulk little-endian copies: this runs once per process, before the JVM has
            // compiled anything, so a per-value ByteBuffer loop costs seconds at 1 M constraints
            byte[] chunk = new byte[1 << 16];
            MemorySegment buf = MemorySegment.ofArray(chunk);
            long[] gather = new long[chunk.length / 8];
            for (jzk.prover.r1cs.CsrMatrix m : new jzk.prover.r1cs.CsrMatrix[] {cs.a(), cs.b(), cs.c()}) {
                hashInts(md, m.rowStart(), m.rows() + 1, chunk, buf);
                hashInts(md, m.colIndex(), m.nnz(), chunk, buf);
                long[] table = m.coeffTable();
                int per = gather.length / 4;
                for (int from = 0; from < m.nnz(); from += per) {
                    int n = Math.min(per, m.nnz() - from);
                    for (int k = 0; k < n; k++) {
                        System.arraycopy(table, m.coeffOffset(from + k), gather, 4 * k, 4);
                    }
                    MemorySegment.copy(gather, 0, buf, LE_LONG, 0, 4 * n);
                    md.update(chunk, 0, 32 * n);
                }
            }
            return md.digest();
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    /**
     * Recomputes the SHA-256 digests of the header-and-table and of every section and compares them with the
     * trailer; throws {@link IllegalArgumentException} naming the first damaged section and its byte offset. The
     * file's structure is checked first ({@link #read}'s checks, without the points). Cost: one pass over the file
     * (SHA-256, ~1 GB/s per core).
     */
    public static void verifyChecksums(Path path) throws IOException {
        try (FileChannel ch = FileChannel.open(path, StandardOpenOption.READ); Arena arena = Arena.ofConfined()) {
            long size = ch.size();
            if (size < HEADER_BYTES + TABLE_BYTES + TRAILER_BYTES) {
                throw err(path, 0, "file is " + size + " bytes, too short for header, table and checksums");
            }
            MemorySegment seg = ch.map(FileChannel.MapMode.READ_ONLY, 0, size, arena);
            if (seg.get(U32, 8) != VERSION) {
                throw err(path, 8, "version " + seg.get(U32, 8) + ", this reader supports " + VERSION);
            }
            if (seg.get(U64, 72) != size || seg.get(U64, 80) != size - TRAILER_BYTES) {
                throw err(path, 72, "file size or checksum trailer offset does not match the file's " + size
                        + " bytes (truncated or appended to)");
            }
            for (int i = 0; i < SECTIONS; i++) {
                long t = HEADER_BYTES + 16L * i;
                long off = seg.get(U64, t);
                long count = seg.get(U64, t + 8);
                if (off < HEADER_BYTES + TABLE_BYTES || count < 0
                        || end(off, count, (IS_G2[i] ? Points.G2 : Points.G1) * 8) > size - TRAILER_BYTES) {
                    throw err(path, t, "section " + NAMES[i] + " (offset " + off + ", " + count
                            + " points) lies outside the file");
                }
            }
            byte[][] d = digests(seg, path);
            long trailer = size - TRAILER_BYTES;
            byte[] stored = new byte[32];
            MemorySegment.copy(seg, ValueLayout.JAVA_BYTE, trailer + 32L * SECTIONS, stored, 0, 32);
            if (!MessageDigest.isEqual(stored, d[SECTIONS])) {
                throw err(path, 0, "checksum of the header and section table does not match (damaged file)");
            }
            for (int i = 0; i < SECTIONS; i++) {
                MemorySegment.copy(seg, ValueLayout.JAVA_BYTE, trailer + 32L * i, stored, 0, 32);
                if (!MessageDigest.isEqual(stored, d[i])) {
                    throw err(path, seg.get(U64, HEADER_BYTES + 16L * i), "checksum of section " + NAMES[i]
                            + " does not match (damaged file)");
                }
            }
        }
    }

    /** SHA-256 of each section's point bytes (by the table), then of bytes [0, header + table). */
    private static byte[][] digests(MemorySegment seg, Path path) {
        byte[][] d = new byte[SECTIONS + 1][];
        for (int i = 0; i < SECTIONS; i++) {
            long t = HEADER_BYTES + 16L * i;
            long len = end(0, seg.get(U64, t + 8), (IS_G2[i] ? Points.G2 : Points.G1) * 8);
            d[i] = sha256(seg.asSlice(seg.get(U64, t), len));
        }
        d[SECTIONS] = sha256(seg.asSlice(0, HEADER_BYTES + TABLE_BYTES));
        return d;
    }

    private static byte[] sha256(MemorySegment s) {
        try {
            MessageDigest md = MessageDigest.getInstance("SHA-256");
            final long chunk = 1L << 30; // a ByteBuffer view holds at most 2^31 − 1 bytes
            for (long o = 0; o < s.byteSize(); o += chunk) {
                md.update(s.asSlice(o, Math.min(chunk, s.byteSize() - o)).asByteBuffer());
            }
            return md.digest();
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    /** {@code off + count·bytes}, or {@link Long#MAX_VALUE} when that overflows (so a bounds check fails). */
    private static long end(long off, long count, long bytes) {
        try {
            return Math.addExact(off, Math.multiplyExact(count, bytes));
        } catch (ArithmeticException e) {
            return Long.MAX_VALUE;
        }
    }

    /** Feeds {@code bb}'s content to {@code md} and clears it when fewer than {@code need} bytes are left. */
    private static final ValueLayout.OfInt LE_INT = ValueLayout.JAVA_INT_UNALIGNED.withOrder(ByteOrder.LITTLE_ENDIAN);
    private static final ValueLayout.OfLong LE_LONG = ValueLayout.JAVA_LONG_UNALIGNED.withOrder(ByteOrder.LITTLE_ENDIAN);

    /** {@code md.update} of {@code a[0..n)} as little-endian ints, through {@code chunk} (viewed as {@code buf}). */
    private static void hashInts(MessageDigest md, int[] a, int n, byte[] chunk, MemorySegment buf) {
        int per = chunk.length / 4;
        for (int from = 0; from < n; from += per) {
            int m = Math.min(per, n - from);
            MemorySegment.copy(a, from, buf, LE_INT, 0, m);
            md.update(chunk, 0, 4 * m);
        }
    }

    private static long align(long x) {
        return (x + ALIGN - 1) / ALIGN * ALIGN;
    }

    private static IllegalArgumentException err(Path path, long off, String msg) {
        return new IllegalArgumentException(path + " @ byte " + off + ": " + msg);
    }
}
