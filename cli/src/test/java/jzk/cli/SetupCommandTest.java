package jzk.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import jzk.prover.config.ProverConfig;
import jzk.tornado.api.DeviceKind;
import jzk.tornado.runtime.Devices;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code jzk setup --device}: the CPU path says so; on an OpenCL device (PoCL in CI; skipped when none is found)
 * the fixed-base batches run there (threshold lowered to 1 point for this tiny shape) and the parameters prove
 * and verify end to end ({@code prove} on the CPU from the same cache, {@code verify} with the exported key).
 */
@Timeout(120)
class SetupCommandTest {
    private static final String[] SHAPE = {"--challenges", "1", "--depth", "2", "--partitions", "1"};

    private static String[] with(String command, Path cache, String... more) {
        String[] all = new String[1 + SHAPE.length + 2 + more.length];
        all[0] = command;
        System.arraycopy(SHAPE, 0, all, 1, SHAPE.length);
        all[1 + SHAPE.length] = "--cache";
        all[2 + SHAPE.length] = cache.toString();
        System.arraycopy(more, 0, all, 3 + SHAPE.length, more.length);
        return all;
    }

    @Test
    void cpuPathIsReported(@TempDir Path dir) {
        CliRun r = CliRun.of(with("setup", dir, "--device", "cpu", "--vk", dir.resolve("vk.json").toString()));
        assertEquals(0, r.exitCode(), r.err());
        assertTrue(r.out().contains("setup on the CPU: "), r.out());
        assertTrue(r.err().contains("(CPU)"), r.err());
    }

    /** An existing key file is kept when it holds the same key, refused when it holds another, replaced with --force. */
    @Test
    void anExistingKeyFileIsReplacedOnlyWithForce(@TempDir Path dir) throws Exception {
        Path vk = dir.resolve("vk.json");
        assertEquals(0, CliRun.of(with("setup", dir, "--device", "cpu", "--vk", vk.toString())).exitCode());
        String key = Files.readString(vk);
        CliRun same = CliRun.of(with("setup", dir, "--device", "cpu", "--vk", vk.toString()));
        assertEquals(0, same.exitCode(), same.err());
        assertTrue(same.out().contains("verifying key unchanged in " + vk), same.out());
        Files.writeString(vk, "{\"another\": \"key\"}");
        CliRun other = CliRun.of(with("setup", dir, "--device", "cpu", "--vk", vk.toString()));
        assertEquals(2, other.exitCode(), other.out());
        assertTrue(other.err().contains("holds another verifying key") && other.err().contains("--force"), other.err());
        assertEquals("{\"another\": \"key\"}", Files.readString(vk), "refused: the file is untouched");
        CliRun forced = CliRun.of(with("setup", dir, "--device", "cpu", "--vk", vk.toString(), "--force"));
        assertEquals(0, forced.exitCode(), forced.err());
        assertEquals(key, Files.readString(vk));
    }

    @Test
    void openClSetupProvesAndVerifies(@TempDir Path dir) {
        String name = Devices.list().stream().filter(i -> i.kind() == DeviceKind.OPENCL).map(i -> i.name())
                .findFirst().orElse(null);
        Assumptions.assumeTrue(name != null, "SKIPPED: no OpenCL device");
        String old = System.getProperty("jzk.setup.gpuMinPoints");
        System.setProperty("jzk.setup.gpuMinPoints", "1");
        ProverConfig.reload();
        CliRun r;
        try {
            r = CliRun.of(with("setup", dir, "--device", name, "--vk", dir.resolve("vk.json").toString()));
        } finally {
            if (old == null) {
                System.clearProperty("jzk.setup.gpuMinPoints");
            } else {
                System.setProperty("jzk.setup.gpuMinPoints", old);
            }
            ProverConfig.reload();
        }
        assertEquals(0, r.exitCode(), r.err());
        assertTrue(r.out().contains("setup with GPU fixed-base on " + name), r.out());
        assertTrue(r.out().matches("(?s).*fixed-base: [1-9]\\d* points on the device.*"), r.out());
        String proof = dir.resolve("proof.json").toString();
        String pub = dir.resolve("public.json").toString();
        CliRun p = CliRun.of(with("prove", dir, "--device", "cpu", "--proof", proof, "--public", pub));
        assertEquals(0, p.exitCode(), p.out() + p.err());
        CliRun v = CliRun.of("verify", "--vk", dir.resolve("vk.json").toString(), "--proof", proof, "--public", pub);
        assertEquals(0, v.exitCode(), v.err());
        assertEquals("OK", v.out().strip());
    }
}
