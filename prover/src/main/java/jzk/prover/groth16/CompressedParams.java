package jzk.prover.groth16;

import java.io.IOException;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.stream.IntStream;

import jzk.arith.PointDecodingException;
import jzk.arith.PointEncoding;

/**
 * The compressed, chunked parameter file (format version 3, {@code prover/PARAMS-FORMAT.md}): the sections of
 * {@link ParamsFile} (same names, order and counts) as Zcash/IETF compressed points (field-arith's
 * {@link PointEncoding}: 48 bytes a G1 point, 96 a G2 point), each section cut into chunks of {@code chunkPoints}
 * points with one SHA-256 digest per chunk, and a root digest over the header, the table and the chunk digests.
 * A 2^27-constraint key is ≈ 288 bytes a constraint on disk (4 G1 + 1 G2 points a variable/row) against 576
 * uncompressed.
 *
 * <p>Reading streams: the header, table and chunk digests (a few KiB) are read and checked against the root
 * first; then {@link #forEachChunk} hands out a section's chunks one at a time, each verified against its digest
 * before use, so a damaged byte is named by section, chunk and byte offset before any of it reaches a device.
 * {@link #read} decodes every section on the host (field-arith, the CPU path at small sizes); {@link DeviceKey#load}
 * decompresses the large sections on a device, never holding them on the host. Written by
 * {@link CompressedParamsWriter}. Errors are {@link IllegalArgumentException}s naming the file and byte offset.
 */
public final class CompressedParams implements AutoCloseable {
    static final int VERSION = 3;
    static final int HEADER_BYTES = 96;
    static final int ENTRY_BYTES = 24;
    static final int TABLE_BYTES = ParamsFile.SECTIONS * ENTRY_BYTES;
    /** Offset of the root digest: SHA-256 of bytes [0, ROOT) followed by the chunk digest table. */
    static final int ROOT = HEADER_BYTES + TABLE_BYTES;
    static final int DIGESTS = ROOT + 32;
    /** Default points per chunk: 2^20 (48 MiB of G1, 96 MiB of G2 a chunk). */
    public static final int DEFAULT_CHUNK = 1 << 20;
    /** Largest chunk: 2^22 points (a G2 chunk of 384 MiB stays one ByteBuffer view for SHA-256). */
    public static final int MAX_CHUNK = 1 << 22;
    static final ValueLayout.OfInt U32 = ValueLayout.JAVA_INT_UNALIGNED.withOrder(ByteOrder.LITTLE_ENDIAN);
    static final ValueLayout.OfLong U64 = ValueLayout.JAVA_LONG_UNALIGNED.withOrder(ByteOrder.LITTLE_ENDIAN);

    final Path path;
    final ProvingKey.HVariant hVariant;
    final int nVars;
    final int nPublic;
    final int nRows;
    final int lgDomain;
    final int chunkPoints;
    final long[] offset = new long[ParamsFile.SECTIONS];
    final long[] count = new long[ParamsFile.SECTIONS];
    final long[] firstChunk = new long[ParamsFile.SECTIONS];
    private final byte[] shapeId;
    private final byte[] digests;
    private final FileChannel ch;
    private final Arena arena;
    private final MemorySegment seg;

    /** Bytes of one compressed point of section {@code s}. */
    static int pointBytes(int s) {
        return ParamsFile.IS_G2[s] ? 96 : 48;
    }

    static long chunks(long count, int chunkPoints) {
        return (count + chunkPoints - 1) / chunkPoints;
    }

    /** Byte offset where section data starts for {@code totalChunks} chunk digests (64-byte aligned). */
    static long dataStart(long totalChunks) {
        return align(DIGESTS + 32 * totalChunks);
    }

    static long align(long x) {
        return (x + ParamsFile.ALIGN - 1) / ParamsFile.ALIGN * ParamsFile.ALIGN;
    }

    /** The section counts of a key of this shape, in table order. */
    static long[] expectedCounts(ProvingKey.HVariant hv, int nVars, int nPublic, int lg) {
        long n = 1L << lg;
        return new long[] {1, 1, 1, 1, 1, 1, nPublic + 1, nVars, nVars, nVars, nVars - nPublic - 1,
                hv == ProvingKey.HVariant.BELLMAN ? n - 1 : n};
    }

