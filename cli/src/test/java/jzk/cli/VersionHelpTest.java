package jzk.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** {@code jzk --version}, {@code jzk version} and {@code jzk help}. */
class VersionHelpTest {

    @Test
    void versionNamesCommitJdkAndBackends() throws Exception {
        CliRun r = CliRun.of("--version");
        assertEquals(0, r.exitCode(), r.err());
        List<String> lines = r.out().lines().toList();
        // the commit, checked against git itself in the checkout these tests run from
        Process p = new ProcessBuilder("git", "rev-parse", "--short=10", "HEAD").start();
        String head = new String(p.getInputStream().readAllBytes()).strip();
        assertTrue(p.waitFor(10, TimeUnit.SECONDS));
        assertTrue(lines.getFirst().startsWith("jzk " + VersionProvider.VERSION + " (commit "
                + (p.exitValue() == 0 ? head : "unknown")), r.out());
        assertTrue(lines.get(1).startsWith("JDK " + Runtime.version().feature()), r.out());
        assertTrue(lines.stream().anyMatch(l -> l.matches("backend \\S+.*: \\d+ device\\(s\\).*")), r.out());
        CliRun sub = CliRun.of("version");
        assertEquals(0, sub.exitCode(), sub.err());
        assertEquals(r.out(), sub.out());
    }

    @Test
    void versionMatchesThePom() throws Exception {
        String pom = Files.readString(Path.of("pom.xml"));
        assertTrue(pom.contains("<version>" + VersionProvider.VERSION + "-SNAPSHOT</version>"),
                "VersionProvider.VERSION differs from cli/pom.xml");
    }

    @Test
    void helpSubcommandPrintsUsage() {
        CliRun r = CliRun.of("help");
        assertEquals(0, r.exitCode(), r.err());
        assertTrue(r.out().contains("Usage: jzk") && r.out().contains("batch") && r.out().contains("version"), r.out());
        CliRun b = CliRun.of("help", "batch");
        assertEquals(0, b.exitCode(), b.err());
        assertTrue(b.out().contains("Usage: jzk batch") && b.out().contains("--timeline"), b.out());
    }
}
