package jzk.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every {@code ./jzk …} line of the README's fenced bash blocks, run exactly as written (same arguments, in
 * README order, each in a fresh JVM on the test class path) in a scratch directory that mirrors the checkout
 * (symbolic links to its top-level entries, so README paths like {@code prover/src/test/resources/…} resolve)
 * with its own {@code JZK_CACHE}; each must exit 0. A line that cannot run as written (placeholders such as
 * {@code [shape options]} or {@code a|b}) fails: fix the README.
 *
 * <p>Lines that set up or prove the default circuit ({@code ./jzk setup}: ~11 s, {@code ./jzk batch}: ~31 s
 * on the 2-core CI box) would double this module's test time; they run with {@code -Djzk.test.readme=all}
 * and are otherwise skipped with that reason.
 */
class ReadmeCommandsTest {

    private static final Path ROOT = Path.of("..").toAbsolutePath().normalize();
    private static final boolean ALL = "all".equals(System.getProperty("jzk.test.readme"));

    /**
     * The {@code ./jzk} lines of README.md's ```bash blocks, comments removed, with the block's plain
     * assignments {@code NAME=value} expanded where {@code $NAME} appears, as bash would.
     */
    static List<String> readmeLines(Path readme) throws IOException {
        List<String> lines = new ArrayList<>();
        java.util.Map<String, String> vars = new java.util.HashMap<>();
        boolean inBash = false;
        for (String l : Files.readAllLines(readme)) {
            if (l.startsWith("```")) {
                inBash = !inBash && l.strip().equals("```bash");
                continue;
            }
            String cmd = l.replaceAll("\\s+#.*$", "").strip();
            if (!inBash) {
                continue;
            }
            if (cmd.matches("[A-Za-z_][A-Za-z0-9_]*=\\S+")) {
                vars.put(cmd.substring(0, cmd.indexOf('=')), cmd.substring(cmd.indexOf('=') + 1));
            } else if (cmd.startsWith("./jzk")) {
                for (var v : vars.entrySet()) {
                    cmd = cmd.replace("${" + v.getKey() + "}", v.getValue()).replace("$" + v.getKey(), v.getValue());
                }
                lines.add(cmd);
            }
        }
        return lines;
    }

    /** Full-size work: the default batch, or setup without a shape option. */
    static boolean heavy(List<String> args) {
        String sub = args.size() > 1 ? args.get(1) : "";
        boolean shaped = args.stream().anyMatch(a -> a.startsWith("--challenges") || a.startsWith("--depth")
                || a.startsWith("--input") || a.equals("--synthetic"));
        return (sub.equals("batch") || sub.equals("setup")) && !shaped;
    }

    @TestFactory
    Stream<DynamicTest> everyReadmeCommandRunsAsWritten(@TempDir Path dir) throws IOException {
        List<String> lines = readmeLines(ROOT.resolve("README.md"));
        assertTrue(lines.size() >= 5, "README has too few ./jzk lines: " + lines);
        try (Stream<Path> top = Files.list(ROOT)) {
            for (Path p : top.toList()) {
                Files.createSymbolicLink(dir.resolve(p.getFileName()), p);
            }
        }
        Path cache = dir.resolve("jzk-cache");
        return lines.stream().map(line -> DynamicTest.dynamicTest(line, () -> {
            List<String> args = Arrays.asList(line.split("\\s+"));
            for (String a : args) {
                assertFalse(a.matches(".*[\\[\\]|<>'\"*$].*") || a.equals("..."),
                        "README line cannot run as written ('" + a + "'): " + line);
            }
            Assumptions.assumeTrue(ALL || !heavy(args),
                    "default-size README command (10-30 s on 2 cores); -Djzk.test.readme=all runs it: " + line);
            List<String> cmd = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java")
                    .toString(), "--enable-native-access=ALL-UNNAMED", "-cp", System.getProperty("java.class.path"),
                    Main.class.getName()));
            cmd.addAll(args.subList(1, args.size()));
            ProcessBuilder pb = new ProcessBuilder(cmd).directory(dir.toFile()).redirectErrorStream(true)
                    .redirectOutput(dir.resolve("last-output.txt").toFile());
            pb.environment().put("JZK_CACHE", cache.toString());
            Process p = pb.start();
            boolean ended = p.waitFor(ALL ? 1800 : 180, TimeUnit.SECONDS);
            if (!ended) {
                p.destroyForcibly();
            }
            String output = Files.readString(dir.resolve("last-output.txt"));
            assertTrue(ended, "timed out: " + line + "\n" + output);
            assertEquals(0, p.exitValue(), line + "\n" + output);
        }));
    }
}