    /**
     * Opens and checks {@code path}: header, shape id ({@code expectedShapeId} null skips it), table against the
     * shape and the file size, root digest over header, table and chunk digests. Section data is checked chunk by
     * chunk as it is read.
     */
    public static CompressedParams open(Path path, byte[] expectedShapeId) throws IOException {
        FileChannel ch = FileChannel.open(path, StandardOpenOption.READ);
        Arena arena = Arena.ofShared();
        try {
            return new CompressedParams(path, ch, arena, expectedShapeId);
        } catch (IOException | RuntimeException e) {
            arena.close();
            ch.close();
            throw e;
        }
    }

    /** Whether the file at {@code path} starts like a version-3 parameter file. */
    public static boolean isCompressed(Path path) throws IOException {
        try (FileChannel ch = FileChannel.open(path, StandardOpenOption.READ)) {
            java.nio.ByteBuffer b = java.nio.ByteBuffer.allocate(12).order(ByteOrder.LITTLE_ENDIAN);
            while (b.hasRemaining() && ch.read(b) > 0) {
                // read the first 12 bytes
            }
            return b.position() == 12 && java.util.Arrays.equals(java.util.Arrays.copyOf(b.array(), 8),
                    ParamsFile.MAGIC) && b.getInt(8) == VERSION;
        }
    }

    private CompressedParams(Path path, FileChannel ch, Arena arena, byte[] expectedShapeId) throws IOException {
        this.path = path;
        this.ch = ch;
        this.arena = arena;
        long size = ch.size();
        if (size < DIGESTS) {
            throw err(0, "file is " + size + " bytes, shorter than the " + DIGESTS + "-byte header and table");
        }
        this.seg = ch.map(FileChannel.MapMode.READ_ONLY, 0, size, arena);
        byte[] magic = new byte[8];
        MemorySegment.copy(seg, ValueLayout.JAVA_BYTE, 0, magic, 0, 8);
        if (!java.util.Arrays.equals(magic, ParamsFile.MAGIC)) {
            throw err(0, "bad magic (not a jzk Groth16 parameter file)");
        }
        int version = seg.get(U32, 8);
        if (version != VERSION) {
            throw err(8, "version " + version + ", the compressed reader supports " + VERSION);
        }
        int variant = seg.get(U32, 12);
        if (variant < 0 || variant > 1) {
            throw err(12, "unknown H variant " + variant);
        }
        this.hVariant = ProvingKey.HVariant.values()[variant];
        byte[] shape = new byte[32];
        MemorySegment.copy(seg, ValueLayout.JAVA_BYTE, 16, shape, 0, 32);
        if (expectedShapeId != null && !java.util.Arrays.equals(shape, expectedShapeId)) {
            throw err(16, "circuit shape id does not match the circuit (parameters for another circuit)");
        }
        this.shapeId = shape;
        nVars = seg.get(U32, 48);
        nPublic = seg.get(U32, 52);
        nRows = seg.get(U32, 56);
        lgDomain = seg.get(U32, 60);
        if (nVars < 1 || nPublic < 0 || nPublic >= nVars || lgDomain < 0 || lgDomain > 28 || nRows < 0
                || nRows > (1 << lgDomain)) {
            throw err(48, "bad shape: nVars " + nVars + ", nPublic " + nPublic + ", rows " + nRows + ", lgDomain "
                    + lgDomain);
        }
        if (seg.get(U32, 64) != ParamsFile.SECTIONS) {
            throw err(64, "section count " + seg.get(U32, 64) + ", expected " + ParamsFile.SECTIONS);
        }
        chunkPoints = seg.get(U32, 68);
        if (chunkPoints < 1 || chunkPoints > MAX_CHUNK) {
            throw err(68, "chunk size " + chunkPoints + " points (1.." + MAX_CHUNK + ")");
        }
        if (seg.get(U64, 72) != size) {
            throw err(72, "header says the file is " + seg.get(U64, 72) + " bytes, it is " + size
                    + " (truncated or appended to)");
        }
        long[] expect = expectedCounts(hVariant, nVars, nPublic, lgDomain);
        long total = 0;
        for (int s = 0; s < ParamsFile.SECTIONS; s++) {
            total += chunks(expect[s], chunkPoints);
        }
        if (seg.get(U64, 80) != total) {
            throw err(80, "chunk count " + seg.get(U64, 80) + ", the shape and chunk size need " + total);
        }
        long next = dataStart(total);
        long chunk = 0;
        for (int s = 0; s < ParamsFile.SECTIONS; s++) {
            long t = HEADER_BYTES + (long) ENTRY_BYTES * s;
            offset[s] = seg.get(U64, t);
            count[s] = seg.get(U64, t + 8);
            firstChunk[s] = seg.get(U64, t + 16);
            if (count[s] != expect[s]) {
                throw err(t + 8, "section " + ParamsFile.NAMES[s] + " has " + count[s] + " points, the shape needs "
                        + expect[s]);
            }
            if (offset[s] != next || firstChunk[s] != chunk) {
                throw err(t, "section " + ParamsFile.NAMES[s] + " at offset " + offset[s] + ", chunk "
                        + firstChunk[s] + "; the layout puts it at " + next + ", chunk " + chunk);
            }
            next = align(next + count[s] * pointBytes(s));
            chunk += chunks(count[s], chunkPoints);
        }
        if (next != size) {
            throw err(72, "the sections end at " + next + ", the file has " + size + " bytes");
        }
        digests = new byte[Math.toIntExact(32 * total)];
        MemorySegment.copy(seg, ValueLayout.JAVA_BYTE, DIGESTS, digests, 0, digests.length);
        MessageDigest md = sha256();
        md.update(seg.asSlice(0, ROOT).asByteBuffer());
        md.update(digests);
        byte[] root = new byte[32];
        MemorySegment.copy(seg, ValueLayout.JAVA_BYTE, ROOT, root, 0, 32);
        if (!MessageDigest.isEqual(root, md.digest())) {
            throw err(ROOT, "root checksum of the header, section table and chunk digests does not match"
                    + " (damaged file)");
        }
    }

