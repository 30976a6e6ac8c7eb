package jzk.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The launcher's shell pieces: the first build's progress ({@code scripts/build-progress.sh}) in both modes, on
 * canned Maven output, and the AppCDS wrapper ({@code scripts/cds-exec.sh}): an archive recorded by a successful
 * first run and only then, the command's exit status passed through, and an unwritable archive directory costing
 * nothing but the archive. (CDS takes only jars on the class path, as both launchers have: the test's main is
 * put in one.)
 */
class LauncherScriptsTest {
    private static final Path ROOT = Path.of("..").toAbsolutePath().normalize();
    private static final String MAVEN = String.join("\n",
            "[INFO] Scanning for projects...",
            "[INFO] Building jzk 0.1.0-SNAPSHOT                                        [1/3]",
            "[INFO] --------------------------------[ pom ]---------------------------------",
            "[INFO] Building jzk field-arith 0.1.0-SNAPSHOT                            [2/3]",
            "[INFO] --- maven-compiler-plugin:3.14.0:compile (default-compile) @ field-arith ---",
            "[WARNING] something noisy",
            "[INFO] Building jzk cli 0.1.0-SNAPSHOT                                    [3/3]",
            "[INFO] --- maven-dependency-plugin:3.8.1:copy-dependencies (copy) @ cli ---",
            "[ERROR] cli/src/main/java/X.java:[1,1] cannot find symbol",
            "") + "\n";

    @TempDir
    Path tmp;

    private static String run(String stdin, String... command) throws Exception {
        ProcessBuilder pb = new ProcessBuilder(command).directory(ROOT.toFile()).redirectErrorStream(true);
        Process p = pb.start();
        p.getOutputStream().write(stdin.getBytes(StandardCharsets.UTF_8));
        p.getOutputStream().close();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(60, TimeUnit.SECONDS));
        return "rc=" + p.exitValue() + "\n" + out;
    }

    @Test
    void buildProgressAsLines() throws Exception {
        String out = run(MAVEN, "bash", "scripts/build-progress.sh", "lines");
        List<String> lines = out.lines().toList();
        assertEquals("rc=0", lines.get(0));
        assertTrue(lines.get(1).matches("jzk: building 1/3 parent pom \\(after \\d+ s\\)"), out);
        assertTrue(lines.get(2).matches("jzk: building 2/3 field-arith \\(after \\d+ s\\)"), out);
        assertTrue(lines.get(3).matches("jzk: building 3/3 cli \\(after \\d+ s\\)"), out);
        assertEquals("[ERROR] cli/src/main/java/X.java:[1,1] cannot find symbol", lines.get(4));
        assertTrue(lines.get(5).matches("jzk: build ended after \\d+ s"), out);
        assertEquals(6, lines.size(), "steps, warnings and INFO noise are not printed: " + out);
    }

    @Test
    void buildProgressOnATerminalRedrawsOneLineAndClearsItBeforeAnError() throws Exception {
        String out = run(MAVEN, "bash", "scripts/build-progress.sh", "terminal");
        assertFalse(out.contains("\njzk: building"), "no plain lines: " + out);
        assertTrue(out.contains("\rjzk: building [2/3] field-arith: compile, "), out);
        assertTrue(out.contains("\rjzk: building [3/3] cli: copy-dependencies, "), out);
        assertTrue(out.contains("\033[K\r\033[K[ERROR] cli/src/main/java/X.java"), "cleared before the error: " + out);
        assertTrue(out.matches("(?s).*\njzk: build ended after \\d+ s\n"), out);
        assertEquals("rc=0\n", run(MAVEN.replaceAll("(?m)^\\[ERROR\\].*\n", ""), "bash",
                "scripts/build-progress.sh", "off"), "off: nothing but errors");
    }

    /** A jar holding {@link Exit}. */
    private Path exitJar() throws Exception {
        Path jar = tmp.resolve("exit.jar");
        if (!Files.exists(jar)) {
            int rc = java.util.spi.ToolProvider.findFirst("jar").orElseThrow().run(System.out, System.err, "--create",
                    "--file", jar.toString(), "-C", ROOT.resolve("cli/target/test-classes").toString(),
                    "jzk/cli/LauncherScriptsTest$Exit.class");
            assertEquals(0, rc);
        }
        return jar;
    }

    private String cds(Path archive, String... javaArgs) throws Exception {
        List<String> cmd = new ArrayList<>(List.of("bash", "-c",
                ". scripts/cds-exec.sh; a=$1; s=$2; shift 2; cds_exec \"$a\" \"$s\" \"$@\"", "cds", archive.toString(),
                ROOT.resolve("pom.xml").toString(), Path.of(System.getProperty("java.home"), "bin", "java").toString()));
        cmd.addAll(List.of(javaArgs));
        return run("", cmd.toArray(String[]::new));
    }

    private List<Path> files(Path dir) throws IOException {
        try (Stream<Path> s = Files.list(dir)) {
            return s.toList();
        }
    }

    @Test
    void cdsArchiveIsRecordedByASuccessfulRunThenUsed() throws Exception {
        Path archive = tmp.resolve("cds/jzk-version.jsa");
        assertTrue(cds(archive, "-cp", exitJar().toString(),
                "jzk.cli.LauncherScriptsTest$Exit", "0").startsWith("rc=0\n"));
        assertTrue(Files.size(archive) > 0, "archive recorded");
        assertEquals(List.of(archive), files(archive.getParent()), "no temporary file left");
        // the archive is used now: the same run, same status; an unusable archive would be ignored (-Xshare:auto)
        assertTrue(cds(archive, "-cp", exitJar().toString(),
                "jzk.cli.LauncherScriptsTest$Exit", "0").startsWith("rc=0\n"));
    }

    @Test
    void aFailedRunKeepsNoArchiveAndItsStatusPassesThrough() throws Exception {
        Path archive = tmp.resolve("cds/jzk-prove.jsa");
        assertTrue(cds(archive, "-cp", exitJar().toString(),
                "jzk.cli.LauncherScriptsTest$Exit", "3").startsWith("rc=3\n"));
        assertEquals(List.of(), files(archive.getParent()));
    }

    @Test
    void anUnwritableArchiveDirectoryOnlyCostsTheArchive() throws Exception {
        Path notADir = Files.writeString(tmp.resolve("file"), "x");
        assertTrue(cds(notADir.resolve("cds/jzk-version.jsa"), "-cp",
                exitJar().toString(), "jzk.cli.LauncherScriptsTest$Exit", "0")
                .startsWith("rc=0\n"));
    }

    /** A main that exits with its argument. */
    public static final class Exit {
        public static void main(String[] args) {
            System.exit(Integer.parseInt(args[0]));
        }
    }
}
