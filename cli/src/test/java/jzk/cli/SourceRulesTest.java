package jzk.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Rules of the source tree that the compiler does not enforce, checked on the main sources of every module (this
 * module's tests see the whole repository at {@code ..}). Plain JUnit over the sources rather than ArchUnit: a
 * few rules, a few hundred files, well under a second, no new dependency.
 *
 * <ul>
 *   <li>Kernels are named by method reference ({@code jzk.tornado.api.Kernels.of(FieldKernels::frMulSub)}), never
 *       by string: no reflective method lookup ({@code getMethod}, {@code getDeclaredMethod(s)}, {@code getMethods})
 *       outside {@code Kernels} itself, which resolves the references.</li>
 *   <li>No package cycle, sub-packages counted on their own ({@code jzk.tornado.runtime} →
 *       {@code jzk.tornado.runtime.cuda} → {@code jzk.tornado.runtime.backend}, never back up); an edge is an
 *       import or a qualified name in code (comments and string literals removed).</li>
 *   <li>Settings are read by name ({@code System.getProperty("jzk.…")}, {@code Integer.getInteger},
 *       {@code Long.getLong}, {@code Boolean.getBoolean}, {@code System.getenv("JZK_…")}) only in each module's one
 *       configuration record ({@link #SETTINGS_READERS}).</li>
 *   <li>Device code ({@code jzk.tornado.bls.kernels}) uses only itself and the kernel API, never the host code
 *       ({@code jzk.tornado.bls}) that drives it.</li>
 *   <li>{@code main} methods only in {@code cli} and {@code bench}: benchmarks, probes and self-tests are not
 *       product code.</li>
 * </ul>
 */
class SourceRulesTest {
    private static final Path ROOT = Path.of("..");
    private static final Pattern PACKAGE = Pattern.compile("^package\\s+([\\w.]+);", Pattern.MULTILINE);
    private static final Pattern QUALIFIED = Pattern.compile("\\b(jzk(?:\\.[a-z]\\w*)+)\\.[A-Z]");
    private static final Pattern METHOD_LOOKUP = Pattern.compile(
            "\\.(getMethod|getDeclaredMethod|getDeclaredMethods|getMethods)\\s*\\(");
    /** Files allowed to look methods up reflectively, with the reason. */
    private static final Map<String, String> LOOKUP_ALLOWED = Map.of(
            "tornado-kernels/src/main/java/jzk/tornado/api/Kernels.java",
            "resolves method references (writeReplace, the referenced method by descriptor)");

    /**
     * A {@code jzk.*} system property or {@code JZK_*} environment variable read by name: in main code only the
     * configuration records may (comments removed, string literals kept: the name is the literal).
     */
    private static final Pattern SETTING_READ = Pattern.compile(
            "(System\\s*\\.\\s*getProperty|Integer\\s*\\.\\s*getInteger|Long\\s*\\.\\s*getLong"
                    + "|Boolean\\s*\\.\\s*getBoolean)\\s*\\(\\s*\"jzk\\.|System\\s*\\.\\s*getenv\\s*\\(\\s*\"JZK_");
    /** The one configuration record of each module, the only main files that read settings by name. */
    private static final Map<String, String> SETTINGS_READERS = Map.of(
            "field-arith/src/main/java/jzk/arith/ArithConfig.java", "field-arith",
            "tornado-kernels/src/main/java/jzk/tornado/config/RuntimeConfig.java", "tornado-kernels",
            "prover/src/main/java/jzk/prover/config/ProverConfig.java", "prover",
            "cli/src/main/java/jzk/cli/CliConfig.java", "cli",
            "bench/src/main/java/jzk/bench/BenchConfig.java", "bench");
    /** Modules whose main code may hold {@code main} methods: the command line and the benchmarks. */
    private static final Set<String> MAIN_MODULES = Set.of("cli", "bench");
    private static final Pattern MAIN_METHOD = Pattern.compile(
            "\\bstatic\\s+void\\s+main\\s*\\(|\\bvoid\\s+main\\s*\\(\\s*\\)");

    record Source(String path, String pkg, String code, String codeWithStrings) {
    }

    /** Every main source of every module, comments and string literals blanked (line structure kept). */
    static List<Source> mainSources() {
        List<Source> out = new ArrayList<>();
        try (Stream<Path> modules = Files.list(ROOT)) {
            for (Path m : modules.filter(m -> Files.isDirectory(m.resolve("src/main/java"))).sorted().toList()) {
                try (Stream<Path> files = Files.walk(m.resolve("src/main/java"))) {
                    for (Path f : files.filter(f -> f.toString().endsWith(".java")).sorted().toList()) {
                        String text = Files.readString(f);
                        Matcher p = PACKAGE.matcher(text);
                        assertTrue(p.find(), f + ": no package declaration");
                        out.add(new Source(ROOT.relativize(f).toString().replace('\\', '/'), p.group(1),
                                stripCommentsAndStrings(text), stripComments(text)));
                    }
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return out;
    }

    /** Comments and the contents of string, text-block and char literals replaced by spaces. */
    static String stripCommentsAndStrings(String s) {
        StringBuilder b = new StringBuilder(s.length());
        int i = 0;
        int n = s.length();
        while (i < n) {
            char c = s.charAt(i);
            if (c == '/' && i + 1 < n && s.charAt(i + 1) == '/') {
                while (i < n && s.charAt(i) != '\n') {
                    b.append(' ');
                    i++;
                }
            } else if (c == '/' && i + 1 < n && s.charAt(i + 1) == '*') {
                int end = s.indexOf("*/", i + 2);
                end = end < 0 ? n : end + 2;
                blank(s, i, end, b);
                i = end;
            } else if (s.startsWith("\"\"\"", i)) {
                int end = s.indexOf("\"\"\"", i + 3);
                end = end < 0 ? n : end + 3;
                blank(s, i, end, b);
                i = end;
            } else if (c == '"' || c == '\'') {
                int j = i + 1;
                while (j < n && s.charAt(j) != c && s.charAt(j) != '\n') {
                    j += s.charAt(j) == '\\' ? 2 : 1;
                }
                int end = Math.min(n, j + 1);
                b.append(c);
                blank(s, i + 1, end - 1, b);
                b.append(c);
                i = end;
            } else {
                b.append(c);
                i++;
            }
        }
        return b.toString();
    }

    /** Comments replaced by spaces, string literals kept (line structure kept). */
    static String stripComments(String s) {
        String code = stripCommentsAndStrings(s);
        StringBuilder b = new StringBuilder(s.length());
        boolean inString = false;
        for (int k = 0; k < s.length(); k++) {
            char c = code.charAt(k);
            if (c == '"' || c == '\'') {
                inString = !inString;
                b.append(c);
            } else {
                b.append(inString ? s.charAt(k) : c);
            }
        }
        return b.toString();
    }

    private static void blank(String s, int from, int to, StringBuilder b) {
        for (int k = from; k < to; k++) {
            b.append(s.charAt(k) == '\n' ? '\n' : ' ');
        }
    }

    @Test
    void theStripperKeepsCodeAndDropsCommentsAndStrings() {
        String s = stripCommentsAndStrings("a(\"jzk.x.Y // no\") /* jzk.y.Z */ b('\"') // c.getMethod(\nd\"\"\"\nq\"\"\"e");
        assertEquals("a(\"" + " ".repeat(13) + "\") " + " ".repeat(13) + " b(' ') " + " ".repeat(15) + "\nd"
                + " ".repeat(3) + "\n" + " ".repeat(4) + "e", s);
    }

    @Test
    void kernelsAreNamedByMethodReferenceNotByString() {
        List<String> found = new ArrayList<>();
        for (Source s : mainSources()) {
            if (LOOKUP_ALLOWED.containsKey(s.path())) {
                continue;
            }
            Matcher m = METHOD_LOOKUP.matcher(s.code());
            while (m.find()) {
                int line = (int) s.code().substring(0, m.start()).chars().filter(ch -> ch == '\n').count() + 1;
                found.add(s.path() + ":" + line + ": " + m.group(1) + "(…): name kernels by method reference, "
                        + "jzk.tornado.api.Kernels.of(Owner::kernel)");
            }
            if (s.code().contains("Kernels.find(")) {
                found.add(s.path() + ": Kernels.find(…, \"name\"): use jzk.tornado.api.Kernels.of(Owner::kernel)");
            }
        }
        assertTrue(found.isEmpty(), String.join("\n", found));
    }

    @Test
    void settingsAreReadOnlyInTheConfigurationRecords() {
        List<String> found = new ArrayList<>();
        Set<String> readers = new TreeSet<>();
        for (Source s : mainSources()) {
            Matcher m = SETTING_READ.matcher(s.codeWithStrings());
            while (m.find()) {
                if (SETTINGS_READERS.containsKey(s.path())) {
                    readers.add(s.path());
                    continue;
                }
                int line = (int) s.code().substring(0, m.start()).chars().filter(ch -> ch == '\n').count() + 1;
                found.add(s.path() + ":" + line + ": " + m.group() + "…): read it in the module's configuration "
                        + "record " + SETTINGS_READERS.keySet());
            }
        }
        assertTrue(found.isEmpty(), String.join("\n", found));
        assertTrue(readers.contains("prover/src/main/java/jzk/prover/config/ProverConfig.java"),
                "the scan sees the reads it should: " + readers);
    }

    @Test
    void theSettingScanSeesEveryForm() {
        for (String read : List.of("System.getProperty(\"jzk.a\")", "Integer.getInteger( \"jzk.b\", 3)",
                "Boolean.getBoolean(\"jzk.c\")", "Long.getLong(\"jzk.d\", 1)", "System.getenv(\"JZK_E\")")) {
            assertTrue(SETTING_READ.matcher(stripComments("x = " + read + ";")).find(), read);
        }
        for (String other : List.of("// System.getProperty(\"jzk.a\")", "System.getProperty(\"java.home\")",
                "System.getenv(\"POCL_SIGFPE_HANDLER\")", "/* Boolean.getBoolean(\"jzk.c\") */")) {
            assertTrue(!SETTING_READ.matcher(stripComments("x = " + other + ";\n")).find(), other);
        }
    }

    @Test
    void mainMethodsOnlyInCliAndBench() {
        List<String> found = new ArrayList<>();
        int seen = 0;
        for (Source s : mainSources()) {
            Matcher m = MAIN_METHOD.matcher(s.code());
            while (m.find()) {
                seen++;
                if (!MAIN_MODULES.contains(s.path().substring(0, s.path().indexOf('/')))) {
                    found.add(s.path() + ": a main method outside " + MAIN_MODULES + " (benchmarks, probes and "
                            + "self-tests go to the bench module, commands to cli)");
                }
            }
        }
        assertTrue(seen >= 2, "the scan sees the main methods it should (cli's Main, the benchmarks'): " + seen);
        assertTrue(found.isEmpty(), String.join("\n", found));
    }

    /**
     * Device code ({@code jzk.tornado.bls.kernels}, what the JIT compiles) names nothing of jzk but its own package
     * and the kernel built-ins of {@code jzk.tornado.api}: no host driver, runtime, configuration or field-arith.
     */
    @Test
    void deviceCodeUsesOnlyItselfAndTheKernelApi() {
        Set<String> allowed = Set.of("jzk.tornado.bls.kernels", "jzk.tornado.api");
        List<String> found = new ArrayList<>();
        int files = 0;
        for (Source s : mainSources()) {
            if (!s.pkg().equals("jzk.tornado.bls.kernels")) {
                continue;
            }
            files++;
            Matcher m = QUALIFIED.matcher(s.code());
            while (m.find()) {
                if (!allowed.contains(m.group(1))) {
                    found.add(s.path() + ": " + m.group(1) + " (device code may use only " + allowed + ")");
                }
            }
        }
        assertTrue(files >= 10, "the scan sees the device code: " + files + " files");
        assertTrue(found.isEmpty(), String.join("\n", found));
    }

    @Test
    void noPackageCycles() {
        List<Source> sources = mainSources();
        Set<String> packages = new TreeSet<>();
        sources.forEach(s -> packages.add(s.pkg()));
        Map<String, Map<String, Set<String>>> edges = new TreeMap<>(); // from → to → files
        for (Source s : sources) {
            Matcher m = QUALIFIED.matcher(s.code());
            while (m.find()) {
                String to = m.group(1);
                if (packages.contains(to) && !to.equals(s.pkg())) {
                    edges.computeIfAbsent(s.pkg(), k -> new TreeMap<>())
                            .computeIfAbsent(to, k -> new TreeSet<>()).add(s.path());
                }
            }
        }
        assertTrue(edges.getOrDefault("jzk.tornado.bls", Map.of()).containsKey("jzk.tornado.api")
                        && edges.getOrDefault("jzk.tornado.runtime", Map.of()).containsKey("jzk.tornado.runtime.cuda"),
                "the scan sees the edges it should: " + edges.keySet());
        List<String> cycle = findCycle(edges);
        StringBuilder why = new StringBuilder();
        for (int i = 0; i + 1 < cycle.size(); i++) {
            Set<String> files = edges.get(cycle.get(i)).get(cycle.get(i + 1));
            why.append(cycle.get(i)).append(" -> ").append(cycle.get(i + 1)).append(" in ")
                    .append(files.stream().limit(3).toList()).append(files.size() > 3 ? " and " + (files.size() - 3)
                            + " more" : "").append('\n');
        }
        assertTrue(cycle.isEmpty(), "package cycle " + cycle + ":\n" + why);
    }

    @Test
    void aCycleIsFound() {
        Map<String, Map<String, Set<String>>> e = new TreeMap<>();
        e.put("a", Map.of("b", Set.of("A.java")));
        e.put("b", Map.of("c", Set.of("B.java")));
        e.put("c", Map.of("a", Set.of("C.java")));
        assertEquals(List.of("a", "b", "c", "a"), findCycle(e));
        e.put("c", Map.of());
        assertEquals(List.of(), findCycle(e));
    }

    /** One cycle as a closed path (first = last), or empty: depth-first search with an on-stack set. */
    static List<String> findCycle(Map<String, Map<String, Set<String>>> edges) {
        Set<String> done = new TreeSet<>();
        for (String start : edges.keySet()) {
            List<String> path = new ArrayList<>();
            List<String> c = dfs(start, edges, path, done);
            if (!c.isEmpty()) {
                return c;
            }
        }
        return List.of();
    }

    private static List<String> dfs(String v, Map<String, Map<String, Set<String>>> edges, List<String> path,
                                    Set<String> done) {
        if (path.contains(v)) {
            List<String> c = new ArrayList<>(path.subList(path.indexOf(v), path.size()));
            c.add(v);
            return c;
        }
        if (done.contains(v)) {
            return List.of();
        }
        path.add(v);
        for (String w : edges.getOrDefault(v, Map.of()).keySet()) {
            List<String> c = dfs(w, edges, path, done);
            if (!c.isEmpty()) {
                return c;
            }
        }
        path.remove(path.size() - 1);
        done.add(v);
        return List.of();
    }
}
