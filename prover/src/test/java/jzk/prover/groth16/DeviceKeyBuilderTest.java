package jzk.prover.groth16;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Random;
import jzk.prover.batch.PorepGroth16;
import jzk.prover.circuits.PorepShape;
import jzk.prover.gadgets.MerkleHash;
import jzk.prover.r1cs.R1cs;
import jzk.tornado.bls.DeviceHosts;
import jzk.tornado.bls.KernelHost;
import jzk.tornado.runtime.Devices;
import jzk.tornado.runtime.backend.AbstractDevice;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The key a setup builds on the device as it writes the file ({@link DeviceKeyBuilder}) against the key a later run
 * loads from that file ({@link DeviceKey#load}: checksums, decompression on the device): the same file byte for byte
 * as the setup without a sink writes for the same toxic waste, the same points in device memory (read back section
 * by section), the same small sections; a builder left unfinished frees its memory. The tiny PoRep shape (domain
 * 2^10) on the jvm device, with chunks of 100 points so every large section arrives in several pieces.
 */
@Timeout(120)
class DeviceKeyBuilderTest {
    private static final int CHUNK = 100;

    @Test
    void keyBuiltFromTheSetupEqualsTheKeyLoadedFromItsFile(@TempDir Path dir) throws IOException {
        R1cs cs = PorepGroth16.r1cs(new PorepShape(1, 2, MerkleHash.POSEIDON));
        byte[] id = ParamsFile.shapeId(cs);
        long[] waste = Setup.toxicWaste(new Random(7));
        AbstractDevice dev = (AbstractDevice) Devices.get("jvm");
        int buffersBefore = dev.openBufferCount();
        Path plain = dir.resolve("plain.jzkp");
        Path kept = dir.resolve("kept.jzkp");
        try (KernelHost host = DeviceHosts.jvm(); SetupEngine e = SetupEngine.device(host, 1)) {
            Setup.generateTo(plain, cs, waste, 0, waste, 4, waste, 8, waste, 12, waste, 16, e, CHUNK);
            try (DeviceKeyBuilder b = new DeviceKeyBuilder(host)) {
                Setup.generateTo(kept, id, cs, waste, 0, waste, 4, waste, 8, waste, 12, waste, 16, e, CHUNK, b);
                assertArrayEquals(Files.readAllBytes(plain), Files.readAllBytes(kept), "the file is unchanged");
                try (DeviceKey built = b.finish(); DeviceKey loaded = DeviceKey.load(kept, id, host)) {
                    assertEquals(loaded.deviceBytes(), built.deviceBytes());
                    for (KeySection s : KeySection.values()) {
                        int n = loaded.bases(s).n;
                        assertEquals(n, built.bases(s).n, s.name());
                        assertArrayEquals(loaded.bases(s).read(0, n), built.bases(s).read(0, n), s.name());
                    }
                    ProvingKey a = built.key();
                    ProvingKey c = loaded.key();
                    assertEquals(c.vk, a.vk);
                    assertArrayEquals(c.alpha1, a.alpha1);
                    assertArrayEquals(c.beta1, a.beta1);
                    assertArrayEquals(c.beta2, a.beta2);
                    assertArrayEquals(c.delta1, a.delta1);
                    assertArrayEquals(c.delta2, a.delta2);
                    assertEquals(c.nVars, a.nVars);
                    assertEquals(c.nPublic, a.nPublic);
                    assertEquals(c.nRows, a.nRows);
                    assertEquals(c.lgDomain, a.lgDomain);
                    assertEquals(c.hVariant, a.hVariant);
                }
            }
            // a setup that fails half-way (here: the sink's check of the section sizes) frees the key's memory
            try (DeviceKeyBuilder b = new DeviceKeyBuilder(host)) {
                b.begin(ProvingKey.HVariant.BELLMAN, 10, 1, 20, 5);
                assertThrows(IllegalStateException.class, b::finish);
            }
        }
        assertEquals(buffersBefore, dev.openBufferCount(), "every device buffer freed");
    }
}
