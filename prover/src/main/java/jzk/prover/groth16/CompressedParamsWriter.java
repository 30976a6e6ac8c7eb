package jzk.prover.groth16;

import java.io.IOException;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.security.MessageDigest;
import java.util.stream.IntStream;

import jzk.arith.PointEncoding;
import jzk.prover.io.AtomicFiles;

/**
 * Writes a {@link CompressedParams} file (format version 3) as the points are produced: {@link #append} takes
 * each section's affine points in order, in pieces of any size (setup hands over one fixed-base batch at a time),
 * compresses them (field-arith's {@link PointEncoding#toCompressed}, in parallel), writes them at their place in
 * the file and folds them into the running SHA-256 of their chunk. The layout is fixed by the shape up front, so no
 * point is kept once written; {@link #finish} writes the chunk digests, the root digest and the header last and
 * commits the file atomically ({@link AtomicFiles}): an interrupted setup leaves no file. Host memory: one piece.
 *
 * <p>Not thread-safe: one producer.
 */
public final class CompressedParamsWriter implements AutoCloseable {
    private final Path target;
    private final AtomicFiles files;
    private final FileChannel ch;
    private final ProvingKey.HVariant hVariant;
    private final int nVars;
    private final int nPublic;
    private final int nRows;
    private final int lgDomain;
    private final byte[] shapeId;
    private final int chunkPoints;
    private final long[] count;
    private final long[] offset = new long[ParamsFile.SECTIONS];
    private final long[] firstChunk = new long[ParamsFile.SECTIONS];
    private final long[] written = new long[ParamsFile.SECTIONS];
    private final MessageDigest[] running = new MessageDigest[ParamsFile.SECTIONS];
    private final byte[] digests;
    private final long size;
    private boolean finished;

    /** Opens the temporary file for a key of this shape; nothing is visible at {@code target} before {@link #finish}. */
    public CompressedParamsWriter(Path target, ProvingKey.HVariant hVariant, int nVars, int nPublic, int nRows,
                                  int lgDomain, byte[] shapeId, int chunkPoints) throws IOException {
        if (shapeId.length != 32 || chunkPoints < 1 || chunkPoints > CompressedParams.MAX_CHUNK) {
            throw new IllegalArgumentException("shape id of 32 bytes and 1.." + CompressedParams.MAX_CHUNK
                    + " points a chunk needed");
        }
        this.target = target;
        this.hVariant = hVariant;
        this.nVars = nVars;
        this.nPublic = nPublic;
        this.nRows = nRows;
        this.lgDomain = lgDomain;
        this.shapeId = shapeId.clone();
        this.chunkPoints = chunkPoints;
        this.count = CompressedParams.expectedCounts(hVariant, nVars, nPublic, lgDomain);
        long total = 0;
        for (int s = 0; s < ParamsFile.SECTIONS; s++) {
            firstChunk[s] = total;
            total += CompressedParams.chunks(count[s], chunkPoints);
        }
        this.digests = new byte[Math.toIntExact(32 * total)];
        long next = CompressedParams.dataStart(total);
        for (int s = 0; s < ParamsFile.SECTIONS; s++) {
            offset[s] = next;
            next = CompressedParams.align(next + count[s] * CompressedParams.pointBytes(s));
        }
        this.size = next;
        this.files = AtomicFiles.of(target);
        FileChannel c = null;
        try {
            c = FileChannel.open(files.temp(target), StandardOpenOption.WRITE, StandardOpenOption.TRUNCATE_EXISTING);
        } finally {
            if (c == null) {
                files.close();
            }
        }
        this.ch = c;
    }

    /** Writes {@code pk} whole (small keys, tests, conversion of a version-2 file). */
    public static void write(Path target, ProvingKey pk, byte[] shapeId, int chunkPoints) throws IOException {
        try (CompressedParamsWriter w = new CompressedParamsWriter(target, pk.hVariant, pk.nVars, pk.nPublic,
                pk.nRows, pk.lgDomain, shapeId, chunkPoints)) {
            long[][] secs = {pk.alpha1, pk.beta1, pk.beta2, pk.vk.gamma2, pk.delta1, pk.delta2, pk.vk.ic, pk.a, pk.b1,
                    pk.b2, pk.l, pk.h};
            for (int s = 0; s < ParamsFile.SECTIONS; s++) {
                int longs = ParamsFile.IS_G2[s] ? Points.G2 : Points.G1;
                w.append(s, secs[s], 0, secs[s].length / longs);
            }
            w.finish();
        }
    }

    /** Bytes the file will have. */
    public long fileBytes() {
        return size;
    }

