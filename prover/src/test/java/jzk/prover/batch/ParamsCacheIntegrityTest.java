package jzk.prover.batch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import jzk.prover.circuits.PorepShape;
import jzk.prover.gadgets.MerkleHash;
import jzk.prover.groth16.ParamsFile;
import jzk.prover.r1cs.R1cs;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 17 item 1 and 3: the parameter cache under concurrent generation (lock: one file, both runs use it),
 * corruption that keeps every point on its curve (SHA-256 checksums; fast path by file identity, full check on
 * request) and a section offset near 2^63 (a damaged file with its byte offset, regenerated — it used to end in an
 * IndexOutOfBoundsException).
 */
@Timeout(120)
class ParamsCacheIntegrityTest {
    static final PorepShape SHAPE = new PorepShape(1, 2, MerkleHash.POSEIDON);
    static final R1cs CS = PorepGroth16.r1cs(SHAPE);
    static final int TABLE = 96;

    @TempDir
    Path dir;

    @Test
    void twoRunsGeneratingAtOnceShareOneFile() throws Exception {
        List<String> log = Collections.synchronizedList(new ArrayList<>());
        Callable<ParamsCache.Loaded> run = () -> new ParamsCache(dir).loadOrGenerate(SHAPE.shapeId(), CS, log::add);
        ExecutorService ex = Executors.newFixedThreadPool(2);
        try {
            Future<ParamsCache.Loaded> a = ex.submit(run);
            Future<ParamsCache.Loaded> b = ex.submit(run);
            ParamsCache.Loaded la = a.get();
            ParamsCache.Loaded lb = b.get();
            assertEquals(1, (la.generated() ? 1 : 0) + (lb.generated() ? 1 : 0), log.toString());
            assertEquals(la.pk().vk, lb.pk().vk, "both runs use the same verifying key");
            assertEquals(la.pk().vk, new ParamsCache(dir).loadOrGenerate(SHAPE.shapeId(), CS, log::add).pk().vk);
        } finally {
            ex.shutdownNow();
        }
        try (var s = Files.list(dir)) {
            assertEquals(0, s.filter(f -> f.toString().endsWith(".tmp")).count());
        }
    }

    @Test
    void corruptionKeepingPointsOnTheCurveIsCaughtAndRegenerated() throws Exception {
        ParamsCache cache = new ParamsCache(dir);
        List<String> log = new ArrayList<>();
        ParamsCache.Loaded first = cache.loadOrGenerate(SHAPE.shapeId(), CS, log::add);
        Path f = first.file();
        byte[] bytes = Files.readAllBytes(f);
        long aOff = ByteBuffer.wrap(bytes).order(ByteOrder.LITTLE_ENDIAN).getLong(TABLE + 16 * 7);
        // A[1] and A[2] swapped: both valid points, so the structural reader accepts the file
        byte[] bad = bytes.clone();
        System.arraycopy(bytes, (int) aOff + 96, bad, (int) aOff + 2 * 96, 96);
        System.arraycopy(bytes, (int) aOff + 2 * 96, bad, (int) aOff + 96, 96);
        FileTime mtime = Files.getLastModifiedTime(f);
        Files.write(f, bad);
        ParamsFile.read(f, ParamsFile.shapeId(CS)); // structurally fine
        var e = assertThrows(IllegalArgumentException.class, () -> ParamsFile.verifyChecksums(f));
        assertTrue(e.getMessage().contains("checksum of section a ") && e.getMessage().contains("@ byte " + aOff),
                e.getMessage());

        // same size, inode and (restored) mtime: the verified marker's fast path trusts it ...
        Files.setLastModifiedTime(f, mtime);
        assertFalse(cache.loadOrGenerate(SHAPE.shapeId(), CS, log::add).generated());
        // ... the full check does not; a changed mtime alone also triggers the check
        log.clear();
        ParamsCache.Loaded again = cache.withFullCheck().loadOrGenerate(SHAPE.shapeId(), CS, log::add);
        assertTrue(again.generated(), log.toString());
        assertTrue(log.get(0).startsWith("invalid parameter cache file, regenerating it: " + f)
                && log.get(0).contains("checksum of section a"), log.get(0));
        Files.write(f, bad);
        log.clear();
        assertTrue(cache.loadOrGenerate(SHAPE.shapeId(), CS, log::add).generated(), log.toString());
        assertTrue(log.get(0).contains("(damaged file)"), log.get(0));
    }

    @Test
    void sectionOffsetNear2To63IsADamagedFileNotAnIndexError() throws Exception {
        ParamsCache cache = new ParamsCache(dir);
        List<String> log = new ArrayList<>();
        Path f = cache.loadOrGenerate(SHAPE.shapeId(), CS, log::add).file();
        byte[] bad = Files.readAllBytes(f);
        ByteBuffer.wrap(bad).order(ByteOrder.LITTLE_ENDIAN).putLong(TABLE + 16 * 7, Long.MAX_VALUE - 63);
        Files.write(f, bad);
        var e = assertThrows(IllegalArgumentException.class, () -> ParamsFile.read(f, null));
        assertTrue(e.getMessage().contains("@ byte " + (TABLE + 16 * 7)) && e.getMessage().contains("outside"),
                e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> ParamsFile.verifyChecksums(f));
        assertTrue(e.getMessage().contains("@ byte " + (TABLE + 16 * 7)), e.getMessage());
        log.clear();
        assertTrue(cache.loadOrGenerate(SHAPE.shapeId(), CS, log::add).generated());
        assertTrue(log.get(0).startsWith("invalid parameter cache file, regenerating it: " + f), log.get(0));
    }
}