    public int nVars() {
        return nVars;
    }

    public int lgDomain() {
        return lgDomain;
    }

    public long fileBytes() {
        return seg.byteSize();
    }

    /** The verifying key (α, β, γ, δ, IC) decoded on the host; the large sections are not read. */
    public VerifyingKey verifyingKey() throws IOException {
        boolean sub = CurveCheck.subgroupCheckByDefault();
        return new VerifyingKey(section(0, sub), section(2, sub), section(3, sub), section(5, sub), section(6, sub));
    }

    /** Points of section {@code s} (table order, {@code prover/PARAMS-FORMAT.md}). */
    public long points(int s) {
        return count[s];
    }

    /**
     * Bytes of the large sections (A, B1, B2, L, H) as affine points (96 bytes G1, 192 bytes G2): what a
     * {@link DeviceKey} of this file holds in device memory, about 576 bytes a variable/row.
     */
    public long residentBytes() {
        long b = 0;
        for (int s = 7; s < ParamsFile.SECTIONS; s++) {
            b += count[s] * 8L * (ParamsFile.IS_G2[s] ? Points.G2 : Points.G1);
        }
        return b;
    }

    /** One verified chunk of a section: points {@code [first, first + count)}, their bytes in {@code bytes}. */
    @FunctionalInterface
    public interface ChunkConsumer {
        void accept(long first, int count, MemorySegment bytes) throws IOException;
    }

    /** The circuit shape id in the header ({@link ParamsFile#shapeId} of the circuit the key was made for). */
    public byte[] shapeId() {
        return shapeId.clone();
    }

    /** Whether the header's sizes are those of a key for {@code cs} (variables, inputs, QAP rows). */
    public boolean sizedFor(jzk.prover.r1cs.R1cs cs) {
        return nVars == cs.numVariables() && nPublic == cs.numInputs()
                && nRows == (long) cs.numConstraints() + cs.numInputs() + 1;
    }

