package jzk.prover.snarkjs;

import org.junit.jupiter.api.Assumptions;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/** Runs the real {@code snarkjs} / {@code circom2} CLIs for interop tests; skips (visibly) when absent. */
final class SnarkjsCli {
    private SnarkjsCli() {
    }

    static boolean onPath(String exe) {
        String path = System.getenv("PATH");
        if (path == null) {
            return false;
        }
        for (String dir : path.split(File.pathSeparator)) {
            if (Files.isExecutable(Path.of(dir, exe))) {
                return true;
            }
        }
        return false;
    }

    static void assumeTools(String... exes) {
        for (String e : exes) {
            Assumptions.assumeTrue(onPath(e), "SKIPPED: '" + e + "' is not on PATH (CI installs it with "
                    + "npm install -g snarkjs@0.7.6 circom2@0.2.23)");
        }
    }

    /** Runs a command in {@code dir}; returns its combined output; throws on a non-zero exit. */
    static String run(Path dir, String... cmd) throws IOException, InterruptedException {
        ProcessBuilder pb = new ProcessBuilder(List.of(cmd)).directory(dir.toFile()).redirectErrorStream(true);
        Process p = pb.start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        if (!p.waitFor(120, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            throw new IOException("timed out: " + String.join(" ", cmd));
        }
        if (p.exitValue() != 0) {
            throw new IOException("exit " + p.exitValue() + ": " + String.join(" ", cmd) + "\n" + out);
        }
        return out;
    }

    /** {@code snarkjs groth16 verify}: true iff it prints OK (it exits non-zero when invalid). */
    static boolean verify(Path dir, Path vk, Path pub, Path proof) throws IOException, InterruptedException {
        ProcessBuilder pb = new ProcessBuilder(new ArrayList<>(List.of("snarkjs", "groth16", "verify",
                vk.toString(), pub.toString(), proof.toString()))).directory(dir.toFile()).redirectErrorStream(true);
        Process p = pb.start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        p.waitFor(120, TimeUnit.SECONDS);
        return out.contains("OK!") && !out.contains("Invalid");
    }
}
