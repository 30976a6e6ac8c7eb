package jzk.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import jzk.tornado.runtime.Devices;
import jzk.tornado.runtime.jvm.JvmDevice;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every command closes its {@link jzk.prover.batch.ProverSession}, however it ends. Observed on the jvm device (the
 * Java kernel executor, whose buffers are counted): it holds exactly the buffers it held before — no resident
 * bases, staging or setup tables left behind — after a batch that stops on an exception once its proof is done,
 * and after {@code jzk prove} of snarkjs files. The clean library path is in ProverSessionTest.
 */
@Timeout(120)
class DeviceSessionTest {
    @TempDir
    static Path cache;

    private static String[] batch(String... more) {
        String[] head = {"batch", "--challenges", "1", "--depth", "1", "--partitions", "1", "--cache",
            cache.toString(), "--device", "jvm", "--no-verify"};
        String[] all = new String[head.length + more.length];
        System.arraycopy(head, 0, all, 0, head.length);
        System.arraycopy(more, 0, all, head.length, more.length);
        return all;
    }

    private static JvmDevice jvm() {
        return (JvmDevice) Devices.jvm();
    }

    @Test
    void aBatchStoppedByAnExceptionLeavesNoBuffer(@TempDir Path dir) throws Exception {
        Path out = Files.createDirectories(dir.resolve("out"));
        // proof 1's file cannot be written (a non-empty directory has its name): the batch stops with an error
        Files.writeString(Files.createDirectories(out.resolve("proof-1.json")).resolve("x"), "x");
        int before = jvm().liveBuffers();
        CliRun r = CliRun.of(batch("--count", "1", "--out", out.toString()));
        assertEquals(1, r.exitCode(), r.out() + r.err());
        assertTrue(r.err().contains("cannot write " + out.resolve("proof-1.json")), r.err());
        assertEquals(before, jvm().liveBuffers());
    }

    @Test
    void proveOnTheJvmDeviceLeavesNoBuffer(@TempDir Path dir) {
        Path fixture = Path.of("../prover/src/test/resources/snarkjs/mul");
        int before = jvm().liveBuffers();
        CliRun r = CliRun.of("prove", "--zkey", fixture.resolve("k.zkey").toString(), "--wtns",
                fixture.resolve("w.wtns").toString(), "--device", "jvm", "--proof", dir.resolve("p.json").toString(),
                "--public", dir.resolve("q.json").toString());
        assertEquals(0, r.exitCode(), r.out() + r.err());
        assertTrue(r.out().contains(" on jvm in "), r.out());
        assertEquals(before, jvm().liveBuffers());
    }
}
