package jzk.prover.r1cs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Guards the B-row bug's root cause from coming back: JDK's ranged {@code Arrays.equals/mismatch/compare} on
 * {@code long[]}/{@code int[]} compute the start's byte offset in int and are wrong past index 2^28 / 2^29
 * ({@link jzk.arith.ArrayRanges}); no main source of the project may call them (six-argument form).
 */
class NoRangedArraysEqualsTest {
    /** {@code Arrays.equals(a, af, at, b, bf, bt)}: five commas before the closing parenthesis of one call. */
    private static final Pattern RANGED = Pattern.compile(
            "Arrays\\.(equals|mismatch|compare)\\(([^(),;]|\\([^()]*\\))*(,([^(),;]|\\([^()]*\\))*){5}\\)");

    @Test
    void patternRecognisesTheRangedForm() {
        assertTrue(RANGED.matcher("java.util.Arrays.equals(a, ao, ao + f(2), b, bo, bo + 4)").find());
        assertTrue(!RANGED.matcher("Arrays.equals(a, b)").find());
    }

    @Test
    void noMainSourceUsesRangedArraysComparisons() throws IOException {
        Path root = Path.of("").toAbsolutePath().getParent();
        List<String> hits = new ArrayList<>();
        for (String module : new String[] {"field-arith", "tornado-kernels", "prover", "cli"}) {
            Path src = root.resolve(module).resolve("src/main/java");
            if (!Files.isDirectory(src)) {
                continue;
            }
            try (Stream<Path> files = Files.walk(src)) {
                for (Path f : files.filter(p -> p.toString().endsWith(".java")).toList()) {
                    String text = Files.readString(f);
                    if (RANGED.matcher(text).find()) {
                        hits.add(root.relativize(f).toString());
                    }
                }
            }
        }
        assertTrue(Files.isDirectory(root.resolve("prover/src/main/java")), "run from the prover module: " + root);
        assertEquals(List.of(), hits, "use jzk.arith.ArrayRanges.equal instead");
    }
}
