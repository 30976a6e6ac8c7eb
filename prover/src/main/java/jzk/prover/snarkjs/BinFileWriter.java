package jzk.prover.snarkjs;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * Writes an iden3 "binfile" container ({@code magic[4] | version u32 | nSections u32 | sections}, each section
 * {@code id u32 | size u64 | data}, all little-endian; shared/reference/snarkjs-formats.md §0), the writing side of
 * {@link BinFile}. Sections are written in the order they are started; a section's size is patched in when it
 * ends, so callers stream the data through a buffer of bounded size (the 2^20 zkey is ~600 MB).
 *
 * <p>Invariant: at most one section is open; {@link #close} requires that the declared section count was written.
 */
final class BinFileWriter implements AutoCloseable {
    private static final int BUFFER = 1 << 20;

    private final Path path;
    private final FileChannel ch;
    private final ByteBuffer buf = ByteBuffer.allocateDirect(BUFFER).order(ByteOrder.LITTLE_ENDIAN);
    private final int declaredSections;
    private int written;
    private long sectionStart = -1;

    BinFileWriter(Path path, String magic, int version, int nSections) throws IOException {
        this.path = path;
        this.declaredSections = nSections;
        this.ch = FileChannel.open(path, StandardOpenOption.CREATE, StandardOpenOption.WRITE,
                StandardOpenOption.TRUNCATE_EXISTING);
        buf.put(magic.getBytes(StandardCharsets.ISO_8859_1)).putInt(version).putInt(nSections);
    }

    void startSection(int id) throws IOException {
        if (sectionStart >= 0) {
            throw new IllegalStateException(path + ": section started before the previous one ended");
        }
        buf.putInt(id).putLong(0); // size patched by endSection
        flush();
        sectionStart = ch.position();
    }

    void endSection() throws IOException {
        flush();
        long end = ch.position();
        ByteBuffer size = ByteBuffer.allocate(8).order(ByteOrder.LITTLE_ENDIAN).putLong(0, end - sectionStart);
        ch.write(size, sectionStart - 8);
        ch.position(end);
        sectionStart = -1;
        written++;
    }

    void u32(int v) throws IOException {
        room(4);
        buf.putInt(v);
    }

    /** {@code count} longs of {@code a} from {@code off}, little-endian (a limb vector written as bytes). */
    void longs(long[] a, int off, int count) throws IOException {
        for (int i = 0; i < count; i++) {
            room(8);
            buf.putLong(a[off + i]);
        }
    }

    void zeros(int bytes) throws IOException {
        for (int i = 0; i < bytes; i++) {
            room(1);
            buf.put((byte) 0);
        }
    }

    private void room(int bytes) throws IOException {
        if (buf.remaining() < bytes) {
            flush();
        }
    }

    private void flush() throws IOException {
        buf.flip();
        while (buf.hasRemaining()) {
            ch.write(buf);
        }
        buf.clear();
    }

    @Override
    public void close() throws IOException {
        try {
            flush();
            if (written != declaredSections || sectionStart >= 0) {
                throw new IllegalStateException(path + ": " + written + " sections written, " + declaredSections
                        + " declared");
            }
        } finally {
            ch.close();
        }
    }
}
