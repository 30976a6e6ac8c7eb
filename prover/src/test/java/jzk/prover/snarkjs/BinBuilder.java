package jzk.prover.snarkjs;

import java.io.ByteArrayOutputStream;
import java.math.BigInteger;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.List;

/**
 * Builds iden3 binfiles byte by byte from the spec (shared/reference/snarkjs-formats.md §0–2), so the readers are
 * tested against the format, not against a writer of ours that could share their mistakes.
 */
final class BinBuilder {
    private final String magic;
    private final int version;
    private final List<Object[]> sections = new ArrayList<>();

    BinBuilder(String magic, int version) {
        this.magic = magic;
        this.version = version;
    }

    /** Little-endian field writer for a section body. */
    static final class Body {
        final ByteArrayOutputStream out = new ByteArrayOutputStream();

        Body u32(long v) {
            for (int i = 0; i < 4; i++) {
                out.write((int) (v >>> (8 * i)));
            }
            return this;
        }

        Body u64(long v) {
            for (int i = 0; i < 8; i++) {
                out.write((int) (v >>> (8 * i)));
            }
            return this;
        }

        /** A 32-byte little-endian integer. */
        Body fe(BigInteger v) {
            byte[] be = v.toByteArray();
            for (int i = 0; i < 32; i++) {
                int j = be.length - 1 - i;
                out.write(j >= 0 ? be[j] : 0);
            }
            return this;
        }

        byte[] bytes() {
            return out.toByteArray();
        }
    }

    BinBuilder section(int id, byte[] body) {
        sections.add(new Object[] {id, body, (long) body.length});
        return this;
    }

    /** A section whose declared size differs from its body (for truncation tests). */
    BinBuilder sectionDeclaring(int id, byte[] body, long declared) {
        sections.add(new Object[] {id, body, declared});
        return this;
    }

    byte[] bytes() {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        out.writeBytes(magic.getBytes(java.nio.charset.StandardCharsets.ISO_8859_1));
        ByteBuffer b = ByteBuffer.allocate(8).order(ByteOrder.LITTLE_ENDIAN);
        b.putInt(version).putInt(sections.size());
        out.writeBytes(b.array());
        for (Object[] s : sections) {
            ByteBuffer h = ByteBuffer.allocate(12).order(ByteOrder.LITTLE_ENDIAN);
            h.putInt((Integer) s[0]).putLong((Long) s[2]);
            out.writeBytes(h.array());
            out.writeBytes((byte[]) s[1]);
        }
        return out.toByteArray();
    }
}
