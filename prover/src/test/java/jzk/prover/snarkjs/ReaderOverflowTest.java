package jzk.prover.snarkjs;

import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Section sizes near 2^63 in the iden3 binfile readers (zkey, wtns): the extent check must not wrap (issue 17
 * item 3); the error names the file, the section header's byte offset and the declared size.
 */
class ReaderOverflowTest {
    @TempDir
    Path dir;

    private void assertClear(byte[] f, String name, int headerOff, ThrowingReader r) throws Exception {
        Path p = dir.resolve(name);
        Files.write(p, f);
        var e = assertThrows(IllegalArgumentException.class, () -> r.read(p));
        assertTrue(e.getMessage().startsWith(p + " @ byte " + headerOff + ": truncated: section"), e.getMessage());
        assertTrue(e.getMessage().contains("declares " + (Long.MAX_VALUE - 7)), e.getMessage());
    }

    interface ThrowingReader {
        void read(Path p) throws Exception;
    }

    @Test
    void sectionSizeNear2To63IsAClearError() throws Exception {
        for (String name : new String[] {"k.zkey", "w.wtns"}) {
            byte[] f = Files.readAllBytes(ZkeyAndJsonTest.fixture(name));
            ByteBuffer b = ByteBuffer.wrap(f).order(ByteOrder.LITTLE_ENDIAN);
            long second = 12 + 12 + b.getLong(16); // header of the second section
            b.putLong((int) second + 4, Long.MAX_VALUE - 7);
            assertClear(f, "big-" + name, (int) second,
                    name.endsWith("zkey") ? Zkey::read : WtnsFile::readCanonical);
        }
    }
}
