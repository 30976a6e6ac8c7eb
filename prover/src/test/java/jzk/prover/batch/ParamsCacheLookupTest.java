package jzk.prover.batch;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import jzk.arith.Fr;
import jzk.prover.groth16.KeySection;
import jzk.prover.groth16.ParamsFile;
import jzk.prover.r1cs.LinearCombination;
import jzk.prover.r1cs.R1cs;
import jzk.prover.r1cs.Synthesizer;
import jzk.prover.r1cs.Variable;
import jzk.tornado.bls.DeviceHosts;
import jzk.tornado.bls.KernelHost;
import jzk.tornado.runtime.Devices;
import jzk.tornado.runtime.backend.AbstractDevice;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@link ParamsCache#loadResident}'s look-ups on a cache that holds one file of the label (its key loaded while the
 * shape id is hashed) or several: the right key every time, never the key of another shape of the same label and
 * size (a circuit whose coefficient changed), no message about it, and every device buffer of a key not taken freed.
 * Tiny circuits of 12 constraints (CPU setup, jvm device).
 */
@Timeout(120)
class ParamsCacheLookupTest {
    /** x·(x + k·y) = y, twelve times over fresh y: the same sizes for every k, another shape id for each. */
    private static R1cs circuit(int k) {
        return Synthesizer.recordSerially(cs -> {
            Variable x = cs.allocInput("x", () -> Fr.F.fromLong(1));
            for (int i = 0; i < 12; i++) {
                Variable y = cs.alloc("y", () -> Fr.F.fromLong(1));
                cs.enforce("c", LinearCombination.of(x), LinearCombination.of(x).add(y, Fr.F.fromLong(k)),
                        LinearCombination.of(y));
            }
        }, false);
    }

    @Test
    void oneFileOfTheLabelIsUsedOnlyWhenItIsTheShapes(@TempDir Path dir) throws Exception {
        AbstractDevice dev = (AbstractDevice) Devices.get("jvm");
        int buffersBefore = dev.openBufferCount();
        ParamsCache cache = new ParamsCache(dir);
        List<String> log = new ArrayList<>();
        assertNotEquals(ParamsFile.shapeId(circuit(2))[0] + "" + ParamsFile.shapeId(circuit(2))[1],
                ParamsFile.shapeId(circuit(3))[0] + "" + ParamsFile.shapeId(circuit(3))[1]);
        try (KernelHost host = DeviceHosts.jvm()) {
            ParamsCache.Loaded two = cache.loadResident("lbl", circuit(2), host, log::add);
            assertTrue(two.generated());
            // a later run: a fresh recording of the same shape, the label's only file, loaded beside the hash
            ParamsCache.Loaded again = cache.loadResident("lbl", circuit(2), host, log::add);
            assertFalse(again.generated());
            assertEquals(two.file(), again.file());
            assertEquals(two.pk().vk, again.pk().vk);
            int n = two.pk().device.bases(KeySection.A).n;
            assertArrayEquals(two.pk().device.bases(KeySection.A).read(0, n),
                    again.pk().device.bases(KeySection.A).read(0, n));
            again.pk().device.close();
            // same label and sizes, another coefficient: that file is loaded, found to be another shape's, freed
            ParamsCache.Loaded three = cache.loadResident("lbl", circuit(3), host, log::add);
            assertTrue(three.generated(), "its own parameters");
            assertNotEquals(two.file(), three.file());
            assertNotEquals(two.pk().vk, three.pk().vk);
            // two files of the label now: the regular look-up by shape id
            ParamsCache.Loaded threeAgain = cache.loadResident("lbl", circuit(3), host, log::add);
            assertFalse(threeAgain.generated());
            assertEquals(three.pk().vk, threeAgain.pk().vk);
            for (ParamsCache.Loaded l : List.of(two, three, threeAgain)) {
                l.pk().device.close();
            }
        }
        assertEquals(2, log.size(), "one line per generation, nothing about the file of the other shape: " + log);
        assertTrue(log.stream().allMatch(l -> l.startsWith("generating Groth16 parameters for lbl")), log.toString());
        assertEquals(buffersBefore, dev.openBufferCount(), "every key's device memory freed");
    }
}
