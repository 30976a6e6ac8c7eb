package jzk.prover.batch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import jzk.prover.circuits.PorepShape;
import jzk.prover.gadgets.MerkleHash;
import jzk.prover.groth16.CompressedParams;
import jzk.prover.groth16.Groth16;
import jzk.prover.groth16.ParamsFile;
import jzk.prover.groth16.ProvingKey;
import jzk.prover.pipeline.BatchReport;
import jzk.prover.pipeline.BatchRunner;
import jzk.prover.pipeline.PipelineConfig;
import jzk.prover.pipeline.ProofOutcome;
import jzk.tornado.runtime.Devices;
import jzk.tornado.runtime.backend.AbstractDevice;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The product path of a device (here the jvm device, the bit-exact reference of every GPU): parameters in the
 * compressed form, generated streaming to disk, loaded once per device and shape into device memory as the
 * session's resident key, shared by every partition and proof; freed with the session; version-2 files still used
 * (converted, same key). The tiny PoRep shape (domain 2^10) keeps it to seconds. Another device, opt-in:
 * {@code -Djzk.test.residentDevice=cuda:0} (or {@code opencl:0:0}).
 */
@Timeout(120)
class ResidentKeyTest {
    static final PorepShape SHAPE = new PorepShape(1, 2, MerkleHash.POSEIDON);
    static final String DEVICE = System.getProperty("jzk.test.residentDevice", ProverSession.JVM);

    @Test
    void batchProvesThroughOneResidentKeyAndCloseFreesIt(@TempDir Path dir) throws Exception {
        AbstractDevice dev = (AbstractDevice) Devices.get(DEVICE);
        int buffersBefore = dev.openBufferCount();
        long bytesBefore = dev.allocatedBytes();
        List<String> log = new ArrayList<>();
        ParamsCache cache = new ParamsCache(dir);
        ProverSession s = ProverSession.open(List.of(DEVICE));
        PorepGroth16 f = PorepGroth16.open(SHAPE, 2, null, 3, cache, s, log::add);
        byte[] id = ParamsFile.shapeId(f.cs);
        Path v3 = cache.compressedFileFor(SHAPE.shapeId(), id);
        assertTrue(f.params().generated());
        assertEquals(v3, f.params().file());
        assertTrue(CompressedParams.isCompressed(v3));
        assertFalse(Files.exists(cache.fileFor(SHAPE.shapeId(), id)), "no host-form file on a device");
        assertTrue(log.getFirst().startsWith("generating Groth16 parameters for " + SHAPE.shapeId() + " (782 "
                + "constraints, 787 variables) into " + v3 + " (GPU fixed-base on " + DEVICE) && log.getFirst()
                .endsWith(", compressed, written as generated)"), log.getFirst());

        ProvingKey pk = f.keyFor(DEVICE);
        assertNotNull(pk.device, "resident on the device");
        assertNull(pk.a, "no large section on the host");
        long keyBytes = pk.device.deviceBytes();
        assertEquals(keyBytes, s.residentKeyBytes(DEVICE));
        assertTrue(dev.allocatedBytes() - bytesBefore >= keyBytes, "the key is device memory");
        // generated here, the key stayed on the device from the setup (no read-back): the same points as the file's
        try (jzk.tornado.bls.KernelHost h = new jzk.tornado.bls.DeviceHost(dev);
             jzk.prover.groth16.DeviceKey fromFile = jzk.prover.groth16.DeviceKey.load(v3, id, h)) {
            assertEquals(fromFile.key().vk, pk.vk);
            for (jzk.prover.groth16.KeySection ks : jzk.prover.groth16.KeySection.values()) {
                int n = fromFile.bases(ks).n;
                org.junit.jupiter.api.Assertions.assertArrayEquals(fromFile.bases(ks).read(0, n),
                        pk.device.bases(ks).read(0, n), ks.name());
            }
        }
        // a second factory of the shape (another batch, a serve job) shares the key: loaded once per device and shape
        PorepGroth16 again = PorepGroth16.open(SHAPE, 1, null, 9, cache, s, log::add);
        assertSame(pk, again.keyFor(DEVICE));
        assertEquals(keyBytes, s.residentKeyBytes(DEVICE));

        // a proof of two partitions through the pipeline on the jvm device, verified
        PipelineConfig config = PipelineConfig.defaults(DEVICE);
        BatchReport r = new BatchRunner(config, f, 1, 1, null).run((i, n, o) -> { });
        assertEquals(1, r.completed(), r.proofs().toString());
        assertTrue(r.proofs().stream().allMatch(p -> p.status().equals(ProofOutcome.Status.COMPLETED.name())
                && Boolean.TRUE.equals(p.verified())));
        BatchReport.DeviceMemory m = r.deviceMemory().get(DEVICE);
        assertEquals(keyBytes, m.residentKeyBytes());
        assertTrue(m.peakBytes() >= keyBytes, m.toString());

        s.close();
        assertEquals(buffersBefore, dev.openBufferCount(), "the session's close frees the resident key");
        assertEquals(bytesBefore, dev.allocatedBytes());
        assertThrows(IllegalStateException.class, () -> pk.device.bases(jzk.prover.groth16.KeySection.A));
        assertThrows(IllegalStateException.class, () -> s.residentKey(DEVICE, "x", h -> null));
    }