    /** Appends {@code n} affine points {@code pts[from…]} (Points layout) to section {@code s}. */
    public void append(int s, long[] pts, int from, int n) throws IOException {
        if (written[s] + n > count[s]) {
            throw new IllegalStateException("section " + ParamsFile.NAMES[s] + ": " + (written[s] + n)
                    + " points appended, it has " + count[s]);
        }
        boolean g2 = ParamsFile.IS_G2[s];
        PointEncoding enc = g2 ? PointEncoding.G2 : PointEncoding.G1;
        int longs = g2 ? Points.G2 : Points.G1;
        int pb = CompressedParams.pointBytes(s);
        int done = 0;
        while (done < n) {
            // one piece never crosses a chunk boundary, so each chunk's digest is one running SHA-256
            long inChunk = written[s] % chunkPoints;
            int m = (int) Math.min(n - done, chunkPoints - inChunk);
            byte[] bytes = new byte[m * pb];
            int base = from + done * longs;
            IntStream.range(0, m).parallel().forEach(i -> System.arraycopy(enc.toCompressed(pts, base + i * longs),
                    0, bytes, i * pb, pb));
            ByteBuffer bb = ByteBuffer.wrap(bytes);
            long pos = offset[s] + written[s] * pb;
            while (bb.hasRemaining()) {
                pos += ch.write(bb, pos);
            }
            if (running[s] == null) {
                running[s] = CompressedParams.sha256();
            }
            running[s].update(bytes);
            written[s] += m;
            done += m;
            if (written[s] % chunkPoints == 0 || written[s] == count[s]) {
                long c = firstChunk[s] + (written[s] - 1) / chunkPoints;
                System.arraycopy(running[s].digest(), 0, digests, (int) (32 * c), 32);
                running[s] = null;
            }
        }
    }

    /** Writes the digests and the header, then commits the file to its target. Every section must be complete. */
    public void finish() throws IOException {
        for (int s = 0; s < ParamsFile.SECTIONS; s++) {
            if (written[s] != count[s]) {
                throw new IllegalStateException("section " + ParamsFile.NAMES[s] + " has " + written[s] + " of its "
                        + count[s] + " points");
            }
        }
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment h = arena.allocate(CompressedParams.DIGESTS);
            MemorySegment.copy(ParamsFile.MAGIC, 0, h, ValueLayout.JAVA_BYTE, 0, 8);
            h.set(CompressedParams.U32, 8, CompressedParams.VERSION);
            h.set(CompressedParams.U32, 12, hVariant.ordinal());
            MemorySegment.copy(shapeId, 0, h, ValueLayout.JAVA_BYTE, 16, 32);
            h.set(CompressedParams.U32, 48, nVars);
            h.set(CompressedParams.U32, 52, nPublic);
            h.set(CompressedParams.U32, 56, nRows);
            h.set(CompressedParams.U32, 60, lgDomain);
            h.set(CompressedParams.U32, 64, ParamsFile.SECTIONS);
            h.set(CompressedParams.U32, 68, chunkPoints);
            h.set(CompressedParams.U64, 72, size);
            h.set(CompressedParams.U64, 80, digests.length / 32);
            for (int s = 0; s < ParamsFile.SECTIONS; s++) {
                long t = CompressedParams.HEADER_BYTES + (long) CompressedParams.ENTRY_BYTES * s;
                h.set(CompressedParams.U64, t, offset[s]);
                h.set(CompressedParams.U64, t + 8, count[s]);
                h.set(CompressedParams.U64, t + 16, firstChunk[s]);
            }
            MessageDigest md = CompressedParams.sha256();
            md.update(h.asSlice(0, CompressedParams.ROOT).asByteBuffer());
            md.update(digests);
            MemorySegment.copy(md.digest(), 0, h, ValueLayout.JAVA_BYTE, CompressedParams.ROOT, 32);
            ByteBuffer tail = ByteBuffer.wrap(digests);
            long pos = CompressedParams.DIGESTS;
            while (tail.hasRemaining()) {
                pos += ch.write(tail, pos);
            }
            if (ch.size() < size) { // the last section ends short of its alignment: pad to the layout's size
                ch.write(ByteBuffer.allocate(1), size - 1);
            }
            ByteBuffer head = h.asByteBuffer();
            pos = 0;
            while (head.hasRemaining()) {
                pos += ch.write(head, pos);
            }
        }
        ch.close();
        files.commit();
        finished = true;
    }

    @Override
    public void close() throws IOException {
        if (ch.isOpen()) {
            ch.close();
        }
        if (!finished) {
            files.close();
        }
    }
}
