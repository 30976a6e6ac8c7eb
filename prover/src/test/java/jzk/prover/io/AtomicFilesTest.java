package jzk.prover.io;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A failed group write leaves the old files and no temp; symlinks are replaced, not followed; same paths refused. */
class AtomicFilesTest {
    @TempDir
    Path dir;

    private long temps() throws IOException {
        try (var s = Files.list(dir)) {
            return s.filter(p -> p.getFileName().toString().endsWith(".tmp")).count();
        }
    }

    @Test
    void aFailureHalfwayLeavesTheOldPairAndNoTemp() throws Exception {
        Path proof = dir.resolve("proof.json");
        Path pub = dir.resolve("public.json");
        Files.writeString(proof, "old proof");
        Files.writeString(pub, "old public");
        assertThrows(IOException.class, () -> {
            try (AtomicFiles g = AtomicFiles.of(proof, pub)) {
                Files.writeString(g.temp(proof), "new proof");
                throw new IOException("No space left on device"); // the second file's write fails
            }
        });
        assertEquals("old proof", Files.readString(proof));
        assertEquals("old public", Files.readString(pub));
        assertEquals(0, temps());

        try (AtomicFiles g = AtomicFiles.of(proof, pub)) {
            Files.writeString(g.temp(proof), "new proof");
            Files.writeString(g.temp(pub), "new public");
            g.commit();
        }
        assertEquals("new proof", Files.readString(proof));
        assertEquals("new public", Files.readString(pub));
        assertEquals(0, temps());
        // the umask's permissions, as a plain new file gets (not createTempFile's 0600)
        Path plain = Files.createFile(dir.resolve("plain"));
        Path fresh = dir.resolve("fresh.json");
        AtomicFiles.write(fresh, tmp -> Files.writeString(tmp, "x"));
        assertEquals(Files.getPosixFilePermissions(plain), Files.getPosixFilePermissions(fresh));
    }

    @Test
    void aSymlinkAtTheTargetIsReplacedNotFollowed() throws Exception {
        Path victim = dir.resolve("victim.txt");
        Files.writeString(victim, "precious");
        Path link = dir.resolve("proof-1.json");
        Files.createSymbolicLink(link, victim);
        AtomicFiles.write(link, tmp -> Files.writeString(tmp, "proof"));
        assertEquals("precious", Files.readString(victim));
        assertFalse(Files.isSymbolicLink(link));
        assertEquals("proof", Files.readString(link));
    }

    @Test
    void identicalTargetsAndUnwritablePlacesAreRefusedUpFront() throws Exception {
        Path a = dir.resolve("x.json");
        var e = assertThrows(IllegalArgumentException.class,
                () -> AtomicFiles.checkWritable(a, dir.resolve("sub/../x.json")));
        assertTrue(e.getMessage().contains("are the same file"), e.getMessage());
        Path file = dir.resolve("plain");
        Files.writeString(file, "x");
        var io = assertThrows(IOException.class, () -> AtomicFiles.checkWritable(file.resolve("p.json")));
        assertTrue(io.getMessage().contains("is not a directory"), io.getMessage());
        assertThrows(IOException.class, () -> AtomicFiles.checkWritable(dir));
        assertEquals(0, temps());
    }
}
