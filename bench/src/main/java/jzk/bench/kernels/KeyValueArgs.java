package jzk.bench.kernels;

import java.util.LinkedHashMap;
import java.util.Map;

/** The {@code key=value} command-line arguments of the kernel benchmarks ({@code BlsBench}, {@code CopyBench}, {@code MulProbe}). */
final class KeyValueArgs {
    private KeyValueArgs() {
    }

    /**
     * Each argument split at its first {@code '='}, in the order given (a later key replaces an earlier one);
     * an argument without {@code '='} is an {@link IllegalArgumentException} naming it.
     */
    static Map<String, String> parse(String[] args) {
        Map<String, String> opt = new LinkedHashMap<>();
        for (String a : args) {
            int eq = a.indexOf('=');
            if (eq < 0) {
                throw new IllegalArgumentException("argument '" + a + "' is not key=value");
            }
            opt.put(a.substring(0, eq), a.substring(eq + 1));
        }
        return opt;
    }
}