    @Test
    void versionTwoFilesKeepTheirKeyAndDamagedCompressedFilesAreReplaced(@TempDir Path dir) throws Exception {
        ParamsCache cache = new ParamsCache(dir);
        var cs = PorepGroth16.r1cs(SHAPE);
        byte[] id = ParamsFile.shapeId(cs);
        List<String> log = new ArrayList<>();
        // a cache of the previous release: the host form only
        ProvingKey host = cache.loadOrGenerate(SHAPE.shapeId(), cs, log::add).pk();
        Path v3 = cache.compressedFileFor(SHAPE.shapeId(), id);
        try (ProverSession s = ProverSession.open(List.of(DEVICE))) {
            PorepGroth16 f = PorepGroth16.open(SHAPE, 1, null, 1, cache, s, log::add);
            assertFalse(f.params().generated());
            assertEquals("converting the version-2 parameter file " + cache.fileFor(SHAPE.shapeId(), id)
                    + " to the compressed format " + v3 + " (same key)", log.getLast());
            assertEquals(host.vk, f.keyFor(DEVICE).vk, "proofs verify under the key exported before");
            PorepProof p = ((PorepProofWorkload) f.create(0)).proveDirect(DEVICE);
            assertTrue(Groth16.verify(host.vk, p.proofs().get(0), p.publicInputs().get(0)));
        }
        // the CPU prover without a host file reads the compressed one: still the same key
        Files.delete(cache.fileFor(SHAPE.shapeId(), id));
        assertEquals(host.vk, cache.loadOrGenerate(SHAPE.shapeId(), cs, log::add).pk().vk);

        // one flipped byte in the last section's points (before its < 64-byte alignment padding): caught at load by
        // its chunk's digest, reported, regenerated
        try (FileChannel ch = FileChannel.open(v3, StandardOpenOption.READ, StandardOpenOption.WRITE)) {
            long at = ch.size() - 64 - 10;
            java.nio.ByteBuffer b = java.nio.ByteBuffer.allocate(1);
            ch.read(b, at);
            b.put(0, (byte) (b.get(0) ^ 1)).rewind();
            ch.write(b, at);
        }
        log.clear();
        try (ProverSession s = ProverSession.open(List.of(DEVICE))) {
            PorepGroth16 f = PorepGroth16.open(SHAPE, 1, null, 1, cache, s, log::add);
            assertTrue(log.getFirst().startsWith("invalid parameter cache file, regenerating it: " + v3 + " @ byte ")
                    && log.getFirst().endsWith("does not match (damaged file)"), log.getFirst());
            assertTrue(f.params().generated());
            assertTrue(CompressedParams.isCompressed(v3));
            assertNotNull(f.keyFor(DEVICE).device);
        }
    }
}
