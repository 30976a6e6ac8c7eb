package jzk.prover.snarkjs;

import java.io.IOException;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.HashMap;
import java.util.Map;

/**
 * A memory-mapped iden3 "binfile" container (binfileutils.js): {@code magic[4] | version u32 | nSections u32 |
 * nSections × (id u32 | size u64 | data)}, all little-endian. Sections may come in any physical order
 * (shared/reference/snarkjs-formats.md §0), so the constructor builds an id → (offset, size) table and checks that
 * every section lies inside the file. Every error message names the file and the byte offset.
 *
 * <p>The mapping lives as long as the {@link Arena} given to {@link #open}; callers copy what they keep.
 */
final class BinFile {
    static final ValueLayout.OfInt U32 = ValueLayout.JAVA_INT_UNALIGNED.withOrder(ByteOrder.LITTLE_ENDIAN);
    static final ValueLayout.OfLong U64 = ValueLayout.JAVA_LONG_UNALIGNED.withOrder(ByteOrder.LITTLE_ENDIAN);

    final Path path;
    final MemorySegment seg;
    final int version;
    private final Map<Integer, long[]> sections = new HashMap<>();

    private BinFile(Path path, MemorySegment seg, String magic) {
        this.path = path;
        this.seg = seg;
        if (seg.byteSize() < 12) {
            throw error(0, "file is " + seg.byteSize() + " bytes, shorter than the 12-byte header");
        }
        byte[] m = new byte[4];
        MemorySegment.copy(seg, ValueLayout.JAVA_BYTE, 0, m, 0, 4);
        String got = new String(m, java.nio.charset.StandardCharsets.ISO_8859_1);
        if (!got.equals(magic)) {
            throw error(0, "magic is \"" + printable(got) + "\", expected \"" + magic + "\"");
        }
        this.version = seg.get(U32, 4);
        int n = seg.get(U32, 8);
        long off = 12;
        for (int i = 0; i < n; i++) { // off ≤ file size throughout, so off + 12 cannot overflow
            if (off + 12 > seg.byteSize()) {
                throw error(off, "truncated: header of section " + (i + 1) + " of " + n + " is past the end ("
                        + seg.byteSize() + " bytes)");
            }
            int id = seg.get(U32, off);
            long size = seg.get(U64, off + 4);
            if (size < 0 || size > seg.byteSize() - off - 12) { // not off + 12 + size: that wraps near 2^63
                throw error(off, "truncated: section " + id + " declares " + size + " bytes but only "
                        + (seg.byteSize() - off - 12) + " remain");
            }
            if (sections.putIfAbsent(id, new long[] {off + 12, size}) != null) {
                throw error(off, "section " + id + " appears twice");
            }
            off += 12 + size;
        }
    }

    /** Maps {@code path} read-only into {@code arena} and parses the section table. */
    static BinFile open(Path path, String magic, Arena arena) throws IOException {
        try (FileChannel ch = FileChannel.open(path, StandardOpenOption.READ)) {
            return new BinFile(path, ch.map(FileChannel.MapMode.READ_ONLY, 0, ch.size(), arena), magic);
        }
    }

    /** Start offset of section {@code id}; throws naming the file when the section is missing. */
    long start(int id, String what) {
        long[] s = sections.get(id);
        if (s == null) {
            throw error(-1, "section " + id + " (" + what + ") is missing");
        }
        return s[0];
    }

    long size(int id) {
        return sections.get(id)[1];
    }

    /** Checks that section id has exactly {@code expected} bytes. */
    void requireSize(int id, String what, long expected) {
        long start = start(id, what);
        if (size(id) != expected) {
            throw error(start, "section " + id + " (" + what + ") has " + size(id) + " bytes, expected "
                    + expected);
        }
    }

    /**
     * {@code count × perElement} as an array length, or a "damaged file" error at {@code off} when it does not fit
     * an int ({@code Math.multiplyExact}: a count near 2^31 must not wrap to a small or negative length).
     */
    int arrayLength(long count, int perElement, long off, String what) {
        try {
            long n = Math.multiplyExact(count, (long) perElement);
            if (count < 0 || n > Integer.MAX_VALUE - 8) {
                throw new ArithmeticException();
            }
            return (int) n;
        } catch (ArithmeticException e) {
            throw error(off, what + ": " + count + " elements are beyond this reader's limit (damaged file?)");
        }
    }

    /** {@code a + b·c} with overflow → a "damaged file" error at {@code off}. */
    long offset(long a, long b, long c, long off) {
        try {
            return Math.addExact(a, Math.multiplyExact(b, c));
        } catch (ArithmeticException e) {
            throw error(off, "offset " + a + " + " + b + " × " + c + " overflows (damaged file)");
        }
    }

    int u32(long off) {
        return seg.get(U32, off);
    }

    IllegalArgumentException error(long offset, String msg) {
        return new IllegalArgumentException(path + (offset >= 0 ? " @ byte " + offset : "") + ": " + msg);
    }

    private static String printable(String s) {
        StringBuilder b = new StringBuilder();
        for (char c : s.toCharArray()) {
            b.append(c >= 32 && c < 127 ? String.valueOf(c) : String.format("\\x%02x", (int) c));
        }
        return b.toString();
    }
}