    /**
     * Hands out section {@code s}'s chunks in order, each after its SHA-256 matched (digests of up to
     * {@code parallel} chunks ahead are computed in parallel); throws naming the section, chunk and byte offset of
     * the first chunk that does not match. A chunk's bytes are valid only during its {@code accept}: its mapped pages
     * are released afterwards, so the mapping adds at most the chunks in flight to the resident set.
     */
    public void forEachChunk(int s, ChunkConsumer consumer) throws IOException {
        long nChunks = chunks(count[s], chunkPoints);
        int ahead = Math.max(1, Runtime.getRuntime().availableProcessors());
        for (long c0 = 0; c0 < nChunks; c0 += ahead) {
            long base = c0;
            int m = (int) Math.min(ahead, nChunks - c0);
            long bad = IntStream.range(0, m).parallel().filter(k -> !chunkMatches(s, base + k)).min().orElse(-1);
            if (bad >= 0) {
                long c = base + bad;
                throw err(chunkOffset(s, c), "checksum of section " + ParamsFile.NAMES[s] + " chunk " + c + " (points "
                        + c * chunkPoints + ".." + (c * chunkPoints + chunkCount(s, c) - 1)
                        + ") does not match (damaged file)");
            }
            for (int k = 0; k < m; k++) {
                long c = base + k;
                MemorySegment bytes = chunkBytes(s, c);
                consumer.accept(c * chunkPoints, chunkCount(s, c), bytes);
                // drop the chunk's mapped pages from this process (madvise DONTNEED): streaming a 37.7 GB file must
                // not leave it counted in the RSS (VmHWM) of the prover that keeps the key on the device
                bytes.unload();
            }
        }
    }

    private int chunkCount(int s, long c) {
        return (int) Math.min(chunkPoints, count[s] - c * chunkPoints);
    }

    private long chunkOffset(int s, long c) {
        return offset[s] + c * chunkPoints * pointBytes(s);
    }

    private MemorySegment chunkBytes(int s, long c) {
        return seg.asSlice(chunkOffset(s, c), (long) chunkCount(s, c) * pointBytes(s));
    }

    private boolean chunkMatches(int s, long c) {
        MessageDigest md = sha256();
        md.update(chunkBytes(s, c).asByteBuffer());
        return MessageDigest.isEqual(md.digest(), java.util.Arrays.copyOfRange(digests,
                (int) (32 * (firstChunk[s] + c)), (int) (32 * (firstChunk[s] + c + 1))));
    }

    /**
     * Section {@code s} decoded on the host (field-arith, parallel, without the subgroup check unless
     * {@code checkSubgroup}): affine Montgomery limbs as {@link Points}. For the CPU path and the small sections.
     */
    long[] section(int s, boolean checkSubgroup) throws IOException {
        PointEncoding enc = ParamsFile.IS_G2[s] ? PointEncoding.G2 : PointEncoding.G1;
        int longs = ParamsFile.IS_G2[s] ? Points.G2 : Points.G1;
        long[] out = new long[Math.toIntExact(Math.multiplyExact(count[s], (long) longs))];
        forEachChunk(s, (first, n, bytes) -> {
            byte[] b = bytes.toArray(ValueLayout.JAVA_BYTE);
            long[] pts;
            try {
                pts = enc.fromCompressedArray(b, 0, n, checkSubgroup);
            } catch (PointDecodingException e) {
                throw err(chunkOffset(s, first / chunkPoints), "section " + ParamsFile.NAMES[s]
                        + ": a point of chunk " + first / chunkPoints + " does not decode: " + e.getMessage());
            }
            System.arraycopy(pts, 0, out, (int) (first * longs), pts.length);
        });
        return out;
    }

    /** The whole key on the host (the CPU path). */
    public ProvingKey read() throws IOException {
        long[][] out = new long[ParamsFile.SECTIONS][];
        for (int s = 0; s < ParamsFile.SECTIONS; s++) {
            out[s] = section(s, CurveCheck.subgroupCheckByDefault());
        }
        VerifyingKey vk = new VerifyingKey(out[0], out[2], out[3], out[5], out[6]);
        return new ProvingKey(hVariant, nVars, nPublic, nRows, lgDomain, out[0], out[1], out[2], out[4], out[5],
                out[7], out[8], out[9], out[10], out[11], vk);
    }

    /** Reads and closes: {@link #open} then {@link #read}. */
    public static ProvingKey read(Path path, byte[] expectedShapeId) throws IOException {
        try (CompressedParams p = open(path, expectedShapeId)) {
            return p.read();
        }
    }

    IllegalArgumentException err(long off, String msg) {
        return new IllegalArgumentException(path + " @ byte " + off + ": " + msg);
    }

    static MessageDigest sha256() {
        try {
            return MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    @Override
    public void close() throws IOException {
        arena.close();
        ch.close();
    }
}
