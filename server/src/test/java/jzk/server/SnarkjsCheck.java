package jzk.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;

/** Runs {@code snarkjs groth16 verify} when a snarkjs binary is on the PATH (skipped silently otherwise). */
final class SnarkjsCheck {
    private SnarkjsCheck() {
    }

    static void verifyIfInstalled(Path vk, Path proof, Path pub) throws Exception {
        Path bin = null;
        for (String d : System.getenv().getOrDefault("PATH", "").split(":")) {
            Path c = Path.of(d, "snarkjs");
            if (!d.isEmpty() && Files.isExecutable(c)) {
                bin = c;
                break;
            }
        }
        if (bin == null) {
            return;
        }
        Process p = new ProcessBuilder(bin.toString(), "groth16", "verify", vk.toString(), pub.toString(),
                proof.toString()).redirectErrorStream(true).start();
        assertTrue(p.waitFor(60, TimeUnit.SECONDS), "snarkjs verify hung");
        String out = new String(p.getInputStream().readAllBytes());
        assertEquals(0, p.exitValue(), out);
        assertTrue(out.contains("OK"), out);
    }
}
